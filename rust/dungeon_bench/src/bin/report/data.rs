//! Reading the results and formatting figures.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// One quantity measured in several runs (µs for times).
#[derive(Clone, Debug, Default)]
pub(crate) struct Runs(pub(crate) Vec<f64>);

impl Runs {
    pub(crate) fn median(&self) -> Option<f64> {
        let mut v: Vec<f64> = self.0.iter().copied().filter(|x| x.is_finite()).collect();
        if v.is_empty() {
            return None;
        }
        v.sort_by(f64::total_cmp);
        let n = v.len();
        Some(if n % 2 == 1 {
            v[n / 2]
        } else {
            (v[n / 2 - 1] + v[n / 2]) / 2.0
        })
    }
    pub(crate) fn min(&self) -> Option<f64> {
        self.0
            .iter()
            .copied()
            .filter(|x| x.is_finite())
            .reduce(f64::min)
    }
    pub(crate) fn max(&self) -> Option<f64> {
        self.0
            .iter()
            .copied()
            .filter(|x| x.is_finite())
            .reduce(f64::max)
    }
    /// Per-run ratio `self / other` (runs paired by index).
    pub(crate) fn ratio(&self, other: &Runs) -> Runs {
        Runs(self.0.iter().zip(&other.0).map(|(a, b)| a / b).collect())
    }
    pub(crate) fn minus(&self, other: &Runs) -> Runs {
        Runs(self.0.iter().zip(&other.0).map(|(a, b)| a - b).collect())
    }
}

#[derive(Default)]
pub(crate) struct Level10 {
    pub(crate) tried: u64,
    pub(crate) ok: u64,
    pub(crate) median: Runs,
    pub(crate) p99: Runs,
    pub(crate) max: Runs,
}

#[derive(Default)]
pub(crate) struct Data {
    pub(crate) machine: Vec<(String, String)>,
    /// criterion: full id -> median µs per run.
    pub(crate) crit: BTreeMap<String, Runs>,
    /// Godot: id -> median µs per run.
    pub(crate) godot: BTreeMap<String, Runs>,
    pub(crate) godot_meta: BTreeMap<String, String>,
    pub(crate) level10: BTreeMap<(String, String), Level10>,
    pub(crate) runs_godot: usize,
    pub(crate) runs_crit: usize,
    pub(crate) matching: Vec<Vec<String>>,
    pub(crate) peak: Vec<Vec<String>>,
}

pub(crate) fn numbered(dir: &Path, prefix: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(prefix) && n.ends_with(".tsv"))
        })
        .collect();
    v.sort();
    v
}

pub(crate) fn tsv(p: &Path) -> Vec<Vec<String>> {
    fs::read_to_string(p)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split('\t').map(str::to_owned).collect())
        .collect()
}

pub(crate) fn load(dir: &Path) -> Data {
    let mut d = Data::default();
    for row in tsv(&dir.join("machine.tsv")) {
        if row.len() >= 2 {
            d.machine.push((row[0].clone(), row[1..].join(" ")));
        }
    }
    for prefix in ["crit_core_run", "crit_vsm_run"] {
        let files = numbered(dir, prefix);
        d.runs_crit = d.runs_crit.max(files.len());
        for (k, f) in files.iter().enumerate() {
            for row in tsv(f) {
                if let (Some(id), Some(ns)) =
                    (row.first(), row.get(1).and_then(|s| s.parse::<f64>().ok()))
                {
                    let e = d.crit.entry(id.clone()).or_default();
                    e.0.resize(k, f64::NAN);
                    e.0.push(ns / 1000.0);
                }
            }
        }
    }
    let files = numbered(dir, "godot_run");
    d.runs_godot = files.len();
    for (k, f) in files.iter().enumerate() {
        for row in tsv(f) {
            match row.first().map(String::as_str) {
                Some("META") if row.len() >= 3 => {
                    d.godot_meta.insert(row[1].clone(), row[2].clone());
                }
                Some("RESULT") if row.len() >= 3 => {
                    if let Ok(us) = row[2].parse::<f64>() {
                        let e = d.godot.entry(row[1].clone()).or_default();
                        e.0.resize(k, f64::NAN);
                        e.0.push(us);
                    }
                }
                Some("LEVEL10") if row.len() >= 8 => {
                    let e = d
                        .level10
                        .entry((row[1].clone(), row[2].clone()))
                        .or_default();
                    let n = |i: usize| row[i].parse::<f64>().unwrap_or(f64::NAN);
                    e.tried += n(3) as u64;
                    e.ok += n(4) as u64;
                    e.median.0.push(n(5));
                    e.p99.0.push(n(6));
                    e.max.0.push(n(7));
                }
                _ => {}
            }
        }
    }
    d.matching = tsv(&dir.join("matching.tsv"));
    d.peak = tsv(&dir.join("peak_mem.tsv"));
    d
}

