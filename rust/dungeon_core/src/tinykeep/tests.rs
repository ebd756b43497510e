use super::*;
use crate::GeneratorConfig;
use crate::error::ConfigError;
use crate::grid::DIRS;

/// Every property a TinyKeep map keeps, for any valid config.
pub(crate) fn assert_tinykeep(g: &DungeonGrid, graph: &RoomGraph, c: &TinyKeepConfig) {
    let ctx = || format!("{c:?} seed {} level {}\n{g}", g.seed, g.level);
    assert_eq!(g.check(), Ok(()), "{}", ctx());
    assert_eq!(g.generator, "tinykeep");
    assert_eq!(g.kind(), GridKind::TileMap);
    let k = graph.centers.len();
    let rects = g.room_rects();
    assert!(k >= 2 && k <= rects.len(), "{}", ctx());
    // Main rooms: big enough, their centres listed, start and end in two.
    for (i, r) in rects[..k].iter().enumerate() {
        assert!(
            r.w >= c.min_room_width && r.h >= c.min_room_height && r.w * r.h >= c.min_room_area,
            "room {i} {r:?} too small: {}",
            ctx()
        );
        assert_eq!(r.center(), graph.centers[i]);
    }
    let (s, e) = (g.room_at(g.start()), g.room_at(g.end()));
    assert!(s.is_some_and(|s| s < k) && e.is_some_and(|e| e < k) && s != e);
    // Rooms never overlap nor touch: one empty tile between any two.
    for (i, a) in rects.iter().enumerate() {
        for b in &rects[i + 1..] {
            assert!(!scatter::too_close(a, b), "{a:?} {b:?}: {}", ctx());
        }
    }
    // The tree spans the main rooms; tree and loops are Delaunay edges.
    assert_eq!(graph.mst.len(), k - 1, "{}", ctx());
    let mut sets = Sets::new(k);
    for &(a, b) in &graph.mst {
        assert!(a < b && b < k);
        assert!(sets.union(a, b), "the tree has a cycle: {}", ctx());
        assert!(graph.delaunay.binary_search(&(a, b)).is_ok());
    }
    for e in &graph.extra {
        assert!(graph.delaunay.binary_search(e).is_ok() && !graph.mst.contains(e));
    }
    assert_eq!(graph.hallways.len(), graph.mst.len() + graph.extra.len());
    // Hallways: each one's corridor tiles (outside all rooms) are walkable
    // and, unless crossings are allowed, no two share a tile or touch.
    let mut owner = vec![usize::MAX; g.cells().len()];
    for (h, tiles) in graph.hallways.iter().enumerate() {
        assert!(!tiles.is_empty(), "hallway {h} has no tiles: {}", ctx());
        for &t in tiles {
            let i = g.index(t).unwrap();
            assert!(g.cells()[i].is_walkable(), "{t:?}: {}", ctx());
            if g.room_at(t).is_some() {
                continue;
            }
            assert!(
                matches!(g.cell(t), Cell::Corridor | Cell::Door),
                "{t:?}: {}",
                ctx()
            );
            if c.allow_crossings {
                continue;
            }
            for y in t.1 - 1..=t.1 + 1 {
                for x in t.0 - 1..=t.0 + 1 {
                    if let Some(j) = g.index((x, y))
                        && owner[j] != usize::MAX
                    {
                        assert_eq!(owner[j], h, "hallways touch at {x},{y}: {}", ctx());
                    }
                }
            }
            owner[i] = h;
        }
    }
    // Every corridor or door tile belongs to a hallway; doors lead into a
    // room and corridor tiles never do (check() too).
    let listed: usize = graph.hallways.iter().map(Vec::len).sum();
    let outside = g
        .cells()
        .iter()
        .filter(|c| matches!(c, Cell::Corridor | Cell::Door))
        .count();
    if !c.allow_crossings {
        let inside: usize = graph
            .hallways
            .iter()
            .flatten()
            .filter(|&&t| g.room_at(t).is_some())
            .count();
        assert_eq!(listed - inside, outside, "{}", ctx());
    }
    for i in 0..g.cells().len() {
        let p = g.pos(i);
        if g.cells()[i] == Cell::Door {
            let m = g.door_mask(p);
            assert!(
                DIRS.iter()
                    .any(|d| m & d.2 != 0 && g.cell((p.0 + d.0, p.1 + d.1)).is_room())
            );
        }
    }
    // Every room has a door (or a start/end can't be walked to): implied by
    // check()'s connectivity; count it anyway.
    for r in 0..rects.len() {
        assert!(
            !g.room_doors(r).is_empty(),
            "room {r} has no door: {}",
            ctx()
        );
    }
}

