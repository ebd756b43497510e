//! Tests of the registry and its settings tables.

mod contract;
mod fields;

use super::bsp::bsp;
use super::hilbert::hilbert;
use super::maze::maze;
use super::room_grid::{drunkard, isaac};
use super::*;
use crate::isaac::IsaacConfig;
use crate::maze::MazeConfig;
use crate::room_grid::EndRule;

#[test]
fn the_end_rule_switches_with_its_settings() {
    let flags = isaac();
    let set = |name: &str, c: &mut IsaacConfig, v: &str| {
        flags.iter().find(|f| f.name == name).unwrap().set(c, v)
    };
    let mut c = IsaacConfig::branching();
    assert_eq!(c.grid.ends.end, EndRule::FarthestDeadEnd);
    set("end_off_axis", &mut c, "true").unwrap();
    assert_eq!(
        c.grid.ends.end,
        EndRule::FarthestApart {
            min_distance: 0.0,
            off_axis: true
        }
    );
    set("min_end_distance", &mut c, "2.5").unwrap();
    set("end", &mut c, "farthest_dead_end").unwrap();
    assert_eq!(c.grid.ends.end, EndRule::FarthestDeadEnd);
    assert!(
        set("end", &mut c, "nearest")
            .unwrap_err()
            .contains("farthest_apart")
    );
}

#[test]
fn one_origin_coordinate_keeps_the_other_at_the_centre() {
    let flags = isaac();
    let set = |name: &str, c: &mut IsaacConfig, v: &str| {
        let f = flags.iter().find(|f| f.name == name).unwrap();
        f.set(c, v)
    };
    let mut c = IsaacConfig::branching(); // 9 × 8: centre (4, 3)
    set("origin_x", &mut c, "1").unwrap();
    assert_eq!(c.origin, Some((1, 3)));
    let mut c = IsaacConfig::branching();
    set("origin_y", &mut c, "6").unwrap();
    assert_eq!(c.origin, Some((4, 6)));
    set("origin_x", &mut c, "0").unwrap();
    assert_eq!(c.origin, Some((0, 6)));
}

#[test]
fn value_parsers_say_what_they_expected() {
    assert_eq!(int(" 12 "), Ok(12));
    assert_eq!(int("x").unwrap_err(), r#"expected an integer, got "x""#);
    assert!(int("99999999999").unwrap_err().contains("2147483647"));
    assert_eq!(number("0.5"), Ok(0.5));
    assert!(number("NaN").is_err() && number("inf").is_err());
    assert_eq!(boolean("false"), Ok(false));
    assert_eq!(
        boolean("yes").unwrap_err(),
        r#"expected true or false, got "yes""#
    );
    assert_eq!(choice("return-to-start", &[("return_to_start", 1)]), Ok(1));
    assert_eq!(
        choice("x", &[("a", 1), ("b", 2)]).unwrap_err(),
        r#"expected a or b, got "x""#
    );
}

#[test]
fn names_are_unique_and_switches_are_booleans() {
    fn check<C>(flags: &[Setting<C>]) {
        let mut names: Vec<&str> = flags.iter().map(|f| f.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), flags.len());
    }
    check(&isaac());
    check(&drunkard());
    check(&bsp());
    check(&hilbert());
    check(&maze());
    let switches: Vec<&str> = drunkard()
        .iter()
        .filter(|f| f.is_switch())
        .map(|f| f.name)
        .collect();
    assert_eq!(switches, ["diagonal", "end_off_axis", "grow_grid"]);
}

/// The config field an error names, as the setting that sets it.
fn setting_of(field: &str) -> String {
    match field {
        "large_rooms.tall" => "large_room_1x2".to_owned(),
        "large_rooms.wide" => "large_room_2x1".to_owned(),
        "large_rooms.square" => "large_room_2x2".to_owned(),
        "large_rooms.l_shape" => "large_room_l".to_owned(),
        f => f.replace('.', "_"),
    }
}

