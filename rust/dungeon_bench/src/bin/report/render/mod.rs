//! `report render`: BENCHMARKS.md from the results folder.

mod godot;
mod headline;
mod mapgen;
mod notes;

use std::fmt::Write as _;
use std::fs;
use std::path::Path;

use crate::Res;
use crate::data::*;
use godot::*;
use headline::*;
use mapgen::*;
use notes::*;

pub(crate) const SIZES: [&str; 3] = ["80x50", "256x256", "1024x1024"];

pub(crate) fn render(dir: &Path, out: &Path) -> Res<()> {
    let d = load(dir);
    if d.crit.is_empty() && d.godot.is_empty() {
        return Err(format!("no results in {}", dir.display()));
    }
    let mut s = String::new();
    header(&mut s, &d);
    headline(&mut s, &d);
    godot_room_grids(&mut s, &d);
    level10(&mut s, &d);
    boundary(&mut s, &d);
    godot_bsp(&mut s, &d);
    core(&mut s, &d);
    vs_mapgen(&mut s, &d);
    scaling(&mut s, &d);
    memory(&mut s, &d);
    hot_spots(&mut s);
    notes(&mut s, &d);
    generators(&mut s, &d, dir);
    fs::write(out, s).map_err(|e| format!("{}: {e}", out.display()))?;
    eprintln!("report: wrote {}", out.display());
    Ok(())
}

pub(crate) fn header(s: &mut String, d: &Data) {
    let _ = writeln!(
        s,
        "# Benchmarks\n\n\
         Written by `tests/run_bench.sh` on {date} — do not edit by hand; rerun the script. \
         Nothing here is a test: CI never asserts on these numbers, and a missed target is \
         reported as missed.\n\n\
         Every figure is the **median over {runs} runs** of each run's own median, followed by \
         the smallest and largest run median in brackets (the spread between runs). Ratios are \
         computed per run and summarised the same way. Times are per dungeon.\n\n\
         ## How to rerun\n\n\
         ```sh\n{cmd}\n```\n\n\
         It builds the extension with `tests/build_extension.sh --release` and runs the Godot \
         bench on that **release** build ({lib}), runs `rust/dungeon_bench`'s `generators` \
         and `vs_mapgen` benches (criterion, `{crit}`), the \
         headless Godot bench `godot_project/bench/bench.gd` and the peak-memory probe, each \
         {runs} times, then renders this file with `rust/dungeon_bench/src/bin/report.rs`. \
         The whole run took {took}.\n\n\
         ## Machine\n\n\
         | | |\n|---|---|\n\
         | CPU | {cpu} |\n\
         | cores (`nproc`) | {nproc} |\n\
         | memory | {mem} |\n\
         | OS kernel | {kernel} |\n\
         | Godot | {godot} |\n\
         | rustc | {rustc} |\n\
         | gdext (godot crate) | {gdext} |\n\
         | mapgen | {mapgen} |\n\
         | load average before / after | {load0} / {load1} |\n\
         | CPU time stolen by the hypervisor during the run | {steal} |\n",
        date = d.machine("date"),
        runs = d.runs_godot.max(d.runs_crit),
        cmd = d.machine("command"),
        lib = d.machine("extension"),
        crit = d.machine("criterion_args"),
        took = d.machine("duration"),
        cpu = d.machine("cpu"),
        nproc = d.machine("nproc"),
        mem = d.machine("memory"),
        kernel = d.machine("kernel"),
        godot = d.machine("godot"),
        rustc = d.machine("rustc"),
        gdext = d.machine("gdext"),
        mapgen = d.machine("mapgen"),
        load0 = d.machine("load_before"),
        load1 = d.machine("load_after"),
        steal = d.machine("steal"),
    );
}

