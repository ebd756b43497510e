//! Elementary (one-dimensional, rule-N) cellular automata, used to decorate
//! room floors (the minesweeper game plan: "rule 30 … can be used to
//! decorate rooms").
//!
//! A row of cells, each on or off, evolves one generation at a time: a
//! cell's next state is bit `4·left + 2·self + right` of the rule number
//! (Wolfram's numbering, rule 0–255). Row index 0 is the left end.
//!
//! The C++ example we follow (adapted from TFE Times) stores the row in a
//! `std::bitset`, whose index grows to the *left* when printed, and reads
//! `s[i+1]` as the left neighbour; indexing from the left as here, that is
//! `row[i-1]`, so both give the standard pictures (rule 30's left edge is
//! regular, its right side chaotic). The example always wraps around the
//! edges; here wrapping is a setting (`wrap`), on by default, and an unwrapped
//! row sees off cells past its ends.

use crate::error::{ConfigError, check_range};
use crate::grid::Rect;
use crate::rng::{DungeonRng, stage};

/// The widest row accepted.
pub const MAX_WIDTH: i32 = 4096;
/// The most generations accepted.
pub const MAX_GENERATIONS: i32 = 4096;

/// How the first row is chosen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum StartRow {
    /// One on cell in the middle (index `width / 2`), the rest off: the
    /// classic pictures.
    SingleCell,
    /// Each cell on with probability `fill`, drawn from the seed.
    Random {
        /// The chance a start cell is on, `0.0..=1.0`.
        fill: f64,
    },
}

/// Settings for one run of an elementary automaton.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ElementaryConfig {
    /// The rule number, 0–255 (30, 90 and 110 are the famous ones).
    pub rule: i32,
    /// Cells per row, 1..=4096.
    pub width: i32,
    /// Rows produced, the start row counted, 1..=4096.
    pub generations: i32,
    /// The start row.
    pub start: StartRow,
    /// Whether the ends of the row are neighbours (the C++ example wraps).
    pub wrap: bool,
}

impl Default for ElementaryConfig {
    /// Rule 30 from a single cell, 31 wide, 16 rows, wrapping.
    fn default() -> Self {
        Self {
            rule: 30,
            width: 31,
            generations: 16,
            start: StartRow::SingleCell,
            wrap: true,
        }
    }
}

impl ElementaryConfig {
    /// Checks every setting, naming the first bad one.
    ///
    /// # Errors
    /// A [`ConfigError`] naming `rule`, `width`, `generations` or `fill`.
    pub fn validate(&self) -> Result<(), ConfigError> {
        check_range("rule", self.rule, 0, 255)?;
        check_range("width", self.width, 1, MAX_WIDTH)?;
        check_range("generations", self.generations, 1, MAX_GENERATIONS)?;
        if let StartRow::Random { fill } = self.start {
            check_range("fill", fill, 0.0, 1.0)?;
        }
        Ok(())
    }
}

/// The next generation of `row` under `rule` (0–255; higher bits ignored).
#[must_use]
pub fn step(row: &[bool], rule: u8, wrap: bool) -> Vec<bool> {
    let n = row.len();
    let at = |i: isize| -> bool {
        if (0..n as isize).contains(&i) {
            row[i as usize]
        } else if wrap && n > 0 {
            row[i.rem_euclid(n as isize) as usize]
        } else {
            false
        }
    };
    (0..n as isize)
        .map(|i| {
            let pattern = u8::from(at(i - 1)) << 2 | u8::from(at(i)) << 1 | u8::from(at(i + 1));
            rule >> pattern & 1 == 1
        })
        .collect()
}

/// Runs the automaton: `generations` rows of `width` cells, the start row
/// first. Random start rows draw from `seed` (stage `ELEMENTARY`).
///
/// # Errors
/// A [`ConfigError`] naming the first bad setting.
pub fn run(config: &ElementaryConfig, seed: u64) -> Result<Vec<Vec<bool>>, ConfigError> {
    config.validate()?;
    let width = config.width as usize;
    let first: Vec<bool> = match config.start {
        StartRow::SingleCell => (0..width).map(|i| i == width / 2).collect(),
        StartRow::Random { fill } => {
            let mut rng = DungeonRng::new(seed).stage(stage::ELEMENTARY);
            (0..width).map(|_| rng.chance(fill)).collect()
        }
    };
    let rule = config.rule as u8;
    let mut rows = Vec::with_capacity(config.generations as usize);
    rows.push(first);
    while rows.len() < config.generations as usize {
        let next = step(&rows[rows.len() - 1], rule, config.wrap);
        rows.push(next);
    }
    Ok(rows)
}

