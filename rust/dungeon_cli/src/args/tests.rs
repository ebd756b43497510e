//! The parser's unit tests.
use super::*;
use dungeon_core::ConfigError;
use dungeon_core::bsp::BspConfig;
use dungeon_core::drunkard::DrunkardConfig;
use dungeon_core::isaac::{self, IsaacConfig};

fn parse_str(line: &str) -> Result<Command, UsageError> {
    let args: Vec<OsString> = line.split_whitespace().map(OsString::from).collect();
    parse(&args)
}

fn request(line: &str) -> Request {
    match parse_str(line) {
        Ok(Command::Run(r)) => *r,
        other => panic!("{line}: {other:?}"),
    }
}

/// The job's config as the generator's config type `C`.
fn config<C: Clone + 'static>(job: &dyn Job) -> C {
    job.config().downcast_ref::<C>().unwrap().clone()
}

/// Asserts that `job` is generator `name` with config `want`.
fn assert_job<C: PartialEq + std::fmt::Debug + 'static>(job: &dyn Job, name: &str, want: &C) {
    assert_eq!(job.generator(), name);
    assert_eq!(job.config().downcast_ref::<C>(), Some(want));
}

fn error(line: &str) -> String {
    parse_str(line).unwrap_err().0
}

/// Every generator's name in the registry's order, each after a comma but
/// the first: "isaac, drunkard, …, graph".
fn generator_names() -> String {
    let names: Vec<&str> = registry::GENERATORS.iter().map(|g| g.name()).collect();
    names.join(", ")
}

#[test]
fn defaults() {
    let r = request("isaac");
    assert_job(&*r.job, "isaac", &IsaacConfig::default());
    assert_eq!((r.seed, r.seed_as_int, r.level, r.count), (0, false, 1, 1));
    assert_eq!(
        (r.format, r.out, r.scale),
        (Format::Ascii, Dest::Stdout, None)
    );
}

#[test]
fn preset_then_flags_in_any_order() {
    let r = request("--width 12 isaac --preset branching --rule=crowding");
    let mut want = IsaacConfig::branching();
    want.grid.width = 12;
    want.rule = isaac::GrowthRule::Crowding;
    assert_job(&*r.job, "isaac", &want);
    let r = request("bsp --preset large --border 2");
    let mut want = BspConfig::large();
    want.border = 2;
    assert_job(&*r.job, "bsp", &want);
    let r = request("drunkard --preset wide");
    assert_job(&*r.job, "drunkard", &DrunkardConfig::wide());
    let r = request("isaac --preset compact");
    assert_job(&*r.job, "isaac", &IsaacConfig::compact());
    let r = request("drunkard --preset winding");
    assert_job(&*r.job, "drunkard", &DrunkardConfig::winding());
    let r = request("bsp --preset small");
    assert_job(&*r.job, "bsp", &BspConfig::small());
}

#[test]
fn origin_after_height_whatever_the_order() {
    let r = request("isaac --origin-x 1 --height 12");
    let c: IsaacConfig = config(&*r.job);
    assert_eq!(c.origin, Some((1, 5)));
}

#[test]
fn switches_alone_or_with_a_value() {
    let r = request("drunkard --diagonal --grow-grid false");
    let c: DrunkardConfig = config(&*r.job);
    assert!(c.diagonal && !c.grid.grow_grid);
    let r = request("--diagonal drunkard");
    let c: DrunkardConfig = config(&*r.job);
    assert!(c.diagonal);
    let r = request("--grow-grid=false drunkard --diagonal=true");
    let c: DrunkardConfig = config(&*r.job);
    assert!(c.diagonal && !c.grid.grow_grid);
    assert_eq!(
        error("drunkard --diagonal maybe"),
        r#"--diagonal: expected true or false, got "maybe""#
    );
}

#[test]
fn hash_format_and_the_preset_it_names() {
    let r = request("isaac --format hash --count 2");
    assert_eq!((r.format, r.preset, r.count), (Format::Hash, "compact", 2));
    assert_eq!(request("isaac --preset branching").preset, "branching");
    assert_eq!(request("bsp --preset large --width 90").preset, "large");
}

#[test]
fn seeds_and_counts() {
    assert_eq!(request("bsp --seed -1").seed, u64::MAX);
    assert!(request("bsp --seed -1").seed_as_int);
    assert_eq!(request("bsp --seed 18446744073709551615").seed, u64::MAX);
    assert!(!request("bsp --seed 18446744073709551615").seed_as_int);
    assert_eq!(request("bsp --count 100000 --format json").count, 100_000);
    assert_eq!(request("bsp --count 2").format, Format::Json);
    assert_eq!(
        request("bsp --count 2 --format emoji").format,
        Format::Emoji
    );
    assert_eq!(
        error("bsp --count 0"),
        "--count: expected 1..=100000, got 0"
    );
    assert_eq!(
        error("bsp --count 100001"),
        "--count: expected 1..=100000, got 100001"
    );
}

