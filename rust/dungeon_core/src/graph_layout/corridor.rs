//! Corridors by subdividing the graph: every connection that goes through
//! a corridor (mode `Corridor`, or `Default` with
//! [`GraphConfig::corridors`]) becomes a room of its own between its two
//! rooms — connections `a – c` and `c – b` — whose only templates are the
//! corridor pieces ([`GraphConfig::corridor_pieces`]); graph rooms never use
//! corridor pieces. Subdividing keeps a graph planar (and a planar graph's
//! subdivision is planar only if the graph is), so planarity is checked on
//! the designer's graph; the search then lays out the subdivided graph like
//! any other, and the build maps it back: the corridor rooms come after
//! the graph's rooms, in connection order.

use super::config::{GraphConfig, MAX_CORRIDOR_LENGTH, MIN_CORRIDOR_LENGTH};
use super::graph::{EdgeMode, GraphEdge, GraphRoom, LevelGraph};
use super::space::{Space, door_widths, slots_touch};
use crate::error::{ConfigError, GenError, check_range};
use crate::template::validate::validate_template;
use crate::template::{DoorSlot, MAX_TEMPLATES, RoomTemplate, Side};

impl GraphConfig {
    /// Whether a connection of mode `mode` goes through a corridor piece.
    #[must_use]
    pub fn through_corridor(&self, mode: EdgeMode) -> bool {
        match mode {
            EdgeMode::Default => self.corridors,
            EdgeMode::Direct => false,
            EdgeMode::Corridor => true,
        }
    }

    /// Every corridor piece a corridor connection may use:
    /// [`GraphConfig::corridor_templates`], then the generated straight
    /// pieces — for each door width the room templates use (ascending),
    /// each length `corridor_min..=corridor_max`: `width + 2` cells across,
    /// `length` cells along (walls included), a door as wide filling each
    /// short end, weight 1, first running north–south (named `straight
    /// W×L` after its footprint, doors north then south), then west–east
    /// (`straight L×W`, doors west then east); not turned further — then,
    /// only when a corridor connection lies on a loop of three rooms, the
    /// generated bends ([`GraphConfig::bend_pieces`]).
    /// [`super::GraphPlacement::template`] of a corridor piece indexes this
    /// list.
    #[must_use]
    pub fn corridor_pieces(&self) -> Vec<RoomTemplate> {
        let mut out = self.corridor_templates.clone();
        for w in self.corridor_widths() {
            for len in self.corridor_lengths() {
                // Both ways round as two fixed templates rather than one
                // turnable one: its half turn is the same piece, and a
                // duplicate variant only dilutes the search.
                out.push(RoomTemplate::new(
                    &format!("straight {}×{len}", w + 2),
                    w + 2,
                    len,
                    vec![
                        DoorSlot::new(Side::North, 1, w),
                        DoorSlot::new(Side::South, 1, w),
                    ],
                ));
                out.push(RoomTemplate::new(
                    &format!("straight {len}×{}", w + 2),
                    len,
                    w + 2,
                    vec![
                        DoorSlot::new(Side::West, 1, w),
                        DoorSlot::new(Side::East, 1, w),
                    ],
                ));
            }
        }
        out.extend(self.bend_pieces());
        out
    }

    /// The generated bends, empty unless a corridor connection lies on a
    /// loop of three rooms (straight pieces cannot close one: each of the
    /// three rooms would need two doors on one side further apart than
    /// the demo rooms have). For each door width the room templates use
    /// (ascending), each length `corridor_min..=corridor_max` of at least
    /// `width + 3`: a `length × length` square (walls included) named
    /// `bend L×L`, a door on its north side at the west end and one on its
    /// east side at the south end, so its two rooms sit diagonally apart
    /// without overlapping; turnable, weight 1. Only connections on a loop
    /// of three rooms may use them.
    #[must_use]
    pub fn bend_pieces(&self) -> Vec<RoomTemplate> {
        let g = &self.graph;
        let needed = (0..g.edges.len())
            .any(|k| self.through_corridor(g.edges[k].mode) && self.on_triangle(k));
        let mut out = Vec::new();
        if !needed {
            return out;
        }
        for w in self.corridor_widths() {
            for len in self.corridor_lengths().filter(|&len| len >= w + 3) {
                let mut t = RoomTemplate::new(
                    &format!("bend {len}×{len}"),
                    len,
                    len,
                    vec![
                        DoorSlot::new(Side::North, 1, w),
                        DoorSlot::new(Side::East, len - 1 - w, w),
                    ],
                );
                t.rotations = true;
                out.push(t);
            }
        }
        out
    }

