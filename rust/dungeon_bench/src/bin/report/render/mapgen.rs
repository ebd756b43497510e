//! The core and mapgen sections: vs mapgen, scaling, memory.

use std::fmt::Write as _;

use super::SIZES;
use crate::data::*;

pub(crate) fn core(s: &mut String, d: &Data) {
    let _ = writeln!(
        s,
        "## 5. The Rust core alone (`cargo bench --bench generators` in `rust/dungeon_bench`)\n\n\
         One valid dungeon per iteration, the next seed each time, retries included.\n\n\
         | benchmark | median per dungeon |\n|---|---|"
    );
    for (id, r) in d
        .crit
        .iter()
        .filter(|(k, _)| k.starts_with("room_grid/") || k.starts_with("bsp/"))
    {
        let _ = writeln!(s, "| `{id}` | {} |", ts(Some(r)));
    }
    s.push('\n');
}

pub(crate) fn vs_mapgen(s: &mut String, d: &Data) {
    let _ = writeln!(
        s,
        "## 6. Rust against Rust: mapgen 0.6 (`rust/dungeon_bench/benches/vs_mapgen.rs`)\n\n\
         mapgen is a dev-dependency of `rust/dungeon_bench` only, a workspace of its own that \
         builds both crates with the main workspace's release settings. What is matched \
         (details in `rust/dungeon_bench/src/lib.rs`):\n\n\
         - **Room count.** mapgen's `BspRooms` places as many rooms as 240 random tries allow; our \
           split depth is the power of two at or above its mean count, so we build at least as \
           many rooms (16, 64, 128).\n\
         - **Floor share.** mapgen's rooms are at most 20×20 tiles, so on large maps they cover \
           little. `ours_rooms_matched` keeps our default room size (60–70 % of each part); \
           `ours_floor_matched` shrinks our rooms to mapgen's floor share.\n\
         - **Output.** `mapgen_BspRooms` only places rooms. Ours also carves corridors, places \
           doors, fills door masks and picks start and end by their exact path distance (it lists \
           room tiles only when asked); \
           `mapgen_pipeline` (`BspRooms` + `NearestCorridors` + `AreaStartingPosition` + \
           `DistantExit`) is the mapgen chain closest to that.\n\
         - **Allocation.** mapgen's filters take the empty input map by reference and return a fresh \
           map, as our `generate` returns a fresh grid, so the input is made once outside the timed \
           loop. Making it per iteration would add mapgen's `MapBuffer::new` — 9 zeroed bytes per \
           cell — about 7 ms at 1024×1024 on this machine: our side is not helped by that.\n\
         - **Drunkard walk.** mapgen's `DrunkardsWalk::open_halls()` digs with 400-step walkers \
           from random spots until 50 % of the map is floor; ours is asked for exactly \
           `floor(0.5 × w × h)` rooms, 4 directions, walker staying put at the edge like mapgen's \
           (`ours_stay_at_edge`) or the `winding` preset's jump back to the start \
           (`ours_back_to_start`). It is one walker, not many. Our room-grid drunkard is capped at \
           256×256 (`room_grid::MAX_SIDE`), so there is no 1024×1024 drunkard comparison.\n\n\
         Measured shares (50 seeds each, `examples/matching.rs`):\n\n\
         | map | variant | rooms | room floor share | walkable share |\n|---|---|---|---|---|"
    );
    for row in d
        .matching
        .iter()
        .filter(|r| r.first().is_some_and(|k| k == "bsp") && r.len() >= 6)
    {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} |",
            row[1], row[2], row[3], row[4], row[5]
        );
    }
    let _ = writeln!(
        s,
        "\n| map | variant | floor cells | floor share |\n|---|---|---|---|"
    );
    for row in d
        .matching
        .iter()
        .filter(|r| r.first().is_some_and(|k| k == "drunkard") && r.len() >= 5)
    {
        let _ = writeln!(s, "| {} | {} | {} | {} |", row[1], row[2], row[3], row[4]);
    }
    if let Some(row) = d
        .matching
        .iter()
        .find(|r| r.first().is_some_and(|k| k == "mapgen_drunkard_1024"))
    {
        let _ = writeln!(
            s,
            "\nmapgen's `open_halls()` at 1024×1024, timed once outside criterion: {} s for {} floor cells \
             (it recounts the whole map after every 400-step walker).",
            row.get(1).map_or("?", String::as_str),
            row.get(2).map_or("?", String::as_str)
        );
    }
    let _ = writeln!(
        s,
        "\n**BSP** (per map; the last two columns are how many times faster ours is):\n\n\
         | map | ours, rooms matched | ours, rooms + floor matched | mapgen `BspRooms` | mapgen pipeline | mapgen `BspRooms` ÷ ours (rooms / floor matched) | mapgen pipeline ÷ ours (rooms / floor matched) |\n\
         |---|---|---|---|---|---|---|"
    );
    for size in SIZES {
        let id = |v: &str| format!("vs_mapgen_bsp/{v}/{size}");
        let _ = writeln!(
            s,
            "| {size} | {} | {} | {} | {} | {} / {} | {} / {} |",
            ts(d.c(&id("ours_rooms_matched"))),
            ts(d.c(&id("ours_floor_matched"))),
            ts(d.c(&id("mapgen_BspRooms"))),
            ts(d.c(&id("mapgen_pipeline"))),
            xs(&d.cratio(&id("mapgen_BspRooms"), &id("ours_rooms_matched"))),
            xs(&d.cratio(&id("mapgen_BspRooms"), &id("ours_floor_matched"))),
            xs(&d.cratio(&id("mapgen_pipeline"), &id("ours_rooms_matched"))),
            xs(&d.cratio(&id("mapgen_pipeline"), &id("ours_floor_matched"))),
        );
    }
    let _ = writeln!(
        s,
        "\n**Drunkard walk** (50 % floor):\n\n\
         | map | ours, stay at edge | ours, back to start (`winding`) | mapgen `open_halls()` | mapgen ÷ ours (stay) |\n|---|---|---|---|---|"
    );
    for size in ["80x50", "256x256"] {
        let id = |v: &str| format!("vs_mapgen_drunkard/{v}/{size}");
        let _ = writeln!(
            s,
            "| {size} | {} | {} | {} | {} |",
            ts(d.c(&id("ours_stay_at_edge"))),
            ts(d.c(&id("ours_back_to_start"))),
            ts(d.c(&id("mapgen_open_halls"))),
            xs(&d.cratio(&id("mapgen_open_halls"), &id("ours_stay_at_edge")))
        );
    }
    s.push('\n');
}

