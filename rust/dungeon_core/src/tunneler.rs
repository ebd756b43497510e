//! Tunnels dug through solid rock by one digger (a random-walk tunneler).
//!
//! # What the original does
//!
//! A Finnish implementation write-up ("RandomWalk") describes it
//! in eight steps: make a map of walls only; pick a random point; turn it
//! into floor; then `maxTunnels` times pick a length in
//! `minTunnelLength..=maxTunnelLength` and a random direction, horizontal
//! if the last tunnel was vertical and vertical if it was horizontal, and
//! dig that many steps, turning each wall on the way into floor. It gives
//! no numbers for the settings and no rule for the map's edge.
//!
//! # What we do
//!
//! Exactly that, on a [`DungeonRng`] stream of `(seed, level)`. The first
//! tunnel's axis is random (the write-up has no "last tunnel" yet), each
//! tunnel's sign is random, and each tunnel starts where the last one
//! ended, so every floor tile is reachable from the start by construction.
//! Where the write-up left things open:
//!
//! - **The edge.** The outermost row and column on every side stay wall (a
//!   one-tile border painters can close the map with). A step that would
//!   enter the border turns the digger back instead: it reverses and digs
//!   on the other way, so a tunnel always has its full length in steps
//!   (the design notes allowed "flipped or stopped"; we flip).
//! - **Lengths.** Lengths are counted in steps (a tunnel of length 3 digs up
//!   to 3 new tiles). A tunnel may be no longer than the map's interior
//!   along its shorter side minus one, so a tunnel fits along either axis
//!   and bounces at most once; longer settings are refused.
//!
//! Validation is the only way to fail: a valid config always gives a map
//! with at least two floor tiles and start ≠ end. The work is
//! `max_tunnels × max_tunnel_length` steps plus two passes over the map.
//!
//! # Start and end
//!
//! The start is the random tile where digging began; the end is the floor
//! tile farthest from it by walking (4-connected), as for every open-floor
//! map ([`crate::dig`]).
//!
//! # Measured against the write-up
//!
//! `examples/tunneler_fidelity.rs` runs 2000 seeds of each preset and
//! compares the dug tunnels ([`tunnels`]) with the write-up's rules:
//!
//! | preset | tunnels per map | mean length (write-up's rule, ours) | each
//! length's share (uniform, ours) | axis alternates | + sign | turned back |
//! floor share |
//! |---|---|---|---|---|---|---|---|
//! | `tangled_tunnels` | 120 in all | 5.50, 5.50 | 0.1667, 0.1653–0.1680 | 100 % | 0.499 | 11.3 % | 0.203 |
//! | `long_halls` | 24 in all | 20.00, 20.00 | 0.0476, 0.0451–0.0495 | 100 % | 0.497 | 33.5 % | 0.102 |
//!
//! ```
//! use dungeon_core::tunneler::{self, TunnelerConfig};
//! let grid = tunneler::generate(&TunnelerConfig::tangled_tunnels(), 1, 1).unwrap();
//! assert!(grid.is_connected() && grid.is_open_floor());
//! println!("{grid}");
//! ```

use crate::dig;
use crate::error::{ConfigError, GenError, check_range};
use crate::generator::GeneratorConfig;
use crate::grid::{Cell, DungeonGrid, Pos};
use crate::level::check_level;
use crate::preset::Preset;
use crate::rng::{DungeonRng, stage};
use crate::watch::Watch;

/// Progress when the tunnels are dug (see [`TunnelerConfig::build`]).
const W_TUNNELS: f64 = 0.3;

/// Smallest map side accepted.
pub const MIN_SIDE: i32 = 8;
/// Largest map side accepted.
pub const MAX_SIDE: i32 = 4096;
/// Most tunnels one map may dig.
pub const MAX_TUNNELS: i32 = 100_000;

