//! Fuzz target `any_generator`: every generator in
//! [`registry::GENERATORS`] driven through its registry job, so a generator
//! added to the registry is fuzzed here without a line in this crate.
//!
//! Input format (see [`crate::knobs`]): the generator (an index into
//! `GENERATORS`), its preset (an index into its presets), the seed, the
//! level, then up to [`MAX_PAIRS`] (setting, value) pairs, the setting an
//! index into the generator's schema and the value drawn from the schema
//! ([`value`]): near the range's edges when the schema gives a range, one
//! of the placeholder's choices for a choice setting, the preset's value
//! edited, or any short text. Each pair is applied with `Job::set`, whose
//! errors are fine. The indices wrap, so a new generator or preset changes
//! what old inputs mean but never makes them invalid.
//!
//! The run is watched by [`budget_watch`], which says stop after
//! [`REPORT_BUDGET`] progress reports (or [`TIME_BUDGET`] of wall time, a
//! safety net), so a legal but enormous config ends the run early instead
//! of making the fuzz iteration slow.
//!
//! What must hold: no panic; a grid that comes back has every
//! generated-grid property ([`checks::valid_grid`]), the generator's name,
//! the seed and the level, progress 1, and is made again by the same job;
//! an error is `Cancelled` only when the watch said stop, an `Exhausted`
//! error says why, and a `Config` error names a setting of the generator,
//! `level`, or a field of its config ([`names_a_field`]).

use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use dungeon_core::registry::{self, Entry, Job, Range, SettingInfo, Type};
use dungeon_core::watch::Watch;
use dungeon_core::{DungeonGrid, GenError};

use crate::checks;
use crate::knobs::{EDGE_FLOATS, EDGE_INTS, Knobs};

/// The most (setting, value) pairs one input applies.
pub const MAX_PAIRS: usize = 6;

/// Progress reports a fuzzed run may make before its watch says stop.
/// A preset's run makes 2 to 50 (release build, level 1); a 1024² walker
/// or cave about 50, a 4096² walker about 700 (0.7 s in release). Above
/// the 255 checkpoints `cancel_anywhere` can stop at.
pub const REPORT_BUDGET: usize = 256;

/// Wall time after which a fuzzed run's watch says stop at its next
/// report, whatever the count: a safety net for runs whose reports are far
/// apart (the instrumented build is 10–25× slower than a release build).
pub const TIME_BUDGET: Duration = Duration::from_millis(500);

/// A watch that says stop at the `reports`-th progress report, or at the
/// first report after [`TIME_BUDGET`].
#[must_use]
pub fn budget_watch(reports: usize) -> Watch {
    let seen = AtomicUsize::new(0);
    let start = Instant::now();
    Watch::with_observer(move |_| {
        seen.fetch_add(1, Ordering::Relaxed) < reports && start.elapsed() < TIME_BUDGET
    })
}

/// A registry job decoded from fuzz bytes.
pub struct Input {
    /// The generator.
    pub entry: &'static dyn Entry,
    /// The preset the job started from.
    pub preset: &'static str,
    /// The run seed.
    pub seed: u64,
    /// The level.
    pub level: i32,
    /// The job, every pair applied.
    pub job: Box<dyn Job>,
    /// The pairs in the order applied, with what `Job::set` said.
    pub applied: Vec<(&'static str, String, Result<(), String>)>,
}

impl fmt::Debug for Input {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} --preset {} --seed {} --level {}",
            self.entry.name(),
            self.preset,
            self.seed,
            self.level
        )?;
        for (name, value, result) in &self.applied {
            let said = result.as_ref().err().map_or("ok", String::as_str);
            writeln!(f, "  set {name} = {value:?}: {said}")?;
        }
        write!(f, "  {:?}", self.job)
    }
}

impl Input {
    /// Runs the job under `watch`.
    ///
    /// # Errors
    /// The generator's error.
    pub fn run(&self, watch: &Watch) -> Result<DungeonGrid, GenError> {
        self.job.generate_watched(self.seed, self.level, watch)
    }
}

/// The generator, preset, seed, level and settings `data` stands for.
#[must_use]
pub fn decode(data: &[u8]) -> Input {
    let mut k = Knobs::new(data);
    let entry = registry::GENERATORS[k.index(registry::GENERATORS.len())];
    job_for(entry, &mut k)
}

