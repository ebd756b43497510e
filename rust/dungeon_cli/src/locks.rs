//! A grid's locks as the outputs show them: keys lettered `A`, `B`, … in
//! the grid's canonical lock order (by key room), each with its key tile
//! and the doors it opens, and the one-way doors; and the text overlay the
//! ASCII and emoji outputs print.
//!
//! The overlay is for people: [`DungeonGrid::to_ascii`] stays the picture
//! `from_ascii` reads back, and a grid without locks prints exactly that.
//! On a picture with locks:
//! - a locked door is its key's capital letter (`A`), the key's tile its
//!   small letter (`a`); on a tile map the door is the tile the player
//!   stands on before it (the corridor's last tile), on a room grid the
//!   locked room's cell beside the door;
//! - a one-way door is an arrow `<` `>` `^` `v` pointing the way it may be
//!   passed, on the cell before it;
//! - the start and end keep their `S` and `E` (a door into the end room of
//!   a room grid shows in the legend only); where marks meet, a locked door
//!   wins over a key, a key over an arrow;
//! - a legend follows the map, a line per key and per one-way door, with
//!   the cells (`x, y`) of what it names.
//!
//! Keys past the 26th are drawn `%` (door) and `*` (key).

use std::fmt::Write as _;

use dungeon_core::{
    Cell, DIRS, DOOR_E, DOOR_N, DOOR_S, DOOR_W, DungeonGrid, GridKind, LockKind, Pos,
};

/// One key and what it opens.
pub struct Key {
    /// The room holding it.
    pub room: usize,
    /// The tile it lies on ([`DungeonGrid::key_tile`]).
    pub tile: Option<Pos>,
    /// The doors it opens.
    pub doors: Vec<Door>,
}

/// A locked or one-way door: the connection and the sides it closes.
pub struct Door {
    /// The room the player comes from.
    pub from: usize,
    /// The room behind it.
    pub into: usize,
    /// Its gate ([`DungeonGrid::lock_gate`]): cells on the `from` side and
    /// the door bit facing `into`.
    pub sides: Vec<(Pos, u8)>,
}

/// Every lock of a grid, keys in order.
pub struct Locks {
    /// Key `k` is lettered [`letter`]`(k)`.
    pub keys: Vec<Key>,
    /// The one-way doors, passable from `from` into `into` only.
    pub one_way: Vec<Door>,
}

impl Locks {
    /// The locks of `g` (both lists empty when it has none).
    pub fn of(g: &DungeonGrid) -> Locks {
        let mut keys: Vec<Key> = Vec::new();
        let mut one_way = Vec::new();
        for (i, lock) in g.locks().iter().enumerate() {
            let door = Door {
                from: lock.from,
                into: lock.into,
                sides: g.lock_gate(i),
            };
            match lock.kind {
                // Canonical order: a key's locks are next to each other.
                LockKind::Key { key } => match keys.last_mut() {
                    Some(last) if last.room == key => last.doors.push(door),
                    _ => keys.push(Key {
                        room: key,
                        tile: g.key_tile(key),
                        doors: vec![door],
                    }),
                },
                LockKind::OneWay => one_way.push(door),
            }
        }
        Locks { keys, one_way }
    }

    /// Whether there is nothing to draw.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty() && self.one_way.is_empty()
    }
}

/// Key `k`'s letter: `A`…`Z`, then `%`.
#[must_use]
pub fn letter(k: usize) -> char {
    u8::try_from(k)
        .ok()
        .filter(|&k| k < 26)
        .map_or('%', |k| char::from(b'A' + k))
}

/// Key `k`'s key mark: `a`…`z`, then `*`.
#[must_use]
pub fn key_letter(k: usize) -> char {
    match letter(k) {
        '%' => '*',
        c => c.to_ascii_lowercase(),
    }
}

/// The arrow for passing through side `bit` (`>` for `DOOR_E`).
#[must_use]
pub fn arrow(bit: u8) -> char {
    match bit {
        DOOR_N => '^',
        DOOR_E => '>',
        DOOR_S => 'v',
        DOOR_W => '<',
        _ => '?',
    }
}

/// The cell through side `bit` of `p`.
#[must_use]
pub fn beyond(p: Pos, bit: u8) -> Pos {
    DIRS.iter()
        .find(|d| d.2 == bit)
        .map_or(p, |&(dx, dy, _, _)| (p.0 + dx, p.1 + dy))
}

/// What one cell of the overlay shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mark {
    /// A one-way door passable through this side.
    OneWay(u8),
    /// Key `k` lies here.
    Key(usize),
    /// Key `k` opens a door here.
    Door(usize),
}

impl Mark {
    fn ascii(self) -> char {
        match self {
            Mark::OneWay(bit) => arrow(bit),
            Mark::Key(k) => key_letter(k),
            Mark::Door(k) => letter(k),
        }
    }

    fn emoji(self) -> &'static str {
        match self {
            Mark::OneWay(DOOR_N) => "⏫",
            Mark::OneWay(DOOR_S) => "⏬",
            Mark::OneWay(DOOR_W) => "⏪",
            Mark::OneWay(_) => "⏩",
            Mark::Key(_) => "🔑",
            Mark::Door(_) => "🔒",
        }
    }
}

/// Whether `p` is the start or the end, whose letters the overlay keeps.
fn is_end(g: &DungeonGrid, p: Pos) -> bool {
    matches!(g.cell(p), Cell::Start | Cell::End)
}

/// Where a door is drawn on `g`: the cell before each closed side on a tile
/// map (the tile the player stands on at the door), the locked room's cell
/// beside it on a room grid.
fn door_cells(g: &DungeonGrid, door: &Door) -> Vec<Pos> {
    let room_grid = g.kind() == GridKind::RoomGrid;
    let mut cells: Vec<Pos> = door
        .sides
        .iter()
        .map(|&(p, bit)| if room_grid { beyond(p, bit) } else { p })
        .collect();
    cells.dedup();
    cells
}

