//! `DungeonGrid`'s layout hash, as Godot methods: the multiplayer check.

use godot::prelude::*;

use crate::dungeon_grid::DungeonGrid;

#[godot_api(secondary)]
impl DungeonGrid {
    /// A 64-bit fingerprint of this dungeon's layout: its cells, doors,
    /// start and end, rooms (with their roles and shapes) and the generator's
    /// planned room graph. Not the generator's name, seed or level.
    ///
    /// Use it to check that every player of a multiplayer game built the
    /// same dungeon: the same seed, the same level, the same settings and the
    /// same version of this library give the same hash on every platform
    /// (Windows, Linux, macOS, arm64) and from [code]generate_level[/code] as
    /// from [code]generate_async[/code]. Send the hash along with the seed
    /// and compare it before play; a different hash means that peer built
    /// another dungeon (its library version or settings differ).
    ///
    /// The 64 bits are returned as an [int], so about half of all hashes are
    /// negative; [method layout_hash_hex] gives the same bits as text. A grid
    /// that failed to load returns [code]0[/code] (and logs an error).
    #[func]
    fn layout_hash(&self) -> i64 {
        self.valid().map_or(0, |g| g.layout_hash() as i64)
    }

    /// [method layout_hash] as 16 lowercase hex digits (e.g.
    /// [code]"d7672b8f7465a5a9"[/code]), the form the command-line tool
    /// prints with [code]--format hash[/code]; handy in logs and messages.
    /// Empty for a grid that failed to load.
    #[func]
    fn layout_hash_hex(&self) -> GString {
        self.valid().map_or_else(GString::new, |g| {
            GString::from(&format!("{:016x}", g.layout_hash()))
        })
    }
}
