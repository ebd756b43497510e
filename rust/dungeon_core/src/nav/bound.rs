//! A lower bound on the number of rectangles in any partition of a grid's
//! walkable cells, to judge the build's count against.
//!
//! For a rectilinear polygon with `v` vertices and `h` holes, the minimum
//! number of rectangles in a partition is `v/2 + h − g − 1`, where `g` is
//! the largest number of pairwise non-crossing *good chords*
//! (axis-parallel segments inside the polygon joining two reflex
//! vertices). Horizontal and vertical chords form a bipartite crossing
//! graph, so `g` is the number of chords less a maximum matching (König).
//! This is the classic result (Lipski et al. 1979, Ohtsuki 1982,
//! Ferrari–Sankar–Sklansky 1984; stated in Eppstein, *Graph-Theoretic
//! Solutions to Computational Geometry Problems*, 2009, §3).
//!
//! With `C` convex and `R` reflex vertices, `C − R = 4 − 4h` per polygon,
//! so the minimum is `(C + 3R)/4 − g`, which sums over any number of
//! parts. Vertices are counted per lattice point, with no outline
//! tracing: a point's four quadrant cells are grouped into *sectors*
//! joined through open sides; a sector of one quadrant is a convex
//! vertex, of three a reflex one. A diagonal pinch is two convex vertices
//! (no rectangle crosses it).
//!
//! Thin walls (closed sides between walkable cells) are slits of no
//! width. A wall's free end, where all four quadrants form one sector
//! bounded by one closed side, is a *tip*: a partition must continue the
//! wall from it, which costs half a rectangle (two corners) unless the
//! continuation is a good chord. The bound used is
//! `(C + 3R + 2T)/4 − G`, with `T` the tips and `G` the largest set of
//! non-crossing good chords among reflex vertices and tips; a chord may
//! cross a tip whose wall meets it square on (that tip's two corners are
//! paid either way). Without thin walls this is the exact minimum. With
//! them it is not a published theorem: the tests compare it with an
//! exhaustive search on small random grids (`nav::tests::bound`), where it
//! has never been above the optimum (and has always equalled it).

use super::NavOptions;
use super::lattice::{Lattice, OPEN_E, OPEN_S, WALK};
use crate::error::GenError;
use crate::grid::DungeonGrid;
use crate::watch::Watch;

/// No chord.
const NONE: u32 = u32::MAX;

/// Directions, as bit positions: east, south, west, north. Arm `k` of a
/// lattice point runs from it in direction `k`.
const E: usize = 0;
const S: usize = 1;
const W: usize = 2;
const N: usize = 3;

/// A point flag: all four quadrants walkable and all four arms open.
const INTERIOR: u8 = 1 << 4;
/// A point flag: a thin wall's free end.
const TIP: u8 = 1 << 5;

/// The lower bound for `grid` built with `opts`: no partition of the
/// walkable area (after the agent-radius margin) into rectangles that keep
/// its thin walls on their sides has fewer.
///
/// # Errors
/// [`GenError::Config`] for bad options, as [`super::build`].
pub fn lower_bound(grid: &DungeonGrid, opts: &NavOptions) -> Result<usize, GenError> {
    opts.validate()?;
    let lat = opts.lattice(grid, Watch::new().span(0.0, 1.0))?;
    Ok(of_lattice(&lat))
}

/// The counts behind the bound.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counts {
    /// Convex vertices.
    pub convex: usize,
    /// Reflex vertices.
    pub reflex: usize,
    /// Thin-wall tips.
    pub tips: usize,
    /// Largest set of non-crossing good chords.
    pub chords: usize,
}

impl Counts {
    /// `(C + 3R + 2T)/4 − G`, never below 0.
    pub(crate) fn bound(self) -> usize {
        ((self.convex + 3 * self.reflex + 2 * self.tips) / 4).saturating_sub(self.chords)
    }
}

/// The bound on lattice `lat`.
pub(crate) fn of_lattice(lat: &Lattice) -> usize {
    counts(lat).bound()
}

/// The lattice point grid: per point, its extension directions (bits
/// `1 << E`…) and [`INTERIOR`].
struct Points<'a> {
    lat: &'a Lattice,
    ext: Vec<u8>,
}

