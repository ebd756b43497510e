//! The end tile: a floor tile farthest from the start by path, found by a
//! breadth-first search on the wall bits, 64 tiles at a time.
//!
//! Each step grows the frontier by one tile in the four directions with
//! shifts, keeps what is floor and not yet visited, and only touches the
//! words the frontier occupies (a list of word indices), so a step costs
//! the frontier's size in words, not the map's. The last non-empty
//! frontier holds the tiles farthest from the start; we return its first
//! in scan order. A search over tiles would visit every floor tile and
//! its four neighbours one by one; this visits each word once per step it
//! is on the frontier.

use super::automaton::Bits;
use crate::error::GenError;
use crate::watch::Span;

/// The first tile (row-major index) in scan order among the floor tiles
/// farthest from `start` by 4-connected path, and that distance.
///
/// `progress` is checked every 64 steps; the number of steps is not known
/// beforehand, so step `k` reports `k / (k + width + height)`.
pub(crate) fn farthest(
    bits: &Bits,
    start: usize,
    progress: Span<'_>,
) -> Result<(usize, u32), GenError> {
    let (w, s) = (bits.width, bits.stride);
    let n = bits.words.len();
    let floor: Vec<u64> = bits.words.iter().map(|&x| !x).collect();
    let mut seen = vec![0u64; n];
    let mut cur = vec![0u64; n];
    let mut next = vec![0u64; n];
    let (y0, x0) = (start / w, start % w);
    let first = y0 * s + x0 / 64;
    cur[first] = 1 << (x0 % 64);
    seen[first] = cur[first];
    let mut list = vec![first];
    let mut next_list: Vec<usize> = Vec::new();
    let mut steps = 0u32;
    // Every step marks at least one new floor tile, so there are at most
    // as many steps as floor tiles.
    loop {
        for &i in &list {
            let f = cur[i];
            let k = i % s;
            let mut reach = |t: usize, c: u64, next: &mut [u64], list: &mut Vec<usize>| {
                let new = c & floor[t] & !seen[t];
                if new != 0 {
                    if next[t] == 0 {
                        list.push(t);
                    }
                    next[t] |= new;
                    seen[t] |= new;
                }
            };
            reach(i, f << 1 | f >> 1, &mut next, &mut next_list);
            if k > 0 && f & 1 != 0 {
                reach(i - 1, 1 << 63, &mut next, &mut next_list);
            }
            if k + 1 < s && f >> 63 != 0 {
                reach(i + 1, 1, &mut next, &mut next_list);
            }
            // The outer ring is wall, so floor never sits on row 0 or the
            // last row; the checks only guard the slice.
            if i >= s {
                reach(i - s, f, &mut next, &mut next_list);
            }
            if i + s < n {
                reach(i + s, f, &mut next, &mut next_list);
            }
        }
        if next_list.is_empty() {
            break;
        }
        for &i in &list {
            cur[i] = 0;
        }
        std::mem::swap(&mut cur, &mut next);
        std::mem::swap(&mut list, &mut next_list);
        next_list.clear();
        steps += 1;
        if steps.is_multiple_of(64) {
            let k = f64::from(steps);
            progress.at(k / (k + (w + bits.height) as f64))?;
        }
    }
    let i = list.iter().copied().min().unwrap_or(first);
    let tile = (i / s) * w + (i % s) * 64 + cur[i].trailing_zeros() as usize;
    Ok((tile, steps))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::UNREACHABLE;
    use crate::rng::DungeonRng;

    /// The oracle: the first farthest floor tile in scan order and its
    /// distance, by a plain breadth-first search over tiles.
    pub(super) fn by_tiles(b: &Bits, start: usize) -> (usize, u32) {
        let (w, h) = (b.width, b.height);
        let mut dist = vec![UNREACHABLE; w * h];
        dist[start] = 0;
        let mut queue = std::collections::VecDeque::from([start]);
        while let Some(i) = queue.pop_front() {
            let (x, y) = (i % w, i / w);
            for (nx, ny) in [
                (x.wrapping_sub(1), y),
                (x + 1, y),
                (x, y.wrapping_sub(1)),
                (x, y + 1),
            ] {
                if nx < w && ny < h && !b.wall(nx, ny) && dist[ny * w + nx] == UNREACHABLE {
                    dist[ny * w + nx] = dist[i] + 1;
                    queue.push_back(ny * w + nx);
                }
            }
        }
        // Walls and cut-off floor stay UNREACHABLE (-1), below every distance.
        let far = dist.iter().copied().max().unwrap_or(0);
        let at = dist.iter().position(|&d| d == far).unwrap_or(start);
        (at, far.unsigned_abs())
    }

    #[test]
    fn equals_a_tile_bfs_on_random_maps() {
        let mut r = DungeonRng::new(31);
        for case in 0..300 {
            let (w, h) = (r.range(3, 200) as usize, r.range(3, 40) as usize);
            let mut b = Bits::walls(w, h);
            b.fill(r.uniform(0.1, 0.6), &mut r);
            let floor: Vec<usize> = (0..w * h).filter(|&i| !b.wall(i % w, i / w)).collect();
            let Some(&start) = r.pick(&floor) else {
                continue;
            };
            assert_eq!(
                farthest(&b, start, crate::watch::Watch::new().span(0.0, 1.0)),
                Ok(by_tiles(&b, start)),
                "case {case} {w}×{h}"
            );
        }
    }
}

/// Weighs the word search against the plain tile search it replaces (the
/// oracle above), on random 70 % floor maps; a measurement, run by hand:
/// `cargo test --release -p dungeon_core --lib cave::farthest::timing -- --ignored --nocapture`.
#[cfg(test)]
mod timing {
    use super::*;
    use crate::rng::DungeonRng;

    #[test]
    #[ignore = "a measurement, run by hand: cargo test --release -p dungeon_core --lib cave::farthest::timing -- --ignored --nocapture"]
    fn time_words_against_tiles() {
        for (w, h, reps) in [(80usize, 50usize, 400), (256, 256, 40), (1024, 1024, 4)] {
            let mut r = DungeonRng::new(5);
            let mut b = Bits::walls(w, h);
            b.fill(0.3, &mut r);
            let floor: Vec<usize> = (0..w * h).filter(|&i| !b.wall(i % w, i / w)).collect();
            let start = floor[floor.len() / 2];
            let t = std::time::Instant::now();
            let mut a = (0, 0);
            for _ in 0..reps {
                a = farthest(&b, start, crate::watch::Watch::new().span(0.0, 1.0)).unwrap();
            }
            let words = t.elapsed().as_secs_f64() / reps as f64;
            let t = std::time::Instant::now();
            let mut want = (0, 0);
            for _ in 0..reps {
                want = super::tests::by_tiles(&b, start);
            }
            let tiles = t.elapsed().as_secs_f64() / reps as f64;
            assert_eq!(a, want);
            println!(
                "{w}x{h}: words {:.3} ms, tiles {:.3} ms, tiles/words {:.2}x",
                words * 1e3,
                tiles * 1e3,
                tiles / words
            );
        }
    }
}
