//! Properties of the digging generators' open-floor maps (tunneler and
//! walker) over 5000 random valid configs each, plus a sweep of random
//! (often invalid) configs that must fail exactly when validation does and
//! never panic, and the walker's linear work.
//!
//! Every map passes `check()`, is one 4-connected region of floor, keeps its
//! 1-tile wall border, has start ≠ end with the end farthest from the start
//! by path, and is the same bytes when generated twice.

use dungeon_core::dig::border_is_wall;
use dungeon_core::tunneler::{self, TunnelerConfig};
use dungeon_core::walker::{self, Directions, WalkerConfig};
use dungeon_core::{Cell, DungeonGrid, DungeonRng, GenError};

const CONFIGS: u64 = 5000;

/// What every open-floor map keeps.
fn assert_open_floor(g: &DungeonGrid, twice: &DungeonGrid, what: &dyn Fn() -> String) {
    assert!(g.check().is_ok(), "{:?}: {}\n{g}", g.check(), what());
    assert!(g.is_open_floor() && g.room_rects().is_empty(), "{}", what());
    assert!(g.is_connected(), "{}\n{g}", what());
    assert!(border_is_wall(g), "border dug: {}\n{g}", what());
    assert_ne!(g.start(), g.end(), "{}", what());
    assert_eq!(g.cell(g.start()), Cell::Start);
    assert_eq!(g.cell(g.end()), Cell::End);
    // The fast finishing pass opens exactly the sides the plain one
    // (`from_ascii`, every side between two walkable tiles) opens.
    let plain = DungeonGrid::from_ascii(&g.to_ascii()).expect("own picture reads back");
    assert_eq!(g.door_masks(), plain.door_masks(), "{}", what());
    let dist = g.distances_from(g.start());
    let far = *dist.iter().max().unwrap_or(&0);
    assert_eq!(
        dist[g.index(g.end()).unwrap()],
        far,
        "end not farthest: {}",
        what()
    );
    assert!(
        g.cells()
            .iter()
            .all(|c| matches!(c, Cell::Empty | Cell::Floor | Cell::Start | Cell::End)),
        "{}",
        what()
    );
    assert_eq!(g, twice, "not the same twice: {}", what());
    assert_eq!(g.to_json(), twice.to_json());
}

fn random_tunneler(r: &mut DungeonRng) -> TunnelerConfig {
    let width = r.range(8, 40);
    let height = r.range(8, 40);
    let longest = width.min(height) - 3;
    let max_tunnel_length = r.range(1, longest);
    TunnelerConfig {
        width,
        height,
        max_tunnels: r.range(1, 60),
        min_tunnel_length: r.range(1, max_tunnel_length),
        max_tunnel_length,
    }
}

fn random_walker(r: &mut DungeonRng) -> WalkerConfig {
    let width = r.range(8, 40);
    let height = r.range(8, 40);
    let most = f64::from((width - 2) * (height - 2)) / f64::from(width * height);
    WalkerConfig {
        width,
        height,
        directions: if r.below(2) == 0 {
            Directions::Four
        } else {
            Directions::Eight
        },
        floor_fraction: r.uniform(0.01, 0.7).min(most),
        walkers: r.range(1, 8),
        lifetime: if r.below(2) == 0 { 0 } else { r.range(1, 200) },
        max_steps_per_tile: 1000,
    }
}

#[test]
fn tunneler_maps_keep_every_property() {
    let mut r = DungeonRng::new(3);
    for case in 0..CONFIGS {
        let c = random_tunneler(&mut r);
        let level = r.range(1, 1000);
        let g = tunneler::generate(&c, case, level).unwrap();
        let what = || format!("{c:?} seed {case} level {level}");
        assert_open_floor(&g, &tunneler::generate(&c, case, level).unwrap(), &what);
        assert_eq!(
            (g.width(), g.height(), g.generator.as_str()),
            (c.width, c.height, "tunneler")
        );
        let t = tunneler::tunnels(&c, case, level).unwrap();
        assert_eq!(t.len(), c.max_tunnels as usize, "{}", what());
        assert_eq!(t[0].from, g.start());
        let dug: i32 = t.iter().map(|t| t.dug).sum();
        assert_eq!(g.walkable_count() as i32, 1 + dug, "{}", what());
        for (k, x) in t.iter().enumerate() {
            assert!((c.min_tunnel_length..=c.max_tunnel_length).contains(&x.length));
            assert!(x.bounces <= 1, "{x:?}: {}", what());
            if k > 0 {
                assert_ne!(x.horizontal, t[k - 1].horizontal);
            }
        }
    }
}