#[test]
fn values_outside_each_range_are_refused_naming_the_setting_by_validate_and_the_run() {
    let mut checked = 0;
    for g in GENERATORS {
        for p in g.presets() {
            for s in g.settings() {
                let Some(r) = s.range else { continue };
                let margin = if s.ty == Type::Float { 1e-6 } else { 1.0 };
                let mut outside = vec![r.min - margin];
                if r.max < f64::from(i32::MAX) {
                    outside.push(r.max + margin);
                }
                for v in outside {
                    let mut job = g.job(Some(p.name)).unwrap();
                    job.set(s.name, &v.to_string()).unwrap();
                    match job.generate(1, 1) {
                        Err(GenError::Config(e)) => {
                            // `validate` refuses it without generating, alike.
                            assert_eq!(job.validate(1), Err(GenError::Config(e.clone())));
                            assert_eq!(
                                setting_of(e.field),
                                s.name,
                                "{} {} = {v}",
                                g.name(),
                                s.name
                            );
                        }
                        other => panic!("{} {} {} = {v}: {other:?}", g.name(), p.name, s.name),
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 200, "{checked}");
}

#[test]
fn every_preset_lies_in_the_ranges_and_round_trips_through_text() {
    for g in GENERATORS {
        for p in g.presets() {
            let job = g.job(Some(p.name)).unwrap();
            let mut copy = g.job(None).unwrap();
            for s in g.settings() {
                let text = job.get(s.name).unwrap();
                // `origin_x` may read "centre", `min_end_distance` "none".
                if let (Some(r), Ok(v)) = (s.range, text.parse::<f64>()) {
                    assert!(
                        (r.min..=r.max).contains(&v),
                        "{} {} {}",
                        g.name(),
                        p.name,
                        s.name
                    );
                    if r.step > 0.0 {
                        assert_eq!((v - r.min) % r.step, 0.0, "{} {}", g.name(), s.name);
                    }
                }
                // Numbers print short ("0.333"); only exact values copy.
                // "centre" (no origin) and "none" (no distance rule) say a
                // value is unset: they have nothing to copy.
                if s.ty != Type::Float && !["centre", "none"].contains(&text.as_str()) {
                    copy.set(s.name, &text).unwrap();
                }
            }
            // Whole numbers copy exactly; the end-rule settings select their
            // rule when set, so they are not compared.
            for s in g.settings().iter().filter(|s| s.ty == Type::Int) {
                assert_eq!(copy.get(s.name), job.get(s.name), "{} {}", g.name(), s.name);
            }
        }
    }
}

#[test]
fn the_list_has_unique_names_classes_and_presets() {
    let mut names: Vec<&str> = GENERATORS.iter().map(|g| g.name()).collect();
    let mut classes: Vec<&str> = GENERATORS.iter().map(|g| g.class()).collect();
    names.sort_unstable();
    names.dedup();
    classes.sort_unstable();
    classes.dedup();
    assert_eq!(
        (names.len(), classes.len()),
        (GENERATORS.len(), GENERATORS.len())
    );
    for g in GENERATORS {
        let presets = g.presets();
        assert!(!presets.is_empty(), "{}", g.name());
        for p in &presets {
            assert_eq!(presets.iter().filter(|q| q.name == p.name).count(), 1);
            assert!(
                !p.doc.is_empty() && !p.doc.contains('\n'),
                "{} {}",
                g.name(),
                p.name
            );
        }
        let settings = g.settings();
        for s in &settings {
            assert_eq!(settings.iter().filter(|t| t.name == s.name).count(), 1);
            assert!(
                s.name
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
            );
        }
        assert!(find(g.name()).is_some() && g.job(Some("no such preset")).is_none());
    }
    assert!(find("nope").is_none());
}

#[test]
fn a_job_generates_what_the_typed_call_generates() {
    let job = find("maze").unwrap().job(Some("labyrinth")).unwrap();
    let want = crate::maze::generate(&MazeConfig::labyrinth(), 9, 2).unwrap();
    assert_eq!(job.generate(9, 2).unwrap().to_ascii(), want.to_ascii());
    assert!(*job.clone() == *job);
    let mut other = job.clone();
    other.set("windiness", "0.5").unwrap();
    assert!(*other != *job);
    assert!(
        other
            .set("no_such_setting", "1")
            .unwrap_err()
            .contains("no setting")
    );
    assert!(other.set("windiness", "x").is_err());
}

/// A toy generator: a row of `rooms` rooms on a room grid. It is not in
/// [`GENERATORS`]; it shows that a config implementing [`GeneratorConfig`]
/// and one [`Generator`] value are all the generic code (schema, jobs,
/// presets, ranges) needs.
#[derive(Clone, Debug, PartialEq)]
struct Row {
    rooms: i32,
}

fn row_settings() -> Vec<Setting<Row>> {
    vec![
        Setting::new(
            "rooms",
            "rooms in the row",
            Kind::Int(|c: &mut Row| &mut c.rooms),
        )
        .range(Range::int(2, 9)),
    ]
}

impl GeneratorConfig for Row {
    const PRESET_LIST: &'static [Preset<Self>] = &[
        Preset::new("short", "three rooms", || Row { rooms: 3 }),
        Preset::new("long", "nine rooms", || Row { rooms: 9 }),
    ];

    fn validate_for(&self, level: i32) -> Result<(), GenError> {
        crate::error::check_range("rooms", self.rooms, 2, 9)?;
        Ok(crate::level::check_level(level)?)
    }

    fn build(&self, _seed: u64, level: i32, _watch: &Watch) -> Result<DungeonGrid, GenError> {
        self.validate_for(level)?;
        let n = usize::try_from(self.rooms).unwrap_or(2);
        DungeonGrid::from_ascii(&format!("S{}E", "#".repeat(n - 2))).map_err(|e| {
            GenError::Exhausted {
                generator: "row",
                attempts: 1,
                reason: e.to_string(),
            }
        })
    }
}

const ROW: Generator<Row> = Generator {
    name: "row",
    class: "RowGenerator",
    summary: "rooms in a row",
    example: "row --rooms 5",
    settings: row_settings,
    rooms: false,
};

#[test]
fn a_toy_generator_needs_only_its_description() {
    let entry: &dyn Entry = &ROW;
    assert_eq!(
        entry.presets().iter().map(|p| p.name).collect::<Vec<_>>(),
        ["short", "long"]
    );
    let s = &entry.settings()[0];
    assert_eq!(
        (s.name, s.ty, s.default.as_str()),
        ("rooms", Type::Int, "3")
    );
    assert_eq!(s.range, Some(Range::int(2, 9)));
    let mut job = entry.job(Some("long")).unwrap();
    assert_eq!(job.generate(1, 1).unwrap().to_ascii().trim(), "S#######E");
    job.set("rooms", "4").unwrap();
    assert_eq!(job.generate(1, 1).unwrap().to_ascii().trim(), "S##E");
    job.set("rooms", "10").unwrap();
    assert!(matches!(job.generate(1, 1), Err(GenError::Config(e)) if e.field == "rooms"));
    assert_eq!(ROW.preset("short"), Some(Row { rooms: 3 }));
}

#[test]
fn has_rooms_says_whether_every_preset_makes_rooms() {
    for g in GENERATORS {
        for p in g.presets() {
            let Some(job) = g.job(Some(p.name)) else {
                panic!("{}: preset {} has no job", g.name(), p.name);
            };
            for seed in 0..3 {
                let Ok(grid) = job.generate(seed, 1) else {
                    continue;
                };
                assert_eq!(
                    grid.room_count() > 0,
                    g.has_rooms(),
                    "{} {} seed {seed}: {} rooms",
                    g.name(),
                    p.name,
                    grid.room_count()
                );
            }
        }
    }
}

#[test]
fn progression_settings_read_and_show_back() {
    let mut s = crate::progression::ProgressionSettings::default();
    for (name, value) in [
        ("locks", "3"),
        ("lock_guard", "branches-only"),
        ("max_doors_per_key", "1"),
        ("one_way", "2"),
        ("secret_rooms", "open"),
        ("flat_keys", "true"),
    ] {
        let setting = progression().into_iter().find(|x| x.name == name);
        let Some(setting) = setting else {
            panic!("no progression setting {name}");
        };
        assert_eq!(setting.set(&mut s, value), Ok(()), "{name}");
        assert_eq!(setting.show(&s), value.replace('-', "_"), "{name}");
    }
    assert_eq!(s.validate(), Ok(()));
    let info: Vec<(&str, String, Type)> = super::progression_info()
        .into_iter()
        .map(|i| (i.name, i.default, i.ty))
        .collect();
    assert_eq!(
        info,
        [
            ("locks", "0".to_owned(), Type::Int),
            ("lock_guard", "any".to_owned(), Type::Text),
            ("max_doors_per_key", "2".to_owned(), Type::Int),
            ("one_way", "0".to_owned(), Type::Int),
            ("secret_rooms", "optional".to_owned(), Type::Text),
            ("flat_keys", "false".to_owned(), Type::Bool),
        ]
    );
    let guard = progression().into_iter().find(|x| x.name == "lock_guard");
    let err = guard.map(|g| g.set(&mut s, "boss"));
    assert_eq!(
        err,
        Some(Err(
            "expected any or branches_only, got \"boss\"".to_string()
        ))
    );
}