/// The overlay's marks, cell by cell (a later mark on the same cell wins).
pub fn marks(g: &DungeonGrid, locks: &Locks) -> Vec<(Pos, Mark)> {
    let mut out = Vec::new();
    for door in &locks.one_way {
        out.extend(door.sides.iter().map(|&(p, bit)| (p, Mark::OneWay(bit))));
    }
    for (k, key) in locks.keys.iter().enumerate() {
        out.extend(key.tile.map(|p| (p, Mark::Key(k))));
    }
    for (k, key) in locks.keys.iter().enumerate() {
        for door in &key.doors {
            out.extend(door_cells(g, door).into_iter().map(|p| (p, Mark::Door(k))));
        }
    }
    out
}

/// `g` as ASCII (`emoji: false`) or emoji, with its locks drawn over it and
/// a legend after it; exactly `to_ascii()`/`to_emoji()` without locks.
#[must_use]
pub fn picture(g: &DungeonGrid, emoji: bool) -> String {
    let locks = Locks::of(g);
    if locks.is_empty() {
        return if emoji { g.to_emoji() } else { g.to_ascii() };
    }
    let (w, h) = (g.width().max(0), g.height().max(0));
    let mut over: Vec<Option<Mark>> = vec![None; (w as usize) * (h as usize)];
    for (p, mark) in marks(g, &locks) {
        if (0..w).contains(&p.0) && (0..h).contains(&p.1) && !is_end(g, p) {
            over[(p.1 * w + p.0) as usize] = Some(mark);
        }
    }
    let mut out = String::new();
    for y in 0..h {
        for x in 0..w {
            let cell = g.cell((x, y));
            match over[(y * w + x) as usize] {
                Some(m) if emoji => out.push_str(m.emoji()),
                Some(m) => out.push(m.ascii()),
                None if emoji => out.push_str(cell.emoji()),
                None => out.push(cell.ascii()),
            }
        }
        out.push('\n');
    }
    out.push_str(&legend(g, &locks));
    out
}

/// A cell as the legend writes it.
fn at(p: Pos) -> String {
    format!("({}, {})", p.0, p.1)
}

/// The legend: `A: locked door 3→7 (4, 9), key in room 12 (20, 5)`, a
/// line per key, then `>: one-way 5→4 (8, 2)`, a line per one-way door.
#[must_use]
pub fn legend(g: &DungeonGrid, locks: &Locks) -> String {
    let mut out = String::new();
    for (k, key) in locks.keys.iter().enumerate() {
        // Each door with its cell; doors into the same cell (a room grid's
        // locked room) name it once, after the last of them.
        let cells: Vec<String> = key
            .doors
            .iter()
            .map(|d| door_cells(g, d).first().map(|&p| at(p)).unwrap_or_default())
            .collect();
        let doors: Vec<String> = key
            .doors
            .iter()
            .enumerate()
            .map(|(i, d)| match cells.get(i + 1) {
                Some(next) if *next == cells[i] => format!("{}→{}", d.from, d.into),
                _ => format!("{}→{} {}", d.from, d.into, cells[i]),
            })
            .collect();
        let (many, list) = match doors.as_slice() {
            [one] => ("", one.clone()),
            [rest @ .., last] => ("s", format!("{} and {last}", rest.join(", "))),
            [] => ("s", String::new()),
        };
        let tile = key.tile.map(at).unwrap_or_default();
        let _ = writeln!(
            out,
            "{}: locked door{many} {list}, key {} in room {} {tile}",
            letter(k),
            key_letter(k),
            key.room
        );
    }
    for door in &locks.one_way {
        let (cell, bit) = door.sides.first().copied().unwrap_or(((0, 0), 0));
        let _ = writeln!(
            out,
            "{}: one-way {}→{} {}",
            arrow(bit),
            door.from,
            door.into,
            at(cell)
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use dungeon_core::Lock;

    /// A ring of rooms: S(0) 1 2 / 3 · 4 / 5 6 7 E(8).
    fn ring() -> DungeonGrid {
        let mut g = DungeonGrid::from_ascii("S##.\n#.#.\n###E").unwrap();
        g.generator = "isaac".into();
        g
    }

    #[test]
    fn letters_and_arrows() {
        assert_eq!((letter(0), key_letter(0)), ('A', 'a'));
        assert_eq!((letter(25), key_letter(25)), ('Z', 'z'));
        assert_eq!((letter(26), key_letter(26)), ('%', '*'));
        assert_eq!(arrow(DOOR_W), '<');
        assert_eq!(beyond((3, 3), DOOR_N), (3, 2));
    }

    #[test]
    fn a_room_grid_shows_keys_locked_rooms_and_arrows() {
        let locks = vec![
            Lock {
                from: 7,
                into: 8,
                kind: LockKind::Key { key: 1 },
            },
            Lock {
                from: 4,
                into: 2,
                kind: LockKind::OneWay,
            },
        ];
        let g = ring().with_locks(locks).unwrap();
        // The end keeps its E: the door into it is in the legend only.
        assert_eq!(
            picture(&g, false),
            "Sa#.\n#.^.\n###E\n\
             A: locked door 7→8 (3, 2), key a in room 1 (1, 0)\n\
             ^: one-way 4→2 (2, 1)\n"
        );
        let emoji = picture(&g, true);
        assert!(
            emoji.starts_with("🟦🔑🟩⬛\n🟩⬛⏫⬛\n🟩🟩🟩🟥\n"),
            "{emoji}"
        );
        assert!(picture(&ring(), false) == ring().to_ascii());
    }
}
