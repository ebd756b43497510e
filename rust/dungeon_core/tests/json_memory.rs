//! `DungeonGrid::from_json` stays within four times the input's length in
//! memory, whatever the input says: hostile documents (a huge first row,
//! huge lists, many unknown keys, deep nesting, long strings) are refused at
//! the first element that breaks the declared sizes, and a big valid grid
//! loads within the bound too.
//!
//! A counting global allocator records the peak of the bytes allocated
//! while `from_json` runs (above what was allocated before it started; the
//! input itself is the caller's). Reallocations count as the change in
//! size, as growing a large block in place costs. Tiny inputs get a floor of
//! [`FLOOR`] bytes (parser scratch, error messages, the grid's derived
//! tables on a small grid).
//!
//! The cases are tens of megabytes at most, so that this runs in seconds in
//! a debug build; `huge_inputs_stay_within_four_times_their_size` (ignored,
//! run it with `--release -- --ignored`) repeats the worst of them at
//! hundreds of megabytes.

#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::fmt::Write as _;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use dungeon_core::DungeonGrid;

struct Counting;

static NOW: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(by: usize) {
    let now = NOW.fetch_add(by, Ordering::Relaxed) + by;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

// SAFETY: every call is passed to the system allocator unchanged; the
// counters only observe sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as the caller promised for `layout`.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as the caller promised for `layout`.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as the caller promised for `ptr` and `layout`.
        unsafe { System.dealloc(ptr, layout) };
        NOW.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as the caller promised for `ptr`, `layout` and `new_size`.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            if new_size >= layout.size() {
                grew(new_size - layout.size());
            } else {
                NOW.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
        }
        p
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// The allowance for tiny inputs, in bytes.
const FLOOR: usize = 64 << 10;

/// One test at a time: the counters are global.
static ONE: Mutex<()> = Mutex::new(());

/// The peak bytes allocated while `from_json(text)` runs, and whether it
/// loaded.
fn peak_of(text: &str) -> (usize, Result<(), String>) {
    let base = NOW.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let r = DungeonGrid::from_json(text).map(|_| ()).map_err(|e| e.0);
    (PEAK.load(Ordering::Relaxed) - base, r)
}

/// A valid 8×8 room grid (Isaac's first vector), as `to_json` writes it.
fn small() -> String {
    let g = dungeon_core::isaac::generate(&dungeon_core::isaac::IsaacConfig::default(), 0, 1)
        .expect("a floor");
    assert_eq!((g.width(), g.height()), (8, 8));
    g.to_json()
}

/// A valid tile map (a maze) and its JSON.
fn maze(side: i32, seed: u64) -> (DungeonGrid, String) {
    use dungeon_core::maze::{self, MazeConfig};
    let c = MazeConfig {
        width: side,
        height: side,
        ..MazeConfig::classic()
    };
    let g = maze::generate(&c, seed, 1).expect("a maze");
    let s = g.to_json();
    (g, s)
}

/// `n` copies of `item` joined by commas.
fn many(item: &str, n: usize) -> String {
    let mut s = String::with_capacity((item.len() + 1) * n);
    for i in 0..n {
        if i > 0 {
            s.push(',');
        }
        s.push_str(item);
    }
    s
}

/// `text` with the first `from` replaced by `to`.
fn edit(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "{from}");
    text.replacen(from, to, 1)
}

/// An open-floor map of `side × side` tiles, every side between two tiles
/// open: the biggest valid grid for its text.
fn open_floor(side: usize) -> String {
    let mut cells = String::new();
    let mut doors = String::new();
    for y in 0..side {
        cells.push_str(if y == 0 { "[" } else { ",[" });
        doors.push_str(if y == 0 { "[" } else { ",[" });
        for x in 0..side {
            if x > 0 {
                cells.push(',');
                doors.push(',');
            }
            let code = match (x, y) {
                (0, 0) => 2,
                (1, 0) => 3,
                _ => 6,
            };
            let mut mask = 0;
            if y > 0 {
                mask |= 1;
            }
            if x + 1 < side {
                mask |= 2;
            }
            if y + 1 < side {
                mask |= 4;
            }
            if x > 0 {
                mask |= 8;
            }
            write!(cells, "{code}").unwrap();
            write!(doors, "{mask}").unwrap();
        }
        cells.push(']');
        doors.push(']');
    }
    format!(
        concat!(
            r#"{{"version":2,"kind":"tile_map","generator":"cave","seed":1,"level":1,"#,
            r#""width":{s},"height":{s},"cells":[{c}],"doors":[{d}],"start":[0,0],"end":[1,0],"#,
            r#""rooms":[],"connections":[]}}"#
        ),
        s = side,
        c = cells,
        d = doors
    )
}