#[test]
fn seeds_wrap_and_print_as_typed() {
    let r = request("bsp --seed -1 --count 3");
    let seeds: Vec<u64> = (0..3).map(|k| r.seed_at(k)).collect();
    assert_eq!(seeds, [u64::MAX, 0, 1]);
    let shown: Vec<String> = seeds.iter().map(|&s| r.show_seed(s)).collect();
    assert_eq!(shown, ["-1", "0", "1"]);
    let r = request("bsp --seed 18446744073709551615 --count 2");
    assert_eq!(r.seed_at(1), 0);
    assert_eq!(r.show_seed(r.seed), "18446744073709551615");
    assert_eq!(request("bsp --seed -9223372036854775808").seed, 1 << 63);
    assert_eq!(
        error("bsp --seed -9223372036854775809"),
        "--seed: expected an integer in -9223372036854775808..=18446744073709551615, \
         got \"-9223372036854775809\""
    );
    assert_eq!(
        error("bsp --seed 1e3"),
        r#"--seed: expected an integer, got "1e3""#
    );
}

#[test]
fn config_errors_get_the_value_as_typed() {
    let r = request("isaac --min-end-distance -9223372036854775808 --origin-x 09");
    let e = ConfigError::new("min_end_distance", -9.223_372_036_854_776e18, "0..=512");
    assert_eq!(
        r.as_typed(e).to_string(),
        "invalid min_end_distance = -9223372036854775808: allowed 0..=512"
    );
    let e = ConfigError::new("origin.x", 9, "0..=7");
    assert_eq!(r.as_typed(e).value, "09");
    // A field no flag set keeps the core's text.
    let e = ConfigError::new("origin.y", 3, "0..=2");
    assert_eq!(r.as_typed(e).value, "3");
}

#[test]
fn out_dash_is_stdout_and_values_may_start_with_a_dash() {
    assert_eq!(request("isaac --out -").out, Dest::Stdout);
    assert_eq!(request("isaac --out -h").out, Dest::File("-h".into()));
    assert_eq!(
        request("isaac --out=--help").out,
        Dest::File("--help".into())
    );
    assert_eq!(request("isaac --format png --out -").format, Format::Png);
    assert_eq!(
        error("isaac --out="),
        "--out: expected a file name, or - for standard output"
    );
    assert_eq!(
        error("isaac --preset -h"),
        r#"--preset: unknown preset "-h" for isaac (expected compact or branching or large_rooms)"#
    );
    assert_eq!(request("isaac --level -1").level, -1);
}

