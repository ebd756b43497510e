//! The proof that no layout exists: after a search that found nothing, a
//! complete search of a relaxed problem on the rooms' relative order, so a
//! graph its templates cannot realise is named as such rather than left to
//! "the work budget ran out".
//!
//! **The relaxed problem.** Every room of the (subdivided) graph's 2-core —
//! what is left after taking away rooms of one connection, again and
//! again: the loops and what joins them — gets a variant of an allowed
//! template with enough doors and a position; the two rooms of every
//! connection touch where a door of one faces a door of the other as wide,
//! and no two rooms overlap. Door conflicts, the rooms off the loops and
//! everything else are left aside, so every layout gives a solution:
//! when there is none, no seed and no budget can lay the graph out.
//!
//! **Positions are never chosen.** Each choice is a relation, a set of
//! difference constraints on the rooms' left edges `x` and top edges `y`:
//! - a connection through door `a` of room `i` on its east side and door
//!   `b` of room `j`: `x_j − x_i = w_i`, and `y_j − y_i` in the interval
//!   where the two doors' places meet (one value for two fixed slots, a
//!   range for door lines); likewise for the other sides;
//! - two rooms with no connection: one east, west, south or north of the
//!   other (`x_j − x_i ≥ w_i`, …; boxes may touch), each way denying the
//!   ways tried before it, so no placement is looked at twice.
//!
//! Difference constraints have an integer solution exactly when their
//! graph has no negative cycle; each axis keeps the matrix of its shortest
//! paths, updated in `O(rooms²)` per constraint. The rooms of every
//! connection also start within reach of each other (`x_j − x_i` in
//! `−w_j..=w_i` for their widest variants). A separation already implied
//! is not branched on.
//!
//! **The search** (`search.rs`). The core room with the most connections
//! first, in each of its variants; then always the unplaced core room with
//! the most placed neighbours: each variant, each pair of facing doors for
//! each placed neighbour, each separation still open from every other
//! placed room. (Searching each block of the core alone first, loops that
//! share one room apart, decided nothing more on the designer graphs of
//! 10 and 20 rooms: BENCHMARKS.md.) With every template turnable, the second room goes east of the
//! first (a turned solution is a solution). Each relation tried costs work
//! in proportion to the matrices' size, and the proof stops at its budget,
//! undecided.
//!
//! Rooms trimmed to their floors (doors on inner walls, other rooms in the
//! box) are not modelled: such a configuration is never proven
//! impossible. Measured in BENCHMARKS.md ("Which level graphs have no
//! layout").

mod search;

use super::config::GraphConfig;
use super::graph::LevelGraph;
use super::space::Space;
use crate::error::{ConfigError, GenError};
use crate::template::{RoomTemplate, Side};
use crate::watch::Watch;
use search::{End, Var, decide};

/// What [`GraphConfig::prove_layout`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LayoutProof {
    /// No layout exists, whatever the seed or work budget: the rooms on the
    /// graph's loops (ascending; for corridors, of the graph with a room
    /// per corridor piece, the pieces after the graph's rooms) cannot be
    /// arranged.
    NoLayout(Vec<usize>),
    /// The rooms on the loops can be arranged, door conflicts and the
    /// rooms off the loops aside: a layout may exist. (Also for a graph
    /// with no loop.)
    Arranged,
    /// The work ran out first, or a template is trimmed to its floors
    /// (not modelled).
    Undecided,
}

impl GraphConfig {
    /// Whether the graph provably has no layout with these templates, with
    /// at most `work` units of work (a relation tried costs 1 plus the
    /// square of the loops' room count over 64). Complete: given the work,
    /// it decides. A layout ([`super::layout`]) runs it with twice its
    /// work budget after a search that found nothing, once per
    /// configuration and thread.
    ///
    /// # Errors
    /// As [`GraphConfig::validate`].
    pub fn prove_layout(&self, work: u64) -> Result<LayoutProof, ConfigError> {
        let c = self.check()?;
        prove(
            &c.ex.config.graph,
            &c.ex.config.templates,
            &c.space,
            &c.allowed,
            work,
            &Watch::new(),
        )
        // A watch of its own is never cancelled.
        .or(Ok(LayoutProof::Undecided))
    }
}

