//! Level graphs laid out from room templates: the designer draws which
//! rooms connect ([`LevelGraph`]), the generator places a template
//! ([`crate::template::RoomTemplate`]) for every room so that exactly that
//! graph is realised — every connection a pair of doors that touch, or a
//! corridor piece between the two rooms, no other doors, no two rooms
//! overlapping — and room `i` of the grid is room `i` of the graph. The
//! method follows the graph-based layouts of Ma et al. 2014 ("Game Level
//! Layout from Design Specification") and Nepožitek's Edgar:
//! configuration spaces between template pairs (finite sets of offsets:
//! a fixed door slot gives one point per facing pair, a door line the
//! integer points of a segment, see `space.rs`), an integer energy, chain
//! decomposition with loops first, simulated annealing per chain, and
//! greedy insertion for the tree parts.
//!
//! Corridors (`corridor.rs`): a connection goes through a corridor when its
//! mode is [`EdgeMode::Corridor`], or [`EdgeMode::Default`] with
//! [`GraphConfig::corridors`] on. Such a connection `a – b` becomes a room
//! `c` of its own, connections `a – c` and `c – b`, whose only templates
//! are the corridor pieces: the designer's
//! [`GraphConfig::corridor_templates`] (two doors each, bends and the like)
//! and generated straight pieces, `corridor_min..=corridor_max` cells long
//! for every door width the room templates use, and, for the corridor
//! connections on a loop of three rooms (which straight pieces cannot
//! close), generated bends ([`GraphConfig::corridor_pieces`],
//! [`GraphConfig::bend_pieces`]). Graph rooms never use corridor pieces.
//! The search lays out this subdivided graph; the corridor pieces come
//! after the graph's rooms, in connection order, as placements
//! ([`GraphPlacement::edge`] names the connection) and as room records, so
//! the grid's room graph has `a – c` and `c – b` for a corridor connection
//! and `a – b` for a direct one, and nothing else. Edgar lays out the rooms
//! first and fits corridors after; here a corridor piece is laid out like
//! any room, which costs rooms but needs no second stage.
//!
//! A config is checked before anything is placed ([`GraphConfig::validate`]):
//! the settings; the graph's structure (sizes, self-loops, repeats,
//! reachability), the templates each room may use (its tags), room degrees
//! against door counts, that every direct connection has a door pair that
//! can join and every corridor connection a corridor piece whose doors fit
//! a door of each room, planarity of the designer's graph (rooms drawn as
//! rectangles realise only planar graphs, corridors or not; the first
//! connection that breaks it is named), that each room's connections can
//! sit side by side around some template of it (`seating.rs`), and that
//! every short loop of the subdivided graph can close.
//!
//! Laying out (see `greedy.rs`, `chains.rs`, `closure/`, `anneal.rs`):
//! the loops (the faces of a planar embedding) are laid out chain by
//! chain; a chain that closes a loop against placed rooms is first listed
//! layer by layer over its configuration spaces, which either proves it
//! cannot close against them (the chain before is then re-laid at once)
//! or yields layouts realising every chain connection, searched depth
//! first for one whose rooms do not overlap (else the best of a few
//! samples is annealed until nothing overlaps); a layout that leaves a
//! room too few free doors with space outside for its connections still
//! to make is refused; a chain that does not fit re-lays the ones before
//! it (a bounded depth-first search). Then the
//! rooms hanging off them through bridges, in breadth-first order against
//! their parents, backjumping to the parent when a room finds no spot. An
//! attempt that gets stuck starts over, attempts capped by the Luby
//! sequence, within [`GraphConfig::work_budget`]: its first half as
//! described, its second half, where that found nothing, testing also
//! that the rooms still to hang off a room fit around it all at once
//! (`forest.rs`); running out names the
//! chain or room the best attempt could not place (a corridor piece as the
//! corridor of its connection). A loop of at most 12 rooms, corridor pieces
//! counted, that no choice of templates closes (overlaps aside) is refused
//! by validation, naming its rooms. After a search that found nothing, a
//! proof on the rooms' relative order (`arrange/`,
//! [`GraphConfig::prove_layout`]) may show that no layout exists at all;
//! the error then names the loops' rooms, and later calls with the same
//! configuration on the thread fail at once.