#[test]
fn double_dash_ends_the_options() {
    assert_job(&*request("-- isaac").job, "isaac", &IsaacConfig::default());
    assert_eq!(request("--seed 4 -- drunkard").seed, 4);
    assert_eq!(error("isaac -- --help"), r#"unexpected argument "--help""#);
    assert_eq!(error("isaac -- -h"), r#"unexpected argument "-h""#);
    assert_eq!(
        error("-- --level 2 isaac"),
        format!(
            r#"unknown command "--level" (expected {} or show)"#,
            generator_names()
        )
    );
}

#[test]
fn errors_name_the_argument() {
    for (line, want) in [
        (
            "isaac --level x",
            r#"--level: expected an integer, got "x""#,
        ),
        ("isaac --diagonal", "--diagonal: not a flag for isaac"),
        ("bsp --rule classic", "--rule: not a flag for bsp"),
        (
            "isaac --bogus 1",
            "--bogus: unknown flag (see dungeon --help)",
        ),
        (
            "isaac --bogus=1",
            "--bogus: unknown flag (see dungeon --help)",
        ),
        ("isaac bsp", r#"unexpected argument "bsp""#),
        ("isaac --seed", "--seed: missing value"),
        // A flag that takes a value takes the next argument, whatever it is.
        (
            "isaac --seed --level 2",
            r#"--seed: expected an integer, got "--level""#,
        ),
        ("isaac --seed 1 --seed 2", "--seed: given more than once"),
        (
            "isaac --format gif",
            r#"--format: expected ascii or emoji or json or png or hash, got "gif""#,
        ),
        (
            "isaac --format png",
            "--format png: needs --out FILE (or --out - for standard output)",
        ),
        (
            "isaac --format png --out a.png --count 2",
            "--count: --format png draws one dungeon, got --count 2",
        ),
        ("isaac --scale 4", "--scale: only applies to --format png"),
        (
            "isaac --format png --out a.png --scale 0",
            "--scale: expected 1..=256, got 0",
        ),
        (
            "isaac --preset large",
            r#"--preset: unknown preset "large" for isaac (expected compact or branching or large_rooms)"#,
        ),
        (
            "isaac --preset classic",
            r#"--preset: unknown preset "classic" for isaac (expected compact or branching or large_rooms)"#,
        ),
        (
            "isaac --width 1.5",
            r#"--width: expected an integer, got "1.5""#,
        ),
        (
            "isaac --max-fill lots",
            r#"--max-fill: expected a number, got "lots""#,
        ),
        (
            "isaac -w 3",
            "-w: unknown flag (flags start with --; see dungeon --help)",
        ),
        ("isaac --help=x", r#"--help: takes no value, got "x""#),
    ] {
        assert_eq!(error(line), want, "{line}");
    }
    // An unknown or missing command: the message lists every generator.
    assert_eq!(
        error("foo"),
        format!(
            r#"unknown command "foo" (expected {} or show)"#,
            generator_names()
        )
    );
    assert_eq!(
        error(""),
        format!(
            "missing command (expected {} or show; see dungeon --help)",
            generator_names()
        )
    );
}

#[test]
fn help_wherever_a_flag_may_stand() {
    assert_eq!(parse_str("isaac --width x --help"), Ok(Command::Help));
    assert_eq!(parse_str("isaac --help --bogus"), Ok(Command::Help));
    assert_eq!(parse_str("-h"), Ok(Command::Help));
    // Not where a value or a word stands.
    assert!(parse_str("isaac --bogus --help").is_err());
    let u = usage();
    let bsp = as_flags(settings_of(registry::find("bsp").unwrap()));
    for name in GLOBAL
        .iter()
        .map(|n| (*n).to_owned())
        .chain(bsp.into_iter().map(|f| f.0))
    {
        assert!(u.contains(&format!("--{name} ")), "{name}");
    }
    assert!(u.contains("--rule branching|crowding") && u.contains("--off-grid"));
    assert!(u.contains("(defaults: compact)") && u.contains("(defaults: small)"));
    // The progression settings are listed once, for the generators with rooms.
    assert_eq!(u.matches("--locks N").count(), 1, "{u}");
    let with_rooms: Vec<&str> = registry::GENERATORS
        .iter()
        .filter(|g| g.has_rooms())
        .map(|g| g.name())
        .collect();
    // (The heading is wrapped: compare its words.)
    let words = u.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains(&format!(
            "progression settings (generators with rooms: {})",
            with_rooms.join(", ")
        )),
        "{u}"
    );
    // Each generator has its flags section.
    for g in registry::GENERATORS {
        assert!(
            u.contains(&format!("\n{} flags: ", g.name())),
            "{}: {u}",
            g.name()
        );
    }
    assert!(u.contains("--lock-guard any|branches_only"));
    assert!(u.contains("--flat-keys [true|false]"));
}

#[test]
fn the_clap_command_is_well_formed() {
    command().debug_assert();
}

fn show(line: &str) -> Show {
    match parse_str(line) {
        Ok(Command::Show(s)) => s,
        other => panic!("{line}: {other:?}"),
    }
}

#[test]
fn show_takes_a_file_and_the_output_flags() {
    assert_eq!(
        show("show floors.jsonl"),
        Show {
            input: Input::File("floors.jsonl".into()),
            format: Format::Ascii,
            out: Dest::Stdout,
            scale: None,
        }
    );
    assert_eq!(
        show("--format png show - --scale 3 --out map.png"),
        Show {
            input: Input::Stdin,
            format: Format::Png,
            out: Dest::File("map.png".into()),
            scale: Some(3),
        }
    );
    assert_eq!(show("show -- -h").input, Input::File("-h".into()));
    assert_eq!(show("show --format json a").format, Format::Json);
    assert_eq!(parse_str("show --help"), Ok(Command::Help));
    // A switch that took `show` for its value gives it back, and is refused.
    assert_eq!(
        error("--diagonal show a"),
        "--diagonal: not a flag for show (it takes --format, --out and --scale)"
    );
    for flag in [
        "--seed 1",
        "--level 2",
        "--preset small",
        "--count 3",
        "--width 9",
    ] {
        let name = flag.split(' ').next().unwrap();
        assert_eq!(
            error(&format!("show a {flag}")),
            format!("{name}: not a flag for show (it takes --format, --out and --scale)")
        );
    }
    assert_eq!(error("show a b"), r#"unexpected argument "b""#);
    assert_eq!(
        error("show"),
        "show: missing FILE (a saved grid as JSON, or - for standard input)"
    );
}

#[test]
fn progression_flags_set_the_job_on_generators_with_rooms_only() {
    let r = request("bsp --locks 3 --lock-guard branches-only --flat-keys --one-way=1");
    let job = &*r.job;
    assert_eq!(job.get("locks").as_deref(), Some("3"));
    assert_eq!(job.get("lock_guard").as_deref(), Some("branches_only"));
    assert_eq!(job.get("flat_keys").as_deref(), Some("true"));
    assert_eq!(job.get("one_way").as_deref(), Some("1"));
    assert_eq!(job.get("max_doors_per_key").as_deref(), Some("2"));
    // A switch before the command still names it.
    let r = request("--flat-keys isaac");
    assert_eq!(r.job.get("flat_keys").as_deref(), Some("true"));
    for (line, want) in [
        (
            "cave --locks 3",
            "--locks: the cave generator makes no rooms",
        ),
        (
            "tunneler --secret-rooms open",
            "--secret-rooms: the tunneler generator makes no rooms",
        ),
        ("isaac --locks x", "--locks: expected an integer, got \"x\""),
        ("isaac --locks 1 --locks 2", "--locks: given more than once"),
    ] {
        assert_eq!(error(line), want, "{line}");
    }
}
