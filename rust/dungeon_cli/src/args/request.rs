//! What a parsed command line asks for.

use std::path::PathBuf;

use dungeon_core::ConfigError;
use dungeon_core::registry::Job;

/// Output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `DungeonGrid::to_ascii`.
    Ascii,
    /// `DungeonGrid::to_emoji`.
    Emoji,
    /// `DungeonGrid::to_json`, one object per line.
    Json,
    /// A picture (`--out` required).
    Png,
    /// One line per grid, `GEN PRESET SEED LEVEL HASH`: the grid's
    /// `DungeonGrid::layout_hash` as 16 hex digits.
    Hash,
}

/// Where the output goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dest {
    /// Standard output (no `--out`, or `--out -`).
    Stdout,
    /// `--out FILE`, created on the first write.
    File(PathBuf),
}

/// Where `show` reads its grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// Standard input (`show -`).
    Stdin,
    /// `show FILE`.
    File(PathBuf),
}

impl Input {
    /// How messages name the input: the file as given, or `stdin`.
    #[must_use]
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "stdin".to_owned(),
            Input::File(p) => p.display().to_string(),
        }
    }
}

/// What `dungeon show FILE` asks for: read saved grids back and write them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Show {
    /// The file, or standard input.
    pub input: Input,
    /// Output format (ASCII unless asked).
    pub format: Format,
    /// Where to write.
    pub out: Dest,
    /// PNG pixels per cell; `None` = automatic.
    pub scale: Option<u32>,
}

/// Everything a run needs.
#[derive(Clone, Debug)]
pub struct Request {
    /// Generator and config, from the registry.
    pub job: Box<dyn Job>,
    /// The preset the config started from (the generator's first unless
    /// `--preset` named one).
    pub preset: &'static str,
    /// First run seed.
    pub seed: u64,
    /// The seed was typed as a negative Godot `int`: messages show seeds so.
    pub seed_as_int: bool,
    /// Level passed to the generator.
    pub level: i32,
    /// Output format.
    pub format: Format,
    /// Where to write.
    pub out: Dest,
    /// PNG pixels per cell; `None` = automatic.
    pub scale: Option<u32>,
    /// Number of dungeons.
    pub count: u32,
    /// Each flag given and its value as typed, so that a generator error
    /// about a field shows the value the way the user wrote it.
    pub typed: Vec<(String, String)>,
    /// Settings given as a file (placeholder `FILE`), in settings order:
    /// the setting's name and the path. The run reads each and sets the
    /// setting to its text.
    pub files: Vec<(&'static str, PathBuf)>,
}

// By hand: a derived `PartialEq` cannot compare a `Box<dyn Job>` field.
impl PartialEq for Request {
    fn eq(&self, other: &Self) -> bool {
        *self.job == *other.job
            && self.preset == other.preset
            && (self.seed, self.seed_as_int, self.level)
                == (other.seed, other.seed_as_int, other.level)
            && (self.format, &self.out, self.scale, self.count)
                == (other.format, &other.out, other.scale, other.count)
            && self.typed == other.typed
            && self.files == other.files
    }
}

impl Request {
    /// The seed of dungeon `k`: seeds count on modulo 2^64, as `seed + k`
    /// does on a Godot `int` (`--seed -1 --count 3` gives -1, 0, 1).
    #[must_use]
    pub fn seed_at(&self, k: u32) -> u64 {
        self.seed.wrapping_add(u64::from(k))
    }

    /// A seed the way the user wrote theirs: as a Godot `int` if negative.
    #[must_use]
    pub fn show_seed(&self, seed: u64) -> String {
        if self.seed_as_int {
            (seed as i64).to_string()
        } else {
            seed.to_string()
        }
    }

    /// The file that set field `field`, if a `FILE` flag did.
    #[must_use]
    pub fn file_of(&self, field: &str) -> Option<&PathBuf> {
        self.files
            .iter()
            .find(|(name, _)| *name == field)
            .map(|(_, p)| p)
    }

    /// `e` with its value as typed, when a flag set the field it names
    /// (`min_end_distance` is `--min-end-distance`, `origin.x` `--origin-x`).
    #[must_use]
    pub fn as_typed(&self, mut e: ConfigError) -> ConfigError {
        let flag = e.field.replace(['_', '.'], "-");
        if let Some((_, raw)) = self.typed.iter().find(|(name, _)| *name == flag) {
            e.value.clone_from(raw);
        }
        e
    }
}