/// A job of `entry` from the rest of the input: its preset, the seed, the
/// level and up to [`MAX_PAIRS`] settings.
///
/// # Panics
/// When the registry contradicts itself: a listed preset makes no job, or
/// a listed setting does not read back.
pub fn job_for(entry: &'static dyn Entry, k: &mut Knobs) -> Input {
    let presets = entry.presets();
    let preset = presets.get(k.index(presets.len().max(1))).map(|p| p.name);
    let mut job = entry
        .job(preset)
        .unwrap_or_else(|| panic!("{}: preset {preset:?} makes no job", entry.name()));
    let (seed, level) = (k.seed(), k.level());
    let settings = entry.settings();
    let words = words(&settings, job.as_ref());
    let mut applied = Vec::new();
    let pairs = if settings.is_empty() {
        0
    } else {
        k.index(MAX_PAIRS + 1)
    };
    for _ in 0..pairs {
        let s = &settings[k.index(settings.len())];
        let current = job
            .get(s.name)
            .unwrap_or_else(|| panic!("{}: setting {} has no value", entry.name(), s.name));
        let v = value(k, s, &current, &words);
        let result = job.set(s.name, &v);
        if let Err(e) = &result {
            assert!(
                !e.is_empty(),
                "{}: empty error setting {}",
                entry.name(),
                s.name
            );
            assert_eq!(
                job.get(s.name).as_deref(),
                Some(current.as_str()),
                "{}: a refused {} = {v:?} changed the setting",
                entry.name(),
                s.name
            );
        }
        applied.push((s.name, v, result));
    }
    Input {
        entry,
        preset: preset.unwrap_or(""),
        seed,
        level,
        job,
        applied,
    }
}

/// Words the job's text settings hold now (tags, rule names), for text
/// settings to draw from, with the empty word and `none`.
fn words(settings: &[SettingInfo], job: &dyn Job) -> Vec<String> {
    let mut out = vec![String::new(), "none".to_owned()];
    for s in settings.iter().filter(|s| s.ty == Type::Text) {
        let v = job.get(s.name).unwrap_or_default();
        for w in v.split(|c: char| !c.is_alphanumeric() && c != '_') {
            if !w.is_empty()
                && !w.bytes().all(|b| b.is_ascii_digit())
                && !out.iter().any(|o| o == w)
            {
                out.push(w.to_owned());
            }
        }
    }
    out
}

/// A value for setting `s`, whose value now is `current`, as text.
pub fn value(k: &mut Knobs, s: &SettingInfo, current: &str, words: &[String]) -> String {
    match s.ty {
        Type::Int => int_text(k, current, s.range),
        Type::Float => float_text(k, current, s.range),
        Type::Bool => match k.byte() % 8 {
            0..=2 => "true".to_owned(),
            3..=5 => "false".to_owned(),
            6 => current.to_owned(),
            _ => k.pick(&["", "1", "True", "yes", "false "]).to_owned(),
        },
        Type::Text => text(k, s.placeholder, current, s.range, words),
    }
}

/// Integer text: the current value, one near it, a range edge or one past
/// it, an `i32` edge, text past `i32` or not an integer at all, any `i32`.
fn int_text(k: &mut Knobs, current: &str, range: Option<Range>) -> String {
    let cur: i64 = current.trim().parse().unwrap_or(0);
    match k.byte() % 8 {
        0 => current.to_owned(),
        1 => (cur + i64::from(k.any::<i8>() % 8)).to_string(),
        2 => match k.byte() % 3 {
            0 => cur.saturating_mul(2),
            1 => cur / 2,
            _ => cur.saturating_mul(i64::from(k.byte() % 16)),
        }
        .to_string(),
        3 => {
            let edges = match range {
                // `as` saturates: a bound past i64 stays at its edge.
                Some(r) => {
                    let (min, max, step) = (r.min as i64, r.max as i64, r.step as i64);
                    vec![
                        min - 1,
                        min,
                        max,
                        max.saturating_add(1),
                        min + step.max(1),
                        max - step.max(1),
                    ]
                }
                None => vec![0, 1, -1, 2, 3],
            };
            k.pick(&edges).to_string()
        }
        4 => k.pick(&EDGE_INTS).to_string(),
        5 => k
            .pick(&[
                "2147483648",
                "-2147483649",
                "9223372036854775808",
                "1e3",
                "0x10",
                "+3",
                " 7",
                "7.0",
                "",
                "NaN",
                "-",
            ])
            .to_owned(),
        6 => k.any::<i32>().to_string(),
        _ => k.byte().to_string(),
    }
}

