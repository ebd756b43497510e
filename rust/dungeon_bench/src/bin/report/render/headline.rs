//! The summary at the top: targets met or missed.

use std::fmt::Write as _;

use super::SIZES;
use crate::data::*;

pub(crate) fn headline(s: &mut String, d: &Data) {
    let _ = writeln!(s, "## Headline: targets\n");
    let _ = writeln!(s, "| target | goal | measured | |\n|---|---|---|---|");
    let ratio_row = |s: &mut String, what: &str, goal: f64, r: &Runs| {
        let m = r.median();
        let _ = writeln!(
            s,
            "| {what} | ≥ {goal:.0}× | {} | {} |",
            xs(r),
            met(m.map(|m| m >= goal))
        );
    };
    for kind in ["isaac", "drunkard"] {
        let r = d.gratio(
            &format!("{kind}/port/5"),
            &format!("{kind}/ext_room_cells/5"),
        );
        let name = if kind == "isaac" {
            "Isaac (crowding neighbour growth)"
        } else {
            "Drunkard walk"
        };
        ratio_row(
            s,
            &format!(
                "Godot: {name}, level 5, GDScript port ÷ extension (generate + `room_cells()`)"
            ),
            20.0,
            &r,
        );
    }
    let r = d.gratio("bsp/port/256", "bsp/ext_cells_packed/256");
    ratio_row(
        s,
        "Godot: BSP 256×256, GDScript port ÷ extension (generate + `cells_packed()`)",
        100.0,
        &r,
    );
    let r = d.gratio("bsp/port/256", "bsp/ext_room_cells_packed/256");
    ratio_row(
        s,
        "Godot: BSP 256×256, GDScript port ÷ extension (generate + `room_cells_packed()`: every \
         room floor tile as x, y pairs)",
        100.0,
        &r,
    );
    // Not a target row: section 3 picks the packed arrays for tile maps.
    let r = d.gratio("bsp/port/256", "bsp/ext_room_cells/256");
    let _ = writeln!(
        s,
        "| Godot: BSP 256×256, GDScript port ÷ extension (generate + `room_cells()`: every room \
         floor tile as an `Array[Vector2i]`, one `Variant` each; not the read chosen for tile \
         maps) | reported | {} | – |",
        xs(&r)
    );

    // mapgen: every matched case.
    let (wins, total, worst) = mapgen_wins(d);
    let _ = writeln!(
        s,
        "| faster than mapgen on every matched case (section 6) | {total} of {total} | {wins} of {total}{} | {} |",
        worst.map_or_else(String::new, |(id, r)| format!(
            "; slowest of ours: {id} at {}",
            x(r)
        )),
        met((total > 0).then_some(wins == total))
    );
    // Scaling, per run: (t1024 / t256) / 16.
    let growth = match (
        d.c("scaling_bsp/generate/1024x1024"),
        d.c("scaling_bsp/generate/256x256"),
    ) {
        (Some(a), Some(b)) => Runs(a.ratio(b).0.iter().map(|r| r / 16.0).collect()),
        _ => Runs::default(),
    };
    let g = |id: &str| d.cm(id);
    let per =
        |side: i32| g(&format!("scaling_bsp/generate/{side}x{side}")) / f64::from(side * side);
    let gm = md(growth.median());
    let _ = writeln!(
        s,
        "| BSP time per cell, 1024² ÷ 256² (per run) | ≤ 2× | {} (medians: {:.1} → {:.1} ns/cell) | {} |",
        xs(&growth),
        per(256) * 1e3,
        per(1024) * 1e3,
        met(gm.is_finite().then_some(gm <= 2.0))
    );
    // Core targets.
    let core_row = |s: &mut String, what: &str, id: &str, goal_us: f64, goal: &str| {
        let m = d.cm(id);
        let _ = writeln!(
            s,
            "| core: {what} | {goal} | {} | {} |",
            ts(d.c(id)),
            met(m.is_finite().then_some(m < goal_us))
        );
    };
    core_row(
        s,
        "Isaac `compact`, level 5, per valid dungeon (retries included)",
        "room_grid/isaac_compact/5",
        5.0,
        "< 5 µs",
    );
    core_row(
        s,
        "Drunkard `winding`, level 5, per valid dungeon",
        "room_grid/drunkard_winding/5",
        5.0,
        "< 5 µs",
    );
    core_row(
        s,
        "BSP 256×256 furnished like mapgen's map (6 iterations: 64 rooms; mapgen's `BspRooms` \
         places about 56)",
        "vs_mapgen_bsp/ours_rooms_matched/256x256",
        100.0,
        "< 100 µs",
    );
    core_row(
        s,
        "BSP 1024×1024 furnished like mapgen's map (7 iterations: 128 rooms; mapgen about 92)",
        "vs_mapgen_bsp/ours_rooms_matched/1024x1024",
        1000.0,
        "< 1 ms",
    );
    core_row(
        s,
        "BSP 1024×1024 matched to mapgen's rooms *and* floor share",
        "vs_mapgen_bsp/ours_floor_matched/1024x1024",
        1000.0,
        "< 1 ms",
    );
    // Denser than the maps the targets were set against: reported only.
    for (what, id) in [
        (
            "BSP 256×256, one room per 256 tiles (`generators` bench: 8 iterations, 256 rooms)",
            "bsp/generate/256x256",
        ),
        (
            "BSP 1024×1024, one room per 256 tiles (`generators` bench: 12 iterations, 4096 rooms)",
            "bsp/generate/1024x1024",
        ),
    ] {
        let _ = writeln!(
            s,
            "| core, dense maps: {what} | reported | {} | – |",
            ts(d.c(id))
        );
    }
    for kind in ["isaac", "drunkard"] {
        if let Some(l) = d.level10.get(&(kind.to_owned(), "extension".to_owned())) {
            let _ = writeln!(
                s,
                "| Godot: {kind} level 10 on 8×8 | succeeds, never hangs | {} of {} succeeded; median {}, p99 {}, slowest {} | {} |",
                l.ok,
                l.tried,
                t(md(l.median.median())),
                t(md(l.p99.median())),
                t(md(l.max.max())),
                met(Some(l.ok == l.tried))
            );
        }
    }
    let _ = writeln!(
        s,
        "\nThe Python figure quoted in the issue (about 144 µs per valid dungeon of the original \
         room-grid script) was not re-measured here; the GDScript port in section 1 plays that role.\n\n\
         **Which BSP maps the core targets apply to.** The core issue sets BSP at 256×256 under \
         100 µs and 1024×1024 under 1 ms next to mapgen's figures for those sizes (140 µs and \
         0.86 ms), so the targets are judged on maps furnished like mapgen's: at least as many \
         rooms as its `BspRooms` places (section 6 has the matching table). The `generators` \
         bench's dense maps, one room per 256 tiles, hold 4.5× (256×256) and 45× (1024×1024) \
         mapgen's rooms; they are the scaling curve's maps (section 7), reported with no target, \
         and section 9 says where their time goes.\n"
    );
}