fn run(c: &TinyKeepConfig, seed: u64, level: i32) -> (DungeonGrid, RoomGraph) {
    generate_with_graph(c, seed, level).unwrap_or_else(|e| panic!("{c:?} seed {seed}: {e}"))
}

#[test]
fn presets_keep_every_property() {
    assert_eq!(TinyKeepConfig::preset("nope"), None);
    assert_eq!(TinyKeepConfig::default(), TinyKeepConfig::tinykeep());
    for name in TinyKeepConfig::PRESETS {
        let c = TinyKeepConfig::preset(name).unwrap();
        assert_eq!(c.validate(), Ok(()));
        for seed in 0..40 {
            let (g, graph) = run(&c, seed, 1);
            assert_tinykeep(&g, &graph, &c);
            assert!(graph.separated, "{name} seed {seed}");
        }
    }
}

#[test]
fn same_inputs_same_bytes_levels_differ() {
    let c = TinyKeepConfig::small();
    let (a, ga) = run(&c, 11, 3);
    let (b, gb) = run(&c, 11, 3);
    assert_eq!((&a, &ga), (&b, &gb));
    assert_eq!(a.to_ascii(), b.to_ascii());
    assert_eq!(a.door_masks(), b.door_masks());
    assert_ne!(a.cells(), run(&c, 11, 4).0.cells());
    assert_ne!(a.cells(), run(&c, 12, 3).0.cells());
}

/// A random valid config with a small map.
fn small_config(r: &mut DungeonRng) -> TinyKeepConfig {
    let cell_min_size = r.range(1, 6);
    let cell_max_size = r.range(cell_min_size.max(2), 9);
    let min_room_width = r.range(1, cell_max_size);
    let min_room_height = r.range(1, cell_max_size);
    let narrow = min_room_width.min(min_room_height);
    TinyKeepConfig {
        cell_count: r.range(2, 28),
        shape: if r.chance(0.5) {
            ScatterShape::Circle
        } else {
            ScatterShape::Ellipse
        },
        radius: r.range(1, 16),
        radius_y: r.range(1, 16),
        size_distribution: if r.chance(0.5) {
            SizeDistribution::Uniform
        } else {
            SizeDistribution::Normal
        },
        cell_min_size,
        cell_max_size,
        separation: if r.chance(0.5) {
            Separation::Square
        } else {
            Separation::Circle
        },
        separation_steps: if r.chance(0.1) { r.range(1, 5) } else { 500 },
        min_room_width,
        min_room_height,
        min_room_area: if r.chance(0.2) {
            r.range(
                0,
                (min_room_width * min_room_height + 4).min(cell_max_size * cell_max_size),
            )
        } else {
            0
        },
        extra_edge_chance: r.uniform(0.0, 1.0),
        hallway_style: if r.chance(0.5) {
            HallwayStyle::LShaped
        } else {
            HallwayStyle::AStar
        },
        hallway_width: r.range(1, narrow.min(3)),
        allow_crossings: r.chance(0.15),
        border: r.range(1, 3),
    }
}

#[test]
fn five_thousand_random_configs_keep_every_property() {
    let mut r = DungeonRng::new(13);
    let (mut ok, mut few) = (0, 0);
    for case in 0..5000u64 {
        let c = small_config(&mut r);
        assert_eq!(c.validate(), Ok(()), "{c:?}");
        match generate_with_graph(&c, case, 1 + (case % 7) as i32) {
            Ok((g, graph)) => {
                assert_tinykeep(&g, &graph, &c);
                ok += 1;
            }
            Err(GenError::Exhausted { reason, .. }) => {
                assert!(reason.starts_with("only "), "{c:?}: {reason}");
                few += 1;
            }
            Err(e) => panic!("{c:?}: {e}"),
        }
    }
    // Only configs whose cells rarely reach the room minimums fail.
    assert!(ok > 3500, "{ok} ok, {few} with too few rooms");
}