mod anneal;
mod arrange;
mod build;
mod chains;
mod closure;
mod config;
mod corridor;
mod energy;
mod foot;
mod forest;
mod graph;
mod greedy;
mod planar;
mod room_left;
mod seating;
mod space;
mod validate;

pub use arrange::LayoutProof;
pub use build::{GraphJoin, GraphLevel, GraphPlacement};
pub use config::{
    GraphConfig, MAX_CORRIDOR_LENGTH, MAX_WORK_BUDGET, MIN_CORRIDOR_LENGTH, MIN_WORK_BUDGET,
    PRESET_LIST,
};
pub use graph::{EdgeMode, GraphEdge, GraphRoom, LevelGraph, MAX_GRAPH_ROOMS};
pub use greedy::GraphStats;

use crate::error::{ConfigError, GenError};
use crate::generator::GeneratorConfig;
use crate::grid::DungeonGrid;
use crate::level::check_level;
use crate::preset::Preset;
use crate::rng::{DungeonRng, stage};
use crate::watch::Watch;
use std::cell::RefCell;
use std::rc::Rc;
use validate::Checked;

/// The generator name in grids and messages.
pub const NAME: &str = "graph";

impl LevelGraph {
    /// Refuses a graph no layout can realise because it is not planar
    /// (call after [`LevelGraph::validate`]): more than `3n − 6`
    /// connections, or else the first connection, in input order, that
    /// makes the graph non-planar together with the ones before it.
    /// Corridors do not help: a corridor piece is one more rectangle.
    ///
    /// # Errors
    /// A [`ConfigError`] for `graph` naming that connection and its rooms.
    pub fn check_planar(&self) -> Result<(), ConfigError> {
        planar::check_planar(self)
    }
}

crate::generator::entry_points!(GraphConfig);

impl GeneratorConfig for GraphConfig {
    const PRESET_LIST: &'static [Preset<Self>] = &PRESET_LIST;

    fn validate_for(&self, level: i32) -> Result<(), GenError> {
        check_level(level)?;
        Ok(self.validate()?)
    }

    /// Level `level` of run `seed` as a grid (see [`layout`] for the
    /// placements), under `watch`. Checkpoints: after validation (5 %),
    /// every 256 work units while laying out (at the share of rooms placed
    /// in the current attempt; a retry holds the value), and before
    /// painting (95 %).
    ///
    /// # Errors
    /// As [`layout`], and [`GenError::Cancelled`] when `watch` was
    /// cancelled.
    fn build(&self, seed: u64, level: i32, watch: &Watch) -> Result<DungeonGrid, GenError> {
        run(self, seed, level, watch).map(|l| l.grid)
    }
}

/// Lays out level `level` of run `seed`: the grid, the placements, joins
/// and sealed doors. The level only varies the stream.
///
/// # Errors
/// [`GenError::Config`] for a bad setting or a graph that cannot be laid
/// out (naming the rooms or connection at fault; after a failed search, a
/// graph proven to have no layout, "a graph with no layout", naming its
/// loops' rooms); [`GenError::Exhausted`] when the work budget ran out,
/// naming the room the best attempt could not place.
pub fn layout(config: &GraphConfig, seed: u64, level: i32) -> Result<GraphLevel, GenError> {
    layout_watched(config, seed, level, &Watch::new())
}

/// [`layout`] under a [`Watch`].
///
/// # Errors
/// As [`GraphConfig::build`].
pub fn layout_watched(
    config: &GraphConfig,
    seed: u64,
    level: i32,
    watch: &Watch,
) -> Result<GraphLevel, GenError> {
    watch.finish(run(config, seed, level, watch))
}

/// The proof that no layout exists, run once per configuration after a
/// search that found nothing, may spend this many times the work budget:
/// at the default budget at most about 0.15 s on the 2-core machine. (Of
/// 99 failing designer graphs of 10–40 rooms on door lines, 1× proved 4 to
/// have no layout, 2× 10, 4× 12: BENCHMARKS.md.)
const PROOF_SHARE: u64 = 2;

