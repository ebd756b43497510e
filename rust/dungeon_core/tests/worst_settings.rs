//! Every generator, and `minesweeper::boards_for_grid`, at its worst
//! accepted settings found (the largest sizes at the documented maxima,
//! the most attempts, the settings that make it retry or fail slowest) ends
//! with a grid or a clear error. Release only (a debug build is 10–30×
//! slower):
//!
//! ```sh
//! cargo test --release -p dungeon_core --test worst_settings -- --ignored --nocapture
//! ```
//!
//! Each case prints its time (release, a busy 2-core machine: each under
//! about 3 s); nothing here asserts on time, only on how each call ends,
//! which depends on the seed and the settings alone. The CLI line of each
//! case is in its comment.

use std::time::Instant;

use dungeon_core::bsp::{self, BspConfig};
use dungeon_core::cave::{self, CaveConfig, CavePhase, Regions};
use dungeon_core::drunkard::{self, DrunkardConfig, OffGrid};
use dungeon_core::graph_layout::{self, EdgeMode, GraphConfig, LevelGraph, MAX_GRAPH_ROOMS};
use dungeon_core::hilbert::{self, HilbertConfig};
use dungeon_core::isaac::{self, GrowthRule, IsaacConfig};
use dungeon_core::maze::{self, MazeConfig};
use dungeon_core::minesweeper::{self, MINES_FROM_DENSITY, MinesweeperConfig};
use dungeon_core::room_grid::{EndRule, LargeRooms, RoomRules};
use dungeon_core::template::{self, TemplateConfig};
use dungeon_core::tinykeep::{self, HallwayStyle, TinyKeepConfig};
use dungeon_core::tunneler::{self, TunnelerConfig};
use dungeon_core::walker::{self, Directions, WalkerConfig};
use dungeon_core::{DungeonGrid, GenError};

/// Runs `f`, printing how long it took and how it ended.
fn timed<T>(name: &str, f: impl FnOnce() -> Result<T, GenError>) -> Result<T, GenError> {
    let t = Instant::now();
    let out = f();
    let how = match &out {
        Ok(_) => "ok".to_string(),
        Err(e) => e.to_string().chars().take(160).collect(),
    };
    eprintln!("{name}: {:.2} s: {how}", t.elapsed().as_secs_f64());
    out
}

/// `out` is an `Exhausted` error whose message contains `needle`.
fn exhausted<T>(out: Result<T, GenError>, needle: &str) -> u32 {
    match out {
        Err(GenError::Exhausted {
            attempts, reason, ..
        }) => {
            assert!(reason.contains(needle), "{needle:?} not in {reason}");
            attempts
        }
        Err(e) => panic!("expected Exhausted ({needle}), got {e}"),
        Ok(_) => panic!("expected Exhausted ({needle}), got a grid"),
    }
}

const IGNORE: &str = "release only: cargo test --release --test worst_settings -- --ignored";

