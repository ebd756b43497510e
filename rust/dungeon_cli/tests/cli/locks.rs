//! Locks in the outputs: `dungeon show` of grids with locks draws them
//! (ASCII letters and a legend, emoji, PNG in the keys' colours). The
//! grids are generated, then given locks by [`locked`], which the core's
//! proof accepts.

use std::path::PathBuf;

use dungeon_core::progression::{ON_CRITICAL_PATH, SECRET};
use dungeon_core::{Cell, DIRS, DungeonGrid, GridKind, Lock, LockKind, Pos};

use super::{grid_from_json, ok, scratch};

/// `g` with up to `keys` key locks on its critical path (from the end
/// back; each key in the deepest side room the proof accepts) and up to
/// `one_way` one-way doors off it, added one at a time while the proof
/// (`with_locks`) accepts them.
pub(super) fn locked(g: DungeonGrid, keys: usize, one_way: usize) -> DungeonGrid {
    let m = g.room_metrics();
    let mut side: Vec<usize> = (0..g.room_count())
        .filter(|&r| !m.has(r, ON_CRITICAL_PATH) && !m.has(r, SECRET) && m.distance_rooms[r] > 0)
        .collect();
    side.sort_by_key(|&r| (-m.branch_depth[r], r));
    let mut locks: Vec<Lock> = Vec::new();
    let try_add = |locks: &mut Vec<Lock>, lock: Lock| {
        let mut trial = locks.clone();
        trial.push(lock);
        Lock::sort_canonical(&mut trial);
        let ok = g.clone().with_locks(trial.clone()).is_ok();
        if ok {
            *locks = trial;
        }
        ok
    };
    let path = &m.critical_path;
    for pair in path.windows(2).rev() {
        if locks.len() == keys {
            break;
        }
        let (from, into) = (pair[0], pair[1]);
        let Some(i) = side.iter().position(|&k| {
            let kind = LockKind::Key { key: k };
            try_add(&mut locks, Lock { from, into, kind })
        }) else {
            continue;
        };
        side.remove(i);
    }
    let mut added = 0;
    for c in g.connections() {
        let (a, b) = c.rooms;
        if added == one_way || (path.contains(&a) && path.contains(&b)) {
            continue;
        }
        for (from, into) in [(a, b), (b, a)] {
            let kind = LockKind::OneWay;
            if try_add(&mut locks, Lock { from, into, kind }) {
                added += 1;
                break;
            }
        }
    }
    g.with_locks(locks).unwrap()
}

/// Writes `g` as JSON to a scratch file.
pub(super) fn saved(g: &DungeonGrid, name: &str) -> PathBuf {
    let path = scratch(name);
    std::fs::write(&path, g.to_json()).unwrap();
    path
}

fn bsp(seed: u64) -> DungeonGrid {
    dungeon_core::bsp::generate(&dungeon_core::bsp::BspConfig::default(), seed, 1).unwrap()
}

fn isaac(seed: u64, level: i32) -> DungeonGrid {
    dungeon_core::isaac::generate(&dungeon_core::isaac::IsaacConfig::default(), seed, level)
        .unwrap()
}

/// The cell through side `bit` of `p`.
fn beyond(p: Pos, bit: u8) -> Pos {
    let &(dx, dy, _, _) = DIRS.iter().find(|d| d.2 == bit).unwrap();
    (p.0 + dx, p.1 + dy)
}

/// The character at `p` of a picture's map rows.
fn char_at(rows: &[&str], p: Pos) -> char {
    rows[p.1 as usize].chars().nth(p.0 as usize).unwrap()
}

