//! The cellular automaton on rows of bits: 64 tiles per `u64` word, bit
//! `i` of word `k` in a row is the tile in column `64k + i`, `1` = wall.
//!
//! A pass counts walls for 64 tiles at once with bitwise adders (the counts
//! are kept "bit-sliced": plane `j` holds bit `j` of all 64 counts), then
//! compares the counts with the cutoffs the same way. Rows are summed
//! across first (3 and 5 tiles wide), then the row sums down. Bits past the
//! map's last column are kept set, and rows and words past the map's edges
//! read as all wall, so edge tiles need no special case: tiles outside the
//! map count as wall, as in the worked example's picture, whose border is
//! solid rock.
//! [`step_tiles`] is the same rule tile by tile, the tests' oracle.

use super::config::CavePhase;
use crate::error::GenError;
use crate::rng::DungeonRng;
use crate::watch::Span;

/// A map of wall bits, row by row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Bits {
    pub width: usize,
    pub height: usize,
    /// Words per row.
    pub stride: usize,
    pub words: Vec<u64>,
}

impl Bits {
    /// An all-wall map.
    pub fn walls(width: usize, height: usize) -> Self {
        let stride = width.div_ceil(64);
        Self {
            width,
            height,
            stride,
            words: vec![!0; stride * height],
        }
    }

    /// Whether `(x, y)` is wall (outside the map is wall).
    #[cfg(test)]
    pub fn wall(&self, x: usize, y: usize) -> bool {
        if x >= self.width || y >= self.height {
            return true;
        }
        self.words[y * self.stride + x / 64] >> (x % 64) & 1 == 1
    }

    /// Sets `(x, y)` to wall or floor (inside the map only).
    pub fn set(&mut self, x: usize, y: usize, wall: bool) {
        if x < self.width && y < self.height {
            let w = &mut self.words[y * self.stride + x / 64];
            let bit = 1u64 << (x % 64);
            if wall { *w |= bit } else { *w &= !bit }
        }
    }

    /// The bits of the last word of a row that lie past the map (kept set).
    fn pad_mask(&self) -> u64 {
        match self.width % 64 {
            0 => 0,
            r => !0u64 << r,
        }
    }

    /// Makes the outer ring wall and keeps the padding bits set.
    pub fn wall_border(&mut self) {
        let (s, h) = (self.stride, self.height);
        let pad = self.pad_mask();
        let last_col = 1u64 << ((self.width - 1) % 64);
        for y in 0..h {
            let row = &mut self.words[y * s..(y + 1) * s];
            if y == 0 || y + 1 == h {
                row.fill(!0);
                continue;
            }
            row[0] |= 1;
            row[s - 1] |= last_col | pad;
        }
    }

    /// The random fill: every tile is wall with probability `p`, drawn from
    /// `rng`; then the border is made wall.
    ///
    /// A tile is wall when a uniform 32-bit draw `u` is below
    /// `t = p · 2³²`. The 64 tiles of a word compare their draws with `t`
    /// together, one bit of `u` at a time from the top (plane `j` holds bit
    /// `j` of all 64 draws), and stop once every tile is decided: the same
    /// outcome as 64 separate draws compared in full, for about a quarter
    /// of the random numbers (≈ 8 planes of 64 bits per word, where 64
    /// whole draws would take 32).
    pub fn fill(&mut self, p: f64, rng: &mut DungeonRng) {
        // 0 ..= 2^32; p is validated to 0..=1.
        let t = (p.clamp(0.0, 1.0) * 4_294_967_296.0) as u64;
        for w in &mut self.words {
            *w = random_word(t, rng);
        }
        self.wall_border();
    }
}

/// 64 tiles: bit set where a 32-bit draw is below `t` (`t ≤ 2^32`).
fn random_word(t: u64, rng: &mut DungeonRng) -> u64 {
    if t >= 1 << 32 {
        return !0;
    }
    let (mut below, mut equal) = (0u64, !0u64);
    for bit in (0..32).rev() {
        let r = u64::from(rng.next_u32()) << 32 | u64::from(rng.next_u32());
        if t >> bit & 1 == 1 {
            below |= equal & !r;
            equal &= r;
        } else {
            equal &= !r;
        }
        if equal == 0 {
            break;
        }
    }
    below
}

/// Bit-sliced unsigned numbers: plane `j` holds bit `j` of 64 numbers.
type Planes<const N: usize> = [u64; N];

/// `a + b`, both zero-extended to `N` planes (the sums here never overflow
/// `N` bits).
#[inline(always)]
fn add<const A: usize, const B: usize, const N: usize>(a: Planes<A>, b: Planes<B>) -> Planes<N> {
    let mut out = [0u64; N];
    let mut carry = 0u64;
    for (j, o) in out.iter_mut().enumerate() {
        let x = if j < A { a[j] } else { 0 };
        let y = if j < B { b[j] } else { 0 };
        let xy = x ^ y;
        *o = xy ^ carry;
        carry = (x & y) | (carry & xy);
    }
    out
}