pub(crate) fn scaling(s: &mut String, d: &Data) {
    let _ = writeln!(
        s,
        "## 7. Scaling: time per cell\n\n\
         BSP with one room per 256 tiles (split depth `2·log2(side) − 8`; the `small` preset's 4 at 40×40), \
         full `generate` including corridors, doors and the start/end search. The drunkard walk fills \
         half of a square room grid (stay at the edge); the room grid stops at 256×256.\n\n\
         | generator | map | split depth | median per map | ns per cell | ÷ 256² per cell |\n|---|---|---|---|---|---|"
    );
    let rows: [(&str, &str, &[i32]); 2] = [
        (
            "BSP",
            "scaling_bsp/generate",
            &[40, 64, 128, 256, 512, 1024, 2048],
        ),
        (
            "drunkard",
            "scaling_drunkard/half_full",
            &[16, 32, 64, 128, 256],
        ),
    ];
    for (name, prefix, sides) in rows {
        let per =
            |side: i32| d.cm(&format!("{prefix}/{side}x{side}")) * 1e3 / f64::from(side * side);
        let base = per(256);
        for &side in sides {
            let id = format!("{prefix}/{side}x{side}");
            let depth = if name == "BSP" {
                dungeon_bench::scaling_iterations(side).to_string()
            } else {
                "–".into()
            };
            let _ = writeln!(
                s,
                "| {name} | {side}×{side} | {depth} | {} | {:.2} | {} |",
                ts(d.c(&id)),
                per(side),
                x(per(side) / base)
            );
        }
    }
    s.push('\n');
}

pub(crate) fn memory(s: &mut String, d: &Data) {
    let _ = writeln!(
        s,
        "## 8. Peak memory\n\n\
         `rust/dungeon_bench/src/bin/peak_mem.rs` generates one map in a fresh process and reads \
         the peak resident set (`VmHWM`) before and after; the difference is what generating \
         cost at its peak. \"Kept\" is what the returned `DungeonGrid` holds: a cell code and a \
         door mask per cell, 8 bytes per room cell of a room grid (a BSP map lists its room tiles \
         only when `rooms()` is first called, so they are not counted), 16 per room rectangle. Cross-checked \
         with `/usr/bin/time -v` on the largest map: {time_v}.\n\n\
         | generator | map | cells | peak RSS | peak growth per cell | kept by the grid, per cell | time |\n|---|---|---|---|---|---|---|",
        time_v = d.machine("time_v_max_rss")
    );
    for row in d.peak.iter().filter(|r| r.len() >= 8) {
        let cells: f64 = row[2].parse().unwrap_or(f64::NAN);
        let after: f64 = row[4].parse().unwrap_or(f64::NAN);
        let kept: f64 = row[6].parse().unwrap_or(f64::NAN);
        let _ = writeln!(
            s,
            "| {} | {} | {} | {:.1} MiB | {} B | {:.2} B | {} ms |",
            row[0],
            row[1],
            row[2],
            after / (1024.0 * 1024.0),
            row[5],
            kept / cells,
            row[7]
        );
    }
    s.push('\n');
}
