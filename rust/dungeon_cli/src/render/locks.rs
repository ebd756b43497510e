//! Locks in the picture: each key has a colour of its own ([`KEYS`], by
//! its letter, see `crate::locks`); a locked door is drawn shut in its
//! key's colour, a bar across the way with a dark keyhole; the key is a
//! ring and a toothed shaft in the same colour on its key tile; a one-way
//! door gets a dark chevron pointing the way it may be passed.
//!
//! On a room grid the door is the bridge between the two rooms, on a tile
//! map the side of the door tile (or floor tile) facing the room behind it.

use dungeon_core::{DOOR_E, DOOR_S, DOOR_W, DungeonGrid, Pos};

use super::{Canvas, Color, bridge, disc, rgb};
use crate::locks::{Door, Locks};

/// The key colours: bright, and none near the start's green, the end's
/// red, the doors' amber or the stone blue. Key `k` is `KEYS[k % 8]`.
pub const KEYS: [Color; 8] = [
    rgb(0x2e_d8_f2), // cyan
    rgb(0xe8_4c_e0), // magenta
    rgb(0xd4_f0_3a), // lime
    rgb(0x9c_6e_ff), // violet
    rgb(0xff_8a_1c), // orange
    rgb(0xf4_f4_f4), // white
    rgb(0xff_8f_bd), // pink
    rgb(0x39_7a_ff), // blue
];

/// Outlines, keyholes and chevrons.
const INK: Color = rgb(0x0b_0c_10);

/// Key `k`'s colour.
#[must_use]
pub fn key_color(k: usize) -> Color {
    KEYS[k % KEYS.len()]
}

/// Draws the locks of `g` over the picture.
pub(super) fn draw(c: &mut Canvas, g: &DungeonGrid, room_grid: bool) {
    let locks = Locks::of(g);
    for door in &locks.one_way {
        for &(p, bit) in &door.sides {
            one_way(c, p, bit, room_grid);
        }
    }
    for (k, key) in locks.keys.iter().enumerate() {
        for door in &key.doors {
            locked(c, door, key_color(k), room_grid);
        }
    }
    for (k, key) in locks.keys.iter().enumerate() {
        if let Some(p) = key.tile {
            // Inside its room on a room grid, clear of the doors; on a tile
            // map it spreads over the floor around its tile.
            let s = c.s;
            let size = if room_grid { s * 3 / 4 } else { 2 * s };
            let (cx, cy) = (i64::from(p.0) * s + s / 2, i64::from(p.1) * s + s / 2);
            key_glyph(c, cx, cy, size, key_color(k));
        }
    }
}

/// Maps `(u, v)`, `u` along side `bit` (outward) and `v` across it, to
/// pixel offsets.
fn turn(bit: u8, u: i64, v: i64) -> (i64, i64) {
    match bit {
        DOOR_E => (u, v),
        DOOR_W => (-u, v),
        DOOR_S => (v, u),
        _ => (v, -u),
    }
}

/// The door across side `bit` of cell `p`: the rectangle it fills and its
/// centre, in pixels. A room grid's bridge, widened across the way; on a
/// tile map the whole tile `p`.
fn door_rect(c: &Canvas, p: Pos, bit: u8, room_grid: bool) -> ((i64, i64, i64, i64), (i64, i64)) {
    let s = c.s;
    let rect = if room_grid {
        let (x, y, w, h) = bridge(s, p, bit);
        let grow = (s / 8).max(1);
        if matches!(bit, DOOR_E | DOOR_W) {
            (x, y - grow, w, h + 2 * grow)
        } else {
            (x - grow, y, w + 2 * grow, h)
        }
    } else {
        (i64::from(p.0) * s, i64::from(p.1) * s, s, s)
    };
    let (x, y, w, h) = rect;
    (rect, (x + w / 2, y + h / 2))
}