/// Number text: the current value, one in the range (or scaled), a range
/// edge or the next number past it, an `f64` edge (NaN and infinities
/// too), text that is no finite number, any `f64`.
fn float_text(k: &mut Knobs, current: &str, range: Option<Range>) -> String {
    let cur: f64 = current.trim().parse().unwrap_or(0.0);
    let t = f64::from(k.any::<u16>()) / f64::from(u16::MAX);
    match k.byte() % 8 {
        0 => current.to_owned(),
        1 => match range {
            Some(r) if r.min.is_finite() && r.max.is_finite() => r.min + (r.max - r.min) * t,
            _ => cur * 2.0 * t,
        }
        .to_string(),
        2 => {
            let edges = match range {
                Some(r) => vec![
                    r.min,
                    r.max,
                    r.min.next_down(),
                    r.max.next_up(),
                    r.min - 1.0,
                    r.max + 1.0,
                ],
                None => vec![0.0, 1.0, cur, cur.next_up(), -cur],
            };
            format!("{:?}", k.pick(&edges))
        }
        3 => format!("{:?}", k.pick(&EDGE_FLOATS)),
        4 => k
            .pick(&[
                "NaN", "nan", "inf", "-inf", "infinity", "1e309", "-0", "0x1p3", "", "1,5",
                "1e-320", ".5", "5.",
            ])
            .to_owned(),
        5 => {
            let x = f64::from_bits(k.any());
            if k.flag(false) {
                format!("{x:e}")
            } else {
                format!("{x}")
            }
        }
        6 => (f64::from(k.byte()) / 4.0).to_string(),
        _ => (cur + (t - 0.5)).to_string(),
    }
}

/// Text for a text setting: one of the placeholder's choices (`a|b|c`);
/// a number for a one-letter placeholder (`F` a number, `X`, `N` an
/// integer); otherwise the current value edited, a word some text setting
/// holds, the placeholder's shape filled in (`R1:R2:N[,...]`), or any
/// short text.
fn text(
    k: &mut Knobs,
    placeholder: &str,
    current: &str,
    range: Option<Range>,
    words: &[String],
) -> String {
    let choices: Vec<&str> = placeholder.split('|').collect();
    if choices.len() > 1 {
        return match k.byte() % 8 {
            0..=4 => k.pick(&choices).to_owned(),
            5 => k.pick(&choices).replace('_', "-"),
            6 => current.to_owned(),
            _ => any_text(k),
        };
    }
    if placeholder == "F" {
        return float_text(k, current, range);
    }
    if placeholder.len() == 1 && placeholder.bytes().all(|b| b.is_ascii_uppercase()) {
        return int_text(k, current, range);
    }
    match k.byte() % 6 {
        0 => current.to_owned(),
        1 => with_number(k, current),
        2 => list_edit(k, current),
        3 => word(k, words),
        4 => shape(k, placeholder, words),
        _ => any_text(k),
    }
}

/// One of `words` (empty when there are none).
fn word(k: &mut Knobs, words: &[String]) -> String {
    words
        .get(k.index(words.len().max(1)))
        .cloned()
        .unwrap_or_default()
}

/// `current` with one of its numbers replaced by an edge or small value.
fn with_number(k: &mut Knobs, current: &str) -> String {
    let spans: Vec<(usize, usize)> = number_spans(current);
    if spans.is_empty() {
        return current.to_owned();
    }
    let (a, b) = spans[k.index(spans.len())];
    let n = match k.byte() % 3 {
        0 => k.pick(&EDGE_INTS).to_string(),
        1 => k.byte().to_string(),
        _ => k
            .pick(&["-1", "0", "1", "99999999999", "1.5", ""])
            .to_owned(),
    };
    format!("{}{n}{}", &current[..a], &current[b..])
}

/// Byte spans of the (optionally negative) integers in `s`.
fn number_spans(s: &str) -> Vec<(usize, usize)> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let start = if i > 0 && b[i - 1] == b'-' { i - 1 } else { i };
            let mut j = i;
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            out.push((start, j));
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

/// `current` as a comma-separated list with one item dropped, repeated,
/// emptied, or the list reversed.
fn list_edit(k: &mut Knobs, current: &str) -> String {
    let mut items: Vec<&str> = current.split(',').collect();
    let i = k.index(items.len());
    match k.byte() % 4 {
        0 => {
            items.remove(i);
        }
        1 => {
            let n = 1 + k.index(8);
            items.splice(i..=i, std::iter::repeat_n(items[i], n + 1));
        }
        2 => items[i] = "",
        _ => items.reverse(),
    }
    items.join(",")
}

/// The placeholder's shape with its fields filled: every run of capitals
/// and digits (`R1`, `N`, `TAG`) becomes a small number or a word, and a
/// trailing `[,...]` repeats the whole 1 to 3 times.
fn shape(k: &mut Knobs, placeholder: &str, words: &[String]) -> String {
    let (one, repeats) = match placeholder.strip_suffix("[,...]") {
        Some(one) => (one, 1 + k.index(3)),
        None => (placeholder, 1),
    };
    let mut items = Vec::new();
    for _ in 0..repeats {
        let mut out = String::new();
        let mut chars = one.chars().peekable();
        while let Some(c) = chars.next() {
            if c.is_ascii_uppercase() {
                while chars.peek().is_some_and(|c| c.is_ascii_alphanumeric()) {
                    chars.next();
                }
                match k.byte() % 4 {
                    0 => out.push_str(&word(k, words)),
                    1 => out.push_str(&(i32::from(k.byte() % 12) - 1).to_string()),
                    2 => out.push_str(&k.pick(&EDGE_INTS).to_string()),
                    _ => out.push_str(&k.byte().to_string()),
                }
            } else {
                out.push(c);
            }
        }
        items.push(out);
    }
    items.join(",")
}