/// The rooms of the 2-core of a graph with adjacency `adj`.
fn two_core(adj: &[Vec<usize>]) -> Vec<bool> {
    let mut degree: Vec<usize> = adj.iter().map(Vec::len).collect();
    let mut core = vec![true; adj.len()];
    let mut stack: Vec<usize> = (0..adj.len()).filter(|&r| degree[r] <= 1).collect();
    while let Some(r) = stack.pop() {
        if !core[r] {
            continue;
        }
        core[r] = false;
        for &m in &adj[r] {
            degree[m] = degree[m].saturating_sub(1);
            if core[m] && degree[m] <= 1 {
                stack.push(m);
            }
        }
    }
    core
}

/// Whether graph `g` has no layout when room `r` may use
/// `templates[t]` for each `t` of `allowed[r]` (their variants in
/// `space`), spending at most `budget` work.
///
/// # Errors
/// [`GenError::Cancelled`] when `watch` was cancelled.
pub(crate) fn prove(
    g: &LevelGraph,
    templates: &[RoomTemplate],
    space: &Space,
    allowed: &[Vec<usize>],
    budget: u64,
    watch: &Watch,
) -> Result<LayoutProof, GenError> {
    let adj_all = g.adjacency();
    let in_core = two_core(&adj_all);
    let core: Vec<usize> = (0..adj_all.len()).filter(|&r| in_core[r]).collect();
    if core.is_empty() {
        return Ok(LayoutProof::Arranged);
    }
    let mut dense = vec![usize::MAX; adj_all.len()];
    for (k, &r) in core.iter().enumerate() {
        dense[r] = k;
    }
    let adj: Vec<Vec<usize>> = core
        .iter()
        .map(|&r| {
            adj_all[r]
                .iter()
                .filter(|&&m| in_core[m])
                .map(|&m| dense[m])
                .collect()
        })
        .collect();
    // Each core room's variants, turns that give the same box and doors
    // kept once; rooms trimmed to their floors leave the proof undecided.
    let mut vars: Vec<Var> = Vec::new();
    let mut of_template: Vec<Option<Vec<usize>>> = vec![None; space.by_template.len()];
    let mut room_vars = Vec::with_capacity(core.len());
    for &r in &core {
        let mut ids = Vec::new();
        let degree = adj_all[r].len();
        for &t in allowed[r]
            .iter()
            .filter(|&&t| templates[t].door_capacity() >= degree)
        {
            if of_template[t].is_none() {
                let (lo, hi) = space.by_template[t];
                let mut mine: Vec<usize> = Vec::new();
                for info in &space.vars[lo..hi] {
                    let v = &info.v;
                    if v.outline.is_some() || info.lines.iter().any(|d| d.inset != 0) {
                        return Ok(LayoutProof::Undecided);
                    }
                    // The doors as the template has them: a door line is
                    // one door here, its places a range.
                    let mut doors: Vec<(Side, i32, i32, i32)> = info
                        .lines
                        .iter()
                        .filter(|d| d.positions() > 0)
                        .map(|d| {
                            let (fx, fy) = d.first_cell(v.width, v.height);
                            let first = match d.side {
                                Side::North | Side::South => fx,
                                Side::East | Side::West => fy,
                            };
                            (d.side, d.width, first, first + d.positions() - 1)
                        })
                        .collect();
                    doors.sort_unstable_by_key(|&(s, w, a, b)| (s.index(), w, a, b));
                    let var = Var {
                        w: v.width,
                        h: v.height,
                        doors,
                    };
                    if !mine.iter().any(|&k| vars[k] == var) {
                        mine.push(vars.len());
                        vars.push(var);
                    }
                }
                of_template[t] = Some(mine);
            }
            ids.extend(of_template[t].iter().flatten().copied());
        }
        room_vars.push(ids);
    }
    let turnable = templates.iter().all(|t| t.rotations);
    Ok(
        match decide(&vars, room_vars, adj, turnable, budget, watch)?.0 {
            End::None => LayoutProof::NoLayout(core),
            End::Found => LayoutProof::Arranged,
            End::Spent => LayoutProof::Undecided,
        },
    )
}
