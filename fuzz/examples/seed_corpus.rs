//! Writes the hand-made seeds of every target into `fuzz/corpus/<target>/`
//! (`cargo run --example seed_corpus` from `fuzz/`): each preset as is, a
//! few levels, and for the JSON targets generated grids' JSON and ASCII.
//! The fuzzer grows the corpus from these; tests/fuzz.sh --save keeps the
//! new inputs (minimised).

use std::fs;
use std::path::Path;

use dungeon_core::GeneratorConfig;
use dungeon_core::bsp::{self, BspConfig};
use dungeon_core::drunkard::{self, DrunkardConfig};
use dungeon_core::isaac::{self, IsaacConfig};
use dungeon_core::registry::GENERATORS;

/// tests/fuzz.sh's `-max_len` for `grid_json`: a longer seed would be cut.
const GRID_JSON_MAX_LEN: usize = 16_384;

/// Generators whose `<name>_config` target does not start with a preset
/// byte (it reads the seed and level first): the empty input and level 3
/// with seed 7 seed them, or, for `graph`, the block below.
const NO_PRESET_BYTE: &[&str] = &["template", "graph"];

fn has_target(target: &str) -> bool {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz_targets")
        .join(format!("{target}.rs"))
        .exists()
}

fn write(target: &str, name: &str, data: &[u8]) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(target);
    fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let path = dir.join(name);
    fs::write(&path, data).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}

fn main() {
    // Config targets (`<name>_config`, for every generator in the registry
    // that has one): byte 0 picks the preset; then the seed knob (mode 1 =
    // the next byte) and the level knob (mode 3 = typical 1..=12, the next
    // byte); every later knob reads 0 = keep the preset's value.
    let level3 = [1u8, 7, 3, 2];
    for entry in GENERATORS {
        let name = entry.name();
        let target = format!("{name}_config");
        if !has_target(&target) {
            println!("{name}: no target {target}, no config seeds");
            continue;
        }
        if NO_PRESET_BYTE.contains(&name) {
            if name != "graph" {
                write(&target, "seed-empty", &[]);
                write(&target, "seed-level3", &level3);
            }
            continue;
        }
        for preset in 0..u8::try_from(entry.presets().len()).unwrap_or(u8::MAX) {
            write(&target, &format!("seed-preset{preset}"), &[preset]);
            for level in [3u8, 9] {
                let data = [preset, 1, 7, 3, level - 1];
                write(&target, &format!("seed-preset{preset}-level{level}"), &data);
            }
        }
    }

    // Registry targets, for every generator in the registry: each preset
    // as is, and on level 3 with seed 7 (the same seed and level knobs as
    // above, then 0 = no settings changed); cancel_anywhere stops them
    // at checkpoint 0, 3 and 40.
    for (g, entry) in GENERATORS.iter().enumerate() {
        let name = entry.name();
        let g = u8::try_from(g).unwrap_or(u8::MAX);
        for p in 0..u8::try_from(entry.presets().len()).unwrap_or(u8::MAX) {
            write("any_generator", &format!("seed-{name}-{p}"), &[g, p]);
            let data = [g, p, 1, 7, 3, 2];
            write("any_generator", &format!("seed-{name}-{p}-level3"), &data);
            // progression_settings: the same, no setting of its own, then
            // one planner pair: `locks` (setting 0) = 0 + 3.
            if entry.has_rooms() {
                let data = [g, p, 1, 7, 3, 2, 0, 1, 0, 1, 3];
                write(
                    "progression_settings",
                    &format!("seed-{name}-{p}-locks3"),
                    &data,
                );
            }
            for stop in [0u8, 3, 40] {
                let data = [g, stop, p, 1, 7, 3, 2];
                write(
                    "cancel_anywhere",
                    &format!("seed-{name}-{p}-stop{stop}"),
                    &data,
                );
            }
        }
    }

    // graph_config: seed 7, level 3 (the knobs above), then the settings
    // (0 = as in the demo), the graph last; the empty input is an 8-room
    // path from a start to a boss on the demo templates. `corridors` is
    // the second settings byte, one bend corridor piece the third (and the
    // four after it, 0 = its defaults), the demo graph the last byte.
    let settings: [(&str, &[u8]); 4] = [
        ("path", &[0, 0, 0, 0, 0, 0, 0]),
        ("corridors", &[0, 1, 0, 0, 0, 0, 0]),
        ("demo", &[0, 0, 0, 0, 0, 0, 1]),
        (
            "demo-corridors-bend",
            &[0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
        ),
    ];
    write("graph_config", "seed-empty", &[]);
    for (name, rest) in settings {
        write(
            "graph_config",
            &format!("seed-{name}"),
            &[&level3[..], rest].concat(),
        );
    }

    // JSON targets: real grids of every generator in the registry (level 1
    // of seed 1, in the first of its presets whose JSON fits), and a few more.
    let mut grids = Vec::new();
    for entry in GENERATORS {
        let name = entry.name();
        let fits = entry.presets().iter().find_map(|p| {
            let g = entry.job(Some(p.name))?.generate(1, 1).ok()?;
            (g.to_json().len() <= GRID_JSON_MAX_LEN).then_some(g)
        });
        match fits {
            Some(g) => grids.push((format!("{name}-l1"), Ok(g))),
            None => println!(
                "{name}: no preset's level 1 of seed 1 fits grid_json's {GRID_JSON_MAX_LEN} bytes: no grid seed"
            ),
        }
    }
    grids.extend([
        (
            "isaac-p1-l4".to_owned(),
            isaac::generate(
                &IsaacConfig::preset(IsaacConfig::PRESETS[1]).unwrap_or_default(),
                2,
                4,
            ),
        ),
        (
            "drunkard-l2".to_owned(),
            drunkard::generate(&DrunkardConfig::default(), 3, 2),
        ),
        (
            "bsp-16x16".to_owned(),
            bsp::generate(
                &BspConfig {
                    width: 16,
                    height: 16,
                    iterations: 2,
                    ..BspConfig::default()
                },
                4,
                1,
            ),
        ),
        (
            "bsp-default".to_owned(),
            bsp::generate(&BspConfig::default(), 5, 1),
        ),
    ]);
    for (name, grid) in grids {
        let g = grid.unwrap_or_else(|e| panic!("{name}: {e}"));
        write(
            "grid_json",
            &format!("seed-{name}.json"),
            g.to_json().as_bytes(),
        );
        write(
            "grid_json",
            &format!("seed-{name}.txt"),
            g.to_ascii().as_bytes(),
        );
    }
    // Structured mutation: bytes pick the generator, preset, seed and edits.
    for (i, generator) in [0u8, 1, 2].into_iter().enumerate() {
        write(
            "grid_json_mutate",
            &format!("seed-{i}"),
            &[1, 9, 2, generator, 0, 0, 0],
        );
    }
}