/// A locked door drawn shut: a plate in the key's colour, outlined, with a
/// keyhole (a round hole over a slot).
fn locked(c: &mut Canvas, door: &Door, color: Color, room_grid: bool) {
    for &(p, bit) in &door.sides {
        let ((x, y, w, h), (cx, cy)) = door_rect(c, p, bit, room_grid);
        if w.min(h) >= 5 {
            c.fill(x, y, w, h, INK);
            c.fill(x + 1, y + 1, w - 2, h - 2, color);
        } else {
            c.fill(x, y, w, h, color);
        }
        let r = w.min(h) / 6;
        if r >= 1 {
            disc(c, cx, cy - r / 2, r, INK);
            c.fill(cx - r / 2, cy, (r / 2) * 2 + 1, r * 2, INK);
        }
    }
}

/// A one-way door: the way drawn as a door, with a chevron pointing
/// across side `bit` of `p`, the way it may be passed.
fn one_way(c: &mut Canvas, p: Pos, bit: u8, room_grid: bool) {
    let ((x, y, w, h), (cx, cy)) = door_rect(c, p, bit, room_grid);
    c.fill(x, y, w, h, super::palette::DOOR);
    let n = (w.min(h) * 3 / 8).max(1);
    let t = (c.s / 12).max(1);
    // `>` pointing along `bit`: two arms meeting at (u, v) = (n/2, 0).
    for i in 0..=n {
        for (u, v) in [(i - n / 2, i - n), (i - n / 2, n - i)] {
            let (dx, dy) = turn(bit, u, v);
            c.fill(cx + dx - t / 2, cy + dy - t / 2, t + 1, t + 1, INK);
        }
    }
}

/// A key centred on pixel `(cx, cy)`, `size` pixels wide: a ring on the
/// left, a shaft to the right with two teeth down, outlined in ink. A
/// plain square when small.
fn key_glyph(c: &mut Canvas, cx: i64, cy: i64, size: i64, color: Color) {
    if size < 10 {
        let k = (size / 2).max(1);
        c.fill(cx - k / 2, cy - k / 2, k, k, color);
        return;
    }
    let left = cx - size / 2;
    let r = (size * 11 / 50).max(2);
    let rx = left + size / 8 + r;
    let shaft = (size / 10).max(1);
    let end = left + size - size / 8;
    let tooth = (size / 6).max(1);
    // Outline: the same shapes one pixel larger, in ink.
    for (grow, col) in [(1, INK), (0, color)] {
        disc(c, rx, cy, r + grow, col);
        c.fill(
            rx,
            cy - shaft / 2 - grow,
            end - rx + grow,
            shaft + 2 * grow,
            col,
        );
        for tx in [end - shaft, end - 3 * shaft] {
            c.fill(
                tx - grow,
                cy - shaft / 2,
                shaft + 2 * grow,
                tooth + shaft / 2 + grow,
                col,
            );
        }
    }
    // The hole in the ring.
    disc(c, rx, cy, (r / 2).max(1), INK);
}

#[cfg(test)]
mod tests {
    use super::*;
    use dungeon_core::DOOR_N;

    #[test]
    fn key_colours_are_distinct_from_each_other_and_the_palette() {
        use super::super::palette::*;
        let base = [
            BACKGROUND,
            SLOT,
            ROOM,
            ROOM_LIGHT,
            ROOM_DARK,
            START,
            START_LIGHT,
            START_DARK,
            END,
            END_LIGHT,
            END_DARK,
            DOOR,
            DOOR_DARK,
            DEAD_END,
            CORRIDOR,
            FLOOR,
            FLOOR_GROUT,
            START_FLOOR,
            END_FLOOR,
            WALL,
            WALL_EDGE,
            INK,
        ];
        for (i, k) in KEYS.iter().enumerate() {
            assert!(!base.contains(k));
            assert!(!KEYS[..i].contains(k));
        }
        assert_eq!(key_color(9), KEYS[1]);
        assert_eq!(turn(DOOR_N, 2, 1), (1, -2));
        assert_eq!(turn(DOOR_S, 2, 1), (1, 2));
        assert_eq!(turn(DOOR_W, 2, 1), (-2, 1));
    }
}
