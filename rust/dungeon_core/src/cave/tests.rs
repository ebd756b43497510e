//! Pictures and properties of whole caves.

use super::*;
use crate::GeneratorConfig;

/// Every property a cave keeps, for any valid config.
pub(crate) fn assert_cave(g: &DungeonGrid, c: &CaveConfig) {
    let ctx = || format!("{c:?} seed {} level {}\n{g}", g.seed, g.level);
    assert_eq!(g.check(), Ok(()), "{}", ctx());
    assert!(g.is_open_floor() && g.is_connected(), "{}", ctx());
    assert_ne!(g.start(), g.end(), "{}", ctx());
    assert_eq!((g.width(), g.height()), (c.width, c.height));
    assert_eq!(g.generator, "cave");
    let (w, h) = (c.width, c.height);
    let mut floor = 0;
    for (i, &cell) in g.cells().iter().enumerate() {
        let (x, y) = g.pos(i);
        let border = x == 0 || y == 0 || x == w - 1 || y == h - 1;
        assert!(
            !(border && cell.is_walkable()),
            "{:?} on the border: {}",
            (x, y),
            ctx()
        );
        assert!(matches!(
            cell,
            Cell::Empty | Cell::Floor | Cell::Start | Cell::End
        ));
        if cell.is_walkable() {
            floor += 1;
            // Every side between two floor tiles is open.
            for (dx, dy, bit, _) in crate::grid::DIRS {
                let open = g.door_mask((x, y)) & bit != 0;
                assert_eq!(open, g.cell((x + dx, y + dy)).is_walkable(), "{}", ctx());
            }
        }
    }
    let inner = ((w - 2) * (h - 2)) as f64;
    assert!(
        floor >= 2 && floor as f64 >= (c.min_floor_fraction * inner).ceil(),
        "{floor} floor tiles: {}",
        ctx()
    );
    // The end is a farthest tile from the start.
    let dist = g.distances_from(g.start());
    let far = dist.iter().copied().max().unwrap();
    assert_eq!(dist[g.index(g.end()).unwrap()], far, "{}", ctx());
}