    /// The door widths the room templates use that fit a piece, ascending.
    fn corridor_widths(&self) -> Vec<i32> {
        let mut widths: Vec<i32> = self
            .templates
            .iter()
            .flat_map(|t| t.doors.iter().map(|d| d.width))
            .filter(|&w| w >= 1 && w + 2 <= crate::template::MAX_TEMPLATE_SIDE)
            .collect();
        widths.sort_unstable();
        widths.dedup();
        widths
    }

    /// The generated pieces' lengths.
    fn corridor_lengths(&self) -> std::ops::RangeInclusive<i32> {
        self.corridor_min.max(MIN_CORRIDOR_LENGTH)..=self.corridor_max.min(MAX_CORRIDOR_LENGTH)
    }

    /// Whether connection `k`'s rooms share a neighbour (a loop of three).
    fn on_triangle(&self, k: usize) -> bool {
        let g = &self.graph;
        let Some(e) = g.edges.get(k) else {
            return false;
        };
        let next = |r: usize| {
            g.edges.iter().filter_map(move |f| {
                if f.a == r {
                    Some(f.b)
                } else if f.b == r {
                    Some(f.a)
                } else {
                    None
                }
            })
        };
        next(e.a).any(|c| c != e.b && next(e.b).any(|d| d == c))
    }

    /// The room pairs a layout's grid connects (`(a, b)`, `a < b`, sorted,
    /// in room records): `a – b` for a direct connection, `a – p` and
    /// `p – b` for one through corridor piece `p` (numbered after the
    /// graph's rooms, in connection order). With templates of several floor
    /// rectangles this holds of placements ([`super::GraphPlacement::rooms`]
    /// lists each one's records): a connection may start from any floor of
    /// its placement, and floors of one placement join each other.
    #[must_use]
    pub fn room_pairs(&self) -> Vec<(usize, usize)> {
        let pair = |a: usize, b: usize| (a.min(b), a.max(b));
        let mut next = self.graph.rooms.len();
        let mut out = Vec::with_capacity(2 * self.graph.edges.len());
        for e in &self.graph.edges {
            if self.through_corridor(e.mode) {
                out.extend([pair(e.a, next), pair(next, e.b)]);
                next += 1;
            } else {
                out.push(pair(e.a, e.b));
            }
        }
        out.sort_unstable();
        out
    }

    /// Checks `corridor_min`, `corridor_max` and `corridor_templates`.
    pub(crate) fn check_corridor_settings(&self) -> Result<(), ConfigError> {
        for (field, v) in [
            ("corridor_min", self.corridor_min),
            ("corridor_max", self.corridor_max),
        ] {
            check_range(field, v, MIN_CORRIDOR_LENGTH, MAX_CORRIDOR_LENGTH)?;
        }
        if self.corridor_min > self.corridor_max {
            return Err(ConfigError::new(
                "corridor_min",
                format!(
                    "{} with corridor_max = {}",
                    self.corridor_min, self.corridor_max
                ),
                "corridor_min at most corridor_max",
            ));
        }
        let ts = &self.corridor_templates;
        if ts.len() > MAX_TEMPLATES {
            return Err(ConfigError::new(
                "corridor_templates",
                format!("{} templates", ts.len()),
                format!("0..={MAX_TEMPLATES} templates"),
            ));
        }
        for (i, t) in ts.iter().enumerate() {
            validate_template(i, t).map_err(|e| ConfigError {
                field: "corridor_templates",
                ..e
            })?;
            let what = if t.has_door_lines() {
                "a door line".to_string()
            } else if t.trim_to_floors {
                "trim_to_floors (corridor pieces are whole boxes)".to_string()
            } else if t.doors.len() == 2 {
                if !slots_touch(&t.doors[0], &t.doors[1]) {
                    continue;
                }
                "its two door slots touch".to_string()
            } else {
                format!("{} door slots", t.doors.len())
            };
            return Err(ConfigError::new(
                "corridor_templates",
                format!("[{i}] {:?}: {what}", t.name),
                "exactly two fixed door slots per corridor piece, one for each room it joins, \
                 not touching",
            ));
        }
        Ok(())
    }
}

/// The layout problem the search solves: the designer's graph with a room
/// for every corridor connection.
pub(crate) struct Expanded {
    /// The subdivided graph (graph rooms, then one room per corridor
    /// connection in connection order; every connection direct), with the
    /// room templates followed by the corridor pieces.
    pub(crate) config: GraphConfig,
    /// Per connection of the subdivided graph: the designer's connection it
    /// realises (all of it, or one half of a corridor).
    pub(crate) edge_of: Vec<usize>,
    /// Per corridor room (`rooms + j`): the designer's connection.
    pub(crate) corridor_of: Vec<usize>,
    /// How many room templates come before the corridor pieces.
    pub(crate) room_templates: usize,
    /// Where the generated bends start among the templates (only
    /// connections on a loop of three rooms may use them).
    pub(crate) bends_from: usize,
}

