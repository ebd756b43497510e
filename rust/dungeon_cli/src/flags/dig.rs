//! Flag tables of the digging generators (`tunneler`, `walker`): one line a
//! config field, like the tables in [`crate::flags`], which re-exports them.

use super::Field::{Int, Num, Other};
use super::{Flag, Presets, choice};
use dungeon_core::tunneler::TunnelerConfig;
use dungeon_core::walker::{Directions, WalkerConfig};

/// The tunneler's presets.
pub const TUNNELER_PRESETS: Presets<TunnelerConfig> = [
    ("tangled_tunnels", TunnelerConfig::tangled_tunnels),
    ("long_halls", TunnelerConfig::long_halls),
];

/// The walker's presets.
pub const WALKER_PRESETS: Presets<WalkerConfig> = [
    ("open_cave", WalkerConfig::open_cave),
    ("sprawling_cave", WalkerConfig::sprawling_cave),
];

const DIRECTIONS: [(&str, Directions); 2] = [("4", Directions::Four), ("8", Directions::Eight)];

/// The tunneler's flags.
#[must_use]
pub fn tunneler() -> Vec<Flag<TunnelerConfig>> {
    type F = Flag<TunnelerConfig>;
    vec![
        F::new(
            "width",
            "map width in tiles, 8..=4096",
            Int(|c| &mut c.width),
        ),
        F::new(
            "height",
            "map height in tiles, 8..=4096",
            Int(|c| &mut c.height),
        ),
        F::new(
            "max-tunnels",
            "tunnels to dig, 1..=100000",
            Int(|c| &mut c.max_tunnels),
        ),
        F::new(
            "min-tunnel-length",
            "shortest tunnel in steps, 1..=max-tunnel-length",
            Int(|c| &mut c.min_tunnel_length),
        ),
        F::new(
            "max-tunnel-length",
            "longest tunnel in steps, at most the shorter side - 3",
            Int(|c| &mut c.max_tunnel_length),
        ),
    ]
}

/// The walker's flags.
#[must_use]
pub fn walker() -> Vec<Flag<WalkerConfig>> {
    type F = Flag<WalkerConfig>;
    vec![
        F::new(
            "width",
            "map width in tiles, 8..=4096",
            Int(|c| &mut c.width),
        ),
        F::new(
            "height",
            "map height in tiles, 8..=4096",
            Int(|c| &mut c.height),
        ),
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
            "floor-fraction",
            "stop once this share of the map is floor, (0, interior share]",
            Num(|c| &mut c.floor_fraction),
        ),
        F::new(
            "walkers",
            "walkers digging at once, 1..=256",
            Int(|c| &mut c.walkers),
        ),
        F::new(
            "lifetime",
            "steps before a walker is replaced on dug floor, 0 = never",
            Int(|c| &mut c.lifetime),
        ),
        F::new(
            "max-steps-per-tile",
            "step budget per map tile, 1..=1000",
            Int(|c| &mut c.max_steps_per_tile),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tunneler_field_has_a_flag() {
        let mut c = TunnelerConfig::default();
        for f in tunneler() {
            f.set(&mut c, "77").unwrap();
        }
        // Exhaustive: a new field breaks this until it gets a flag.
        let TunnelerConfig {
            width,
            height,
            max_tunnels,
            min_tunnel_length,
            max_tunnel_length,
        } = c;
        assert_eq!(
            (
                width,
                height,
                max_tunnels,
                min_tunnel_length,
                max_tunnel_length
            ),
            (77, 77, 77, 77, 77)
        );
    }

    #[test]
    fn every_walker_field_has_a_flag() {
        let mut c = WalkerConfig::default();
        for f in walker() {
            let v = match f.name {
                "directions" => "4",
                "floor-fraction" => "0.123",
                _ => "77",
            };
            f.set(&mut c, v).unwrap();
        }
        let WalkerConfig {
            width,
            height,
            directions,
            floor_fraction,
            walkers,
            lifetime,
            max_steps_per_tile,
        } = c;
        assert_eq!(
            (width, height, walkers, lifetime, max_steps_per_tile),
            (77, 77, 77, 77, 77)
        );
        assert_eq!((directions, floor_fraction), (Directions::Four, 0.123));
        let d = walker()
            .into_iter()
            .find(|f| f.name == "directions")
            .unwrap();
        assert_eq!(
            d.set(&mut c, "6").unwrap_err(),
            r#"expected 4 or 8, got "6""#
        );
        assert_eq!(d.show(&WalkerConfig::open_cave()), "8");
    }
}