/// Checks the ASCII overlay of `g` against the lock data: each key's
/// letter on its key tile, each locked door's capital where the gate is,
/// each one-way arrow, the rest as `to_ascii`, and a legend line per key
/// and per one-way door.
fn check_overlay(g: &DungeonGrid, text: &str) {
    let ascii = g.to_ascii();
    let plain: Vec<&str> = ascii.lines().collect();
    let h = plain.len();
    let rows: Vec<&str> = text.lines().take(h).collect();
    let legend: Vec<&str> = text.lines().skip(h).collect();
    let mut expected: Vec<(Pos, char)> = Vec::new();
    let mut letter = b'A';
    let mut keys_seen = Vec::new();
    for (i, lock) in g.locks().iter().enumerate() {
        let gate = g.lock_gate(i);
        assert!(!gate.is_empty());
        match lock.kind {
            LockKind::OneWay => {
                for (p, bit) in gate {
                    let arrow = match bit {
                        1 => '^',
                        2 => '>',
                        4 => 'v',
                        _ => '<',
                    };
                    expected.push((p, arrow));
                }
            }
            LockKind::Key { key } => {
                if !keys_seen.contains(&key) {
                    if !keys_seen.is_empty() {
                        letter += 1;
                    }
                    keys_seen.push(key);
                }
                let tile = g.key_tile(key).unwrap();
                expected.push((tile, char::from(letter).to_ascii_lowercase()));
                for (p, bit) in gate {
                    // A room grid's locked room, a tile map's door tile.
                    let room_grid = g.kind() == GridKind::RoomGrid;
                    let at = if room_grid { beyond(p, bit) } else { p };
                    expected.push((at, char::from(letter)));
                }
            }
        }
    }
    let marked: Vec<Pos> = expected.iter().map(|e| e.0).collect();
    for (y, row) in plain.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let p = (x as i32, y as i32);
            let got = char_at(&rows, p);
            if matches!(c, 'S' | 'E') || !marked.contains(&p) {
                assert_eq!(got, c, "at {p:?}\n{text}");
            }
        }
    }
    // Where two marks meet the later kind wins (doors over keys over
    // arrows); each mark alone on its cell is drawn.
    for &(p, want) in &expected {
        let alone = expected.iter().filter(|e| e.0 == p).count() == 1;
        if alone && !matches!(g.cell(p), Cell::Start | Cell::End) {
            assert_eq!(char_at(&rows, p), want, "at {p:?}\n{text}");
        }
    }
    let one_way = g.locks().iter().filter(|l| l.kind == LockKind::OneWay);
    assert_eq!(legend.len(), keys_seen.len() + one_way.count(), "{text}");
    for (k, key) in keys_seen.iter().enumerate() {
        let line = legend[k];
        let l = char::from(b'A' + k as u8);
        assert!(line.starts_with(&format!("{l}: locked door")), "{line}");
        let tile = g.key_tile(*key).unwrap();
        let at = format!(
            "key {} in room {key} ({}, {})",
            l.to_ascii_lowercase(),
            tile.0,
            tile.1
        );
        assert!(line.ends_with(&at), "{line}");
    }
}

#[test]
fn ascii_letters_the_keys_and_doors_of_a_tile_map() {
    for seed in [3, 8] {
        let g = locked(bsp(seed), 3, 1);
        assert!(g.key_rooms().len() >= 2, "seed {seed}: {:?}", g.locks());
        let path = saved(&g, &format!("locked_bsp_{seed}.json"));
        let text = ok(&["show", path.to_str().unwrap()]);
        check_overlay(&g, &text);
        assert!(text.contains("\nA: locked door "), "{text}");
    }
}

#[test]
fn ascii_letters_the_keys_and_locked_rooms_of_a_room_grid() {
    for seed in [7, 11] {
        let g = locked(isaac(seed, 4), 2, 1);
        assert!(!g.key_rooms().is_empty());
        let path = saved(&g, &format!("locked_isaac_{seed}.json"));
        let text = ok(&["show", path.to_str().unwrap()]);
        check_overlay(&g, &text);
        // Emoji: a lock and a key per key at least, the legend the same.
        let emoji = ok(&["show", path.to_str().unwrap(), "--format", "emoji"]);
        assert!(emoji.contains('🔑') && emoji.contains('🔒'), "{emoji}");
        let legend = |t: &str| -> Vec<String> {
            t.lines()
                .skip(g.height() as usize)
                .map(str::to_owned)
                .collect()
        };
        assert_eq!(legend(&emoji), legend(&text));
        // JSON out is the grid, locks included, as it came in.
        let json = ok(&["show", path.to_str().unwrap(), "--format", "json"]);
        assert_eq!(json, g.to_json() + "\n");
    }
}

#[test]
fn a_key_for_two_doors_lists_both() {
    // S(0) 1 2 / 3 · 4 / 5 6 7 E(8): room 1's key opens 2 → 4 and 7 → 8.
    let mut ring = DungeonGrid::from_ascii("S##.\n#.#.\n###E").unwrap();
    ring.generator = "isaac".into();
    let key = |from, into| Lock {
        from,
        into,
        kind: LockKind::Key { key: 1 },
    };
    let g = ring.with_locks(vec![key(2, 4), key(7, 8)]).unwrap();
    let text = ok(&["show", saved(&g, "shared_key.json").to_str().unwrap()]);
    assert_eq!(
        text,
        "Sa#.\n#.A.\n###E\n\
         A: locked doors 2→4 (2, 1) and 7→8 (3, 2), key a in room 1 (1, 0)\n"
    );
}