/// Lanes whose number is at least `c` (`c ≥ 0`; all lanes for `c = 0`,
/// none when `c` needs more than `N` bits).
#[inline(always)]
fn at_least<const N: usize>(n: Planes<N>, c: u32) -> u64 {
    if c >> N != 0 {
        return 0;
    }
    let (mut greater, mut equal) = (0u64, !0u64);
    for j in (0..N).rev() {
        if c >> j & 1 == 1 {
            equal &= n[j];
        } else {
            greater |= equal & n[j];
            equal &= !n[j];
        }
    }
    greater | equal
}

/// Per word of one row: walls in the 3 tiles around each tile (x-1..=x+1,
/// 2 planes) and in the 5 around it (x-2..=x+2, 3 planes).
fn row_sums(row: &[u64], h3: &mut [Planes<2>], h5: &mut [Planes<3>]) {
    let n = row.len();
    for k in 0..n {
        let c = row[k];
        let prev = if k > 0 { row[k - 1] } else { !0 };
        let next = if k + 1 < n { row[k + 1] } else { !0 };
        let l1 = c << 1 | prev >> 63;
        let r1 = c >> 1 | next << 63;
        let l2 = c << 2 | prev >> 62;
        let r2 = c >> 2 | next << 62;
        // Full adder: l1 + c + r1.
        let s = l1 ^ c ^ r1;
        let carry = (l1 & c) | (r1 & (l1 ^ c));
        h3[k] = [s, carry];
        // Plus l2 + r2.
        h5[k] = add::<2, 2, 3>([s, carry], [l2 ^ r2, l2 & r2]);
    }
}

/// Runs one pass of `phase` from `src` into `dst` (double buffer: `src` is
/// only read). `h3`/`h5` are scratch: the row sums of every row.
pub(crate) fn step(
    src: &Bits,
    dst: &mut Bits,
    phase: CavePhase,
    h3: &mut Vec<Planes<2>>,
    h5: &mut Vec<Planes<3>>,
) {
    let (s, h) = (src.stride, src.height);
    h3.resize(s * h, [0; 2]);
    h5.resize(s * h, [0; 3]);
    for y in 0..h {
        let span = y * s..(y + 1) * s;
        row_sums(
            &src.words[span.clone()],
            &mut h3[span.clone()],
            &mut h5[span],
        );
    }
    // Rows past the map: 3 and 5 walls everywhere.
    let (wall3, wall5): (Planes<2>, Planes<3>) = ([!0, !0], [!0, 0, !0]);
    let r1_cut = u32::try_from(phase.r1_cutoff).unwrap_or(0);
    // R2 ≤ c  ⇔  not R2 ≥ c + 1; c = -1 never fires.
    let r2_above = u32::try_from(phase.r2_cutoff + 1).unwrap_or(0);
    let r2_on = phase.r2_cutoff >= 0;
    let at = |y: isize, k: usize| -> (Planes<2>, Planes<3>) {
        if y < 0 || y as usize >= h {
            (wall3, wall5)
        } else {
            let i = y as usize * s + k;
            (h3[i], h5[i])
        }
    };
    for y in 0..h {
        let yi = y as isize;
        for k in 0..s {
            let (a3, a5) = at(yi - 1, k);
            let (b3, b5) = at(yi, k);
            let (c3, c5) = at(yi + 1, k);
            let (d3, _) = at(yi - 2, k);
            let (e3, _) = at(yi + 2, k);
            let r1: Planes<4> = add::<4, 2, 4>(add::<2, 2, 4>(a3, b3), c3);
            let mut wall = at_least(r1, r1_cut);
            if r2_on {
                let rows5: Planes<4> = add::<4, 3, 4>(add::<3, 3, 4>(a5, b5), c5);
                let caps: Planes<3> = add::<2, 2, 3>(d3, e3);
                let r2: Planes<5> = add::<4, 3, 5>(rows5, caps);
                wall |= !at_least(r2, r2_above);
            }
            dst.words[y * s + k] = wall;
        }
    }
    dst.wall_border();
}

/// Runs every phase, `repeats` passes each, from the fill in `a`; the
/// result ends in `a` (`b` is the second buffer).
/// `progress` is checked after each pass, the passes weighing alike.
pub(crate) fn run_phases(
    a: &mut Bits,
    b: &mut Bits,
    phases: &[CavePhase],
    progress: Span<'_>,
) -> Result<(), GenError> {
    let (mut h3, mut h5) = (Vec::new(), Vec::new());
    let total: usize = phases.iter().map(|p| p.repeats.max(0) as usize).sum();
    let mut done = 0;
    for &phase in phases {
        for _ in 0..phase.repeats {
            step(a, b, phase, &mut h3, &mut h5);
            std::mem::swap(a, b);
            done += 1;
            progress.step(done, total)?;
        }
    }
    Ok(())
}