/// A time in µs, with a unit that keeps 3 significant digits readable.
pub(crate) fn t(us: f64) -> String {
    if !us.is_finite() {
        "–".into()
    } else if us >= 1_000_000.0 {
        format!("{:.2} s", us / 1e6)
    } else if us >= 1000.0 {
        format!("{:.2} ms", us / 1e3)
    } else if us >= 100.0 {
        format!("{us:.0} µs")
    } else if us >= 10.0 {
        format!("{us:.1} µs")
    } else {
        format!("{us:.2} µs")
    }
}

/// `median [min–max]` of a time measured in several runs.
pub(crate) fn ts(r: Option<&Runs>) -> String {
    let Some(r) = r else { return "–".into() };
    match (r.median(), r.min(), r.max()) {
        (Some(m), Some(lo), Some(hi)) if r.0.len() > 1 => format!("{} [{}–{}]", t(m), t(lo), t(hi)),
        (Some(m), _, _) => t(m),
        _ => "–".into(),
    }
}

pub(crate) fn x(v: f64) -> String {
    if !v.is_finite() {
        "–".into()
    } else if v >= 100.0 {
        format!("{v:.0}×")
    } else if v >= 10.0 {
        format!("{v:.1}×")
    } else {
        format!("{v:.2}×")
    }
}

/// `median [min–max]` of a ratio measured in several runs.
pub(crate) fn xs(r: &Runs) -> String {
    match (r.median(), r.min(), r.max()) {
        (Some(m), Some(lo), Some(hi)) if r.0.len() > 1 => {
            format!("**{}** [{}–{}]", x(m), x(lo), x(hi))
        }
        (Some(m), _, _) => format!("**{}**", x(m)),
        _ => "–".into(),
    }
}

pub(crate) fn met(ok: Option<bool>) -> &'static str {
    match ok {
        Some(true) => "met",
        Some(false) => "**missed**",
        None => "not measured",
    }
}

pub(crate) fn md(v: Option<f64>) -> f64 {
    v.unwrap_or(f64::NAN)
}

impl Data {
    pub(crate) fn c(&self, id: &str) -> Option<&Runs> {
        self.crit.get(id)
    }
    pub(crate) fn g(&self, id: &str) -> Option<&Runs> {
        self.godot.get(id)
    }
    pub(crate) fn gm(&self, id: &str) -> f64 {
        md(self.g(id).and_then(Runs::median))
    }
    pub(crate) fn cm(&self, id: &str) -> f64 {
        md(self.c(id).and_then(Runs::median))
    }
    pub(crate) fn machine(&self, key: &str) -> String {
        self.machine
            .iter()
            .find(|(k, _)| k == key)
            .map_or_else(|| "?".into(), |(_, v)| v.clone())
    }
    /// `a / b` per run, where both exist.
    pub(crate) fn gratio(&self, a: &str, b: &str) -> Runs {
        match (self.g(a), self.g(b)) {
            (Some(a), Some(b)) => a.ratio(b),
            _ => Runs::default(),
        }
    }
    pub(crate) fn cratio(&self, a: &str, b: &str) -> Runs {
        match (self.c(a), self.c(b)) {
            (Some(a), Some(b)) => a.ratio(b),
            _ => Runs::default(),
        }
    }
}

/// The core bench id of a room-grid generator's default preset at level 5.
pub(crate) fn core_room_grid_id(generator: &str) -> String {
    let preset = if generator == "isaac" {
        "compact"
    } else {
        "winding"
    };
    format!("room_grid/{generator}_{preset}/5")
}
