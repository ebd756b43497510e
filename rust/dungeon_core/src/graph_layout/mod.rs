//! Level graphs laid out from room templates: the designer draws which
//! rooms connect ([`LevelGraph`]), the generator places a template for
//! every room so that exactly that graph is realised (graph-based layouts
//! after Ma et al. 2014, "Game Level Layout from Design Specification", and
//! Nepožitek's Edgar).
//!
//! A graph is checked before anything is placed: its structure
//! ([`LevelGraph::validate`]: sizes, self-loops, repeats, reachability) and
//! its planarity (rooms drawn as rectangles realise only planar graphs; the
//! first connection that breaks planarity is named).

mod graph;
mod planar;

pub use graph::{EdgeMode, GraphEdge, GraphRoom, LevelGraph, MAX_GRAPH_ROOMS};

impl LevelGraph {
    /// Refuses a graph no layout can realise because it is not planar
    /// (call after [`LevelGraph::validate`]): more than `3n − 6`
    /// connections, or else the first connection, in input order, that
    /// makes the graph non-planar together with the ones before it.
    /// Corridors do not help: a corridor piece is one more rectangle.
    ///
    /// # Errors
    /// A [`ConfigError`] for `graph` naming that connection and its rooms.
    pub fn check_planar(&self) -> Result<(), crate::error::ConfigError> {
        planar::check_planar(self)
    }
}