#[test]
fn tree_only_maps_put_start_and_end_at_a_longest_path() {
    let c = TinyKeepConfig {
        extra_edge_chance: 0.0,
        ..TinyKeepConfig::small()
    };
    for seed in 0..30 {
        let (g, graph) = run(&c, seed, 1);
        assert!(graph.extra.is_empty());
        let k = graph.centers.len();
        let mut adj = vec![Vec::new(); k];
        for &(a, b) in &graph.mst {
            adj[a].push(b);
            adj[b].push(a);
        }
        let diameter = (0..k)
            .map(|r| *graph::hops(&adj, r).0.iter().max().unwrap())
            .max();
        let (s, e) = (g.room_at(g.start()).unwrap(), g.room_at(g.end()).unwrap());
        assert_eq!(Some(graph::hops(&adj, s).0[e]), diameter, "seed {seed}");
    }
}

#[test]
fn crossings_only_when_asked() {
    // Wide hallways on a crowded map: without crossings no two touch (the
    // property test's check); with them, some maps share tiles.
    let base = TinyKeepConfig {
        extra_edge_chance: 1.0,
        hallway_style: HallwayStyle::AStar,
        ..TinyKeepConfig::small()
    };
    let crossing = TinyKeepConfig {
        allow_crossings: true,
        ..base.clone()
    };
    let mut shared = 0;
    for seed in 0..20 {
        let (g, graph) = run(&base, seed, 1);
        assert_tinykeep(&g, &graph, &base);
        let (g, graph) = run(&crossing, seed, 1);
        assert_tinykeep(&g, &graph, &crossing);
        let mut seen = std::collections::BTreeSet::new();
        for t in graph.hallways.iter().flatten() {
            if !seen.insert(*t) {
                shared += 1;
            }
        }
    }
    assert!(shared > 0);
}

#[test]
fn hallway_styles_and_widths() {
    for style in [HallwayStyle::LShaped, HallwayStyle::AStar] {
        for width in 1..=3 {
            let c = TinyKeepConfig {
                hallway_style: style,
                hallway_width: width,
                ..TinyKeepConfig::tinykeep()
            };
            for seed in 0..5 {
                let (g, graph) = run(&c, seed, 1);
                assert_tinykeep(&g, &graph, &c);
            }
        }
    }
}

#[test]
fn separation_budget_runs_out_to_a_defined_map() {
    let c = TinyKeepConfig {
        separation_steps: 2,
        ..TinyKeepConfig::tinykeep()
    };
    let mut maps = 0;
    for seed in 0..20 {
        // Few cells survive two passes: some seeds keep too few rooms.
        if let Ok((g, graph)) = generate_with_graph(&c, seed, 1) {
            assert!(!graph.separated && graph.separation_passes == 2);
            assert_tinykeep(&g, &graph, &c);
            maps += 1;
        }
    }
    assert!(maps > 0);
}

#[test]
fn pinned_small_map() {
    // A small map pinned as a picture: a change here changes saved seeds.
    let c = TinyKeepConfig {
        cell_count: 12,
        radius: 6,
        ..TinyKeepConfig::small()
    };
    let (g, graph) = run(&c, 42, 1);
    assert_tinykeep(&g, &graph, &c);
    assert_eq!(g.to_ascii(), PINNED);
    assert_eq!(graph.mst.len() + 1, graph.centers.len());
}

const PINNED: &str = "\
..............................................\n\
..............................................\n\
..............................................\n\
..............................................\n\
...........................#####..............\n\
...........................#####..............\n\
...................=======+#####+===..........\n\
...................++=====+#####+===..........\n\
.................#####.....#####..==..........\n\
.................#####.....#####..==..........\n\
.................#####............==..........\n\
.................#####+==========.==..........\n\
.................#####+==========.==..........\n\
.................#####.........++.++..........\n\
.................#####.........#######........\n\
...................++..........#######........\n\
...................==..........#######+=......\n\
...........######..==..........#######+=......\n\
.=========+######..==..........#######==......\n\
.=========+######..==.................==......\n\
.==........######+===.................==......\n\
.==.#####..######+===.................==......\n\
.==.#####..######.....................==......\n\
.==.#####++######.....................==......\n\
.==.#####+=++++.......................==......\n\
.==.#####.............................==......\n\
.==...++..............................==......\n\
.==...==..............................==......\n\
.==...==######........................==......\n\
.==...==######........................++......\n\
.==...=+##E###.....................#######....\n\
.==...=+######.....................#######....\n\
.==.....######.....................#######....\n\
.=======++.........................#######....\n\
.=========.........................#######....\n\
...................................#######....\n\
...................................#######....\n\
......................................++......\n\
..............................########==......\n\
..............................########==......\n\
..............................###S####+=......\n\
..............................########+=......\n\
..............................########........\n\
..............................................\n\
..............................................\n\
..............................................\n\
..............................................\n";