impl Points<'_> {
    /// Point `(i, j)`'s index.
    fn at(&self, i: usize, j: usize) -> usize {
        j * (self.lat.w + 1) + i
    }

    /// Whether the arm from point `(i, j)` in direction `d` runs between
    /// two walkable cells over an open side.
    fn arm_open(&self, i: usize, j: usize, d: usize) -> bool {
        let lat = self.lat;
        let has = |x: Option<usize>, y: Option<usize>, f: u8| match (x, y) {
            (Some(x), Some(y)) => lat.has(x, y, f),
            _ => false,
        };
        match d {
            E => has(Some(i), j.checked_sub(1), OPEN_S),
            S => has(i.checked_sub(1), Some(j), OPEN_E),
            W => has(i.checked_sub(1), j.checked_sub(1), OPEN_S),
            _ => has(i.checked_sub(1), j.checked_sub(1), OPEN_E),
        }
    }

    /// The extension bits of point `(i, j)`; `0` off the lattice.
    fn ext_at(&self, i: usize, j: usize) -> u8 {
        if i > self.lat.w || j > self.lat.h {
            return 0;
        }
        self.ext.get(self.at(i, j)).copied().unwrap_or(0)
    }
}

/// Counts convex and reflex vertices, tips and independent good chords.
pub(crate) fn counts(lat: &Lattice) -> Counts {
    let (w, h) = (lat.w, lat.h);
    let mut pts = Points {
        lat,
        ext: vec![0; (w + 1) * (h + 1)],
    };
    let mut c = Counts::default();
    for j in 0..=h {
        for i in 0..=w {
            let e = classify(&pts, i, j, &mut c);
            let k = pts.at(i, j);
            if let Some(slot) = pts.ext.get_mut(k) {
                *slot = e;
            }
        }
    }
    let (hs, vs) = chords(&pts);
    let (h_count, v_count) = (hs.len(), vs.len());
    let adj = crossings(&pts, &hs, &vs);
    c.chords = h_count + v_count - matching(&adj, v_count);
    c
}

/// Classifies point `(i, j)`: adds its vertices to `c` and returns its
/// extension bits (or [`INTERIOR`]).
fn classify(pts: &Points<'_>, i: usize, j: usize, c: &mut Counts) -> u8 {
    let lat = pts.lat;
    let cell = |x: Option<usize>, y: Option<usize>| match (x, y) {
        (Some(x), Some(y)) => lat.has(x, y, WALK),
        _ => false,
    };
    let (im, jm) = (i.checked_sub(1), j.checked_sub(1));
    // Quadrant k lies between arms k - 1 and k: NE, SE, SW, NW.
    let quad = [
        cell(Some(i), jm),
        cell(Some(i), Some(j)),
        cell(im, Some(j)),
        cell(im, jm),
    ];
    let arm = [E, S, W, N].map(|d| pts.arm_open(i, j, d));
    let Some(closed) = (0..4).find(|&k| !arm[k]) else {
        return INTERIOR;
    };
    let mut ext = 0u8;
    // Walk the quadrants from just after a closed arm, grouping runs
    // joined through open arms into sectors.
    let mut sector: Option<(usize, usize)> = None; // (first quadrant, size)
    let mut close = |s: Option<(usize, usize)>, ext: &mut u8| {
        let Some((first, size)) = s else { return };
        let before = (first + 3) % 4; // the arm before the first quadrant
        let after = (first + size - 1) % 4; // the arm after the last
        match size {
            1 => c.convex += 1,
            3 => {
                c.reflex += 1;
                *ext |= 1 << ((before + 2) % 4) | 1 << ((after + 2) % 4);
            }
            4 => {
                c.tips += 1;
                *ext |= TIP | 1 << ((before + 2) % 4);
            }
            _ => {}
        }
    };
    for t in 0..4 {
        let q = (closed + 1 + t) % 4;
        if !quad[q] {
            close(sector.take(), &mut ext);
        } else if let Some((first, size)) = sector.filter(|_| arm[(q + 3) % 4]) {
            sector = Some((first, size + 1));
        } else {
            close(sector.take(), &mut ext);
            sector = Some((q, 1));
        }
    }
    close(sector, &mut ext);
    ext
}

/// A chord: on line `line` (a row of points for a horizontal chord, a
/// column for a vertical one) from point `from` to point `to` along it.
#[derive(Clone, Copy, Debug)]
struct Chord {
    line: usize,
    from: usize,
    to: usize,
}

/// The good chords, horizontal and vertical, each cast east or south from
/// a point that extends that way, through interior points (and tips whose
/// wall it meets square on), to a point that extends back.
fn chords(pts: &Points<'_>) -> (Vec<Chord>, Vec<Chord>) {
    let (w, h) = (pts.lat.w, pts.lat.h);
    let (mut hs, mut vs) = (Vec::new(), Vec::new());
    for j in 0..=h {
        for i in 0..=w {
            let e = pts.ext_at(i, j);
            if e & INTERIOR != 0 {
                continue;
            }
            if e & (1 << E) != 0
                && let Some(to) = cast(pts, (i, j), E, w - i)
            {
                hs.push(Chord {
                    line: j,
                    from: i,
                    to,
                });
            }
            if e & (1 << S) != 0
                && let Some(to) = cast(pts, (i, j), S, h - j)
            {
                vs.push(Chord {
                    line: i,
                    from: j,
                    to,
                });
            }
        }
    }
    (hs, vs)
}