/// Settings for [`generate`]. Start from a preset and change fields;
/// [`TunnelerConfig::validate`] says which combinations work.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TunnelerConfig {
    /// Map width in tiles, `8..=4096`.
    pub width: i32,
    /// Map height in tiles, `8..=4096`.
    pub height: i32,
    /// How many tunnels are dug (the write-up's `maxTunnels`), `1..=100000`.
    pub max_tunnels: i32,
    /// Shortest tunnel in steps (`minTunnelLength`), `1..=max_tunnel_length`.
    pub min_tunnel_length: i32,
    /// Longest tunnel in steps (`maxTunnelLength`): at least
    /// `min_tunnel_length`, at most the shorter side minus 3 (the interior
    /// inside the wall border, minus one).
    pub max_tunnel_length: i32,
}

impl Default for TunnelerConfig {
    fn default() -> Self {
        Self::tangled_tunnels()
    }
}

/// The tunneler's presets.
pub const PRESET_LIST: [Preset<TunnelerConfig>; 2] = [
    Preset::new(
        "tangled_tunnels",
        "a 60×40 tangle of 120 short tunnels (3 to 8 steps)",
        TunnelerConfig::tangled_tunnels,
    ),
    Preset::new(
        "long_halls",
        "24 long straight halls (10 to 30 steps) across an 80×50 map",
        TunnelerConfig::long_halls,
    ),
];

impl TunnelerConfig {
    /// A 60×40 tangle of many short tunnels crossing each other: 120
    /// tunnels of 3 to 8 steps. The "RandomWalk" algorithm; its write-up
    /// gives no numbers, so these are ours.
    #[must_use]
    pub const fn tangled_tunnels() -> Self {
        Self {
            width: 60,
            height: 40,
            max_tunnels: 120,
            min_tunnel_length: 3,
            max_tunnel_length: 8,
        }
    }

    /// An 80×50 map of a few long straight halls: 24 tunnels of 10 to 30
    /// steps. The "RandomWalk" algorithm with long tunnels.
    #[must_use]
    pub const fn long_halls() -> Self {
        Self {
            width: 80,
            height: 50,
            max_tunnels: 24,
            min_tunnel_length: 10,
            max_tunnel_length: 30,
        }
    }

    /// The preset names [`TunnelerConfig::preset`](crate::GeneratorConfig::preset) knows.
    pub const PRESETS: [&'static str; 2] = crate::preset::names(&PRESET_LIST);

    /// The longest tunnel this map allows: its shorter side minus the two
    /// border tiles, minus one (a tunnel of that many steps fits along
    /// either axis).
    #[must_use]
    pub fn longest_tunnel(&self) -> i32 {
        self.width.min(self.height) - 3
    }

    /// Checks every field without generating.
    ///
    /// # Errors
    /// A [`GenError::Config`] naming the field, the value and what would work.
    pub fn validate(&self) -> Result<(), GenError> {
        self.check().map_err(GenError::from)
    }

    fn check(&self) -> Result<(), ConfigError> {
        check_range("width", self.width, MIN_SIDE, MAX_SIDE)?;
        check_range("height", self.height, MIN_SIDE, MAX_SIDE)?;
        check_range("max_tunnels", self.max_tunnels, 1, MAX_TUNNELS)?;
        let longest = self.longest_tunnel();
        check_range("max_tunnel_length", self.max_tunnel_length, 1, longest).map_err(|mut e| {
            e.allowed = format!(
                "{} (a tunnel must fit along the shorter side of the {}×{} map inside its 1-tile wall border)",
                e.allowed, self.width, self.height
            );
            e
        })?;
        check_range(
            "min_tunnel_length",
            self.min_tunnel_length,
            1,
            self.max_tunnel_length,
        )
        .map_err(|mut e| {
            e.allowed = format!(
                "{} (at most max_tunnel_length = {})",
                e.allowed, self.max_tunnel_length
            );
            e
        })
    }
}

/// One dug tunnel, as [`tunnels`] reports it (for the fidelity example).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tunnel {
    /// Where the tunnel began.
    pub from: Pos,
    /// Its axis: `true` for horizontal.
    pub horizontal: bool,
    /// The direction it set out in along its axis: `1` or `-1`.
    pub sign: i32,
    /// Its length in steps, as drawn.
    pub length: i32,
    /// How many times it turned back at the border.
    pub bounces: i32,
    /// How many wall tiles it turned into floor.
    pub dug: i32,
}

crate::generator::entry_points!(TunnelerConfig);