#[test]
#[ignore = "release only: cargo test --release --test worst_settings -- --ignored"]
fn every_generator_ends_at_its_worst_settings() {
    let _ = IGNORE;
    // isaac --width 256 --height 256 --level 1000 --max-attempts 1000000
    //   --max-fill 0.7 --min-dead-ends 2005
    let mut c = IsaacConfig::compact();
    c.grid.width = 256;
    c.grid.height = 256;
    c.grid.max_fill = 0.7;
    c.grid.max_attempts = 1_000_000;
    c.grid.ends.min_dead_ends = 2005;
    exhausted(
        timed("isaac crowding", || isaac::generate(&c, 0, 1000)),
        "min_dead_ends",
    );
    // isaac ... --rule branching --max-fill 0.6 --min-dead-ends 2005
    //   --special-rooms rebirth --large-room-l 1 --end farthest_dead_end
    c.rule = GrowthRule::Branching;
    c.grid.max_fill = 0.6;
    c.room_rules = Some(RoomRules::rebirth());
    c.large_rooms = LargeRooms {
        l_shape: 1.0,
        ..LargeRooms::NONE
    };
    c.grid.ends.end = EndRule::FarthestDeadEnd;
    exhausted(
        timed("isaac branching", || isaac::generate(&c, 0, 1000)),
        "min_dead_ends",
    );
    // drunkard --width 256 --height 256 --level 1000 --max-attempts 1000000
    //   --max-steps 10000000 --max-fill 0.7 --min-dead-ends 2005
    let mut c = DrunkardConfig::winding();
    c.grid.width = 256;
    c.grid.height = 256;
    c.grid.max_fill = 0.7;
    c.grid.max_attempts = 1_000_000;
    c.grid.ends.min_dead_ends = 2005;
    c.max_steps = 10_000_000;
    exhausted(
        timed("drunkard", || drunkard::generate(&c, 0, 1000)),
        "min_dead_ends",
    );
    // drunkard ... --off-grid stay --diagonal true --min-end-distance 300
    c.off_grid = OffGrid::Stay;
    c.diagonal = true;
    c.grid.ends.min_dead_ends = 2;
    c.grid.ends.end = EndRule::FarthestApart {
        min_distance: 300.0,
        off_axis: true,
    };
    exhausted(
        timed("drunkard far end", || drunkard::generate(&c, 0, 1000)),
        "min_end_distance",
    );
    // bsp --width 4096 --height 4096 --iterations 16 --min-partition-size 3
    //   --min-room-size 2 --partition-range 0 --room-size-min 0.01 --room-size-max 1
    let c = BspConfig {
        width: 4096,
        height: 4096,
        iterations: 16,
        partition_range: 0.0,
        min_partition_size: 3,
        room_size_min: 0.01,
        room_size_max: 1.0,
        min_room_size: 2,
        ..BspConfig::small()
    };
    timed("bsp", || bsp::generate(&c, 0, 1)).unwrap();
    // tunneler --width 4096 --height 4096 --max-tunnels 100000
    //   --min-tunnel-length 4093 --max-tunnel-length 4093
    let c = TunnelerConfig {
        width: 4096,
        height: 4096,
        max_tunnels: 100_000,
        min_tunnel_length: 4093,
        max_tunnel_length: 4093,
    };
    timed("tunneler", || tunneler::generate(&c, 0, 1)).unwrap();
    // tinykeep --cell-count 5000 --radius 300 --cell-min-size 1
    //   --cell-max-size 14 --separation-steps 100000 --hallway-style astar
    //   --extra-edge-chance 1 --min-room-width 1 --min-room-height 1 --border 64
    let c = TinyKeepConfig {
        cell_count: 5000,
        radius: 300,
        cell_min_size: 1,
        cell_max_size: 14,
        separation_steps: 100_000,
        hallway_style: HallwayStyle::AStar,
        extra_edge_chance: 1.0,
        min_room_width: 1,
        min_room_height: 1,
        border: 64,
        ..TinyKeepConfig::tinykeep()
    };
    timed("tinykeep", || tinykeep::generate(&c, 0, 1)).unwrap();
    // maze --width 4095 --height 4095 --room-attempts 100000
    //   --windiness 1 --extra-connector-chance 1 --dead-end-removal 0
    let c = MazeConfig {
        width: 4095,
        height: 4095,
        room_attempts: 100_000,
        windiness: 1.0,
        extra_connector_chance: 1.0,
        dead_end_removal: 0.0,
        ..MazeConfig::classic()
    };
    timed("maze", || maze::generate(&c, 0, 1)).unwrap();
    // hilbert --order 10 --level 48 --path-length 4 --path-per-level 1000
    //   --path-variance 1000000 --side-room-chance 1 --branch-length 64
    //   --loop-chance 1 (the level's path grows the curve to order 10)
    let c = HilbertConfig {
        order: 1,
        grow_order: true,
        path_length: 4,
        path_per_level: 1000.0,
        path_variance: 1_000_000,
        side_room_chance: 1.0,
        branch_length: 64,
        loop_chance: 1.0,
        ..HilbertConfig::winding()
    };
    timed("hilbert", || hilbert::generate(&c, 0, 48)).unwrap();
    // template --width 2048 --height 2048 --level 1000 --base-rooms 65536
    //   --rooms-per-level 1000 --room-variance 1000 --max-steps 10000000
    //   --corridors-between-rooms true
    let mut c = TemplateConfig::demo();
    c.width = 2048;
    c.height = 2048;
    c.count.base = 65_536;
    c.count.per_level = 1000.0;
    c.count.variance = 1000;
    c.max_steps = template::MAX_STEPS;
    c.corridors_between_rooms = true;
    exhausted(
        timed("template", || template::generate(&c, 0, 1000)),
        "the work cap of 150000000 units",
    );
    // template --width 2048 --height 2048 --base-rooms 2 --rooms-per-level 0
    //   --max-steps 10000000 --tag-rules boss:5:-1 ran 40 s: only the end
    // room can carry "boss", so it is now refused before any work.
    let mut c = TemplateConfig::demo();
    c.width = 2048;
    c.height = 2048;
    c.count.base = 2;
    c.count.per_level = 0.0;
    c.max_steps = template::MAX_STEPS;
    c.tag_rules = vec![template::TagRule {
        tag: "boss".into(),
        min: 5,
        max: -1,
    }];
    match timed("template, boss:5:-1", || template::generate(&c, 0, 1)) {
        Err(GenError::Config(e)) => assert_eq!(e.field, "tag_rules", "{e}"),
        other => panic!(
            "expected the tag_rules refusal, got {:?}",
            other.map(|_| ())
        ),
    }
    // The same with a rule a level can keep in principle but these two
    // rooms never do (5 corridor pieces): every attempt fails fast, until
    // the work cap or max_steps ends the call.
    c.tag_rules = vec![template::TagRule {
        tag: "corridor".into(),
        min: 5,
        max: -1,
    }];
    exhausted(
        timed("template, failing fast", || template::generate(&c, 0, 1)),
        "",
    );
    // graph --graph grid20.json --work-budget 100000000: the most rooms
    // (400), as a 20 × 20 grid of rooms, each joined to its four
    // neighbours (760 connections, 361 loops of four), at the largest
    // budget: laid out or the budget named (about 7 s in release).
    let side = 20;
    assert_eq!(side * side, MAX_GRAPH_ROOMS);
    let mut g = LevelGraph::new();
    for i in 0..MAX_GRAPH_ROOMS {
        let tags: &[&str] = match i {
            0 => &["start"],
            i if i + 1 == MAX_GRAPH_ROOMS => &["boss"],
            _ => &[],
        };
        g.add_room(tags);
    }
    for i in 0..MAX_GRAPH_ROOMS {
        if i % side + 1 < side {
            g.connect(i, i + 1, EdgeMode::Default);
        }
        if i + side < MAX_GRAPH_ROOMS {
            g.connect(i, i + side, EdgeMode::Default);
        }
    }
    let c = GraphConfig {
        graph: g,
        work_budget: graph_layout::MAX_WORK_BUDGET,
        ..GraphConfig::demo()
    };
    match timed("graph, 400 rooms in a grid", || {
        graph_layout::generate(&c, 0, 1)
    }) {
        Ok(grid) => assert_eq!(grid.room_records().len(), MAX_GRAPH_ROOMS),
        out => {
            exhausted(out, "work_budget");
        }
    }
}

