//! Painting a finished layout into a tile map, as the template generator
//! does: each room's floors as room records (record `i` is the first floor
//! of graph room `i`, then the corridor pieces' first floors in connection
//! order; further floors of multi-floor templates come after every
//! placement's first), joined door cells as doors (doors only where the
//! graph says), unused slots left as wall; plus the placements, joins and
//! sealed doors for a game to instance its room scenes from, and the
//! planned graph (the designer's connections as a spanning tree from the
//! start and the rest, and the main path from the start to the end).

use super::NAME;
use super::config::GraphConfig;
use super::corridor::Expanded;
use super::energy::State;
use super::greedy::GraphStats;
use super::space::Space;
use crate::error::GenError;
use crate::grid::{Cell, DungeonGrid, GridKind, PlannedGraph, Pos, Rect};
use crate::template::{DoorRef, MAX_MAP_SIDE, PlacedDoor};

/// One placed template: graph room `i` is placement `i`; the corridor
/// pieces follow, one per connection through a corridor, in connection
/// order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphPlacement {
    /// Index into [`GraphConfig::templates`], or for a corridor piece into
    /// [`GraphConfig::corridor_pieces`] (the corridor templates, then the
    /// generated straight pieces).
    pub template: usize,
    /// Top-left cell of its footprint.
    pub position: Pos,
    /// Footprint size after turning.
    pub size: (i32, i32),
    /// Quarter turns clockwise, `0..4` (applied after mirroring).
    pub rotation: u8,
    /// Mirrored left to right (before turning).
    pub mirrored: bool,
    /// Its room records in the grid, one per floor rectangle; `rooms[0]` is
    /// the placement's own number.
    pub rooms: Vec<usize>,
    /// Its doors in the template's order; `join` is the connection number
    /// for joined doors (a corridor piece's two doors both carry its
    /// connection's), `None` for sealed ones.
    pub doors: Vec<PlacedDoor>,
    /// Whether it is a corridor piece.
    pub corridor: bool,
    /// For a corridor piece, the connection it realises; `None` for a
    /// graph room.
    pub edge: Option<usize>,
}

impl GraphPlacement {
    /// The footprint (walls included).
    #[must_use]
    pub const fn rect(&self) -> Rect {
        Rect::new(self.position.0, self.position.1, self.size.0, self.size.1)
    }
}

/// Two joined doors realising a connection, or half of one through a
/// corridor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GraphJoin {
    /// The connection's number in the graph.
    pub edge: usize,
    /// The door of the connection's room `a` (for the second half of a
    /// corridor, of the corridor piece).
    pub a: DoorRef,
    /// The door of its room `b` (for the first half of a corridor, of the
    /// corridor piece).
    pub b: DoorRef,
}

/// A laid-out level graph: the grid and how it was put together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphLevel {
    /// The tile map, as every generator returns it.
    pub grid: DungeonGrid,
    /// Placement `i` is graph room `i`; then the corridor pieces.
    pub placements: Vec<GraphPlacement>,
    /// Joins in connection order: one for a direct connection, two for one
    /// through a corridor (room `a` to the piece, then the piece to room
    /// `b`).
    pub joins: Vec<GraphJoin>,
    /// Door slots left unused, to be closed by the scene.
    pub sealed: Vec<DoorRef>,
    /// The room holding the start: the first tagged `start`, else room 0.
    pub start: usize,
    /// The room holding the end: the first tagged `boss` or `end`, else the
    /// room farthest (in connections) from the start.
    pub end: usize,
    /// Work done.
    pub stats: GraphStats,
}

/// The start and end rooms (see [`GraphLevel::start`], [`GraphLevel::end`]).
pub(crate) fn ends(c: &GraphConfig) -> (usize, usize) {
    let g = &c.graph;
    let tagged = |tag: &str| g.rooms.iter().position(|r| r.tags.iter().any(|t| t == tag));
    let start = tagged("start").unwrap_or(0);
    let end = tagged("boss")
        .or_else(|| tagged("end"))
        .filter(|&e| e != start)
        .unwrap_or_else(|| {
            // Farthest by hops, lowest number on ties.
            let (prev, order) = bfs(g, start);
            let mut dist = vec![usize::MAX; g.rooms.len()];
            for &r in &order {
                dist[r] = if r == start { 0 } else { dist[prev[r].0] + 1 };
            }
            let mut best = usize::from(start == 0);
            for (i, &d) in dist.iter().enumerate() {
                if i != start && d != usize::MAX && (dist[best] == usize::MAX || d > dist[best]) {
                    best = i;
                }
            }
            best
        });
    (start, end)
}