/// The first three key colours (`render::locks::KEYS`): cyan, magenta, lime.
const KEY_COLOURS: [[u8; 3]; 3] = [[0x2e, 0xd8, 0xf2], [0xe8, 0x4c, 0xe0], [0xd4, 0xf0, 0x3a]];

/// How many pixels of `colour` lie within `r` pixels of `(x, y)`.
fn near(img: &image::RgbImage, (x, y): (i64, i64), r: i64, colour: [u8; 3]) -> usize {
    let (w, h) = (i64::from(img.width()), i64::from(img.height()));
    let mut n = 0;
    for py in (y - r).max(0)..(y + r).min(h) {
        for px in (x - r).max(0)..(x + r).min(w) {
            if img.get_pixel(px as u32, py as u32).0 == colour {
                n += 1;
            }
        }
    }
    n
}

/// Draws `g` at `scale` and checks every locked door and key is drawn in
/// its key's colour: around the middle of each closed side and the centre
/// of each key tile.
fn check_png(g: &DungeonGrid, name: &str, scale: u32) {
    let draw = |g: &DungeonGrid, name: &str| {
        let json = saved(g, &format!("{name}.json"));
        let png = scratch(&format!("{name}.png"));
        let (json, png_path, s) = (
            json.to_str().unwrap(),
            png.to_str().unwrap(),
            scale.to_string(),
        );
        ok(&[
            "show", json, "--format", "png", "--out", png_path, "--scale", &s,
        ]);
        image::open(&png).unwrap().to_rgb8()
    };
    let img = draw(g, name);
    let s = i64::from(scale);
    assert_eq!(
        img.dimensions(),
        (g.width() as u32 * scale, g.height() as u32 * scale)
    );
    let keys = g.key_rooms();
    assert!(!keys.is_empty() && keys.len() <= KEY_COLOURS.len());
    for (i, lock) in g.locks().iter().enumerate() {
        let Some(key) = lock.key() else { continue };
        let colour = KEY_COLOURS[keys.iter().position(|&k| k == key).unwrap()];
        for (p, bit) in g.lock_gate(i) {
            let q = beyond(p, bit);
            // The middle of the side between p and q.
            let mid = (
                (i64::from(p.0 + q.0) + 1) * s / 2,
                (i64::from(p.1 + q.1) + 1) * s / 2,
            );
            assert!(
                near(&img, mid, s / 2, colour) >= (s * s / 40) as usize,
                "{name}: lock {i} at {p:?}"
            );
        }
        let tile = g.key_tile(key).unwrap();
        let centre = (i64::from(tile.0) * s + s / 2, i64::from(tile.1) * s + s / 2);
        assert!(
            near(&img, centre, s / 2, colour) >= (s * s / 40) as usize,
            "{name}: key {key}"
        );
    }
    // Without its locks the same grid has none of the key colours.
    let plain = g.clone().with_locks(Vec::new()).unwrap();
    let img = draw(&plain, &format!("{name}_plain"));
    assert!(img.pixels().all(|p| !KEY_COLOURS.contains(&p.0)), "{name}");
}

#[test]
fn png_draws_locked_doors_and_keys_in_the_key_colours() {
    check_png(&locked(bsp(3), 3, 1), "png_bsp_3", 24);
    check_png(&locked(bsp(8), 2, 0), "png_bsp_8", 12);
    check_png(&locked(isaac(11, 4), 2, 1), "png_isaac_11", 48);
    check_png(&locked(isaac(7, 4), 2, 0), "png_isaac_7", 24);
}

/// What the library makes for `generator` with `flags` (setting name,
/// value) set on its default job: the call the CLI makes.
fn lib(generator: &str, flags: &[(&str, &str)], seed: u64, level: i32) -> DungeonGrid {
    let mut job = dungeon_core::registry::find(generator)
        .unwrap()
        .job(None)
        .unwrap();
    for (name, value) in flags {
        job.set(name, value).unwrap();
    }
    job.generate(seed, level).unwrap()
}

