//! Fuzz targets `grid_json` and `grid_json_mutate`: what
//! `DungeonGrid::from_json` accepts must be a grid with every property a
//! generated grid has.

use dungeon_core::DungeonGrid;

use crate::checks;
use crate::knobs::Knobs;

/// Target `grid_json`: any bytes as text. `from_json` must refuse or return
/// a grid with every property a generated grid has. The same text also goes
/// to `from_ascii`, which reads test pictures (they may be disconnected, so
/// it does not promise `check()`): every query on its grid must answer.
pub fn grid_json(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok(g) = DungeonGrid::from_json(&text) {
        loaded(&g);
    }
    if let Ok(g) = DungeonGrid::from_ascii(&text) {
        let _ = g.check();
        checks::exercise(&g);
    }
}

/// Target `grid_json_mutate`: a generated grid's JSON with a few values
/// changed, removed, duplicated or retyped (see [`crate::mutate`]).
pub fn grid_json_mutate(data: &[u8]) {
    let mut k = Knobs::new(data);
    let Some(text) = crate::mutate::mutated_grid_json(&mut k) else {
        return;
    };
    if let Ok(g) = DungeonGrid::from_json(&text) {
        loaded(&g);
    }
}

/// Checks a grid `from_json` accepted: every property of a generated grid,
/// or with `DUNGEON_FUZZ_LENIENT=1` only that no query panics, hangs or
/// allocates too much on it (to look past the known "accepts an invalid
/// grid" failures for crashes).
fn loaded(g: &DungeonGrid) {
    static LENIENT: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    if *LENIENT.get_or_init(|| std::env::var_os("DUNGEON_FUZZ_LENIENT").is_some_and(|v| v == "1")) {
        checks::exercise(g);
    } else {
        checks::valid_saved_grid(g);
    }
}
