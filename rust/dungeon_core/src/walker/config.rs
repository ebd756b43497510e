//! [`WalkerConfig`]: the settings, the two presets and their validation.

use crate::error::{ConfigError, GenError, check_range};
use crate::preset::Preset;

/// Smallest map side accepted.
pub const MIN_SIDE: i32 = 8;
/// Largest map side accepted.
pub const MAX_SIDE: i32 = 4096;
/// Most walkers one map may have.
pub const MAX_WALKERS: i32 = 256;
/// Longest walker lifetime in steps.
pub const MAX_LIFETIME: i32 = 1_000_000;
/// Largest step budget per map tile.
pub const MAX_STEPS_PER_TILE: i32 = 1000;
/// The most work one walk may do, whatever the map's size and
/// `max_steps_per_tile`: a step counts 1 and a walker's replacement
/// (a `lifetime` running out) [`RESPAWN_WORK`] more. About 2 to 3 s in a
/// release build on a busy 2-core machine, spent in full (4096² maps with
/// 256 walkers of lifetime 1); without it, 1024² with 1000 steps per tile
/// took 12.8 s and 2048² minutes. Walks that need this many steps are rare
/// (40 % of a 4096² map takes about 22 million with `open_cave`).
pub const MAX_WALK_WORK: u64 = 1 << 27;
/// The work a walker's replacement counts on top of its step (it reads a
/// random dug tile, far from the walker in memory: about twice a step).
pub const RESPAWN_WORK: u64 = 2;

/// Which moves a walker makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Directions {
    /// The four orthogonal moves (east, north, south, west).
    Four,
    /// The original walk's eight moves: the four orthogonal ones and the four
    /// diagonals. A diagonal step also digs one of the two tiles beside it,
    /// so the floor stays 4-connected.
    #[default]
    Eight,
}

impl Directions {
    /// The name used by the CLI: `4` or `8`.
    #[must_use]
    pub const fn count(self) -> i32 {
        match self {
            Directions::Four => 4,
            Directions::Eight => 8,
        }
    }

    /// From a count: `4` or `8`.
    #[must_use]
    pub const fn from_count(n: i32) -> Option<Self> {
        match n {
            4 => Some(Directions::Four),
            8 => Some(Directions::Eight),
            _ => None,
        }
    }
}

/// Settings for [`super::generate`]. Start from a preset and change fields;
/// [`WalkerConfig::validate`] says which combinations work.
#[derive(Clone, Debug, PartialEq)]
pub struct WalkerConfig {
    /// Map width in tiles, `8..=4096`.
    pub width: i32,
    /// Map height in tiles, `8..=4096`.
    pub height: i32,
    /// Four or eight moves per step.
    pub directions: Directions,
    /// The walk stops once this share of the whole map (border included) is
    /// floor. Greater than 0, less than 1, and at most the share of the
    /// interior inside the 1-tile wall border (`(w-2)(h-2)/(w·h)`).
    pub floor_fraction: f64,
    /// How many walkers dig at once, taking turns one step each, all
    /// setting out from the start, `1..=256`.
    pub walkers: i32,
    /// Steps a walker takes before it is replaced by a new one on a random
    /// floor tile, `0..=1000000`; 0 walks on forever. Short lives give
    /// branching passages, long ones a single meandering cave.
    pub lifetime: i32,
    /// The step budget, in steps per map tile (`1..=1000`): a walk that has
    /// not dug `floor_fraction` of the map after `width × height ×
    /// max_steps_per_tile` steps stops with [`GenError::Exhausted`]. On big
    /// maps the walk's total work is capped too, at [`MAX_WALK_WORK`]
    /// (steps plus [`RESPAWN_WORK`] per replaced walker), whatever this
    /// says: see [`WalkerConfig::step_budget`].
    pub max_steps_per_tile: i32,
}

impl Default for WalkerConfig {
    fn default() -> Self {
        Self::open_cave()
    }
}

