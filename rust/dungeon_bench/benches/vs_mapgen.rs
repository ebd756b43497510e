//! Criterion: `dungeon_core` against mapgen 0.6 on matched work, and the
//! time-per-cell curve of our BSP and drunkard walk.
//!
//! `cargo bench --bench vs_mapgen` in `rust/dungeon_bench` (tests/run_bench.sh
//! runs it with short measurement times). Each iteration uses the next seed,
//! for both libraries. What is matched is documented in `src/lib.rs`; the
//! measured room counts and floor shares come from `examples/matching.rs`.
//! Nothing here asserts a time.

#[path = "support/mapgen_side.rs"]
mod mapgen_side;

use std::hint::black_box;

use criterion::{
    BenchmarkId, Criterion, SamplingMode, Throughput, criterion_group, criterion_main,
};
use dungeon_bench::{
    BSP_SCALING_SIDES, DRUNKARD_SCALING_FILL, DRUNKARD_SCALING_SIDES, VS_MAPGEN_DRUNKARD_SIZES,
    VS_MAPGEN_SIZES, bsp_floor_matched, bsp_rooms_matched, bsp_scaling, drunkard_cells,
    drunkard_matched, mapgen_drunkard_target,
};
use dungeon_core::{bsp, drunkard};

/// Fewer samples where one map takes milliseconds.
fn samples(cells: i64) -> usize {
    match cells {
        c if c >= 1 << 20 => 10,
        c if c >= 1 << 16 => 20,
        _ => 50,
    }
}

fn vs_mapgen_bsp(c: &mut Criterion) {
    let mut group = c.benchmark_group("vs_mapgen_bsp");
    for (w, h) in VS_MAPGEN_SIZES {
        let size = format!("{w}x{h}");
        let cells = i64::from(w) * i64::from(h);
        group.sample_size(samples(cells));
        group.throughput(Throughput::Elements(cells as u64));
        if cells >= 1 << 20 {
            group.sampling_mode(SamplingMode::Flat);
        }
        for (name, cfg) in [
            ("ours_rooms_matched", bsp_rooms_matched(w, h)),
            ("ours_floor_matched", bsp_floor_matched(w, h)),
        ] {
            let mut seed = 0u64;
            group.bench_function(BenchmarkId::new(name, &size), |b| {
                b.iter(|| {
                    seed = seed.wrapping_add(1);
                    black_box(bsp::generate(&cfg, seed, 1).ok())
                });
            });
        }
        let input = mapgen_side::empty(w, h);
        let mut seed = 0u64;
        group.bench_function(BenchmarkId::new("mapgen_BspRooms", &size), |b| {
            b.iter(|| {
                seed = seed.wrapping_add(1);
                black_box(mapgen_side::bsp_rooms(&input, seed))
            });
        });
        let mut seed = 0u64;
        group.bench_function(BenchmarkId::new("mapgen_pipeline", &size), |b| {
            b.iter(|| {
                seed = seed.wrapping_add(1);
                black_box(mapgen_side::bsp_pipeline(&input, seed))
            });
        });
    }
    group.finish();
}

fn vs_mapgen_drunkard(c: &mut Criterion) {
    let mut group = c.benchmark_group("vs_mapgen_drunkard");
    for (w, h) in VS_MAPGEN_DRUNKARD_SIZES {
        let size = format!("{w}x{h}");
        let cells = i64::from(w) * i64::from(h);
        group.sample_size(samples(cells));
        group.throughput(Throughput::Elements(cells as u64));
        for (name, cfg) in [
            ("ours_stay_at_edge", drunkard_matched(w, h, true)),
            ("ours_back_to_start", drunkard_matched(w, h, false)),
        ] {
            let mut seed = 0u64;
            group.bench_function(BenchmarkId::new(name, &size), |b| {
                b.iter(|| {
                    seed = seed.wrapping_add(1);
                    black_box(drunkard::generate(&cfg, seed, 1).ok())
                });
            });
        }
        let input = mapgen_side::empty(w, h);
        let mut seed = 0u64;
        group.bench_function(BenchmarkId::new("mapgen_open_halls", &size), |b| {
            b.iter(|| {
                seed = seed.wrapping_add(1);
                black_box(mapgen_side::drunkard(&input, seed))
            });
        });
    }
    group.finish();
}

fn scaling(c: &mut Criterion) {
    let mut group = c.benchmark_group("scaling_bsp");
    for side in BSP_SCALING_SIDES {
        let cells = i64::from(side) * i64::from(side);
        group.sample_size(samples(cells));
        if cells >= 1 << 20 {
            group.sampling_mode(SamplingMode::Flat);
        }
        group.throughput(Throughput::Elements(cells as u64));
        let cfg = bsp_scaling(side);
        let mut seed = 0u64;
        group.bench_function(
            BenchmarkId::new("generate", format!("{side}x{side}")),
            |b| {
                b.iter(|| {
                    seed = seed.wrapping_add(1);
                    black_box(bsp::generate(&cfg, seed, 1).ok())
                });
            },
        );
    }
    group.finish();

    let mut group = c.benchmark_group("scaling_drunkard");
    for side in DRUNKARD_SCALING_SIDES {
        let cells = i64::from(side) * i64::from(side);
        group.sample_size(samples(cells));
        group.throughput(Throughput::Elements(cells as u64));
        let target = mapgen_drunkard_target(side, side, DRUNKARD_SCALING_FILL);
        let cfg = drunkard_cells(side, side, target, true);
        let mut seed = 0u64;
        group.bench_function(
            BenchmarkId::new("half_full", format!("{side}x{side}")),
            |b| {
                b.iter(|| {
                    seed = seed.wrapping_add(1);
                    black_box(drunkard::generate(&cfg, seed, 1).ok())
                });
            },
        );
    }
    group.finish();
}

criterion_group!(benches, vs_mapgen_bsp, vs_mapgen_drunkard, scaling);
criterion_main!(benches);
