//! The Godot sections: room grids, level 10, boundary, BSP.

use std::fmt::Write as _;

use crate::data::*;

pub(crate) fn godot_room_grids(s: &mut String, d: &Data) {
    let _ = writeln!(
        s,
        "## 1. In Godot: the extension against a GDScript port (room grids, 8×8)\n\n\
         One headless Godot process (`godot_project/bench/bench.gd`) runs both. The **GDScript \
         port** (`godot_project/bench/isaac_port.gd`, `drunkard_port.gd`, `room_grid_port.gd`; \
         never shipped in the addon) is the `compact` neighbour generator and the `winding` drunkard \
         walk written as a Godot developer would without the extension — an Array of row Arrays, \
         `Array[Vector2i]` rooms, a Dictionary for BFS — with the same regenerate-until-valid \
         loop and the same (bug-fixed) acceptance rules and attempt budgets as the extension. The \
         **extension** column includes the boundary: set `seed`, call `generate_level(level)`, \
         then read the rooms into GDScript with `room_cells()` (an `Array[Vector2i]`). A round \
         times a batch of dungeons (seeds counting up from 1); the variants of one level are timed \
         round-robin, a round of each in turn, so a slow moment of the shared machine hits them \
         alike.\n\n\
         | generator | level | GDScript port | extension: generate + `room_cells()` | extension: generate only | port ÷ extension |\n\
         |---|---|---|---|---|---|"
    );
    for kind in ["isaac", "drunkard"] {
        for level in [1, 5, 10] {
            let port = format!("{kind}/port/{level}");
            let ext = format!("{kind}/ext_room_cells/{level}");
            let _ = writeln!(
                s,
                "| {kind} | {level} | {} | {} | {} | {} |",
                ts(d.g(&port)),
                ts(d.g(&ext)),
                ts(d.g(&format!("{kind}/ext_generate/{level}"))),
                xs(&d.gratio(&port, &ext))
            );
        }
    }
    s.push('\n');
}

pub(crate) fn level10(s: &mut String, d: &Data) {
    let _ = writeln!(
        s,
        "## 2. Level 10 on 8×8 (37–40 rooms in 64 cells)\n\n\
         Each dungeon is timed on its own here (µs resolution), seeds 1…N in every run; the \
         extension includes the `room_cells()` read. A failure would be a `null` grid (extension) or \
         an empty result after 2000 attempts (port): both are bounded, so a bad seed costs time, \
         never a hang.\n\n\
         | generator | implementation | succeeded | median | p99 | slowest (all runs) |\n|---|---|---|---|---|---|"
    );
    for ((kind, imp), l) in &d.level10 {
        let _ = writeln!(
            s,
            "| {kind} | {imp} | {} of {} ({:.1} %) | {} | {} | {} |",
            l.ok,
            l.tried,
            100.0 * l.ok as f64 / l.tried.max(1) as f64,
            t(md(l.median.median())),
            t(md(l.p99.median())),
            t(md(l.max.max()))
        );
    }
    s.push('\n');
}

