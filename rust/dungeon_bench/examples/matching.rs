//! Prints what the mapgen comparison matches, as tab-separated lines for the
//! report: room counts and floor shares of both BSPs, floor counts of both
//! drunkard walks, over 50 seeds each. Also times mapgen's drunkard once at
//! 1024×1024, where ours has no counterpart (the room grid stops at 256).
//!
//! `cargo run --release --example matching`

#[path = "../benches/support/mapgen_side.rs"]
mod mapgen_side;

use dungeon_bench::{
    MAPGEN_OPEN_HALLS_FLOOR, VS_MAPGEN_DRUNKARD_SIZES, VS_MAPGEN_SIZES, bsp_floor_matched,
    bsp_rooms_matched, drunkard_matched, mapgen_drunkard_target,
};
use dungeon_core::bsp::{self, BspConfig};
use dungeon_core::{Cell, drunkard};

const SEEDS: u64 = 50;

fn ours(c: &BspConfig) -> (f64, f64, f64) {
    let (mut rooms, mut floor, mut walk) = (0, 0, 0);
    for seed in 0..SEEDS {
        let g = bsp::generate(c, seed, 1).expect("valid config");
        rooms += g.room_rects().len();
        floor += g.cells().iter().filter(|c| c.is_room()).count();
        walk += g.cells().iter().filter(|&&c| c != Cell::Empty).count();
    }
    let cells = (SEEDS * (c.width * c.height) as u64) as f64;
    (
        rooms as f64 / SEEDS as f64,
        floor as f64 / cells,
        walk as f64 / cells,
    )
}

fn main() {
    println!("# kind\tsize\tvariant\trooms\troom_floor_share\twalkable_share");
    for (w, h) in VS_MAPGEN_SIZES {
        let size = format!("{w}x{h}");
        let input = mapgen_side::empty(w, h);
        let cells = (SEEDS * (w * h) as u64) as f64;
        let (mut rooms, mut floor) = (0, 0);
        for seed in 0..SEEDS {
            let m = mapgen_side::bsp_rooms(&input, seed);
            rooms += m.rooms.len();
            floor += mapgen_side::floor(&m);
        }
        let mut walk = 0;
        for seed in 0..SEEDS {
            walk += mapgen_side::floor(&mapgen_side::bsp_pipeline(&input, seed));
        }
        println!(
            "bsp\t{size}\tmapgen\t{:.1}\t{:.4}\t{:.4}",
            rooms as f64 / SEEDS as f64,
            floor as f64 / cells,
            walk as f64 / cells
        );
        for (variant, c) in [
            ("ours_rooms_matched", bsp_rooms_matched(w, h)),
            ("ours_floor_matched", bsp_floor_matched(w, h)),
        ] {
            let (r, f, wk) = ours(&c);
            println!("bsp\t{size}\t{variant}\t{r:.1}\t{f:.4}\t{wk:.4}");
        }
    }
    println!("# kind\tsize\tvariant\tfloor_cells\tfloor_share");
    for (w, h) in VS_MAPGEN_DRUNKARD_SIZES {
        let size = format!("{w}x{h}");
        let cells = f64::from(w * h);
        let input = mapgen_side::empty(w, h);
        let mut dug = 0;
        for seed in 0..SEEDS {
            dug += mapgen_side::floor(&mapgen_side::drunkard(&input, seed));
        }
        let mean = dug as f64 / SEEDS as f64;
        println!("drunkard\t{size}\tmapgen\t{mean:.1}\t{:.4}", mean / cells);
        let target = mapgen_drunkard_target(w, h, MAPGEN_OPEN_HALLS_FLOOR);
        let c = drunkard_matched(w, h, true);
        let got = drunkard::generate(&c, 1, 1)
            .expect("valid config")
            .rooms()
            .len();
        assert_eq!(got as i32, target);
        println!("drunkard\t{size}\tours\t{got}\t{:.4}", got as f64 / cells);
    }
    let input = mapgen_side::empty(1024, 1024);
    let t = std::time::Instant::now();
    let m = mapgen_side::drunkard(&input, 1);
    println!(
        "mapgen_drunkard_1024\t{:.3}\t{}",
        t.elapsed().as_secs_f64(),
        mapgen_side::floor(&m)
    );
}