#[test]
fn walker_maps_keep_every_property() {
    let mut r = DungeonRng::new(4);
    for case in 0..CONFIGS {
        let c = random_walker(&mut r);
        let level = r.range(1, 1000);
        let what = || format!("{c:?} seed {case} level {level}");
        let (g, s) = walker::generate_with_stats(&c, case, level)
            .unwrap_or_else(|e| panic!("{e}: {}", what()));
        assert_open_floor(&g, &walker::generate(&c, case, level).unwrap(), &what);
        assert_eq!(
            (g.width(), g.height(), g.generator.as_str()),
            (c.width, c.height, "walker")
        );
        // The floor fraction: the target, or one tile more after a last
        // diagonal step (two tiles dug at once).
        let n = g.walkable_count() as u64;
        let target = c.target_tiles();
        let ceil = (c.floor_fraction * f64::from(c.width * c.height)).ceil() as u64;
        assert_eq!(target, ceil.max(2).min(c.interior_tiles()), "{}", what());
        let extra = u64::from(c.directions == Directions::Eight);
        assert!(
            n >= target && n <= target + extra,
            "{n} of {target}: {}",
            what()
        );
        assert_eq!(s.floor, n);
        assert_eq!(g.start(), (c.width / 2, c.height / 2));
        assert!(s.steps <= c.step_budget());
    }
}

#[test]
fn random_settings_fail_exactly_when_invalid_and_never_panic() {
    let mut r = DungeonRng::new(5);
    let (mut ok_t, mut ok_w) = (0, 0);
    for case in 0..3000u64 {
        let t = TunnelerConfig {
            width: r.range(-2, 50),
            height: r.range(-2, 50),
            max_tunnels: r.range(-1, 80),
            min_tunnel_length: r.range(-1, 30),
            max_tunnel_length: r.range(-1, 50),
        };
        let level = r.range(0, 3);
        let got = tunneler::generate(&t, case, level);
        assert_eq!(
            t.validate().is_err() || level == 0,
            got.is_err(),
            "{t:?}: {got:?}"
        );
        if let Ok(g) = got {
            assert!(g.check().is_ok() && border_is_wall(&g));
            ok_t += 1;
        }
        let w = WalkerConfig {
            width: r.range(-2, 50),
            height: r.range(-2, 50),
            directions: if r.below(2) == 0 {
                Directions::Four
            } else {
                Directions::Eight
            },
            floor_fraction: r.uniform(-0.2, 1.2),
            walkers: r.range(-1, 300),
            lifetime: r.range(-5, 100),
            max_steps_per_tile: r.range(-1, 30),
        };
        match walker::generate(&w, case, level) {
            Ok(g) => {
                assert!(w.validate().is_ok() && level >= 1, "{w:?}");
                assert!(g.check().is_ok() && border_is_wall(&g));
                ok_w += 1;
            }
            Err(GenError::Config(_)) => {
                assert!(w.validate().is_err() || level == 0, "{w:?}");
            }
            Err(e @ GenError::Exhausted { .. }) => {
                // Only a valid config runs out, and only by its budget.
                assert!(w.validate().is_ok(), "{w:?}");
                assert!(e.to_string().contains("raise max_steps_per_tile"), "{e}");
            }
            Err(GenError::Cancelled) => panic!("{w:?}: cancelled without a watch"),
        }
    }
    assert!(ok_t > 150 && ok_w > 300, "{ok_t} {ok_w}");
}

#[test]
fn walker_work_is_linear_in_the_area() {
    // Work is counted, not timed: steps plus the passes over the map. At
    // 40 % floor the steps per tile grow only with the random walk's
    // log-factor (a walk of t steps visits about t / log t tiles), never
    // with a rescan per step or per walker.
    let per_tile = |side: i32, c: &WalkerConfig| {
        let c = WalkerConfig {
            width: side,
            height: side,
            floor_fraction: 0.4,
            ..c.clone()
        };
        let mut work = 0u64;
        for seed in 0..6 {
            let (_, s) = walker::generate_with_stats(&c, seed, 1).unwrap();
            work += s.work;
        }
        work as f64 / (6.0 * f64::from(side * side))
    };
    for c in [WalkerConfig::open_cave(), WalkerConfig::sprawling_cave()] {
        let sizes = [32, 64, 128, 256];
        let w: Vec<f64> = sizes.iter().map(|&s| per_tile(s, &c)).collect();
        println!("work per tile at {sizes:?}: {w:.2?} ({c:?})");
        for (pair, sides) in w.windows(2).zip(sizes.windows(2)) {
            // Four times the area: at most 1.3× the work per tile.
            assert!(pair[1] <= 1.3 * pair[0], "{c:?}: {sides:?} {w:?}");
        }
        assert!(w.iter().all(|&x| x < 6.0), "{c:?}: {w:?}");
    }
}