pub(crate) fn boundary(s: &mut String, d: &Data) {
    let _ = writeln!(
        s,
        "## 3. The boundary: what the call and the conversion cost (8×8, level 5)\n\n\
         `core` is `dungeon_core` alone (criterion, section 5). `conv_*` rows call the conversion \
         repeatedly on one grid made beforehand; `walk_*` rows only iterate an already converted \
         result (a room scene position per room cell: `x * 100`, `y * 200`); the `generate + …` \
         rows do everything per dungeon.\n\n\
         | step | isaac | drunkard |\n|---|---|---|"
    );
    let row = |s: &mut String, label: &str, f: &dyn Fn(&str) -> Option<Runs>| {
        let _ = writeln!(
            s,
            "| {label} | {} | {} |",
            ts(f("isaac").as_ref()),
            ts(f("drunkard").as_ref())
        );
    };
    let core_id = |k: &str| core_room_grid_id(k);
    row(s, "core `generate` (Rust only, criterion)", &|k| {
        d.c(&core_id(k)).cloned()
    });
    row(
        s,
        "one `#[func]` call with an int in and out (`room_count(5)`)",
        &|k| d.g(&format!("{k}/call_room_count/5")).cloned(),
    );
    row(s, "setting `seed` (a property write)", &|k| {
        d.g(&format!("{k}/call_set_seed/5")).cloned()
    });
    row(
        s,
        "set `seed` + `generate_level(5)` (returns a `DungeonGrid`)",
        &|k| d.g(&format!("{k}/ext_generate/5")).cloned(),
    );
    row(
        s,
        "  of which outside the core (call, config, object wrap)",
        &|k| {
            Some(
                d.g(&format!("{k}/ext_generate/5"))?
                    .minus(d.c(&core_id(k))?),
            )
        },
    );
    row(s, "conversion `room_cells()` → `Array[Vector2i]`", &|k| {
        d.g(&format!("{k}/conv_room_cells/5")).cloned()
    });
    row(
        s,
        "conversion `cells_packed()` → `PackedInt32Array` (64 codes)",
        &|k| d.g(&format!("{k}/conv_cells_packed/5")).cloned(),
    );
    row(
        s,
        "conversion `door_masks_packed()` → `PackedByteArray`",
        &|k| d.g(&format!("{k}/conv_door_masks/5")).cloned(),
    );
    row(s, "walk `Array[Vector2i]` (room cells only)", &|k| {
        d.g(&format!("{k}/walk_room_cells/5")).cloned()
    });
    row(
        s,
        "walk `PackedInt32Array` (all 64 cells, index → x, y)",
        &|k| d.g(&format!("{k}/walk_cells_packed/5")).cloned(),
    );
    row(s, "generate + `room_cells()`", &|k| {
        d.g(&format!("{k}/ext_room_cells/5")).cloned()
    });
    row(s, "generate + `cells_packed()`", &|k| {
        d.g(&format!("{k}/ext_cells_packed/5")).cloned()
    });
    row(s, "generate + `door_masks_packed()`", &|k| {
        d.g(&format!("{k}/ext_door_masks/5")).cloned()
    });
    row(s, "generate + `room_cells()` + walk", &|k| {
        d.g(&format!("{k}/ext_room_cells_consume/5")).cloned()
    });
    row(s, "generate + `cells_packed()` + walk", &|k| {
        d.g(&format!("{k}/ext_cells_packed_consume/5")).cloned()
    });
    row(s, "GDScript port + walk its rooms", &|k| {
        d.g(&format!("{k}/port_consume/5")).cloned()
    });

    // Shares and the pick, from the measured medians.
    let _ = writeln!(s);
    for k in ["isaac", "drunkard"] {
        let total = d.gm(&format!("{k}/ext_room_cells/5"));
        let core = d.cm(&core_id(k));
        let conv = d.gm(&format!("{k}/conv_room_cells/5"));
        if total.is_finite() && core.is_finite() {
            let _ = writeln!(
                s,
                "- **{k}**: of {} for generate + `room_cells()`, the core's generation is {} ({:.0} %); \
                 the rest, {} ({:.0} %), is the boundary — {} of it the `Array[Vector2i]` conversion \
                 and the remainder the call, the property writes and wrapping the result in a `DungeonGrid` object.",
                t(total),
                t(core),
                100.0 * core / total,
                t(total - core),
                100.0 * (total - core) / total,
                t(conv)
            );
        }
    }
    let arr: f64 = ["isaac", "drunkard"]
        .iter()
        .map(|k| d.gm(&format!("{k}/conv_room_cells/5")) + d.gm(&format!("{k}/walk_room_cells/5")))
        .sum();
    let packed: f64 = ["isaac", "drunkard"]
        .iter()
        .map(|k| {
            d.gm(&format!("{k}/conv_cells_packed/5")) + d.gm(&format!("{k}/walk_cells_packed/5"))
        })
        .sum();
    if arr.is_finite() && packed.is_finite() {
        let (best, other, bt, ot) = if packed <= arr {
            (
                "`cells_packed()` (`PackedInt32Array`)",
                "`room_cells()`",
                packed / 2.0,
                arr / 2.0,
            )
        } else {
            (
                "`room_cells()` (`Array[Vector2i]`)",
                "`cells_packed()`",
                arr / 2.0,
                packed / 2.0,
            )
        };
        let per_room: f64 = ["isaac", "drunkard"]
            .iter()
            .map(|k| d.gm(&format!("{k}/conv_room_cells/5")))
            .sum::<f64>()
            / 2.0
            / 23.5;
        let mean2 = |f: &dyn Fn(&str) -> f64| (f("isaac") + f("drunkard")) / 2.0;
        let overhead =
            mean2(&|k| d.gm(&format!("{k}/ext_generate/5")) - d.cm(&core_room_grid_id(k)));
        let conv_arr = mean2(&|k| d.gm(&format!("{k}/conv_room_cells/5")));
        let _ = writeln!(
            s,
            "- **Fastest to consume on 8×8:** {best}: conversion + walk {} against {} for {other} \
             (mean of the two generators). `room_cells()` holds only the rooms and hands out ready \
             `Vector2i`s; building it costs about {} per room (level 5 has 22–25 rooms): gdext sizes \
             the Godot `Array` once and writes each element in place as a `Variant`. A packed array \
             crosses as one block copy of all 64 cells, whatever they hold, but then GDScript visits \
             all 64 cells and derives `x`, `y` with `%` and `/`. So on 8×8 the two are {}, and \
             `room_cells()` reads best. On tile maps (section 4), with thousands of room tiles, the \
             block copies win by far: use `cells_packed()` / `door_masks_packed()` to paint a whole \
             map and `room_cells_packed()` for its room tiles. The fixed cost of one \
             `generate_level` call outside the core (property write, config build, wrapping the \
             result in a `DungeonGrid` object) is {}, against {} for the `room_cells()` \
             conversion.\n",
            t(bt),
            t(ot),
            t(per_room),
            if ot / bt < 1.3 {
                "close"
            } else {
                "clearly apart"
            },
            t(overhead),
            t(conv_arr)
        );
    }
}