/// (ours faster, cases, our worst ratio mapgen/ours with its id).
pub(crate) fn mapgen_wins(d: &Data) -> (usize, usize, Option<(String, f64)>) {
    let mut cases = Vec::new();
    for size in SIZES {
        for ours in ["ours_rooms_matched", "ours_floor_matched"] {
            for theirs in ["mapgen_BspRooms", "mapgen_pipeline"] {
                cases.push((
                    format!("BSP {ours} vs {theirs} {size}"),
                    d.cratio(
                        &format!("vs_mapgen_bsp/{theirs}/{size}"),
                        &format!("vs_mapgen_bsp/{ours}/{size}"),
                    ),
                ));
            }
        }
    }
    for size in ["80x50", "256x256"] {
        cases.push((
            format!("drunkard {size}"),
            d.cratio(
                &format!("vs_mapgen_drunkard/mapgen_open_halls/{size}"),
                &format!("vs_mapgen_drunkard/ours_stay_at_edge/{size}"),
            ),
        ));
    }
    let mut wins = 0;
    let mut total = 0;
    let mut worst: Option<(String, f64)> = None;
    for (id, r) in cases {
        let Some(m) = r.median() else { continue };
        total += 1;
        if m > 1.0 {
            wins += 1;
        }
        if worst.as_ref().is_none_or(|(_, w)| m < *w) {
            worst = Some((id, m));
        }
    }
    (wins, total, worst)
}
