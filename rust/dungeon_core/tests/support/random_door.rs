//! Random door slots for the template property tests.

use dungeon_core::DungeonRng;
use dungeon_core::template::{DoorSlot, RoomTemplate, Side};

/// Adds a random door of width 1 or 2 on `side` of `t` (a template at
/// least 3 cells a side), unless it would overlap one already there.
pub fn add_random_door(rng: &mut DungeonRng, t: &mut RoomTemplate, side: Side) {
    let (w, h) = (t.width, t.height);
    let len = if matches!(side, Side::North | Side::South) {
        w
    } else {
        h
    };
    let width = rng.range(1, 2).min(len - 2);
    let offset = rng.range(1, len - 1 - width);
    let slot = DoorSlot::new(side, offset, width);
    let cells: Vec<_> = slot.cells(w, h).collect();
    let clash = t
        .doors
        .iter()
        .any(|d| d.cells(w, h).any(|c| cells.contains(&c)));
    if !clash {
        t.doors.push(slot);
    }
}