/// The tester's walker (item 3): 12.8 s before the cap, and 2048² ran for
/// minutes.
/// `walker --width 1024 --height 1024 --floor-fraction 0.99 --walkers 256
/// --lifetime 1 --max-steps-per-tile 1000 --directions 4`
#[test]
#[ignore = "release only: cargo test --release --test worst_settings -- --ignored"]
fn walker_at_its_worst_stops_at_the_work_cap() {
    let c = WalkerConfig {
        width: 1024,
        height: 1024,
        directions: Directions::Four,
        floor_fraction: 0.99,
        walkers: 256,
        lifetime: 1,
        max_steps_per_tile: 1000,
    };
    exhausted(
        timed("walker 1024² (item 3)", || walker::generate(&c, 0, 1)),
        "the cap of 134217728 work units",
    );
    // walker --width 4096 --height 4096 --floor-fraction 0.99 --walkers 256
    //   --lifetime 0 --max-steps-per-tile 1000 --directions 8
    let c = WalkerConfig {
        width: 4096,
        height: 4096,
        directions: Directions::Eight,
        lifetime: 0,
        ..c
    };
    exhausted(
        timed("walker 4096², 256 walkers", || walker::generate(&c, 0, 1)),
        "the cap of 134217728 work units",
    );
    // ... --lifetime 2
    let c = WalkerConfig { lifetime: 2, ..c };
    exhausted(
        timed("walker 4096², lifetime 2", || walker::generate(&c, 0, 1)),
        "the cap of 134217728 work units",
    );
}

/// The tester's cave (item 4): 65 s before the cap.
/// `cave --width 4096 --height 4096 --fill-probability 0.45 --phases 5:2:100
/// --max-attempts 100 --min-floor-fraction 1`
#[test]
#[ignore = "release only: cargo test --release --test worst_settings -- --ignored"]
fn cave_at_its_worst_makes_the_attempts_the_cap_allows() {
    let c = CaveConfig {
        width: 4096,
        height: 4096,
        fill_probability: 0.45,
        phases: vec![CavePhase::new(5, 2, 100)],
        min_floor_fraction: 1.0,
        max_attempts: 100,
        ..CaveConfig::classic()
    };
    let attempts = exhausted(
        timed("cave 4096² (item 4)", || cave::generate(&c, 0, 1)),
        "(only 2 of max_attempts = 100 fit in the work cap",
    );
    assert_eq!(attempts, 2);
    // cave --width 4096 --height 4096 --phases 5:2:1 --max-attempts 100
    //   --min-floor-fraction 1 --regions none
    let c = CaveConfig {
        phases: vec![CavePhase::new(5, 2, 1)],
        regions: Regions::None,
        ..c
    };
    assert_eq!(
        exhausted(
            timed("cave 4096², 1 pass", || cave::generate(&c, 0, 1)),
            "min_floor_fraction"
        ),
        8
    );
    // cave --width 4096 --height 4096 --phases 5:2:100 --max-attempts 1
    let c = CaveConfig {
        phases: vec![CavePhase::new(5, 2, 100)],
        min_floor_fraction: 0.1,
        max_attempts: 1,
        ..CaveConfig::classic()
    };
    let c = CaveConfig {
        width: 4096,
        height: 4096,
        ..c
    };
    timed("cave 4096², a cave", || cave::generate(&c, 0, 1)).unwrap();
}