/// A decoration mask for a room's floor: one `bool` per floor tile of
/// `rect`, row by row (`mask[y * rect.w + x]`), `true` where the tile gets a
/// decoration variant. Row `y` of the floor is generation `y` of the
/// automaton run `rect.w` wide; the start row is a single cell, or random
/// with `fill` when `fill > 0` (drawn from `seed`).
///
/// # Errors
/// A [`ConfigError`] naming `rule`, `fill`, or the room's `width`/`height`
/// when the rectangle is empty or too large.
pub fn decoration_mask(
    rect: Rect,
    rule: i32,
    fill: f64,
    seed: u64,
) -> Result<Vec<bool>, ConfigError> {
    let start = if fill > 0.0 {
        StartRow::Random { fill }
    } else {
        check_range("fill", fill, 0.0, 1.0)?;
        StartRow::SingleCell
    };
    let config = ElementaryConfig {
        rule,
        width: rect.w,
        generations: rect.h,
        start,
        wrap: true,
    };
    config.validate().map_err(|e| match e.field {
        "generations" => ConfigError::new("height", rect.h, e.allowed),
        _ => e,
    })?;
    Ok(run(&config, seed)?.concat())
}

/// Renders rows as text, `#` for on and `.` for off, one line per row.
#[must_use]
pub fn to_text(rows: &[Vec<bool>]) -> String {
    rows.iter()
        .map(|r| {
            r.iter()
                .map(|&b| if b { '#' } else { '.' })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn single(rule: i32, width: i32, generations: i32) -> Vec<String> {
        let config = ElementaryConfig {
            rule,
            width,
            generations,
            start: StartRow::SingleCell,
            wrap: true,
        };
        to_text(&run(&config, 0).unwrap())
            .lines()
            .map(str::to_owned)
            .collect()
    }

    #[test]
    fn rule_30_first_generations() {
        // The published rule 30 triangle (Wolfram, A New Kind of Science p. 27).
        assert_eq!(
            single(30, 11, 5),
            [
                ".....#.....",
                "....###....",
                "...##..#...",
                "..##.####..",
                ".##..#...#.",
            ]
        );
    }

    #[test]
    fn rule_90_is_sierpinski() {
        assert_eq!(
            single(90, 9, 5),
            [
                "....#....",
                "...#.#...",
                "..#...#..",
                ".#.#.#.#.",
                "#.......#",
            ]
        );
    }

    #[test]
    fn rule_110_grows_left() {
        // The classic rule 110 picture: the pattern grows only leftwards.
        assert_eq!(
            single(110, 17, 8),
            [
                "........#........",
                ".......##........",
                "......###........",
                ".....##.#........",
                "....#####........",
                "...##...#........",
                "..###..##........",
                ".##.#.###........",
            ]
        );
    }

    #[test]
    fn wrapping_matters_at_the_edges() {
        let row = vec![true, false, false, false];
        // Rule 2 (pattern 001 -> on): a cell turns on when only its right
        // neighbour is on, so the lone cell moves left; wrapping brings it
        // round to the far end, without wrapping it falls off.
        assert_eq!(step(&row, 2, true), [false, false, false, true]);
        assert_eq!(step(&row, 2, false), [false, false, false, false]);
    }

    #[test]
    fn random_start_is_seeded() {
        let config = ElementaryConfig {
            start: StartRow::Random { fill: 0.5 },
            ..ElementaryConfig::default()
        };
        assert_eq!(run(&config, 5).unwrap(), run(&config, 5).unwrap());
        assert_ne!(run(&config, 5).unwrap(), run(&config, 6).unwrap());
    }

    #[test]
    fn bad_settings_name_the_setting() {
        let bad = |c: ElementaryConfig| run(&c, 0).unwrap_err().field;
        let base = ElementaryConfig::default();
        assert_eq!(bad(ElementaryConfig { rule: 256, ..base }), "rule");
        assert_eq!(bad(ElementaryConfig { rule: -1, ..base }), "rule");
        assert_eq!(bad(ElementaryConfig { width: 0, ..base }), "width");
        assert_eq!(
            bad(ElementaryConfig {
                generations: 0,
                ..base
            }),
            "generations"
        );
        let fill = StartRow::Random { fill: f64::NAN };
        assert_eq!(
            bad(ElementaryConfig {
                start: fill,
                ..base
            }),
            "fill"
        );
        let e = decoration_mask(Rect::new(0, 0, 4, 0), 30, 0.0, 1).unwrap_err();
        assert_eq!(e.field, "height");
    }

    #[test]
    fn decoration_mask_covers_the_floor() {
        let rect = Rect::new(3, 4, 7, 5);
        let mask = decoration_mask(rect, 30, 0.0, 1).unwrap();
        assert_eq!(mask.len(), 35);
        let rows = single(30, 7, 5).concat();
        let text: String = mask.iter().map(|&b| if b { '#' } else { '.' }).collect();
        assert_eq!(text, rows);
    }
}
