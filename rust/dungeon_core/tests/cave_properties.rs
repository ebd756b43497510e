//! Caves over thousands of random settings: every valid config gives a
//! valid, connected, open-floor map with an intact wall border and enough
//! floor, the same bytes twice, or a clear "too little floor" error; every
//! invalid one is refused before anything is drawn.

use dungeon_core::cave::{self, CaveConfig, CavePhase, Regions};
use dungeon_core::grid::{Cell, DIRS};
use dungeon_core::{DungeonGrid, DungeonRng, GenError};

fn random_config(r: &mut DungeonRng) -> CaveConfig {
    let phases = (0..r.range(1, 3))
        .map(|_| {
            CavePhase::new(
                if r.chance(0.1) { 10 } else { r.range(4, 6) },
                r.range(-1, 3),
                r.range(1, 5),
            )
        })
        .collect();
    let (width, height) = (r.range(4, 48), r.range(4, 40));
    CaveConfig {
        width,
        height,
        fill_probability: r.uniform(0.25, 0.55),
        phases,
        regions: Regions::ALL[r.below(3) as usize],
        min_region_size: r.range(0, 20).min(width * height),
        min_floor_fraction: if r.chance(0.3) {
            0.0
        } else {
            r.uniform(0.0, 0.3)
        },
        max_attempts: r.range(1, 5),
    }
}

fn assert_cave(g: &DungeonGrid, c: &CaveConfig) {
    let ctx = || format!("{c:?} seed {}\n{g}", g.seed);
    assert_eq!(g.check(), Ok(()), "{}", ctx());
    assert!(g.is_open_floor() && g.is_connected(), "{}", ctx());
    assert_ne!(g.start(), g.end(), "{}", ctx());
    assert_eq!(
        (g.width(), g.height(), g.generator.as_str()),
        (c.width, c.height, "cave")
    );
    let (w, h) = (c.width, c.height);
    let mut floor = 0usize;
    for (i, &cell) in g.cells().iter().enumerate() {
        let (x, y) = g.pos(i);
        if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
            assert_eq!(cell, Cell::Empty, "border at {:?}: {}", (x, y), ctx());
        }
        if cell.is_walkable() {
            floor += 1;
            for (dx, dy, bit, _) in DIRS {
                let open = g.door_mask((x, y)) & bit != 0;
                assert_eq!(open, g.cell((x + dx, y + dy)).is_walkable(), "{}", ctx());
            }
        }
    }
    let inner = ((w - 2) * (h - 2)) as usize;
    let need = ((c.min_floor_fraction * inner as f64).ceil() as usize).max(2);
    assert!(
        floor >= need && floor <= inner,
        "{floor} of {inner}: {}",
        ctx()
    );
    let dist = g.distances_from(g.start());
    let far = *dist.iter().max().unwrap();
    assert_eq!(
        dist[g.index(g.end()).unwrap()],
        far,
        "end not farthest: {}",
        ctx()
    );
}

#[test]
fn five_thousand_valid_configs_keep_every_promise() {
    let mut r = DungeonRng::new(0xCA7E);
    let (mut ok, mut thin) = (0, 0);
    for case in 0..5000u64 {
        let c = random_config(&mut r);
        assert_eq!(c.validate(), Ok(()), "{c:?}");
        let level = r.range(1, 1000);
        match cave::generate(&c, case, level) {
            Ok(g) => {
                assert_cave(&g, &c);
                assert_eq!((g.seed, g.level), (case, level));
                let again = cave::generate(&c, case, level).unwrap();
                assert_eq!(g.to_json(), again.to_json(), "{c:?}");
                ok += 1;
            }
            Err(GenError::Exhausted { reason, .. }) => {
                assert!(reason.contains("min_floor_fraction"), "{reason}");
                // Attempts draw the same numbers whatever the floor they
                // need, so asking for 2 tiles stops at the first attempt
                // that had 2, which must have had too few for `c`.
                let need = ((c.min_floor_fraction * f64::from((c.width - 2) * (c.height - 2)))
                    .ceil() as usize)
                    .max(2);
                let loose = CaveConfig {
                    min_floor_fraction: 0.0,
                    ..c.clone()
                };
                if let Ok(g) = cave::generate(&loose, case, level) {
                    assert!(g.walkable_count() < need, "{c:?}");
                }
                thin += 1;
            }
            Err(e) => panic!("a valid config failed: {e} ({c:?})"),
        }
    }
    // Most settings make a cave; the rest (tiny maps, where the wall ring
    // walls everything, and thin rules) say the cave was too thin.
    assert!(ok > 3500, "{ok} caves, {thin} too thin");
}

#[test]
fn any_config_is_refused_exactly_when_invalid() {
    let mut r = DungeonRng::new(77);
    let mut refused = 0;
    for case in 0..3000u64 {
        let mut c = random_config(&mut r);
        match r.below(8) {
            0 => c.fill_probability = r.uniform(-0.5, 1.5),
            1 => c.phases.clear(),
            2 => c.phases[0].r1_cutoff = r.range(-3, 13),
            3 => c.phases[0].r2_cutoff = r.range(-4, 24),
            4 => c.phases[0].repeats = r.range(-2, 120),
            5 => c.width = r.range(-5, 6),
            6 => c.max_attempts = r.range(-1, 102),
            _ => c.min_region_size = r.range(-5, 3000),
        }
        let invalid = c.validate().is_err();
        match cave::generate(&c, case, 1) {
            Err(GenError::Config(e)) => {
                assert!(invalid, "{c:?}: {e}");
                assert!(e.to_string().starts_with("invalid "), "{e}");
                refused += 1;
            }
            Err(GenError::Exhausted { .. }) => assert!(!invalid),
            Err(GenError::Cancelled) => panic!("{c:?}: cancelled without a watch"),
            Ok(g) => {
                assert!(!invalid, "{c:?}");
                assert_cave(&g, &c);
            }
        }
    }
    assert!(refused > 600, "{refused}");
}

#[test]
fn big_maps_stay_one_cave() {
    for regions in Regions::ALL {
        let c = CaveConfig {
            width: 300,
            height: 200,
            regions,
            ..CaveConfig::classic()
        };
        for seed in 0..3 {
            assert_cave(&cave::generate(&c, seed, 1).unwrap(), &c);
        }
    }
}