/// Casts a ray from `p` in direction `d` (east or south) for at most
/// `steps` arms; the coordinate along the ray where it meets a point
/// extending back, if it does before anything else.
fn cast(pts: &Points<'_>, p: (usize, usize), d: usize, steps: usize) -> Option<usize> {
    let back = 1u8 << ((d + 2) % 4);
    let (mut i, mut j) = p;
    for _ in 0..steps {
        if !pts.arm_open(i, j, d) {
            return None;
        }
        if d == E {
            i += 1;
        } else {
            j += 1;
        }
        let e = pts.ext_at(i, j);
        if e & back != 0 {
            return Some(if d == E { i } else { j });
        }
        // A chord may cross a tip whose wall meets it square on: the two
        // corners there are the tip's own cost, and the chord goes on.
        let square_tip = e & TIP != 0 && e & (1 << d | back) == 0;
        if e & INTERIOR == 0 && !square_tip {
            return None;
        }
    }
    None
}

/// For each horizontal chord, the vertical chords it meets (endpoints
/// included).
fn crossings(pts: &Points<'_>, hs: &[Chord], vs: &[Chord]) -> Vec<Vec<u32>> {
    // Vertical chords on one column never share a point: each point
    // extends at most one way vertically.
    let mut cover = vec![NONE; pts.ext.len()];
    for (id, v) in vs.iter().enumerate() {
        for j in v.from..=v.to {
            let k = pts.at(v.line, j);
            if let Some(slot) = cover.get_mut(k) {
                *slot = id as u32;
            }
        }
    }
    hs.iter()
        .map(|c| {
            (c.from..=c.to)
                .filter_map(|i| cover.get(pts.at(i, c.line)).copied())
                .filter(|&v| v != NONE)
                .collect()
        })
        .collect()
}

/// The size of a maximum matching in the bipartite graph `adj` (left
/// vertices to right vertices `0..right`), by Hopcroft–Karp.
fn matching(adj: &[Vec<u32>], right: usize) -> usize {
    let left = adj.len();
    let mut match_l = vec![NONE; left];
    let mut match_r = vec![NONE; right];
    let mut dist = vec![0u32; left];
    let mut queue = Vec::with_capacity(left);
    let mut size = 0;
    // Each phase adds at least one augmenting path; there are at most
    // `min(left, right)` of them.
    for _ in 0..=left.min(right) {
        // Layer the free left vertices and what they reach.
        queue.clear();
        for l in 0..left {
            if match_l[l] == NONE {
                dist[l] = 0;
                queue.push(l as u32);
            } else {
                dist[l] = NONE;
            }
        }
        let mut found = false;
        let mut head = 0;
        while let Some(&l) = queue.get(head) {
            head += 1;
            for &r in &adj[l as usize] {
                let m = match_r[r as usize];
                if m == NONE {
                    found = true;
                } else if dist[m as usize] == NONE {
                    dist[m as usize] = dist[l as usize] + 1;
                    queue.push(m);
                }
            }
        }
        if !found {
            break;
        }
        // Augment along layered paths, depth first without recursion.
        let mut next = vec![0usize; left];
        for root in 0..left {
            if match_l[root] != NONE {
                continue;
            }
            let mut stack: Vec<u32> = vec![root as u32];
            let mut path: Vec<u32> = Vec::new(); // right vertices taken
            while let Some(&l) = stack.last() {
                let lu = l as usize;
                let Some(&r) = adj[lu].get(next[lu]) else {
                    dist[lu] = NONE; // dead end: never try it again
                    stack.pop();
                    path.pop();
                    continue;
                };
                next[lu] += 1;
                let m = match_r[r as usize];
                if m == NONE {
                    // Flip the path: each left vertex on the stack takes
                    // the right vertex it went through.
                    path.push(r);
                    for (&l, &r) in stack.iter().zip(&path) {
                        match_l[l as usize] = r;
                        match_r[r as usize] = l;
                    }
                    size += 1;
                    break;
                }
                if dist[m as usize] == dist[lu] + 1 {
                    stack.push(m);
                    path.push(r);
                }
            }
        }
    }
    size
}
