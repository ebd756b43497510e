//! The Hilbert backbone's registry entry: presets and settings.

use super::Kind::{Bool, Int, Num};
use super::{Generator, Range, Setting};
use crate::hilbert::HilbertConfig;
use crate::hilbert::{MAX_BRANCH_LENGTH, MAX_ORDER};

/// The Hilbert backbone.
pub const HILBERT: Generator<HilbertConfig> = Generator {
    name: "hilbert",
    class: "HilbertGenerator",
    summary: "a main path of rooms along a Hilbert curve, side rooms and loops",
    example: "hilbert --preset sprawling --level 4 --side-room-chance 0.5",
    settings: hilbert,
    rooms: true,
};

/// The Hilbert backbone's settings, in the order they are applied.
#[must_use]
pub fn hilbert() -> Vec<Setting<HilbertConfig>> {
    type F = Setting<HilbertConfig>;
    vec![
        F::new(
            "order",
            "curve order n: a 2^n × 2^n grid of rooms",
            Int(|c| &mut c.order),
        )
        .range(Range::int(1, MAX_ORDER)),
        F::new(
            "grow_order",
            "raise the order until the level's path fits",
            Bool(|c| &mut c.grow_order),
        ),
        F::new(
            "path_length",
            "main-path rooms before the level's share, 2..=4^n",
            Int(|c| &mut c.path_length),
        ),
        F::new(
            "path_per_level",
            "main-path rooms added per level",
            Num(|c| &mut c.path_per_level),
        )
        .range(Range::new(0.0, 1000.0)),
        F::new(
            "path_variance",
            "random extra path rooms, 0..=N",
            Int(|c| &mut c.path_variance),
        ),
        F::new(
            "side_room_chance",
            "chance a free cell beside the path starts a side branch",
            Num(|c| &mut c.side_room_chance),
        )
        .range(Range::UNIT),
        F::new(
            "branch_length",
            "most rooms in one side branch",
            Int(|c| &mut c.branch_length),
        )
        .range(Range::int(1, MAX_BRANCH_LENGTH)),
        F::new(
            "loop_chance",
            "chance two adjacent unjoined rooms get a door",
            Num(|c| &mut c.loop_chance),
        )
        .range(Range::UNIT),
        F::new(
            "allow_shortcuts",
            "let loops shorten the way from start to end",
            Bool(|c| &mut c.allow_shortcuts),
        ),
    ]
}