thread_local! {
    /// The last configuration checked on this thread and what the check
    /// found (its configuration spaces filled in as layouts used them). A
    /// game or the editor lays one configuration out again and again, each
    /// time with a new seed or level; the check and the first use of the
    /// configuration spaces were up to three fifths of the time of a
    /// layout of Edgar's example maps (BENCHMARKS.md). What a layout finds
    /// does not depend on it.
    static LAST_CHECKED: RefCell<Option<(GraphConfig, Rc<Checked>)>> =
        const { RefCell::new(None) };
}

#[cfg(test)]
thread_local! {
    /// Checks [`checked`] made on this thread.
    static CHECKS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    /// Proofs that no layout exists [`run`] made on this thread.
    static PROOFS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// `config` checked ([`GraphConfig::check`]), from [`LAST_CHECKED`] when it
/// is the configuration checked last on this thread.
fn checked(config: &GraphConfig) -> Result<Rc<Checked>, ConfigError> {
    LAST_CHECKED.with(|last| {
        if let Some((c, k)) = last.borrow().as_ref()
            && c == config
        {
            return Ok(Rc::clone(k));
        }
        #[cfg(test)]
        CHECKS.with(|n| n.set(n.get() + 1));
        let k = Rc::new(config.check()?);
        *last.borrow_mut() = Some((config.clone(), Rc::clone(&k)));
        Ok(k)
    })
}

fn run(config: &GraphConfig, seed: u64, level: i32, watch: &Watch) -> Result<GraphLevel, GenError> {
    // A run cancelled before it starts records no progress.
    watch.check()?;
    check_level(level)?;
    let checked = checked(config)?;
    let checked = &*checked;
    watch.at(greedy::P_START)?;
    let mut rng = DungeonRng::for_level(seed, level, stage::LAYOUT);
    let (start, _) = build::ends(config);
    let ex = &checked.ex;
    if let Some(LayoutProof::NoLayout(rooms)) = checked.proof.get() {
        return Err(no_layout(config, rooms).into());
    }
    let mut search = greedy::Greedy::new(&ex.config, checked, &mut rng, watch);
    if let Err(e) = search.run(start) {
        if matches!(e, GenError::Exhausted { .. }) && checked.proof.get().is_none() {
            #[cfg(test)]
            PROOFS.with(|n| n.set(n.get() + 1));
            let proof = arrange::prove(
                &ex.config.graph,
                &ex.config.templates,
                &checked.space,
                &checked.allowed,
                u64::try_from(config.work_budget).unwrap_or(0) * PROOF_SHARE,
                watch,
            )?;
            if let LayoutProof::NoLayout(rooms) = checked.proof.get_or_init(|| proof) {
                return Err(no_layout(config, rooms).into());
            }
        }
        return Err(ex.explain(config.graph.rooms.len(), e));
    }
    watch.at(greedy::P_END)?;
    debug_assert_eq!(search.state.energy(&checked.space, &ex.config.graph), 0);
    build::build(
        config,
        ex,
        &checked.space,
        &search.state,
        search.stats,
        seed,
        level,
    )
}

/// The error for a graph proven to have no layout, `rooms` being the
/// subdivided graph's rooms on its loops.
fn no_layout(config: &GraphConfig, rooms: &[usize]) -> ConfigError {
    let n = config.graph.rooms.len();
    let mut names: Vec<String> = rooms
        .iter()
        .filter(|&&r| r < n)
        .map(|&r| config.graph.room_label(r))
        .collect();
    let pieces = rooms.iter().filter(|&&r| r >= n).count();
    if pieces > 0 {
        names.push(format!(
            "{pieces} corridor piece{}",
            if pieces == 1 { "" } else { "s" }
        ));
    }
    ConfigError::new(
        "graph",
        format!(
            "a graph with no layout: its loops' rooms ({}) cannot all be placed with these \
             templates so that every connection meets at facing doors and no two rooms \
             overlap, whatever the seed or work budget",
            names.join(", ")
        ),
        "a graph whose loops these templates can realise: bigger templates or doors on more \
         sides for these rooms, or fewer connections between them",
    )
}

#[cfg(test)]
mod tests;