/// Up to 16 bytes of the input as text.
fn any_text(k: &mut Knobs) -> String {
    let n = k.index(17);
    String::from_utf8_lossy(k.bytes(n)).into_owned()
}

/// Whether `field`, a `Config` error's field, is a setting of `entry`,
/// `level`, (its first part, before a `.` or `[`) a field of the job's
/// config as its `Debug` shows it, or a numbered slot of a list setting as
/// the Godot class names it: `{stem}_{n}_{field}`, some setting's name
/// starting with `stem` (the cave's `phase_1_r2_cutoff`, the first of its
/// `phases`' `r2_cutoff`).
#[must_use]
pub fn names_a_field(entry: &dyn Entry, job: &dyn Job, field: &str) -> bool {
    let settings = entry.settings();
    let debug = format!("{job:?}");
    let in_config = |f: &str| debug.contains(&format!("{f}: "));
    let head = field.split(['.', '[']).next().unwrap_or(field);
    let slot = field.split_once('_').and_then(|(stem, rest)| {
        let (n, sub) = rest.split_once('_')?;
        let numbered = !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit());
        (numbered && settings.iter().any(|s| s.name.starts_with(stem))).then_some(sub)
    });
    field == "level"
        || settings.iter().any(|s| s.name == field || s.name == head)
        || in_config(head)
        || slot.is_some_and(in_config)
}

/// Target `any_generator`.
///
/// # Panics
/// When a property in the module docs is broken.
pub fn any_generator(data: &[u8]) {
    let mut input = decode(data);
    let name = input.entry.name();
    assert!(
        input.job.set("no such setting", "1").is_err()
            && input.job.get("no such setting").is_none(),
        "{name}: an unknown setting was taken"
    );
    let watch = budget_watch(REPORT_BUDGET);
    match input.run(&watch) {
        Ok(g) => {
            assert_eq!(g.generator, name, "generator name");
            assert_eq!(
                (g.seed, g.level),
                (input.seed, input.level),
                "seed and level"
            );
            assert_eq!(watch.progress(), 1.0, "a finished run ends at 1");
            checks::valid_grid(&g);
            checks::deterministic(&g, || input.job.generate(input.seed, input.level));
        }
        Err(GenError::Cancelled) => {
            assert!(watch.is_cancelled(), "{name}: Cancelled without a stop");
        }
        Err(e) => {
            checks::error_names_a_setting(&e);
            if let GenError::Config(c) = &e {
                assert!(
                    names_a_field(input.entry, input.job.as_ref(), c.field),
                    "{name}: the error names {:?}, no setting or field: {e}\n{input:?}",
                    c.field
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_input_is_the_first_generator_as_is() {
        let input = decode(&[]);
        let first = registry::GENERATORS[0];
        assert_eq!(input.entry.name(), first.name());
        assert_eq!(input.preset, first.presets()[0].name);
        assert!(input.applied.is_empty());
        assert!(input.job.same(first.job(None).unwrap().as_ref()));
    }

    #[test]
    fn every_generator_and_preset_is_reachable() {
        for (g, entry) in registry::GENERATORS.iter().enumerate() {
            for (p, preset) in entry.presets().iter().enumerate() {
                let data = [u8::try_from(g).unwrap(), u8::try_from(p).unwrap()];
                let input = decode(&data);
                assert_eq!(input.entry.name(), entry.name());
                assert_eq!(input.preset, preset.name);
            }
        }
    }

    #[test]
    fn error_fields() {
        let job = registry::CAVE.job(None).unwrap();
        let names = |f| names_a_field(&registry::CAVE, job.as_ref(), f);
        assert!(names("phases") && names("level") && names("min_region_size"));
        assert!(names("phase_1_r2_cutoff") && names("phase_12_repeats"));
        assert!(!names("phase_x_repeats") && !names("phase_1_nothing") && !names("nothing"));
    }

    #[test]
    fn shapes_and_edits() {
        assert_eq!(number_spans("a:-12:3,b"), [(2, 5), (6, 7)]);
        let mut k = Knobs::new(&[0, 1, 2]);
        let s = shape(&mut k, "R1:R2:N[,...]", &[]);
        assert_eq!(s.matches(':').count() % 2, 0, "{s}");
    }

    /// A few thousand pseudo-random inputs through the target: every
    /// generator, setting kind and value kind, quickly.
    #[test]
    fn pseudo_random_inputs_pass() {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut data = [0u8; 64];
        for _ in 0..300 {
            for b in &mut data {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                *b = x as u8;
            }
            any_generator(&data);
        }
    }
}