/// The newer generators' sections, each written whole by its own example
/// (`rust/dungeon_bench/examples/*_bench.rs`, the level-graph bench
/// `rust/dungeon_core/examples/graph_bench/` and the progression bench
/// `rust/dungeon_core/examples/progression_bench.rs`, one run, its own baseline
/// measured in the same process), in name order.
pub(crate) fn generators(s: &mut String, d: &Data, dir: &Path) {
    let mut files: Vec<_> = fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("gen_") && n.ends_with(".md"))
        })
        .collect();
    if files.is_empty() {
        return;
    }
    files.sort();
    s.push_str(
        "\n## 10. Caves, walkers, mazes, room graphs, painting and navigation\n\n\
         Each section below comes from one example in `rust/dungeon_bench/examples/` (level \
         graphs, the progression planner and navigation: `graph_bench/`, \
         `progression_bench.rs` and `nav_bench.rs` in `rust/dungeon_core/examples/`) or one \
         Godot script in `godot_project/bench/` (painting and navigation in Godot), run once; \
         it repeats each case itself or says it ran once, and measures its baseline in the \
         same process or run.\n",
    );
    for p in files {
        if let Ok(text) = fs::read_to_string(&p) {
            s.push('\n');
            s.push_str(text.trim_end());
            s.push('\n');
        }
    }
    godot_cave(s, d);
    godot_isaac_floor(s, d);
}

/// The Godot cave case: `CaveGenerator` generate + `cells_packed()` against
/// the GDScript port of the same automaton (`bench/cave_port.gd`), 256².
fn godot_cave(s: &mut String, d: &Data) {
    let (ext, port) = ("cave/ext_cells_packed/256", "cave/port/256");
    if d.g(ext).is_none() || d.g(port).is_none() {
        return;
    }
    let ratio = d.gratio(port, ext);
    let _ = writeln!(
        s,
        "\n### In Godot: CaveGenerator against a GDScript port (256×256)\n\n\
         | case | time per cave |\n|---|---|\n\
         | `CaveGenerator` generate + `cells_packed()` (classic, largest cave kept) | {} |\n\
         | GDScript port of the same automaton and region pass (`bench/cave_port.gd`) | {} |\n\
         | port / extension | {} |\n\n\
         Target ≥ 50×: {}.",
        ts(d.g(ext)),
        ts(d.g(port)),
        xs(&ratio),
        met(ratio.median().map(|r| r >= 50.0)),
    );
}

/// The Godot Isaac case: a complete level-5 floor of `PRESET_LARGE_ROOMS`
/// (large rooms and every special room) through the extension, every room's
/// cells and role read back, against the GDScript port of the same rules
/// (`bench/isaac_floor_port.gd`).
fn godot_isaac_floor(s: &mut String, d: &Data) {
    let (ext, port) = ("isaac_floor/ext_rooms/5", "isaac_floor/port/5");
    if d.g(ext).is_none() || d.g(port).is_none() {
        return;
    }
    let ratio = d.gratio(port, ext);
    let generate = "isaac_floor/ext_generate/5";
    let packed = "isaac_floor/ext_rooms_packed/5";
    let _ = writeln!(
        s,
        "\n### In Godot: complete Isaac floors against a GDScript port (level 5, large rooms)\n\n\
         | case | time per floor |\n|---|---|\n\
         | `IsaacGenerator` (`PRESET_LARGE_ROOMS`) generate + every room's `get_room_cells()` and role, one call per room | {} |\n\
         | `IsaacGenerator` generate + every room's cells, rects, roles and shapes in one call (`get_rooms_packed()`) | {} |\n\
         | `IsaacGenerator` generate only | {} |\n\
         | GDScript port of the same rules (`bench/isaac_floor_port.gd`) | {} |\n\
         | port / extension (rooms read one call per room) | {} |\n\
         | (generate + `get_rooms_packed()`) / generate alone (target ≤ 1.5) | {} |\n\
         | (generate + one call per room) / generate alone | {} |\n\n\
         No target is set for the port ratio; the room grids' is ≥ 50× (section 1).",
        ts(d.g(ext)),
        ts(d.g(packed)),
        ts(d.g(generate)),
        ts(d.g(port)),
        xs(&ratio),
        xs(&d.gratio(packed, generate)),
        xs(&d.gratio(ext, generate)),
    );
}