/// A `w × h` grid, empty but for a start room, a door tile and an end room
/// in its top-left corner: the least text a valid grid of its size has
/// (four bytes a cell).
fn sparse(w: usize, h: usize, tile_map: bool) -> String {
    let row = |first: &str| {
        let mut r = String::from(first);
        for _ in first.split(',').count()..w {
            r.push_str(",0");
        }
        format!("[{r}]")
    };
    let rest = row("0");
    let (cells0, doors0, rooms, connections, kind) = if tile_map {
        (
            "2,5,3",
            "2,10,8",
            r#"[{"role":"start","rect":[0,0,1,1]},{"role":"end","rect":[2,0,1,1]}]"#,
            r#"[{"rooms":[0,1],"tiles":[[1,0]]}]"#,
            "tile_map",
        )
    } else {
        (
            "2,3",
            "2,8",
            r#"[{"role":"start","rect":[0,0,1,1]},{"role":"end","rect":[1,0,1,1]}]"#,
            r#"[{"rooms":[0,1],"tiles":[]}]"#,
            "room_grid",
        )
    };
    let rows = |first: &str| {
        let mut s = row(first);
        for _ in 1..h {
            s.push(',');
            s.push_str(&rest);
        }
        s
    };
    let end = if tile_map { 2 } else { 1 };
    format!(
        concat!(
            r#"{{"version":2,"kind":"{k}","generator":"x","seed":1,"level":1,"#,
            r#""width":{w},"height":{h},"cells":[{c}],"doors":[{d}],"start":[0,0],"end":[{e},0],"#,
            r#""rooms":{r},"connections":{n}}}"#
        ),
        k = kind,
        w = w,
        h = h,
        c = rows(cells0),
        d = rows(doors0),
        e = end,
        r = rooms,
        n = connections,
    )
}

/// A `w × h` tile map whose rows below the first are one corridor
/// winding down and up the columns from a door under the start room (the
/// end room beside it): corridor everywhere, four bytes a tile, the most
/// search state the room graph needs for its text.
fn winding(w: usize, h: usize) -> String {
    let mut cells = String::new();
    let mut doors = String::new();
    for y in 0..h {
        cells.push_str(if y == 0 { "[" } else { ",[" });
        doors.push_str(if y == 0 { "[" } else { ",[" });
        for x in 0..w {
            if x > 0 {
                cells.push(',');
                doors.push(',');
            }
            let (code, mask) = if y == 0 {
                match x {
                    0 => (2, 4 | 2),
                    1 => (3, 8),
                    _ => (0, 0),
                }
            } else {
                let link_e = x + 1 < w && ((x % 2 == 0 && y == h - 1) || (x % 2 == 1 && y == 1));
                let link_w = x > 0 && ((x % 2 == 1 && y == h - 1) || (x % 2 == 0 && y == 1));
                let mut m = 0;
                if y > 1 || x == 0 {
                    m |= 1;
                }
                if y + 1 < h {
                    m |= 4;
                }
                if link_e {
                    m |= 2;
                }
                if link_w {
                    m |= 8;
                }
                (if (x, y) == (0, 1) { 5 } else { 4 }, m)
            };
            write!(cells, "{code}").unwrap();
            write!(doors, "{mask}").unwrap();
        }
        cells.push(']');
        doors.push(']');
    }
    format!(
        concat!(
            r#"{{"version":2,"kind":"tile_map","generator":"x","seed":1,"level":1,"#,
            r#""width":{w},"height":{h},"cells":[{c}],"doors":[{d}],"start":[0,0],"end":[1,0],"#,
            r#""rooms":[{{"role":"start","rect":[0,0,1,1]}},{{"role":"end","rect":[1,0,1,1]}}],"#,
            r#""connections":[{{"rooms":[0,1],"tiles":[]}}]}}"#
        ),
        w = w,
        h = h,
        c = cells,
        d = doors
    )
}

/// A case: its name, its text (built when it is run, so only one is in
/// memory at a time) and whether it loads.
type Case<'a> = (&'static str, Box<dyn Fn() -> String + 'a>, bool);