impl Expanded {
    /// The subdivision of `c`'s graph (validated structurally).
    pub(crate) fn new(c: &GraphConfig) -> Self {
        let g = &c.graph;
        let mut graph = LevelGraph {
            rooms: g.rooms.clone(),
            edges: Vec::with_capacity(g.edges.len()),
        };
        let mut edge_of = Vec::with_capacity(g.edges.len());
        let mut corridor_of = Vec::new();
        for (k, e) in g.edges.iter().enumerate() {
            let direct = |a, b| GraphEdge {
                a,
                b,
                mode: EdgeMode::Direct,
            };
            if c.through_corridor(e.mode) {
                let r = graph.rooms.len();
                graph.rooms.push(GraphRoom {
                    tags: Vec::new(),
                    name: format!("the corridor of {}", g.edge_label(k)),
                });
                graph.edges.push(direct(e.a, r));
                graph.edges.push(direct(r, e.b));
                edge_of.extend([k, k]);
                corridor_of.push(k);
            } else {
                graph.edges.push(direct(e.a, e.b));
                edge_of.push(k);
            }
        }
        let mut templates = c.templates.clone();
        let mut bends_from = templates.len();
        if !corridor_of.is_empty() {
            templates.extend(c.corridor_pieces());
            bends_from = templates.len() - c.bend_pieces().len();
        }
        Self {
            config: GraphConfig {
                graph,
                templates,
                corridors: false,
                corridor_templates: Vec::new(),
                corridor_min: c.corridor_min,
                corridor_max: c.corridor_max,
                work_budget: c.work_budget,
            },
            edge_of,
            corridor_of,
            room_templates: c.templates.len(),
            bends_from,
        }
    }

    /// For every corridor room, in order: the corridor pieces (indices into
    /// the subdivided config's templates) whose doors fit a door of one of
    /// `keys[a]` and one of `keys[b]`, its rooms' door keys (side, width);
    /// an error naming the first corridor connection none fits.
    pub(crate) fn pieces_for(
        &self,
        c: &GraphConfig,
        space: &Space,
        keys: &[Vec<(Side, i32)>],
    ) -> Result<Vec<Vec<usize>>, ConfigError> {
        let fits = |ks: &[(Side, i32)], d: &DoorSlot| ks.contains(&(d.side.opposite(), d.width));
        let designer = &c.graph;
        let mut out = Vec::with_capacity(self.corridor_of.len());
        for &k in &self.corridor_of {
            let e = designer.edges[k];
            let (ka, kb) = (&keys[e.a], &keys[e.b]);
            let triangle = c.on_triangle(k);
            let ok: Vec<usize> = (self.room_templates..self.config.templates.len())
                .filter(|&t| triangle || t < self.bends_from)
                .filter(|&t| self.config.templates[t].weight > 0.0)
                .filter(|&t| {
                    space.variants_of(t).any(|v| {
                        let ds = &space.vars[v].v.doors;
                        ds.len() == 2
                            && ((fits(ka, &ds[0]) && fits(kb, &ds[1]))
                                || (fits(ka, &ds[1]) && fits(kb, &ds[0])))
                    })
                })
                .collect();
            if ok.is_empty() {
                return Err(ConfigError::new(
                    "graph",
                    format!(
                        "{} goes through a corridor but no corridor piece has doors that fit a \
                         door of a template of room {} and one of room {} (door widths {} vs {})",
                        designer.edge_label(k),
                        e.a,
                        e.b,
                        door_widths(ka),
                        door_widths(kb)
                    ),
                    "corridor connections whose rooms have doors as wide as a corridor piece's \
                     (straight pieces come in every door width the room templates use; add \
                     corridor_templates for others, or make the connection direct)",
                ));
            }
            out.push(ok);
        }
        Ok(out)
    }

    /// Says in a budget message which rooms are corridor pieces.
    pub(crate) fn explain(&self, rooms: usize, e: GenError) -> GenError {
        match e {
            GenError::Exhausted {
                generator,
                attempts,
                reason,
            } if !self.corridor_of.is_empty() => GenError::Exhausted {
                generator,
                attempts,
                reason: format!(
                    "{reason} (rooms {rooms} to {} are the corridor pieces of the connections \
                     through corridors, in connection order)",
                    rooms + self.corridor_of.len() - 1
                ),
            },
            e => e,
        }
    }
}