/// The walker's presets.
pub const PRESET_LIST: [Preset<WalkerConfig>; 2] = [
    Preset::new(
        "open_cave",
        "one eight-way walker digs 40 % of an 80×50 map into one meandering cave",
        WalkerConfig::open_cave,
    ),
    Preset::new(
        "sprawling_cave",
        "four-way walkers of 150 steps, each setting out from the floor, dig 35 % into sprawling lobes",
        WalkerConfig::sprawling_cave,
    ),
];

impl WalkerConfig {
    /// One walker wandering the original walk's eight ways from the middle
    /// of an 80×50 map until 40 % of it is floor: one blobby, meandering cave.
    #[must_use]
    pub const fn open_cave() -> Self {
        Self {
            width: 80,
            height: 50,
            directions: Directions::Eight,
            floor_fraction: 0.4,
            walkers: 1,
            lifetime: 0,
            max_steps_per_tile: 100,
        }
    }

    /// Four-way walkers of 150 steps each, every new one setting out from a
    /// random floor tile, until 35 % of an 80×50 map is floor: a cave that
    /// sprawls in lobes across the map (mapgen's "winding passages" idea,
    /// kept connected).
    #[must_use]
    pub const fn sprawling_cave() -> Self {
        Self {
            width: 80,
            height: 50,
            directions: Directions::Four,
            floor_fraction: 0.35,
            walkers: 1,
            lifetime: 150,
            max_steps_per_tile: 100,
        }
    }

    /// The preset names [`WalkerConfig::preset`](crate::GeneratorConfig::preset) knows.
    pub const PRESETS: [&'static str; 2] = crate::preset::names(&PRESET_LIST);

    /// Tiles inside the 1-tile wall border: the most the walk can dig.
    #[must_use]
    pub fn interior_tiles(&self) -> u64 {
        let side = |s: i32| u64::try_from(s.saturating_sub(2).max(0)).unwrap_or(0);
        side(self.width) * side(self.height)
    }

    /// Floor tiles the walk digs before it stops: `floor_fraction` of the
    /// map, rounded up, at least 2 (a start and a different end) and at most
    /// [`WalkerConfig::interior_tiles`].
    #[must_use]
    pub fn target_tiles(&self) -> u64 {
        let area = f64::from(self.width.max(0)) * f64::from(self.height.max(0));
        let t = (self.floor_fraction * area).ceil();
        let t = if t.is_finite() && t >= 2.0 {
            t as u64
        } else {
            2
        };
        t.min(self.interior_tiles())
    }

    /// The step budget: `width × height × max_steps_per_tile`, at most
    /// [`MAX_WALK_WORK`]. (The walk also stops once its work, steps plus
    /// [`RESPAWN_WORK`] per replaced walker, reaches [`MAX_WALK_WORK`].)
    #[must_use]
    pub fn step_budget(&self) -> u64 {
        self.tile_budget().min(MAX_WALK_WORK)
    }

    /// `width × height × max_steps_per_tile`, uncapped.
    pub(super) fn tile_budget(&self) -> u64 {
        let area = u64::try_from(self.width.max(0)).unwrap_or(0)
            * u64::try_from(self.height.max(0)).unwrap_or(0);
        area * u64::try_from(self.max_steps_per_tile.max(0)).unwrap_or(0)
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
        let (w, h) = (self.width, self.height);
        let most = self.interior_tiles() as f64 / (f64::from(w) * f64::from(h));
        let f = self.floor_fraction;
        if !(f > 0.0 && f < 1.0 && f <= most) {
            return Err(ConfigError::new(
                "floor_fraction",
                f,
                format!(
                    "greater than 0 and at most {most:.4} (the share of the {w}×{h} map inside its 1-tile wall border)"
                ),
            ));
        }
        check_range("walkers", self.walkers, 1, MAX_WALKERS)?;
        check_range("lifetime", self.lifetime, 0, MAX_LIFETIME)?;
        check_range(
            "max_steps_per_tile",
            self.max_steps_per_tile,
            1,
            MAX_STEPS_PER_TILE,
        )
    }
}