pub(crate) fn godot_bsp(s: &mut String, d: &Data) {
    let _ = writeln!(
        s,
        "## 4. In Godot: BSP tile maps\n\n\
         The same maps as `dungeon_core`'s `generators` bench: 40×40 with 4 split levels (the \
         `small` preset), 256×256 with 8 and 1024×1024 with 12 (one room per 256 tiles). The GDScript port \
         (`godot_project/bench/bsp_port.gd`) does the extension's five steps — split tree, rooms, \
         L corridors, doors, start and farthest end by BFS — with Dictionary nodes, an Array of row \
         Arrays and a Dictionary BFS. It is slow at 1024×1024, so it runs fewer rounds there \
         (3 per run, one map each; 5 at 256×256). `cells_packed()` is the natural read for a \
         tile map (a `TileMapLayer` painter reads it); `room_cells()` lists every room floor tile \
         as a `Vector2i` in an `Array`, built one element at a time; `room_cells_packed()` lists \
         the same tiles as x, y pairs in a `PackedInt32Array`, which crosses as one block.\n\n\
         | map | GDScript port | ext: generate | ext: + `cells_packed()` | ext: + `room_cells_packed()` | ext: + `room_cells()` | ext: + `room_rects()` | port ÷ ext (`cells_packed`) | port ÷ ext (`room_cells_packed`) | port ÷ ext (`room_cells`) |\n\
         |---|---|---|---|---|---|---|---|---|---|"
    );
    for side in [40, 256, 1024] {
        let id = |v: &str| format!("bsp/{v}/{side}");
        let _ = writeln!(
            s,
            "| {side}×{side} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            ts(d.g(&id("port"))),
            ts(d.g(&id("ext_generate"))),
            ts(d.g(&id("ext_cells_packed"))),
            ts(d.g(&id("ext_room_cells_packed"))),
            ts(d.g(&id("ext_room_cells"))),
            ts(d.g(&id("ext_room_rects"))),
            xs(&d.gratio(&id("port"), &id("ext_cells_packed"))),
            xs(&d.gratio(&id("port"), &id("ext_room_cells_packed"))),
            xs(&d.gratio(&id("port"), &id("ext_room_cells")))
        );
    }
    s.push('\n');
}
