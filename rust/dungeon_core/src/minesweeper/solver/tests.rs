//! Solver soundness and exactness against brute-force enumeration.

use super::*;
use crate::rng::DungeonRng;

/// Every mine layout of the hidden cells that fits the numbers and the
/// total: (cells free in all, cells mines in all), or `None` if none fits.
fn brute(k: &Knowledge) -> Option<(Vec<usize>, Vec<usize>)> {
    let hidden: Vec<usize> = (0..k.cells.len())
        .filter(|&i| k.cells[i] == Known::Hidden)
        .collect();
    let proven = k.cells.iter().filter(|c| **c == Known::Mine).count();
    let mut ever = vec![false; k.cells.len()];
    let mut always = vec![true; k.cells.len()];
    let mut any = false;
    for mask in 0u32..1 << hidden.len() {
        if mask.count_ones() as usize + proven != k.total_mines {
            continue;
        }
        let mut mine: Vec<bool> = k.cells.iter().map(|c| *c == Known::Mine).collect();
        for (b, &i) in hidden.iter().enumerate() {
            mine[i] = mask >> b & 1 == 1;
        }
        let fits = (0..k.cells.len()).all(|i| match k.cells[i] {
            Known::Open(n) => {
                neighbors(k.width, k.height, i).filter(|&j| mine[j]).count() == usize::from(n)
            }
            _ => true,
        });
        if fits {
            any = true;
            for &i in &hidden {
                ever[i] |= mine[i];
                always[i] &= mine[i];
            }
        }
    }
    any.then(|| {
        (
            hidden.iter().copied().filter(|&i| !ever[i]).collect(),
            hidden.iter().copied().filter(|&i| always[i]).collect(),
        )
    })
}

fn hidden_count(k: &Knowledge) -> usize {
    k.cells.iter().filter(|c| **c == Known::Hidden).count()
}

/// A random small board with some cells opened (and some proven mines).
fn random_view(rng: &mut DungeonRng) -> Knowledge {
    let (w, h) = (rng.range(3, 5), rng.range(3, 4));
    let n = (w * h) as usize;
    let density = rng.uniform(0.1, 0.45);
    let mines: Vec<bool> = (0..n).map(|_| rng.chance(density)).collect();
    let board = Board::from_mines(w, h, mines.clone(), (0, 0)).unwrap();
    let mut k = Knowledge::hidden(w, h, board.mine_count());
    for _ in 0..rng.range(1, 4) {
        let i = rng.below(n as u32) as usize;
        open_flood(&board, &mut k, i);
    }
    for (cell, &mine) in k.cells.iter_mut().zip(&mines) {
        if mine && rng.chance(0.15) {
            *cell = Known::Mine;
        }
    }
    k
}

#[test]
fn full_depth_matches_brute_force_exactly() {
    let mut rng = DungeonRng::new(15);
    let mut checked = 0;
    let mut proved = 0;
    for _ in 0..3000 {
        let k = random_view(&mut rng);
        if hidden_count(&k) > 12 {
            continue;
        }
        let Some((safe, mines)) = brute(&k) else {
            continue;
        };
        let d = deduce(&k, Depth::Full, &mut Budget::new(1_000_000));
        assert!(d.complete);
        assert_eq!((d.safe.clone(), d.mines.clone()), (safe, mines), "{k:?}");
        checked += 1;
        proved += d.safe.len() + d.mines.len();
    }
    assert!(
        checked > 1500 && proved > 2000,
        "{checked} views, {proved} cells"
    );
}

#[test]
fn quick_depth_and_tiny_budgets_stay_sound() {
    let mut rng = DungeonRng::new(16);
    for round in 0..3000u64 {
        let k = random_view(&mut rng);
        if hidden_count(&k) > 12 {
            continue;
        }
        let Some((safe, mines)) = brute(&k) else {
            continue;
        };
        for (depth, steps) in [(Depth::Quick, 1_000_000), (Depth::Full, round % 40)] {
            let d = deduce(&k, depth, &mut Budget::new(steps));
            assert!(d.safe.iter().all(|c| safe.contains(c)), "{k:?}");
            assert!(d.mines.iter().all(|c| mines.contains(c)), "{k:?}");
        }
    }
}

#[test]
fn subset_rule_and_global_count() {
    // 1-2-1 along a wall: the pattern that needs two numbers at once.
    //   row 0: hidden x3; row 1: opened 1 2 1
    let mut k = Knowledge::hidden(3, 2, 2);
    k.cells[3] = Known::Open(1);
    k.cells[4] = Known::Open(2);
    k.cells[5] = Known::Open(1);
    // No single number decides anything; the 2 against a 1 pins both mines.
    let d = deduce(&k, Depth::Quick, &mut Budget::new(100));
    assert_eq!((d.safe, d.mines), (vec![], vec![0, 2]));
    k.cells[0] = Known::Mine;
    k.cells[2] = Known::Mine;
    let d = deduce(&k, Depth::Quick, &mut Budget::new(100));
    assert_eq!((d.safe, d.mines), (vec![1], vec![]));
    // Global count: two hidden cells nobody sees, no mines left: safe.
    let mut k = Knowledge::hidden(3, 1, 1);
    k.cells[0] = Known::Mine;
    let d = deduce(&k, Depth::Quick, &mut Budget::new(100));
    assert_eq!((d.safe, d.mines), (vec![1, 2], vec![]));
}

#[test]
fn solve_clears_an_easy_board_and_stops_on_a_coin_flip() {
    let easy = Board::from_ascii("....\n....\n...*", (0, 0)).unwrap();
    assert!(solve(&easy, 10_000).cleared);
    // One mine in the left column pair, seen alike by both 1s: a coin flip.
    let flip = Board::from_ascii("*...\n....", (3, 0)).unwrap();
    let r = solve(&flip, 100_000);
    assert!(!r.cleared && !r.out_of_budget);
}

#[test]
fn a_malformed_view_proves_nothing() {
    let mut k = Knowledge::hidden(3, 3, 1);
    k.cells.pop();
    let d = deduce(&k, Depth::Full, &mut Budget::new(100));
    assert!(d.safe.is_empty() && d.mines.is_empty() && !d.complete);
    let k = Knowledge::hidden(-2, 3, 0);
    assert!(
        deduce(&k, Depth::Full, &mut Budget::new(100))
            .safe
            .is_empty()
    );
}