fn pic(s: &str) -> String {
    s.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn presets_keep_every_property() {
    for name in CaveConfig::PRESETS {
        let c = CaveConfig::preset(name).unwrap();
        for seed in 0..200 {
            let g = generate(&c, seed, 1).unwrap_or_else(|e| panic!("{name} seed {seed}: {e}"));
            assert_cave(&g, &c);
        }
    }
}

#[test]
fn same_inputs_same_bytes_levels_and_seeds_differ() {
    let c = CaveConfig::default();
    let a = generate(&c, 11, 3).unwrap();
    assert_eq!(a, generate(&c, 11, 3).unwrap());
    assert_eq!(a.to_ascii(), generate(&c, 11, 3).unwrap().to_ascii());
    assert_eq!((a.seed, a.level), (11, 3));
    assert_ne!(a.cells(), generate(&c, 11, 4).unwrap().cells());
    assert_ne!(a.cells(), generate(&c, 12, 3).unwrap().cells());
}

#[test]
fn too_little_floor_is_a_clear_error() {
    let c = CaveConfig {
        fill_probability: 0.9,
        ..CaveConfig::default()
    };
    let e = generate(&c, 1, 1).unwrap_err();
    let text = e.to_string();
    assert!(
        matches!(e, GenError::Exhausted { attempts: 10, .. }),
        "{text}"
    );
    assert!(
        text.starts_with(
            "cave: no valid layout in 10 attempts: the joined caves had at most 0 floor tiles"
        ),
        "{text}"
    );
    assert!(text.contains("lower fill_probability (now 0.9)"), "{text}");
    // Everything wall from the start, or a rule that walls every tile.
    for c in [
        CaveConfig {
            fill_probability: 1.0,
            regions: Regions::None,
            ..CaveConfig::default()
        },
        CaveConfig {
            phases: vec![CavePhase::new(0, R2_OFF, 1)],
            regions: Regions::KeepLargest,
            ..CaveConfig::default()
        },
    ] {
        assert!(matches!(
            generate(&c, 2, 1),
            Err(GenError::Exhausted { .. })
        ));
    }
    // A tiny map still gets its two tiles or says why not.
    let tiny = CaveConfig {
        width: 4,
        height: 4,
        fill_probability: 0.0,
        phases: vec![CavePhase::new(R1_OFF, R2_OFF, 1)],
        min_floor_fraction: 0.0,
        ..CaveConfig::default()
    };
    let g = generate(&tiny, 0, 1).unwrap();
    assert_cave(&g, &tiny);
    assert_eq!(g.walkable_count(), 4);
}

#[test]
fn pinned_small_cave() {
    // A small classic cave pinned as a picture: a change here changes
    // saved seeds.
    let c = CaveConfig {
        width: 24,
        height: 10,
        fill_probability: 0.45,
        phases: vec![CavePhase::new(5, 2, 4), CavePhase::new(5, R2_OFF, 3)],
        regions: Regions::KeepLargest,
        min_floor_fraction: 0.0,
        ..CaveConfig::default()
    };
    let g = generate(&c, 42, 1).unwrap();
    assert_cave(&g, &c);
    assert_eq!(g.to_ascii(), pic(PINNED_24X10), "\n{g}");
}

const PINNED_24X10: &str = "
    ........................
    ........................
    .....,,...,,,,,.........
    ....,,,,,,,,,,,,........
    ....,,,,,,,,,,,,,,,,,...
    .....S,,,,,..,,,,,,,,,..
    ..............,,,,,,,E..
    ...............,,,,,,...
    ........................
    ........................
";

#[test]
fn rules_that_never_fire_leave_the_fill() {
    // r1 off and r2 off: every pass only re-walls the ring, so with
    // regions `none` the cave is one region of the random fill. With fill
    // 0 that is the whole inside.
    let c = CaveConfig {
        width: 9,
        height: 6,
        fill_probability: 0.0,
        phases: vec![CavePhase::new(R1_OFF, R2_OFF, 3)],
        regions: Regions::None,
        ..CaveConfig::default()
    };
    let g = generate(&c, 5, 1).unwrap();
    assert_cave(&g, &c);
    assert_eq!(g.walkable_count(), 7 * 4);
}

#[test]
fn regions_modes_on_one_fill() {
    // The same fill and rules under the three modes: keep_largest ⊆ the
    // automaton's floor; connect_all ⊇ keep_largest's cave.
    let base = CaveConfig {
        width: 60,
        height: 30,
        fill_probability: 0.5,
        phases: vec![CavePhase::new(5, 2, 3)],
        min_region_size: 0,
        min_floor_fraction: 0.0,
        ..CaveConfig::default()
    };
    for seed in 0..40 {
        let run = |regions| {
            let c = CaveConfig {
                regions,
                ..base.clone()
            };
            let g = generate(&c, seed, 1).unwrap();
            assert_cave(&g, &c);
            g
        };
        let (largest, all, none) = (
            run(Regions::KeepLargest),
            run(Regions::ConnectAll),
            run(Regions::None),
        );
        let floor = |g: &DungeonGrid, i: usize| g.cells()[i].is_walkable();
        for i in 0..largest.cells().len() {
            assert!(!floor(&largest, i) || floor(&all, i), "seed {seed}");
        }
        assert!(all.walkable_count() >= largest.walkable_count());
        assert!(none.walkable_count() <= largest.walkable_count());
    }
}

/// The tester's offender (issue "Quitting mid-generation, huge inputs and
/// extreme settings", item 4): 100 attempts of 100 passes at 4096², 65 s
/// in a release build before its error.
fn huge_cave() -> CaveConfig {
    CaveConfig {
        width: 4096,
        height: 4096,
        fill_probability: 0.45,
        phases: vec![CavePhase::new(5, 2, 100)],
        min_floor_fraction: 1.0,
        max_attempts: 100,
        ..CaveConfig::default()
    }
}

#[test]
fn big_maps_get_fewer_attempts_under_the_work_cap() {
    let c = huge_cave();
    assert_eq!(c.validate(), Ok(()));
    assert_eq!(c.attempt_work(), 4096 * 4096 * 140);
    assert_eq!(c.attempt_limit(), 2);
    assert!(i64::from(c.attempt_limit()) * c.attempt_work() <= MAX_WORK);
    let classic = |side| CaveConfig {
        width: side,
        height: side,
        max_attempts: MAX_ATTEMPTS,
        ..CaveConfig::classic()
    };
    assert_eq!(classic(4096).attempt_limit(), 7);
    assert_eq!(classic(2048).attempt_limit(), 30);
    // 1024² with 100 passes: 40 attempts (7 s for 100 before the cap).
    let c100 = CaveConfig {
        phases: vec![CavePhase::new(5, 2, 100)],
        ..classic(1024)
    };
    assert_eq!(c100.attempt_limit(), 40);
    // Up to 1024² with the presets' passes (or fewer), every attempt fits.
    for passes in [1, 7] {
        let c = CaveConfig {
            phases: vec![CavePhase::new(5, 2, passes)],
            ..classic(1024)
        };
        assert_eq!(c.attempt_limit(), MAX_ATTEMPTS, "{passes}");
        let fewer = CaveConfig {
            max_attempts: 3,
            ..c
        };
        assert_eq!(fewer.attempt_limit(), 3);
    }
}

#[test]
fn the_work_cap_s_error_names_max_attempts_and_what_to_lower() {
    let c = CaveConfig {
        width: 64,
        height: 64,
        ..huge_cave()
    };
    let e = attempt(&c, 1, 1, &Watch::new(), 3).unwrap_err();
    assert!(matches!(e, GenError::Exhausted { attempts: 3, .. }), "{e}");
    let text = e.to_string();
    assert!(
        text.starts_with("cave: no valid layout in 3 attempts"),
        "{text}"
    );
    assert!(text.contains("lower min_floor_fraction"), "{text}");
    assert!(
        text.contains(&format!(
            "(only 3 of max_attempts = 100 fit in the work cap of {MAX_WORK} tile-passes at 64×64 with 100 passes; a smaller map or fewer passes allow more)"
        )),
        "{text}"
    );
    // With every attempt it asks for, the message is as before.
    let e = generate(
        &CaveConfig {
            max_attempts: 2,
            ..c
        },
        1,
        1,
    )
    .unwrap_err();
    assert!(
        e.to_string().ends_with("or lower min_floor_fraction"),
        "{e}"
    );
}