impl GeneratorConfig for TunnelerConfig {
    const PRESET_LIST: &'static [Preset<Self>] = &PRESET_LIST;

    fn validate_for(&self, level: i32) -> Result<(), GenError> {
        self.validate()?;
        Ok(check_level(level)?)
    }

    /// Generates level `level` of the run `seed` under `watch`.
    /// Checkpoints: every 64 tunnels, and before the finishing passes.
    /// Weights, from a 1024² map of 20 000 tunnels (release): the tunnels
    /// 30 %, door masks and the end's search 70 %.
    ///
    /// # Errors
    /// [`GenError::Config`] when [`TunnelerConfig::validate`] fails or
    /// `level` is outside `1..=1000`; [`GenError::Cancelled`] when `watch`
    /// was cancelled. A valid config never fails otherwise.
    fn build(&self, seed: u64, level: i32, watch: &Watch) -> Result<DungeonGrid, GenError> {
        dig_map(self, seed, level, false, watch).map(|(g, _)| g)
    }
}

/// The tunnels [`generate`] digs for the same inputs, in order.
///
/// # Errors
/// As [`generate`].
pub fn tunnels(config: &TunnelerConfig, seed: u64, level: i32) -> Result<Vec<Tunnel>, GenError> {
    dig_map(config, seed, level, true, &Watch::new()).map(|(_, t)| t)
}