#[test]
fn locks_flags_plan_locks_that_load_back() {
    let mut one_way_seen = 0;
    for (generator, locks) in [
        ("isaac", "2"),
        ("bsp", "3"),
        ("tinykeep", "2"),
        ("maze", "2"),
    ] {
        for seed in [1u64, 5] {
            let s = seed.to_string();
            let args = [generator, "--seed", &s, "--locks", locks, "--one-way", "2"];
            let json = ok(&[&args[..], &["--format", "json"]].concat());
            // The core reads it back and proves it again.
            let g = grid_from_json(json.trim_end());
            assert!(!g.key_rooms().is_empty(), "{args:?}");
            one_way_seen += g.locks().iter().filter(|l| l.key().is_none()).count();
            let want = lib(generator, &[("locks", locks), ("one_way", "2")], seed, 1);
            assert_eq!(g, want, "{args:?}");
            assert!(g.check_locks().is_ok());
            // The ASCII shows them; the hash covers them.
            check_overlay(&g, &ok(&args));
            let hash = ok(&[&args[..], &["--format", "hash"]].concat());
            assert!(
                hash.ends_with(&format!(" {:016x}\n", g.layout_hash())),
                "{hash}"
            );
            let plain = ok(&[generator, "--seed", &s, "--format", "hash"]);
            assert_ne!(hash, plain);
        }
    }
    assert!(one_way_seen >= 4, "{one_way_seen} one-way doors");
    // Every planner setting is a flag; the same settings, the same grid.
    let all = [
        ("locks", "3"),
        ("lock_guard", "branches-only"),
        ("max_doors_per_key", "1"),
        ("one_way", "1"),
        ("secret_rooms", "open"),
        ("flat_keys", "true"),
    ];
    let mut args = vec!["isaac", "--level", "4", "--format", "json"];
    let flags: Vec<String> = all
        .iter()
        .map(|(n, _)| format!("--{}", n.replace('_', "-")))
        .collect();
    for ((_, v), f) in all.iter().zip(&flags) {
        args.extend([f.as_str(), v]);
    }
    let g = grid_from_json(ok(&args).trim_end());
    assert_eq!(g, lib("isaac", &all, 0, 4));
    assert_eq!(ok(&args), ok(&args));
}

#[test]
fn progression_flags_are_refused_where_they_cannot_apply() {
    for (args, code, want) in [
        (
            &["cave", "--locks", "3"][..],
            2,
            "dungeon: --locks: the cave generator makes no rooms\n",
        ),
        (
            &["walker", "--flat-keys"],
            2,
            "dungeon: --flat-keys: the walker generator makes no rooms\n",
        ),
        (
            &["isaac", "--locks", "-1"],
            1,
            "dungeon: invalid locks = -1: allowed 0..=32\n",
        ),
        (
            &["bsp", "--max-doors-per-key", "9"],
            1,
            "dungeon: invalid max_doors_per_key = 9: allowed 1..=4\n",
        ),
        (
            &["isaac", "--lock-guard", "boss"],
            2,
            "dungeon: --lock-guard: expected any or branches_only, got \"boss\"\n",
        ),
        (
            &["show", "x.json", "--locks", "1"],
            2,
            "dungeon: --locks: not a flag for show (it takes --format, --out and --scale)\n",
        ),
    ] {
        let o = super::dungeon(args);
        assert_eq!(o.status.code(), Some(code), "{args:?}");
        assert_eq!(super::stderr(&o), want, "{args:?}");
        assert!(o.stdout.is_empty());
    }
}

#[test]
fn the_example_in_the_docs_is_what_the_cli_prints() {
    let doc = include_str!("../../../../docs/cli.md");
    let cmd = "$ dungeon isaac --level 3 --seed 7 --locks 2\n";
    let start = doc.find(cmd).unwrap() + cmd.len();
    let shown = &doc[start..start + doc[start..].find("```").unwrap()];
    let args = ["isaac", "--level", "3", "--seed", "7", "--locks", "2"];
    assert_eq!(ok(&args), shown, "docs/cli.md: update the example's output");
}

/// `--locks N` counts keys (locked rooms), not doors, and says so: one key
/// opens every locked door into its room.
#[test]
fn locks_counts_keys_and_the_help_says_so() {
    let help = ok(&["--help"]);
    let line = help
        .lines()
        .find(|l| l.trim_start().starts_with("--locks N"))
        .unwrap_or_else(|| panic!("no --locks line: {help}"));
    assert!(
        line.contains("up to N keys") && line.contains("locked rooms"),
        "{line}"
    );
    assert!(!line.contains("N locked doors"), "{line}");
    // One key asked for, one key placed: it shuts both doors of its room.
    let text = ok(&["bsp", "--locks", "1", "--seed", "74"]);
    let legend: Vec<&str> = text
        .lines()
        .filter(|l| l.contains(": locked door"))
        .collect();
    let [line] = legend[..] else {
        panic!("one key: {text}")
    };
    assert!(line.starts_with("A: locked doors "), "{line}");
    // Two doors (`9→11 … and 10→11 …`), both into the one locked room.
    let into: Vec<&str> = line
        .split(' ')
        .filter_map(|w| w.split_once('→').map(|(_, into)| into))
        .collect();
    assert!(into.len() == 2 && into[0] == into[1], "{line}");
}
