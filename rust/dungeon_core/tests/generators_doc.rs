//! `docs/generators.md` is written from the generator registry: this test
//! renders it and fails when the file differs. `UPDATE_DOCS=1 cargo test
//! -p dungeon_core --test generators_doc` rewrites it.

use std::fmt::Write as _;
use std::path::PathBuf;

use dungeon_core::registry::{GENERATORS, Range, SettingInfo, Type, progression_info};

fn path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/generators.md")
}

fn range(r: Option<Range>) -> String {
    r.map(|r| r.to_string()).unwrap_or_default()
}

fn ty(s: &SettingInfo) -> String {
    match s.ty {
        Type::Int => "int".to_owned(),
        Type::Float => "float".to_owned(),
        Type::Bool => "bool".to_owned(),
        Type::Text => format!("`{}`", s.placeholder),
    }
}

/// Table cells must not break the table.
fn cell(s: &str) -> String {
    s.replace('|', "\\|")
}

fn render() -> String {
    let mut out = String::from(
        "# Generators, presets and settings\n\n\
         Written from the generator registry (`dungeon_core::registry`) by\n\
         `rust/dungeon_core/tests/generators_doc.rs`; do not edit by hand.\n\
         Each setting is a property of the Godot class (where the class has\n\
         one of that name) and a flag of `dungeon` (`room_attempts` is\n\
         `--room-attempts`). Ranges are the values the generator accepts;\n\
         some settings are also checked against others (the error says\n\
         which). Defaults are the first preset's.\n\n",
    );
    for g in GENERATORS {
        let _ = writeln!(out, "- [`{}`](#{}): {}", g.name(), g.name(), g.summary());
    }
    for g in GENERATORS {
        let _ = write!(
            out,
            "\n## {}\n\n{}. Godot class: `{}`. Example: `dungeon {}`\n\n| preset | makes |\n|---|---|\n",
            g.name(),
            capitalise(g.summary()),
            g.class(),
            g.example()
        );
        for p in g.presets() {
            let _ = writeln!(out, "| `{}` | {} |", p.name, cell(p.doc));
        }
        table(&mut out, &g.settings());
        if g.has_rooms() {
            out.push_str("\nAlso takes the [progression settings](#progression-settings).\n");
        }
    }
    let rooms: Vec<String> = GENERATORS
        .iter()
        .filter(|g| g.has_rooms())
        .map(|g| format!("`{}`", g.name()))
        .collect();
    let _ = write!(
        out,
        "\n## Progression settings\n\n\
         Every generator with rooms ({}) also takes these: after generating, the\n\
         progression planner locks up to `locks` rooms, each with its own key that\n\
         opens every locked door into that room (so one key may lock two doors), places\n\
         up to `one_way` one-way doors, and proves the level can be finished. By\n\
         default it places nothing.\n",
        rooms.join(", ")
    );
    table(&mut out, &progression_info());
    out
}

/// A settings table.
fn table(out: &mut String, settings: &[SettingInfo]) {
    out.push_str("\n| setting | type | default | range | what it does |\n|---|---|---|---|---|\n");
    for s in settings {
        // A file's default is its text (a whole level graph, every
        // template): name it instead, as `dungeon --help` does.
        let default = if s.placeholder == "FILE" {
            "the default preset's".to_string()
        } else {
            format!("`{}`", cell(&s.default))
        };
        let _ = writeln!(
            out,
            "| `{}` | {} | {default} | {} | {} |",
            s.name,
            cell(&ty(s)),
            range(s.range),
            cell(s.doc)
        );
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

#[test]
fn docs_generators_md_is_written_from_the_registry() {
    let want = render();
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(path(), &want).unwrap();
    }
    let have = std::fs::read_to_string(path()).unwrap_or_default();
    assert!(
        have == want,
        "docs/generators.md is out of date: run UPDATE_DOCS=1 cargo test -p dungeon_core --test generators_doc"
    );
}