/// Passes `f` each hostile document (name, text, whether it loads), about
/// `mb` megabytes each.
fn cases(mb: usize, mut f: impl FnMut(&'static str, String, bool)) {
    let n = mb << 20;
    let s = small();
    let (m, ms) = maze(41, 3);
    let first = m.connections()[0].clone();
    let one = format!(
        r#"{{"rooms":[{},{}],"tiles":{}}}"#,
        first.rooms.0,
        first.rooms.1,
        serde_json::to_string(&first.tiles).unwrap()
    );
    let tinykeep = dungeon_core::tinykeep::generate(&Default::default(), 3, 1)
        .unwrap()
        .to_json();
    let cases: Vec<Case<'_>> = vec![
        (
            "huge first cells row (8×8 grid)",
            Box::new(|| {
                edit(
                    &s,
                    "\"cells\":[[",
                    &format!("\"cells\":[[{},", many("0", n / 2)),
                )
            }),
            false,
        ),
        (
            "huge first doors row (8×8 grid)",
            Box::new(|| {
                edit(
                    &s,
                    "\"doors\":[[",
                    &format!("\"doors\":[[{},", many("0", n / 2)),
                )
            }),
            false,
        ),
        (
            "cells before the sizes, huge first row",
            Box::new(|| {
                edit(
                    &edit(&s, "\"cells\":[[", "\"old_cells\":[["),
                    "{\"version\":2,",
                    &format!("{{\"cells\":[[{}]],\"version\":2,", many("0", n / 2)),
                )
            }),
            false,
        ),
        (
            "many full rows (16384×16384 declared, too few rows)",
            Box::new(|| {
                format!(
                    r#"{{"version":2,"kind":"room_grid","generator":"isaac","seed":1,"level":1,"width":16384,"height":16384,"cells":[{}]}}"#,
                    many(&format!("[{}]", many("0", 16384)), n / (2 * 16384))
                )
            }),
            false,
        ),
        (
            "huge rooms list (8×8 grid)",
            Box::new(|| {
                edit(
                    &s,
                    "\"rooms\":[",
                    &format!(
                        "\"rooms\":[{},",
                        many(r#"{"role":"normal","rect":[0,0,1,1]}"#, n / 36)
                    ),
                )
            }),
            false,
        ),
        (
            "huge connections list (41×41 maze, one connection repeated)",
            Box::new(|| {
                edit(
                    &ms,
                    "\"connections\":[",
                    &format!("\"connections\":[{},", many(&one, n / (one.len() + 1))),
                )
            }),
            false,
        ),
        (
            "huge tile run in one connection (41×41 maze)",
            Box::new(|| {
                edit(
                    &ms,
                    "\"connections\":[",
                    &format!(
                        "\"connections\":[{{\"rooms\":[0,1],\"tiles\":[{}]}},",
                        many("[1,1]", n / 6)
                    ),
                )
            }),
            false,
        ),
        (
            "huge graph.mst (TinyKeep)",
            Box::new(|| {
                edit(
                    &tinykeep,
                    "\"mst\":[",
                    &format!("\"mst\":[{},", many("[0,1]", n / 6)),
                )
            }),
            false,
        ),
        (
            "huge room cell list (version 1, 8×8 grid)",
            Box::new(|| {
                format!(
                    concat!(
                        r#"{{"generator":"isaac","seed":0,"level":1,"width":8,"height":8,"#,
                        r#""rooms":[{}],"cells":[]}}"#
                    ),
                    many("[1,1]", n / 6)
                )
            }),
            false,
        ),
        (
            "many unknown keys",
            Box::new(|| {
                edit(
                    &s,
                    "{\"version\":2,",
                    &format!("{{\"version\":2,{},", keys(n / 14)),
                )
            }),
            false,
        ),
        (
            "many unknown keys in a room record",
            Box::new(|| edit(&s, "{\"role\":", &format!("{{{},\"role\":", keys(n / 14)))),
            false,
        ),
        (
            "deep nesting",
            Box::new(|| {
                edit(
                    &s,
                    "\"cells\":",
                    &format!(
                        "\"x\":{}0{},\"cells\":",
                        "[".repeat(n / 2),
                        "]".repeat(n / 2)
                    ),
                )
            }),
            false,
        ),
        (
            "deep nesting of objects",
            Box::new(|| {
                edit(
                    &s,
                    "\"cells\":",
                    &format!(
                        "\"x\":{}0{},\"cells\":",
                        "{\"a\":".repeat(n / 6),
                        "}".repeat(n / 6)
                    ),
                )
            }),
            false,
        ),
        (
            "long generator name",
            Box::new(|| {
                edit(
                    &s,
                    "\"generator\":\"isaac\"",
                    &format!("\"generator\":\"{}\"", "a".repeat(n)),
                )
            }),
            true,
        ),
        (
            "long escaped generator name",
            Box::new(|| {
                edit(
                    &s,
                    "\"generator\":\"isaac\"",
                    &format!("\"generator\":\"{}\"", "\\u00e9".repeat(n / 6)),
                )
            }),
            true,
        ),
        (
            "long role name",
            Box::new(|| {
                edit(
                    &s,
                    "\"role\":\"normal\"",
                    &format!("\"role\":\"{}\"", "\\u0001".repeat(n / 6)),
                )
            }),
            false,
        ),
        (
            "long unknown key",
            Box::new(|| {
                edit(
                    &s,
                    "{\"version\":2,",
                    &format!("{{\"version\":2,\"{}\":0,", "\\u0001".repeat(n / 6)),
                )
            }),
            false,
        ),
        (
            "big valid open-floor map",
            Box::new(|| open_floor(isqrt(n / 5))),
            true,
        ),
        (
            "big valid sparse tile map",
            Box::new(|| sparse(16384, n / 4 / 16384, true)),
            true,
        ),
        (
            "big valid sparse room grid",
            Box::new(|| sparse(16384, n / 4 / 16384, false)),
            true,
        ),
        (
            "big valid winding corridor",
            Box::new(|| winding(16384, n / 4 / 16384)),
            true,
        ),
        (
            "big valid maze",
            Box::new(|| maze((isqrt(n / 6) | 1).min(4095) as i32, 1).1),
            true,
        ),
    ];
    for (name, build, loads) in cases {
        f(name, build(), loads);
    }
}

/// `n` distinct unknown keys, `"k000000000":0,...`.
fn keys(n: usize) -> String {
    let mut s = String::with_capacity(n * 15);
    for i in 0..n {
        if i > 0 {
            s.push(',');
        }
        write!(s, "\"k{i:09}\":0").unwrap();
    }
    s
}

fn isqrt(n: usize) -> usize {
    (n as f64).sqrt() as usize
}

/// Runs every case of about `mb` megabytes; returns the table and the
/// cases over the bound.
fn measure(mb: usize) -> (String, Vec<String>) {
    let mut table = String::new();
    let mut over = Vec::new();
    cases(mb, |name, text, loads| {
        let t = std::time::Instant::now();
        let (peak, r) = peak_of(&text);
        let took = t.elapsed();
        let limit = 4 * text.len() + FLOOR;
        writeln!(
            table,
            "{name:<60} input {:>11} B  peak {:>11} B  ({:.2}×)  {:>6} ms  {}",
            text.len(),
            peak,
            peak as f64 / text.len() as f64,
            took.as_millis(),
            match &r {
                Ok(()) => "loads".to_owned(),
                Err(e) => format!("refused: {}", e.chars().take(100).collect::<String>()),
            }
        )
        .unwrap();
        if r.is_ok() != loads {
            over.push(format!(
                "{name}: expected it to {}",
                if loads { "load" } else { "be refused" }
            ));
        }
        if peak > limit {
            over.push(format!(
                "{name}: peak {peak} B is over 4× the input ({limit} B)"
            ));
        }
    });
    (table, over)
}

#[test]
fn hostile_inputs_stay_within_four_times_their_size() {
    let _one = ONE.lock().unwrap_or_else(|e| e.into_inner());
    let (table, over) = measure(8);
    println!("{table}");
    assert!(over.is_empty(), "{}", over.join("\n"));
}

#[test]
fn tiny_inputs_stay_within_the_floor() {
    let _one = ONE.lock().unwrap_or_else(|e| e.into_inner());
    let s = small();
    for text in [
        s.as_str(),
        "{",
        "[]",
        "{}",
        r#"{"version":2,"width":16384,"height":16384}"#,
        r#"{"version":2,"kind":"room_grid","generator":"isaac","seed":1,"level":1,"width":16384,"height":16384,"cells":[],"doors":[],"start":[0,0],"end":[0,0],"rooms":[],"connections":[]}"#,
        r#"{"generator":"bsp","seed":1,"level":1,"width":3,"height":3,"cells":[[2,0,0],[5,0,0],[3,0,0]],"rooms":[],"start":[0,0],"end":[0,2],"doors":[[4,0,0],[5,0,0],[1,0,0]],"room_rects":[[0,0,100000,100000]]}"#,
    ] {
        let (peak, _) = peak_of(text);
        assert!(peak <= FLOOR, "{text}: {peak}");
    }
}

/// The worst cases at a few hundred megabytes (the issue measured 480 MB
/// at 8 GB). Needs about 3 GB; run with
/// `cargo test --release -p dungeon_core --test json_memory -- --ignored --nocapture`.
#[test]
#[ignore = "hundreds of megabytes: run in release"]
fn huge_inputs_stay_within_four_times_their_size() {
    let _one = ONE.lock().unwrap_or_else(|e| e.into_inner());
    let (table, over) = measure(240);
    println!("{table}");
    assert!(over.is_empty(), "{}", over.join("\n"));
}
