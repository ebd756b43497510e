//! `report collect`: one line per criterion benchmark measured since a time.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use crate::Res;

pub(crate) fn collect(dir: &Path, since: &str, out: &Path) -> Res<()> {
    let since: u64 = since.parse().map_err(|_| format!("bad SINCE {since:?}"))?;
    let mut found = Vec::new();
    walk(dir, &mut found);
    let mut lines = Vec::new();
    for new_dir in found {
        let est = new_dir.join("estimates.json");
        let modified = fs::metadata(&est)
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_secs());
        if modified < since {
            continue;
        }
        let bench: serde_json::Value = read_json(&new_dir.join("benchmark.json"))?;
        let e: serde_json::Value = read_json(&est)?;
        let id = bench["full_id"].as_str().unwrap_or_default().to_owned();
        let m = &e["median"];
        let num = |v: &serde_json::Value| v.as_f64().unwrap_or(f64::NAN);
        lines.push(format!(
            "{id}\t{:.1}\t{:.1}\t{:.1}",
            num(&m["point_estimate"]),
            num(&m["confidence_interval"]["lower_bound"]),
            num(&m["confidence_interval"]["upper_bound"])
        ));
    }
    lines.sort();
    fs::write(out, lines.join("\n") + "\n").map_err(|e| format!("{}: {e}", out.display()))?;
    eprintln!("report: {} benchmarks -> {}", lines.len(), out.display());
    Ok(())
}

pub(crate) fn walk(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let p = entry.path();
        if p.is_dir() {
            if p.file_name().is_some_and(|n| n == "new") && p.join("estimates.json").is_file() {
                found.push(p);
            } else {
                walk(&p, found);
            }
        }
    }
}

pub(crate) fn read_json(p: &Path) -> Res<serde_json::Value> {
    let text = fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", p.display()))
}
