//! The Hilbert backbone's flags (`dungeon hilbert`).

use super::Field::{Bool, Int, Num};
use super::{Flag, Presets};
use dungeon_core::hilbert::HilbertConfig;

/// The Hilbert backbone's presets.
pub const HILBERT_PRESETS: Presets<HilbertConfig> = [
    ("winding", HilbertConfig::winding),
    ("sprawling", HilbertConfig::sprawling),
];

/// The Hilbert backbone's flags, in the order they are applied.
#[must_use]
pub fn hilbert() -> Vec<Flag<HilbertConfig>> {
    type F = Flag<HilbertConfig>;
    vec![
        F::new(
            "order",
            "curve order n, 1..=10: a 2^n × 2^n grid of rooms",
            Int(|c| &mut c.order),
        ),
        F::new(
            "grow-order",
            "raise the order until the level's path fits",
            Bool(|c| &mut c.grow_order),
        ),
        F::new(
            "path-length",
            "main-path rooms before the level's share, 2..=4^n",
            Int(|c| &mut c.path_length),
        ),
        F::new(
            "path-per-level",
            "main-path rooms added per level, 0..=1000",
            Num(|c| &mut c.path_per_level),
        ),
        F::new(
            "path-variance",
            "random extra path rooms, 0..=N",
            Int(|c| &mut c.path_variance),
        ),
        F::new(
            "side-room-chance",
            "chance a free cell beside the path starts a side branch, 0..=1",
            Num(|c| &mut c.side_room_chance),
        ),
        F::new(
            "branch-length",
            "most rooms in one side branch, 1..=64",
            Int(|c| &mut c.branch_length),
        ),
        F::new(
            "loop-chance",
            "chance two adjacent unjoined rooms get a door, 0..=1",
            Num(|c| &mut c.loop_chance),
        ),
        F::new(
            "allow-shortcuts",
            "let loops shorten the way from start to end",
            Bool(|c| &mut c.allow_shortcuts),
        ),
    ]
}