/// `boards_for_grid` (item 5) on a 4095² maze of about 70 000 rooms, with
/// boards that are hard to make without guessing: 40 s and more before the
/// total budget (a board that runs out of its own budget costs 0.4 s).
#[test]
#[ignore = "release only: cargo test --release --test worst_settings -- --ignored"]
fn boards_for_grid_on_a_huge_maze_stops_at_the_total_budget() {
    // maze --width 4095 --height 4095 --room-attempts 100000
    let c = MazeConfig {
        width: 4095,
        height: 4095,
        room_attempts: 100_000,
        ..MazeConfig::classic()
    };
    let grid: DungeonGrid =
        timed("maze 4095² for the boards", || maze::generate(&c, 1, 1)).unwrap();
    let rooms = grid.room_records().len();
    for (name, base) in [
        ("beginner", MinesweeperConfig::beginner()),
        (
            "density 0.25",
            MinesweeperConfig {
                mines: MINES_FROM_DENSITY,
                density: 0.25,
                attempts: minesweeper::MAX_ATTEMPTS,
                ..MinesweeperConfig::beginner()
            },
        ),
    ] {
        let t = Instant::now();
        let boards = minesweeper::boards_for_grid(&grid, &base, 1);
        assert_eq!(boards.len(), rooms);
        let ok = boards.iter().filter(|b| b.is_ok()).count();
        let cut = boards
            .iter()
            .filter(|b| {
                matches!(b, Err(GenError::Exhausted { reason, .. })
                    if reason.starts_with("boards_for_grid's total budget"))
            })
            .count();
        eprintln!(
            "boards_for_grid, {name}: {:.2} s: {rooms} rooms, {ok} boards, {cut} cut by the total budget",
            t.elapsed().as_secs_f64()
        );
        assert!(cut > 0, "{name}: the total budget never ran out");
        check_boards(&grid, &base, &boards);
    }
    // One-tile rooms keep the base's size: 128×128 boards, dense enough
    // that each runs out of its own budget (0.4 s each).
    // maze --width 1023 --height 1023 --room-attempts 100000
    //   --room-min-size 1 --room-max-size 1
    let c = MazeConfig {
        width: 1023,
        height: 1023,
        room_min_size: 1,
        room_max_size: 1,
        ..c
    };
    let grid = timed("maze 1023², one-tile rooms", || maze::generate(&c, 1, 1)).unwrap();
    let base = MinesweeperConfig {
        width: minesweeper::MAX_SIDE,
        height: minesweeper::MAX_SIDE,
        mines: MINES_FROM_DENSITY,
        density: 0.3,
        attempts: minesweeper::MAX_ATTEMPTS,
        ..MinesweeperConfig::beginner()
    };
    for no_guess in [true, false] {
        let base = MinesweeperConfig { no_guess, ..base };
        let t = Instant::now();
        let boards = minesweeper::boards_for_grid(&grid, &base, 1);
        let cut = boards
            .iter()
            .filter(|b| {
                matches!(b, Err(GenError::Exhausted { reason, .. })
                    if reason.starts_with("boards_for_grid's total budget"))
            })
            .count();
        eprintln!(
            "boards_for_grid, 128² boards, no_guess {no_guess}: {:.2} s: {} rooms, {} boards, {cut} cut by the total budget",
            t.elapsed().as_secs_f64(),
            boards.len(),
            boards.iter().filter(|b| b.is_ok()).count(),
        );
        assert!(cut > 0);
        check_boards(&grid, &base, &boards);
    }
}

/// Every board made is the one `board_for_room` makes.
fn check_boards(
    grid: &DungeonGrid,
    base: &MinesweeperConfig,
    boards: &[Result<minesweeper::Board, GenError>],
) {
    {
        let rooms = boards.len();
        for room in [0, 1, rooms / 7] {
            if let Ok(b) = &boards[room] {
                assert_eq!(
                    Ok(b),
                    minesweeper::board_for_room(grid, room, base, 1, 0).as_ref()
                );
            }
        }
    }
}
