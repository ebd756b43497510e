//! Criterion benchmarks: one valid dungeon per iteration, retries included;
//! the `layout_hash` group hashes a grid made once per iteration instead.
//!
//! `cargo bench --bench generators` in `rust/dungeon_bench`. Each iteration uses the
//! next seed, so the figure is an average over many layouts rather than one
//! lucky seed. Results are reported in BENCHMARKS.md; nothing here asserts a time.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use dungeon_core::bsp::{self, BspConfig};
use dungeon_core::cave::{self, CaveConfig};
use dungeon_core::drunkard::{self, DrunkardConfig};
use dungeon_core::isaac::{self, IsaacConfig};

fn room_grids(c: &mut Criterion) {
    let mut group = c.benchmark_group("room_grid");
    for level in [1, 5, 10] {
        for (name, cfg) in [
            ("isaac_compact", IsaacConfig::compact()),
            ("isaac_branching", IsaacConfig::branching()),
        ] {
            let mut seed = 0u64;
            group.bench_with_input(BenchmarkId::new(name, level), &level, |b, &level| {
                b.iter(|| {
                    seed = seed.wrapping_add(1);
                    black_box(isaac::generate(&cfg, seed, level).ok())
                });
            });
        }
        for (name, cfg) in [
            ("drunkard_winding", DrunkardConfig::winding()),
            ("drunkard_wide", DrunkardConfig::wide()),
        ] {
            let mut seed = 0u64;
            group.bench_with_input(BenchmarkId::new(name, level), &level, |b, &level| {
                b.iter(|| {
                    seed = seed.wrapping_add(1);
                    black_box(drunkard::generate(&cfg, seed, level).ok())
                });
            });
        }
    }
    group.finish();
}

fn bsp_sizes(c: &mut Criterion) {
    let mut group = c.benchmark_group("bsp");
    group.sample_size(30);
    // Dense maps (deeper splits on bigger maps keep rooms a similar size)
    // and sparse ones (few, large rooms). `tile_search` builds the same map
    // but finds the end with a plain BFS over every tile: the comparison
    // that justifies the room-jumping search.
    for (side, iterations, sparse) in [
        (40, 4, false),
        (256, 8, false),
        (1024, 12, false),
        (256, 6, true),
        (1024, 7, true),
    ] {
        let cfg = BspConfig {
            width: side,
            height: side,
            iterations,
            ..BspConfig::default()
        };
        let size = if sparse {
            format!("{side}x{side}_it{iterations}")
        } else {
            format!("{side}x{side}")
        };
        group.throughput(Throughput::Elements((side * side) as u64));
        for (name, run) in [
            ("generate", bsp::generate as fn(&BspConfig, u64, i32) -> _),
            ("tile_search", bsp::generate_with_tile_search),
        ] {
            if name == "tile_search" && side == 40 {
                continue;
            }
            let mut seed = 0u64;
            group.bench_with_input(BenchmarkId::new(name, &size), &cfg, |b, cfg| {
                b.iter(|| {
                    seed = seed.wrapping_add(1);
                    black_box(run(cfg, seed, 1).ok())
                });
            });
        }
    }
    group.finish();
}

/// `layout_hash()` on grids made once: a hash streams two bytes a cell
/// (code and door mask) plus the rooms, so the figure is per cell.
fn layout_hashes(c: &mut Criterion) {
    let mut group = c.benchmark_group("layout_hash");
    let cave_cfg = |side| CaveConfig {
        width: side,
        height: side,
        ..CaveConfig::default()
    };
    let bsp_cfg = BspConfig {
        width: 1024,
        height: 1024,
        iterations: 12,
        ..BspConfig::default()
    };
    let grids = [
        (
            "isaac_branching_l10",
            isaac::generate(&IsaacConfig::branching(), 1, 10),
        ),
        ("cave_256x256", cave::generate(&cave_cfg(256), 1, 1)),
        ("cave_1024x1024", cave::generate(&cave_cfg(1024), 1, 1)),
        ("bsp_1024x1024", bsp::generate(&bsp_cfg, 1, 1)),
    ];
    for (name, grid) in grids {
        let Ok(grid) = grid else {
            continue;
        };
        group.throughput(Throughput::Elements(grid.cells().len() as u64));
        group.bench_function(name, |b| b.iter(|| black_box(&grid).layout_hash()));
    }
    group.finish();
}

criterion_group!(benches, room_grids, bsp_sizes, layout_hashes);
criterion_main!(benches);
