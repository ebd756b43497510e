//! The digging generators' registry entries (`tunneler`, `walker`): their
//! presets and one setting per config field.

use super::Kind::{Int, Num, Other};
use super::setting::choice;
use super::{Generator, Range, Setting};
use crate::tunneler::TunnelerConfig;
use crate::tunneler::{MAX_SIDE, MAX_TUNNELS, MIN_SIDE};
use crate::walker::{Directions, WalkerConfig};
use crate::walker::{MAX_LIFETIME, MAX_STEPS_PER_TILE, MAX_WALKERS};

/// The tunneler.
pub const TUNNELER: Generator<TunnelerConfig> = Generator {
    name: "tunneler",
    class: "TunnelerGenerator",
    summary: "straight tunnels dug through rock by a random walk",
    example: "tunneler --preset long_halls --seed 3",
    settings: tunneler,
    rooms: false,
};

/// The walker.
pub const WALKER: Generator<WalkerConfig> = Generator {
    name: "walker",
    class: "WalkerGenerator",
    summary: "a cave dug by random walkers",
    example: "walker --directions 4 --floor-fraction 0.3 --format png --out cave.png",
    settings: walker,
    rooms: false,
};

const DIRECTIONS: [(&str, Directions); 2] = [("4", Directions::Four), ("8", Directions::Eight)];

/// The tunneler's settings.
#[must_use]
pub fn tunneler() -> Vec<Setting<TunnelerConfig>> {
    type F = Setting<TunnelerConfig>;
    let [width, height] = F::map_sides(|c| &mut c.width, |c| &mut c.height, MIN_SIDE, MAX_SIDE);
    vec![
        width,
        height,
        F::new("max_tunnels", "tunnels to dig", Int(|c| &mut c.max_tunnels))
            .range(Range::int(1, MAX_TUNNELS)),
        F::new(
            "min_tunnel_length",
            "shortest tunnel in steps, at most max-tunnel-length",
            Int(|c| &mut c.min_tunnel_length),
        )
        .range(Range::int(1, MAX_SIDE - 3)),
        F::new(
            "max_tunnel_length",
            "longest tunnel in steps, at most the shorter side - 3",
            Int(|c| &mut c.max_tunnel_length),
        )
        .range(Range::int(1, MAX_SIDE - 3)),
    ]
}

/// The walker's settings.
#[must_use]
pub fn walker() -> Vec<Setting<WalkerConfig>> {
    type F = Setting<WalkerConfig>;
    let [width, height] = F::map_sides(|c| &mut c.width, |c| &mut c.height, MIN_SIDE, MAX_SIDE);
    vec![
        width,
        height,
        F::new(
            "directions",
            "moves per step: 4 (orthogonal) or 8 (diagonals too)",
            Other(
                "4|8",
                |c, v| {
                    c.directions = choice(v, &DIRECTIONS)?;
                    Ok(())
                },
                |c| c.directions.count().to_string(),
            ),
        ),
        F::new(
            "floor_fraction",
            "stop once this share of the map is floor, (0, interior share]",
            Num(|c| &mut c.floor_fraction),
        ),
        F::new(
            "walkers",
            "walkers digging at once",
            Int(|c| &mut c.walkers),
        )
        .range(Range::int(1, MAX_WALKERS)),
        F::new(
            "lifetime",
            "steps before a walker is replaced on dug floor, 0 = never",
            Int(|c| &mut c.lifetime),
        )
        .range(Range::int(0, MAX_LIFETIME)),
        F::new(
            "max_steps_per_tile",
            "step budget per map tile",
            Int(|c| &mut c.max_steps_per_tile),
        )
        .range(Range::int(1, MAX_STEPS_PER_TILE)),
    ]
}