/// The oracle: one pass of `phase` tile by tile on a row-major wall map,
/// exactly as the rule reads (outside the map counts as wall, the outer
/// ring is forced to wall).
#[cfg(test)]
pub(crate) fn step_tiles(
    walls: &[bool],
    width: usize,
    height: usize,
    phase: CavePhase,
) -> Vec<bool> {
    let wall = |x: isize, y: isize| {
        x < 0
            || y < 0
            || x >= width as isize
            || y >= height as isize
            || walls[y as usize * width + x as usize]
    };
    let mut out = vec![true; walls.len()];
    for y in 0..height as isize {
        for x in 0..width as isize {
            let (mut r1, mut r2) = (0, 0);
            for dy in -2..=2isize {
                for dx in -2..=2isize {
                    if dx.abs() == 2 && dy.abs() == 2 {
                        continue;
                    }
                    if wall(x + dx, y + dy) {
                        r2 += 1;
                        if dx.abs() <= 1 && dy.abs() <= 1 {
                            r1 += 1;
                        }
                    }
                }
            }
            let border = x == 0 || y == 0 || x + 1 == width as isize || y + 1 == height as isize;
            out[y as usize * width + x as usize] =
                border || r1 >= phase.r1_cutoff || r2 <= phase.r2_cutoff;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn to_bools(b: &Bits) -> Vec<bool> {
        (0..b.height)
            .flat_map(|y| (0..b.width).map(move |x| (x, y)))
            .map(|(x, y)| b.wall(x, y))
            .collect()
    }

    #[test]
    fn bitwise_passes_equal_the_tile_by_tile_rule() {
        // Many random maps and rules, widths on both sides of word edges.
        let mut r = DungeonRng::new(99);
        let widths = [4, 5, 17, 63, 64, 65, 100, 127, 128, 129, 191, 200];
        let mut checked = 0;
        for case in 0..400 {
            let width = if case < widths.len() * 4 {
                widths[case % widths.len()]
            } else {
                r.range(4, 260) as usize
            };
            let height = r.range(4, 40) as usize;
            let mut a = Bits::walls(width, height);
            a.fill(r.uniform(0.0, 1.0), &mut r);
            let mut b = Bits::walls(width, height);
            let mut tiles = to_bools(&a);
            let (mut h3, mut h5) = (Vec::new(), Vec::new());
            for _ in 0..3 {
                let phase = CavePhase::new(r.range(0, 10), r.range(-1, 21), 1);
                step(&a, &mut b, phase, &mut h3, &mut h5);
                std::mem::swap(&mut a, &mut b);
                tiles = step_tiles(&tiles, width, height, phase);
                assert_eq!(
                    to_bools(&a),
                    tiles,
                    "{width}×{height} {phase:?} case {case}"
                );
                // Padding bits stay set.
                let pad = a.pad_mask();
                for y in 0..height {
                    assert_eq!(a.words[y * a.stride + a.stride - 1] & pad, pad);
                }
                checked += 1;
            }
        }
        assert_eq!(checked, 1200);
    }

    #[test]
    fn the_common_rules_on_a_picture() {
        // One floor tile surrounded by wall: R1 = 8 ≥ 5, so it fills.
        let mut a = Bits::walls(7, 7);
        a.set(3, 3, false);
        let mut b = a.clone();
        let (mut h3, mut h5) = (Vec::new(), Vec::new());
        step(&a, &mut b, CavePhase::new(5, -1, 1), &mut h3, &mut h5);
        assert!(b.wall(3, 3));
        // An open 5×5 field: R1 = 0, R2 small only near the wall ring.
        let mut a = Bits::walls(7, 7);
        for y in 1..6 {
            for x in 1..6 {
                a.set(x, y, false);
            }
        }
        step(&a, &mut b, CavePhase::new(5, -1, 1), &mut h3, &mut h5);
        // The inner corners see 5 walls in their 3×3 block (R1 ≥ 5): wall.
        assert!(b.wall(1, 1) && b.wall(5, 5));
        assert!(!b.wall(2, 1) && !b.wall(3, 3));
        // R2 ≤ 2 in the middle of an open field: a pillar grows there.
        step(&a, &mut b, CavePhase::new(10, 2, 1), &mut h3, &mut h5);
        assert!(b.wall(3, 3) && !b.wall(2, 2));
    }

    #[test]
    fn fill_matches_its_probability_and_extremes() {
        let mut r = DungeonRng::new(5);
        let mut a = Bits::walls(300, 300);
        a.fill(0.0, &mut r);
        assert_eq!(
            to_bools(&a).iter().filter(|&&w| w).count(),
            2 * 300 + 2 * 298
        );
        a.fill(1.0, &mut r);
        assert!(to_bools(&a).iter().all(|&w| w));
        a.fill(0.4, &mut r);
        let inner = (1..299)
            .flat_map(|y| (1..299).map(move |x| (x, y)))
            .filter(|&(x, y)| a.wall(x, y))
            .count();
        let share = inner as f64 / (298.0 * 298.0);
        assert!((share - 0.4).abs() < 0.01, "{share}");
    }
}