/// Paints the layout of `ex` (the subdivided `c`).
///
/// # Errors
/// [`GenError::Exhausted`] when the layout is wider or taller than
/// [`MAX_MAP_SIDE`].
pub(crate) fn build(
    c: &GraphConfig,
    ex: &Expanded,
    space: &Space,
    s: &State,
    stats: GraphStats,
    seed: u64,
    level: i32,
) -> Result<GraphLevel, GenError> {
    let n = c.graph.rooms.len();
    let all = ex.config.graph.rooms.len();
    let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
    for f in &s.foot[..all] {
        x0 = x0.min(f.x0);
        y0 = y0.min(f.y0);
        x1 = x1.max(f.x1);
        y1 = y1.max(f.y1);
    }
    let (w, h) = (
        i64::from(x1) - i64::from(x0) + 2,
        i64::from(y1) - i64::from(y0) + 2,
    );
    if w > i64::from(MAX_MAP_SIDE) || h > i64::from(MAX_MAP_SIDE) {
        return Err(GenError::Exhausted {
            generator: NAME,
            attempts: stats.attempts,
            reason: format!(
                "the layout is {w} × {h} cells, over the {MAX_MAP_SIDE} cells a side a map may have"
            ),
        });
    }
    let (ox, oy) = (1 - x0, 1 - y0);
    let mut grid = DungeonGrid::new(w as i32, h as i32);
    grid.kind = GridKind::TileMap;
    grid.stamp(NAME, seed, level);
    let mut placements = Vec::with_capacity(all);
    for i in 0..all {
        let v = &space.vars[s.var[i]].v;
        let (px, py) = (s.pos[i].0 + ox, s.pos[i].1 + oy);
        let f = v.floors.first().copied().unwrap_or(Rect::new(1, 1, 1, 1));
        let r = Rect::new(px + f.x, py + f.y, f.w, f.h);
        for cell in r.cells() {
            grid.set(cell, Cell::Room);
        }
        grid.room_rects.push(r);
        let t = space.vars[s.var[i]].template;
        let edge = i
            .checked_sub(n)
            .and_then(|j| ex.corridor_of.get(j).copied());
        placements.push(GraphPlacement {
            template: if edge.is_some() {
                t.saturating_sub(ex.room_templates)
            } else {
                t
            },
            position: (px, py),
            size: (v.width, v.height),
            rotation: v.rotation,
            mirrored: v.mirrored,
            rooms: vec![i],
            doors: Vec::with_capacity(v.doors.len()),
            corridor: edge.is_some(),
            edge,
        });
    }
    let mut sealed = Vec::new();
    let mut index: Vec<Vec<usize>> = (0..placements.len())
        .map(|i| vec![0; space.vars[s.var[i]].v.doors.len()])
        .collect();
    for (i, pl) in placements.iter_mut().enumerate() {
        let v = &space.vars[s.var[i]].v;
        for f in v.floors.iter().skip(1) {
            let r = Rect::new(pl.position.0 + f.x, pl.position.1 + f.y, f.w, f.h);
            for cell in r.cells() {
                grid.set(cell, Cell::Room);
            }
            pl.rooms.push(grid.room_rects.len());
            grid.room_rects.push(r);
        }
        // Per template door, in order: its places that are joined, or, when
        // none is, the slot (the whole line) sealed. `index[d]` is where
        // joined place `d` went.
        let info = &space.vars[s.var[i]];
        for (k, line) in info.lines.iter().enumerate() {
            let places = info.starts[k]..info.starts.get(k + 1).copied().unwrap_or(v.doors.len());
            let mut joined = 0;
            for d in places.clone() {
                let Some(join) = s.used[i]
                    .iter()
                    .find(|u| u.0 == d)
                    .and_then(|u| ex.edge_of.get(u.1).copied())
                else {
                    continue;
                };
                let slot = v.doors[d];
                for (x, y) in slot.cells(v.width, v.height) {
                    grid.set((pl.position.0 + x, pl.position.1 + y), Cell::Door);
                }
                index[i][d] = pl.doors.len();
                pl.doors
                    .push(placed(pl.position, v, k, slot, slot.width, Some(join)));
                joined += 1;
            }
            if joined == 0 && !places.is_empty() {
                let first = places.start;
                sealed.push(DoorRef {
                    placement: i,
                    door: pl.doors.len(),
                });
                index[i][first] = pl.doors.len();
                let length = line.length;
                pl.doors
                    .push(placed(pl.position, v, k, v.doors[first], length, None));
            }
        }
    }
    let door_of = |room: usize, edge: usize| DoorRef {
        placement: room,
        door: s.used[room]
            .iter()
            .find(|u| u.1 == edge)
            .and_then(|u| index.get(room)?.get(u.0).copied())
            .unwrap_or(0),
    };
    let joins = ex
        .config
        .graph
        .edges
        .iter()
        .enumerate()
        .map(|(k, e)| GraphJoin {
            edge: ex.edge_of.get(k).copied().unwrap_or(k),
            a: door_of(e.a, k),
            b: door_of(e.b, k),
        })
        .collect();
    grid.connect_adjacent();
    let (start, end) = ends(c);
    let centre = |i: usize| grid.room_rects[i].center();
    let (a, b) = (centre(start), centre(end));
    grid.set_ends(a, b);
    grid.plan = plan(c, ex, start, end);
    // A template with several floors may realise a connection from a floor
    // past its first (its own later record): the main path then walks the
    // grid's room graph, which goes through that floor.
    if grid.plan.problem(&grid).is_some() {
        grid.plan.main_path = grid.room_path(start, end).unwrap_or_default();
    }
    Ok(GraphLevel {
        grid,
        placements,
        joins,
        sealed,
        start,
        end,
        stats,
    })
}