fn dig_map(
    config: &TunnelerConfig,
    seed: u64,
    level: i32,
    trace: bool,
    watch: &Watch,
) -> Result<(DungeonGrid, Vec<Tunnel>), GenError> {
    config.validate_for(level)?;
    watch.at(0.0)?;
    let tunnels = watch.span(0.0, W_TUNNELS);
    let mut rng = DungeonRng::for_level(seed, level, stage::LAYOUT);
    let mut g = dig::walls(config.width, config.height);
    let (w, h) = (config.width, config.height);
    let start = (rng.range(1, w - 2), rng.range(1, h - 2));
    let mut log = Vec::new();
    let width = w as usize;
    let cells = &mut g.cells;
    let mut carve = |p: Pos| {
        let i = p.1 as usize * width + p.0 as usize;
        let new = cells[i] == Cell::Empty;
        cells[i] = Cell::Floor;
        i32::from(new)
    };
    carve(start);
    let mut at = start;
    let mut horizontal = rng.below(2) == 0;
    for k in 0..config.max_tunnels {
        if k % 64 == 0 {
            tunnels.step(k as usize, config.max_tunnels as usize)?;
        }
        let length = rng.range(config.min_tunnel_length, config.max_tunnel_length);
        let sign = if rng.below(2) == 0 { 1 } else { -1 };
        let mut t = Tunnel {
            from: at,
            horizontal,
            sign,
            length,
            bounces: 0,
            dug: 0,
        };
        let mut s = sign;
        for _ in 0..length {
            let (lo, hi, v) = if horizontal {
                (1, w - 2, at.0)
            } else {
                (1, h - 2, at.1)
            };
            if v + s < lo || v + s > hi {
                s = -s;
                t.bounces += 1;
            }
            if horizontal {
                at.0 += s;
            } else {
                at.1 += s;
            }
            t.dug += carve(at);
        }
        if trace {
            log.push(t);
        }
        horizontal = !horizontal;
    }
    watch.at(W_TUNNELS)?;
    dig::finish(
        &mut g,
        start,
        "tunneler",
        seed,
        level,
        watch.span(W_TUNNELS, 1.0),
    )?;
    Ok((g, log))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pic(s: &str) -> String {
        s.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(|l| format!("{l}\n"))
            .collect()
    }

    fn config_err(c: &TunnelerConfig) -> ConfigError {
        match generate(c, 1, 1) {
            Err(GenError::Config(e)) => e,
            other => panic!("{c:?}: {other:?}"),
        }
    }

    #[test]
    fn bad_settings_name_the_field() {
        let with = |f: fn(&mut TunnelerConfig)| {
            let mut c = TunnelerConfig::default();
            f(&mut c);
            config_err(&c)
        };
        assert_eq!(
            with(|c| c.width = 0).to_string(),
            "invalid width = 0: allowed 8..=4096"
        );
        assert_eq!(with(|c| c.height = 5000).field, "height");
        assert_eq!(with(|c| c.height = -1).field, "height");
        assert_eq!(
            with(|c| c.max_tunnels = 0).to_string(),
            "invalid max_tunnels = 0: allowed 1..=100000"
        );
        assert_eq!(with(|c| c.max_tunnels = i32::MAX).field, "max_tunnels");
        let e = with(|c| c.max_tunnel_length = 38);
        assert!(
            e.to_string()
                .starts_with("invalid max_tunnel_length = 38: allowed 1..=37 (a tunnel must fit"),
            "{e}"
        );
        assert_eq!(with(|c| c.max_tunnel_length = 0).field, "max_tunnel_length");
        let e = with(|c| c.min_tunnel_length = 9);
        assert_eq!(
            e.to_string(),
            "invalid min_tunnel_length = 9: allowed 1..=8 (at most max_tunnel_length = 8)"
        );
        assert_eq!(with(|c| c.min_tunnel_length = 0).field, "min_tunnel_length");
        let e = generate(&TunnelerConfig::default(), 1, 0).unwrap_err();
        assert_eq!(e.to_string(), "invalid level = 0: allowed 1..=1000");
        assert!(TunnelerConfig::default().validate().is_ok());
    }

    #[test]
    fn one_tunnel_is_a_straight_line_from_the_start() {
        let c = TunnelerConfig {
            width: 10,
            height: 8,
            max_tunnels: 1,
            min_tunnel_length: 5,
            max_tunnel_length: 5,
        };
        for seed in 0..50 {
            let g = generate(&c, seed, 1).unwrap();
            let t = tunnels(&c, seed, 1).unwrap();
            assert_eq!(t.len(), 1);
            assert_eq!(t[0].from, g.start());
            // 5 steps: 6 tiles if it never turned back, fewer if it did.
            let floor = g.walkable_count() as i32;
            assert_eq!(floor, 1 + t[0].dug);
            assert!(g.check().is_ok(), "{g}");
            assert!(dig::border_is_wall(&g));
            let (s, e) = (g.start(), g.end());
            assert!(s.0 == e.0 || s.1 == e.1, "not a straight tunnel:\n{g}");
        }
    }

    #[test]
    fn a_tunnel_turns_back_at_the_border() {
        // An 8×8 map: the interior is 6 wide, tunnels of 5 steps. A tunnel
        // that starts next to the border and heads into it turns around.
        let c = TunnelerConfig {
            width: 8,
            height: 8,
            max_tunnels: 2,
            min_tunnel_length: 5,
            max_tunnel_length: 5,
        };
        let mut bounced = 0;
        for seed in 0..200 {
            let g = generate(&c, seed, 1).unwrap();
            for t in tunnels(&c, seed, 1).unwrap() {
                assert!(t.bounces <= 1, "{t:?}");
                bounced += t.bounces;
            }
            assert!(dig::border_is_wall(&g), "{g}");
        }
        assert!(bounced > 0);
    }

    #[test]
    fn pinned_small_map() {
        let c = TunnelerConfig {
            width: 16,
            height: 10,
            max_tunnels: 8,
            min_tunnel_length: 2,
            max_tunnel_length: 6,
        };
        let g = generate(&c, 42, 1).unwrap();
        assert!(g.check().is_ok());
        assert_eq!(g.to_ascii(), pic(PINNED_16X10), "\n{g}");
    }

    const PINNED_16X10: &str = "
        ................
        ................
        .S,,,...........
        ....,...........
        ....,......,....
        ....,......,....
        ....,,,,,,,,....
        ....,,..,..,....
        ....,,,,,..E....
        ................
    ";

    #[test]
    fn axes_alternate_and_lengths_stay_in_range() {
        let c = TunnelerConfig::default();
        for seed in 0..100 {
            let t = tunnels(&c, seed, 1).unwrap();
            assert_eq!(t.len(), c.max_tunnels as usize);
            for pair in t.windows(2) {
                assert_ne!(pair[0].horizontal, pair[1].horizontal);
            }
            assert!(t.iter().all(|t| (3..=8).contains(&t.length)));
        }
    }
}
