//! What the timing examples share: the settings that make about 100
//! rooms per generator, the rows of a table built from them, the
//! quantile of a list of times, and the `--seeds N` argument.

use dungeon_core::registry::{Entry, GENERATORS, Job, find};

/// Setting overrides, `(name, value)`.
pub type Settings = &'static [(&'static str, &'static str)];

/// Settings that make about 100 rooms, `(generator, preset, settings)`.
pub const HUNDRED: &[(&str, &str, Settings)] = &[
    (
        "bsp",
        "large",
        &[("width", "150"), ("height", "100"), ("iterations", "7")],
    ),
    (
        "tinykeep",
        "tinykeep",
        &[("cell_count", "320"), ("radius", "30"), ("radius_y", "15")],
    ),
    (
        "maze",
        "labyrinth",
        &[("width", "65"), ("height", "65"), ("room_attempts", "400")],
    ),
    (
        "isaac",
        "large_rooms",
        &[
            ("width", "20"),
            ("height", "20"),
            ("base_rooms", "100"),
            ("rooms_per_level", "0"),
            ("room_variance", "0"),
        ],
    ),
    (
        "template",
        "demo",
        &[
            ("width", "200"),
            ("height", "200"),
            ("base_rooms", "60"),
            ("rooms_per_level", "0"),
            ("room_variance", "0"),
        ],
    ),
];

/// The `q` quantile of `v` (sorted in place).
pub fn quantile(v: &mut [f64], q: f64) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(((v.len() as f64 - 1.0) * q).round() as usize)
        .copied()
        .unwrap_or(f64::NAN)
}

/// One row of a table: a label and the job that makes its grids.
pub struct Row {
    /// What the row measures: generator, preset and settings changed.
    pub label: String,
    /// The job.
    pub job: Box<dyn Job>,
}

/// The rows a timing example measures: the default preset of every
/// generator `keep` accepts, then the settings of [`HUNDRED`].
pub fn rows(keep: impl Fn(&dyn Entry) -> bool) -> Vec<Row> {
    let mut rows = Vec::new();
    for entry in GENERATORS.iter().filter(|e| keep(**e)) {
        if let Some(job) = entry.job(None) {
            let preset = entry.presets().first().map_or("", |p| p.name);
            rows.push(Row {
                label: format!("{} {preset}", entry.name()),
                job,
            });
        }
    }
    for &(name, preset, settings) in HUNDRED {
        let Some(mut job) = find(name).and_then(|e| e.job(Some(preset))) else {
            eprintln!("no preset {name} {preset}");
            continue;
        };
        let mut label = format!("{name} {preset}");
        for &(k, v) in settings {
            if let Err(e) = job.set(k, v) {
                eprintln!("{name}: {e}");
            }
            label.push_str(&format!(" {k}={v}"));
        }
        rows.push(Row { label, job });
    }
    rows
}

/// The value of `--seeds N` on the command line, or `default`.
pub fn seeds_arg(default: u64) -> u64 {
    let list: Vec<String> = std::env::args().skip(1).collect();
    list.iter()
        .position(|a| a == "--seeds")
        .and_then(|i| list.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}
