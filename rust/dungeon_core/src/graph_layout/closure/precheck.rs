//! The precheck: a loop that no choice of templates closes is refused
//! before anything is placed.

use super::{Dp, Found, PRECHECK_ROOMS, PRECHECK_STATES, TRIANGLE_PAIRS};
use crate::graph_layout::energy::State;
use crate::graph_layout::foot::Foot;
use crate::graph_layout::graph::LevelGraph;
use crate::graph_layout::space::{Space, slots_touch};

/// The loops (faces) of at most [`PRECHECK_ROOMS`] rooms of `g`, each with
/// `vars[r]` the variants room `r` may use: the first loop that no choice
/// of variants closes (ignoring overlaps), as its rooms in loop order.
/// Loops whose listing passes [`PRECHECK_STATES`] are assumed closable.
pub(crate) fn unclosable(g: &LevelGraph, space: &Space, vars: &[Vec<usize>]) -> Option<Vec<usize>> {
    let adj = g.adjacency();
    for face in crate::graph_layout::chains::faces(g) {
        if face.len() > PRECHECK_ROOMS || face.len() < 3 {
            continue;
        }
        let n = face.len();
        let walk = (0..n).all(|k| {
            let (a, b) = (face[k], face[(k + 1) % n]);
            adj[a].contains(&b)
        });
        if !walk {
            continue;
        }
        if n == 3 {
            // Three rooms: listed exactly, overlaps included.
            match triangle_closes(space, [&vars[face[0]], &vars[face[1]], &vars[face[2]]]) {
                Some(false) if !vars[face[0]].is_empty() => return Some(face),
                Some(_) => continue,
                None => {}
            }
        }
        let mut spent = 0u64;
        let mut closes = false;
        let mut unknown = false;
        for &v0 in &vars[face[0]] {
            let mut state = State::new(g.rooms.len());
            state.place(space, face[0], v0, (0, 0));
            let rest = &face[1..];
            // Only the loop's own connections count here.
            let loop_adj = loop_adjacency(g.rooms.len(), &face);
            let rvars = rest.iter().map(|&r| vars[r].clone()).collect();
            let mut dp = Dp::new(space, &state, &loop_adj, rest, rvars, false);
            let found = dp.run(None, PRECHECK_STATES.saturating_sub(spent));
            spent += dp.work;
            match found {
                Found::Paths => {
                    closes = true;
                    break;
                }
                Found::Unknown => {
                    unknown = true;
                    break;
                }
                Found::Impossible => {}
            }
        }
        if !closes && !unknown && !vars[face[0]].is_empty() {
            return Some(face);
        }
    }
    None
}

/// The connections between consecutive rooms of `face` (a loop) as
/// `(neighbour, k)` lists over `n` rooms.
fn loop_adjacency(n: usize, face: &[usize]) -> Vec<Vec<(usize, usize)>> {
    let mut out = vec![Vec::new(); n];
    for k in 0..face.len() {
        let (a, b) = (face[k], face[(k + 1) % face.len()]);
        out[a].push((b, k));
        out[b].push((a, k));
    }
    out
}

/// Whether three rooms using `vars[0]`, `vars[1]`, `vars[2]` can be
/// joined in a triangle (each to the other two, by distinct doors that do
/// not touch) with no two of them overlapping; `None` when the listing
/// passes [`TRIANGLE_PAIRS`] door pairs of the first room.
fn triangle_closes(space: &Space, vars: [&[usize]; 3]) -> Option<bool> {
    let mut spent = 0u64;
    let (mut ab, mut ac, mut bc) = (Vec::new(), Vec::new(), Vec::new());
    let foot = |v: usize, x: i32, y: i32| {
        let var = &space.vars[v].v;
        Foot::of((x, y), var)
    };
    let apart = |v: usize, d: usize, e: usize| {
        let doors = &space.vars[v].v.doors;
        d != e && !slots_touch(&doors[d], &doors[e])
    };
    for &a in vars[0] {
        for &b in vars[1] {
            ab.clear();
            space.offsets(a, b, &mut ab);
            for &c in vars[2] {
                ac.clear();
                space.offsets(a, c, &mut ac);
                bc.clear();
                space.offsets(b, c, &mut bc);
                spent += (ab.len() * ac.len()) as u64 + 1;
                if spent > TRIANGLE_PAIRS {
                    return None;
                }
                for o1 in &ab {
                    for o2 in &ac {
                        if !apart(a, o1.da, o2.da) {
                            continue;
                        }
                        let (fa, fb, fc) =
                            (foot(a, 0, 0), foot(b, o1.dx, o1.dy), foot(c, o2.dx, o2.dy));
                        if fa.overlap(&fb) + fa.overlap(&fc) + fb.overlap(&fc) != 0 {
                            continue;
                        }
                        let closes = bc.iter().any(|o3| {
                            (o1.dx + o3.dx, o1.dy + o3.dy) == (o2.dx, o2.dy)
                                && apart(b, o1.db, o3.da)
                                && apart(c, o2.db, o3.db)
                        });
                        if closes {
                            return Some(true);
                        }
                    }
                }
            }
        }
    }
    Some(false)
}