#[test]
fn errors_name_the_field() {
    let field = |f: fn(&mut TinyKeepConfig)| -> ConfigError {
        let mut c = TinyKeepConfig::default();
        f(&mut c);
        match generate(&c, 1, 1).unwrap_err() {
            GenError::Config(e) => {
                assert_eq!(c.validate(), Err(e.clone()));
                e
            }
            other => panic!("{other}"),
        }
    };
    assert_eq!(
        field(|c| c.cell_count = 0).to_string(),
        "invalid cell_count = 0: allowed 2..=5000"
    );
    assert_eq!(field(|c| c.cell_count = 5001).field, "cell_count");
    assert_eq!(
        field(|c| c.radius = 0).to_string(),
        "invalid radius = 0: allowed 1..=1000"
    );
    assert_eq!(field(|c| c.radius_y = -1).field, "radius_y");
    assert_eq!(field(|c| c.cell_min_size = 0).field, "cell_min_size");
    assert_eq!(
        field(|c| c.cell_max_size = 1).to_string(),
        "invalid cell_max_size = 1: allowed 2..=64 (at least cell_min_size)"
    );
    assert_eq!(field(|c| c.separation_steps = 0).field, "separation_steps");
    assert_eq!(
        field(|c| c.min_room_width = 11).to_string(),
        "invalid min_room_width = 11: allowed 1..=10 (no cell is wider than cell_max_size)"
    );
    assert_eq!(field(|c| c.min_room_height = 0).field, "min_room_height");
    assert_eq!(field(|c| c.min_room_area = 101).field, "min_room_area");
    assert_eq!(
        field(|c| c.extra_edge_chance = 1.5).to_string(),
        "invalid extra_edge_chance = 1.5: allowed 0..=1"
    );
    assert_eq!(
        field(|c| c.extra_edge_chance = f64::NAN).field,
        "extra_edge_chance"
    );
    assert_eq!(
        field(|c| c.extra_edge_chance = -0.1).field,
        "extra_edge_chance"
    );
    let e = field(|c| c.hallway_width = 8);
    assert!(
        e.to_string()
            .starts_with("invalid hallway_width = 8: allowed 1..=7 (at most"),
        "{e}"
    );
    assert_eq!(field(|c| c.hallway_width = 0).field, "hallway_width");
    assert_eq!(field(|c| c.border = 0).field, "border");
    let e = generate(&TinyKeepConfig::default(), 1, 0).unwrap_err();
    assert_eq!(e.to_string(), "invalid level = 0: allowed 1..=1000");
}

#[test]
fn too_few_rooms_is_a_clear_error() {
    let c = TinyKeepConfig {
        cell_count: 2,
        cell_min_size: 2,
        cell_max_size: 10,
        size_distribution: SizeDistribution::Normal,
        min_room_width: 10,
        min_room_height: 10,
        ..TinyKeepConfig::default()
    };
    let e = generate(&c, 1, 1).unwrap_err().to_string();
    assert!(
        e.starts_with("tinykeep: no valid layout in 1 attempt: only 0 joined room(s) from cells"),
        "{e}"
    );
}

#[test]
fn big_maps_stay_valid() {
    let c = TinyKeepConfig {
        cell_count: 1000,
        radius: 60,
        ..TinyKeepConfig::tinykeep()
    };
    let (g, graph) = run(&c, 1, 1);
    assert_tinykeep(&g, &graph, &c);
    assert!(graph.centers.len() > 100, "{}", graph.centers.len());
}

#[cfg(feature = "serde")]
#[test]
fn json_round_trips_and_carries_the_room_graph() {
    let c = TinyKeepConfig::small();
    for seed in 0..20 {
        let (g, graph) = run(&c, seed, 1);
        let back = DungeonGrid::from_json(&g.to_json()).unwrap();
        assert_eq!(back, g);
        assert_eq!(back.to_json(), g.to_json());
        // The JSON's derived room graph (connections) links every pair of
        // main rooms the tree joins.
        for &(a, b) in &graph.mst {
            assert!(g.room_path(a, b).is_some_and(|p| p.len() >= 2));
        }
    }
}