/// Template door `k`'s door `slot` (a place on it), or `length` cells of it
/// from there, on the placement at `position`.
fn placed(
    position: Pos,
    v: &crate::template::Variant,
    k: usize,
    slot: crate::template::DoorSlot,
    length: i32,
    join: Option<usize>,
) -> PlacedDoor {
    let (x, y) = slot.first_cell(v.width, v.height);
    PlacedDoor {
        slot: k,
        side: slot.side,
        cell: (position.0 + x, position.1 + y),
        width: slot.width,
        length,
        join,
    }
}

/// The planned graph: the designer's connections as the breadth-first
/// spanning tree from `start` (in the order reached) and the others (in
/// connection order), each `(a, b)` with `a < b`; the main path is the
/// shortest path from `start` to `end` in the laid-out room graph (through
/// corridor pieces, each step one grid connection; [`build`] replaces it by
/// the grid's own room path when a multi-floor template makes a step go
/// through one of its later floors).
fn plan(c: &GraphConfig, ex: &Expanded, start: usize, end: usize) -> PlannedGraph {
    let pair = |a: usize, b: usize| (a.min(b), a.max(b));
    let g = &c.graph;
    let (prev, order) = bfs(g, start);
    let in_tree = g.tree_connections(start);
    let tree = order.iter().skip(1).map(|&r| pair(prev[r].0, r)).collect();
    let extra = g
        .edges
        .iter()
        .zip(&in_tree)
        .filter(|&(_, &t)| !t)
        .map(|(e, _)| pair(e.a, e.b))
        .collect();
    // Walk back from the end (at most one step per room).
    let (prev, _) = bfs(&ex.config.graph, start);
    let mut main_path = vec![end];
    let mut r = end;
    while r != start && main_path.len() <= prev.len() {
        r = prev.get(r).map_or(start, |p| p.0);
        main_path.push(r);
    }
    main_path.reverse();
    let reached =
        main_path.first() == Some(&start) && prev.get(end).is_some_and(|p| p.0 != usize::MAX);
    PlannedGraph {
        tree,
        extra,
        main_path: if reached { main_path } else { Vec::new() },
        ..PlannedGraph::default()
    }
}

impl super::LevelGraph {
    /// Per connection, whether it belongs to the breadth-first spanning
    /// tree from room `from` (neighbours in connection order); the others
    /// close loops. The planned graph's `tree` and `extra` split the same
    /// way.
    #[must_use]
    pub fn tree_connections(&self, from: usize) -> Vec<bool> {
        let (prev, order) = bfs(self, from);
        let mut in_tree = vec![false; self.edges.len()];
        for &r in order.iter().skip(1) {
            if let Some(t) = in_tree.get_mut(prev[r].1) {
                *t = true;
            }
        }
        in_tree
    }
}

/// Breadth-first search of `g` from `from`, neighbours in connection
/// order: per room its `(parent, connection)` (`usize::MAX` unreached),
/// and the rooms in the order reached.
fn bfs(g: &super::LevelGraph, from: usize) -> (Vec<(usize, usize)>, Vec<usize>) {
    let n = g.rooms.len();
    let mut adj: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
    for (k, e) in g.edges.iter().enumerate() {
        if e.a < n && e.b < n {
            adj[e.a].push((e.b, k));
            adj[e.b].push((e.a, k));
        }
    }
    let mut prev = vec![(usize::MAX, usize::MAX); n];
    let mut order = Vec::with_capacity(n);
    if from < n {
        prev[from] = (from, usize::MAX);
        order.push(from);
    }
    let mut head = 0;
    while let Some(&r) = order.get(head) {
        head += 1;
        for &(m, k) in &adj[r] {
            if prev[m].0 == usize::MAX {
                prev[m] = (r, k);
                order.push(m);
            }
        }
    }
    (prev, order)
}
