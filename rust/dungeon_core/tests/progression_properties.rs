//! The progression planner on every generator with rooms, every preset,
//! many seeds and varied settings: each plan is proven by the library
//! (`check_locks`), searched for soft-locks by the independent checker
//! (`support/progression_check.rs`), survives a JSON round trip with the
//! same layout hash, and is the same when planned twice.

#[path = "support/progression_check.rs"]
mod progression_check;

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use dungeon_core::progression::{LockGuard, ProgressionSettings, SecretRooms, plan};
use dungeon_core::registry::{Entry, GENERATORS, Job};
use dungeon_core::{DungeonGrid, GenError, LockKind, Watch};
use progression_check::{Play, check};

/// The settings seed `seed` plans with: 1–4 locks, a one-way door every
/// other seed, the lock guard alternating, one or two doors per key, flat
/// keys every third seed, secret rooms open every fifth.
fn settings(seed: u64) -> ProgressionSettings {
    ProgressionSettings {
        locks: 1 + (seed % 4) as i32,
        one_way: (seed % 2) as i32,
        lock_guard: if (seed / 4).is_multiple_of(2) {
            LockGuard::Any
        } else {
            LockGuard::BranchesOnly
        },
        max_doors_per_key: 1 + (seed / 2 % 2) as i32,
        flat_keys: seed % 3 == 2,
        secret_rooms: if seed % 5 == 4 {
            SecretRooms::Open
        } else {
            SecretRooms::Optional
        },
    }
}

/// What one generator's seeds gave.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    /// Grids planned.
    grids: usize,
    /// Plans with every lock wanted placed.
    all_placed: usize,
    /// Plans with a lock the end lies behind.
    critical: usize,
    /// Key rooms, and their branch depths summed.
    keys: usize,
    key_depth: i64,
    /// One-way doors wanted and placed.
    one_way_wanted: usize,
    one_way_placed: usize,
}

impl Tally {
    fn add(&mut self, o: &Tally) {
        self.grids += o.grids;
        self.all_placed += o.all_placed;
        self.critical += o.critical;
        self.keys += o.keys;
        self.key_depth += o.key_depth;
        self.one_way_wanted += o.one_way_wanted;
        self.one_way_placed += o.one_way_placed;
    }
}

/// Which seeds take the JSON round trip: every one in release, every
/// fourth in debug (reading big maps is slow there).
const JSON_EVERY: u64 = if cfg!(debug_assertions) { 4 } else { 1 };

/// Plans `g` with `s` and checks every property (the JSON round trip when
/// `json`); `what` names the case.
fn check_plan(g: &DungeonGrid, s: &ProgressionSettings, what: &str, json: bool) -> Tally {
    let mut t = Tally::default();
    let mut s = *s;
    let visible = visible_connections(g);
    if s.locks as usize > visible {
        // More locks than connections is refused, naming the setting.
        let e = plan(&mut g.clone(), &s, &Watch::new()).unwrap_err();
        assert!(
            matches!(&e, GenError::Config(c) if c.field == "locks"),
            "{what}: {e}"
        );
        s.locks = visible as i32;
    }
    let mut planned = g.clone();
    let p = plan(&mut planned, &s, &Watch::new()).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(p.locks_wanted, s.locks, "{what}");
    assert!(p.locks_placed <= p.locks_wanted, "{what}: {p:?}");
    assert!(p.one_way_placed <= p.one_way_wanted, "{what}: {p:?}");
    let locks = planned.locks().to_vec();
    let key_rooms = planned.key_rooms();
    assert_eq!(
        key_rooms.len(),
        p.locks_placed as usize,
        "{what}: {locks:?}"
    );
    let one_way = locks.iter().filter(|l| l.kind == LockKind::OneWay).count();
    assert_eq!(one_way, p.one_way_placed as usize, "{what}: {locks:?}");
    // Without the locks the grid is unchanged.
    assert_eq!(
        planned.clone().with_locks(Vec::new()).unwrap(),
        g.clone().with_locks(Vec::new()).unwrap(),
        "{what}"
    );
    let proof = planned
        .check_locks()
        .unwrap_or_else(|e| panic!("{what} {locks:?}: {e}"));
    assert_eq!(
        proof.order.len(),
        locks.iter().filter(|l| l.key().is_some()).count(),
        "{what}"
    );
    // The settings are kept.
    let m = planned.room_metrics();
    let doors_per_key = |k: usize| locks.iter().filter(|l| l.key() == Some(k)).count();
    for &k in &key_rooms {
        assert!(
            doors_per_key(k) as i32 <= s.max_doors_per_key,
            "{what}: {locks:?}"
        );
        let secret = planned.room_role(k).is_some_and(|r| r.is_secret());
        assert!(
            !secret || s.secret_rooms == SecretRooms::Open,
            "{what}: key in secret room {k}"
        );
    }
    let end_room = planned.room_at(planned.end());
    let guards_end = |into: usize| end_room.is_some_and(|e| e == into || m.is_behind(into, e));
    let critical = locks
        .iter()
        .any(|l| l.key().is_some() && guards_end(l.into));
    if s.lock_guard == LockGuard::BranchesOnly {
        assert!(!critical, "{what}: {locks:?}");
    }
    // No soft-lock in any order of play.
    let open = s.secret_rooms == SecretRooms::Open;
    let play = Play {
        secrets_found: open,
        ..Play::default()
    };
    let v = check(&planned, &locks, play);
    assert!(v.finishable && v.no_soft_lock, "{what} {locks:?}: {v:?}");
    let has_secret = (0..planned.room_count())
        .any(|r| planned.room_role(r).is_some_and(|role| role.is_secret()));
    if !open && has_secret {
        let found = Play {
            secrets_found: true,
            ..Play::default()
        };
        let v = check(&planned, &locks, found);
        assert!(v.finishable && v.no_soft_lock, "{what} {locks:?}: {v:?}");
    }
    if s.max_doors_per_key == 1 {
        let used = Play {
            consume: true,
            ..play
        };
        let v = check(&planned, &locks, used);
        assert!(v.no_soft_lock, "{what} {locks:?} keys used up: {v:?}");
    }
    // JSON round trip, the same hash.
    if json {
        let back =
            DungeonGrid::from_json(&planned.to_json()).unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_eq!(back, planned, "{what}");
        assert_eq!(back.locks(), planned.locks(), "{what}");
        assert_eq!(back.layout_hash(), planned.layout_hash(), "{what}");
    }
    // The same settings again give the same locks.
    let mut again = g.clone();
    let q = plan(&mut again, &s, &Watch::new()).unwrap();
    assert_eq!((q, again.locks()), (p, planned.locks()), "{what}");

    t.grids = 1;
    t.all_placed = usize::from(p.locks_placed == p.locks_wanted);
    t.critical = usize::from(critical);
    t.keys = key_rooms.len();
    t.key_depth = key_rooms
        .iter()
        .map(|&k| i64::from(m.branch_depth.get(k).copied().unwrap_or(0).max(0)))
        .sum();
    t.one_way_wanted = s.one_way as usize;
    t.one_way_placed = p.one_way_placed as usize;
    t
}

/// Visible connections: those touching no secret room.
fn visible_connections(g: &DungeonGrid) -> usize {
    let secret = |r: usize| g.room_role(r).is_some_and(|role| role.is_secret());
    g.connections()
        .iter()
        .filter(|c| !secret(c.rooms.0) && !secret(c.rooms.1))
        .count()
}

/// Seed `seed` of `entry` (its presets take turns), planned and checked;
/// `None` when the generator gave no grid.
fn run_seed(entry: &dyn Entry, jobs: &[(&str, Box<dyn Job>)], seed: u64) -> Option<Tally> {
    let (preset, job) = jobs.get((seed % jobs.len() as u64) as usize)?;
    let level = 1 + (seed / jobs.len() as u64 % 5) as i32;
    let g = job.generate(seed, level).ok()?;
    let s = settings(seed);
    let what = format!(
        "{} --preset {preset} --seed {seed} --level {level} {s:?}",
        entry.name()
    );
    Some(check_plan(&g, &s, &what, seed.is_multiple_of(JSON_EVERY)))
}

/// Seeds a worker takes at a time.
const CHUNK: u64 = 25;

/// Runs every generator with rooms over `seeds` on `workers` scoped
/// threads sharing one queue of (generator, seeds) chunks, and prints the
/// tallies.
fn run_all(seeds: std::ops::Range<u64>, workers: usize) {
    let started = Instant::now();
    let rooms: Vec<&dyn Entry> = GENERATORS
        .iter()
        .copied()
        .filter(|e| e.has_rooms())
        .collect();
    assert!(rooms.iter().any(|e| e.name() == "graph"));
    let chunks = (seeds.end - seeds.start).div_ceil(CHUNK);
    let tasks = rooms.len() as u64 * chunks;
    let next = AtomicU64::new(0);
    let parts: Vec<Vec<Tally>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                let (rooms, next, seeds) = (&rooms, &next, seeds.clone());
                scope.spawn(move || {
                    let mut tallies = vec![Tally::default(); rooms.len()];
                    let jobs: Vec<Vec<(&str, Box<dyn Job>)>> = rooms
                        .iter()
                        .map(|e| {
                            e.presets()
                                .into_iter()
                                .map(|p| (p.name, e.job(Some(p.name)).expect("preset")))
                                .collect()
                        })
                        .collect();
                    loop {
                        let task = next.fetch_add(1, Ordering::Relaxed);
                        if task >= tasks {
                            break tallies;
                        }
                        let (e, chunk) = (
                            (task % rooms.len() as u64) as usize,
                            task / rooms.len() as u64,
                        );
                        let lo = seeds.start + chunk * CHUNK;
                        for seed in lo..(lo + CHUNK).min(seeds.end) {
                            if let Some(t) = run_seed(rooms[e], &jobs[e], seed) {
                                tallies[e].add(&t);
                            }
                        }
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("worker"))
            .collect()
    });
    for (i, entry) in rooms.iter().enumerate() {
        let mut t = Tally::default();
        for p in &parts {
            t.add(&p[i]);
        }
        assert!(t.grids > 0, "{}: no grid", entry.name());
        let share = |x: usize| 100.0 * x as f64 / t.grids.max(1) as f64;
        println!(
            "{:9} grids {:6}  all locks placed {:5.1} %  lock on the critical path {:5.1} %  \
             mean key depth {:.2}  one-way placed {}/{}",
            entry.name(),
            t.grids,
            share(t.all_placed),
            share(t.critical),
            t.key_depth as f64 / t.keys.max(1) as f64,
            t.one_way_placed,
            t.one_way_wanted
        );
    }
    println!(
        "{} seeds per generator, {workers} workers: {:.1} s",
        seeds.end - seeds.start,
        started.elapsed().as_secs_f64()
    );
}

fn workers() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get().clamp(1, 8))
}

#[test]
fn plans_hold_on_every_generator_with_rooms() {
    run_all(0..300, workers());
}

/// The measure: 10 000 seeds per generator, no soft-lock. Run in
/// release: `cargo test --release --test progression_properties -- --ignored`.
#[test]
#[ignore = "10 000 seeds per generator: run in release"]
fn ten_thousand_seeds_per_generator() {
    run_all(0..10_000, workers());
}

#[test]
fn a_job_with_locks_plans_after_generating() {
    let entry = dungeon_core::registry::find("isaac").unwrap();
    let plain = entry.job(None).unwrap();
    let mut job = entry.job(None).unwrap();
    assert_eq!(job.progression(), Some(&ProgressionSettings::default()));
    assert_eq!(job.get("locks").as_deref(), Some("0"));
    job.set("locks", "3").unwrap();
    job.set("lock_guard", "branches_only").unwrap();
    job.set("max_doors_per_key", "1").unwrap();
    assert_eq!(job.get("locks").as_deref(), Some("3"));
    assert_eq!(job.get("lock_guard").as_deref(), Some("branches_only"));
    let want = ProgressionSettings {
        locks: 3,
        lock_guard: LockGuard::BranchesOnly,
        max_doors_per_key: 1,
        ..ProgressionSettings::default()
    };
    assert_eq!(job.progression(), Some(&want));
    // Settings are part of the job: a copy is the same, the plain job not.
    assert!(job.clone().same(job.as_ref()));
    assert!(!plain.same(job.as_ref()));
    assert!(format!("{job:?}").contains("locks: 3"));
    let mut planned = 0;
    for seed in 0..20 {
        let got = job.generate(seed, 2).unwrap();
        let mut want_grid = plain.generate(seed, 2).unwrap();
        plan(&mut want_grid, &want, &Watch::new()).unwrap();
        assert_eq!(got, want_grid, "seed {seed}");
        assert_eq!(got.locks(), want_grid.locks(), "seed {seed}");
        planned += usize::from(!got.locks().is_empty());
    }
    assert!(planned >= 15, "{planned}");
}

#[test]
fn bad_settings_are_config_errors_naming_the_setting() {
    let field = |r: Result<DungeonGrid, GenError>| match r {
        Err(GenError::Config(e)) => (e.field, e.to_string()),
        other => panic!("{other:?}"),
    };
    let entry = dungeon_core::registry::find("bsp").unwrap();
    for (name, value) in [
        ("locks", "-1"),
        ("locks", "33"),
        ("one_way", "-2"),
        ("max_doors_per_key", "0"),
    ] {
        let mut job = entry.job(None).unwrap();
        job.set(name, value).unwrap();
        let (f, text) = field(job.generate(1, 1));
        assert_eq!(f, name, "{text}");
        assert!(text.contains(value), "{text}");
    }
    let mut job = entry.job(None).unwrap();
    assert!(job.set("lock_guard", "everywhere").is_err());
    assert!(job.set("locks", "many").is_err());
    // A generator without rooms takes no planner setting.
    let cave = dungeon_core::registry::find("cave").unwrap();
    let mut job = cave.job(None).unwrap();
    let e = job.set("locks", "2").unwrap_err();
    assert!(e.contains("the cave generator makes no rooms"), "{e}");
    assert_eq!(job.get("locks"), None);
    assert_eq!(job.progression(), None);
    // Planning its grid directly names the setting and the generator.
    let mut g = job.generate(1, 1).unwrap();
    for (s, name) in [
        (
            ProgressionSettings {
                locks: 2,
                ..ProgressionSettings::default()
            },
            "locks",
        ),
        (
            ProgressionSettings {
                one_way: 1,
                ..ProgressionSettings::default()
            },
            "one_way",
        ),
    ] {
        let (f, text) = field(plan(&mut g, &s, &Watch::new()).map(|_| g.clone()));
        assert_eq!(f, name);
        assert!(text.contains("the cave generator makes no rooms"), "{text}");
    }
    // More locks than the grid has connections.
    let mut g = dungeon_core::registry::find("isaac")
        .unwrap()
        .job(None)
        .unwrap()
        .generate(1, 1)
        .unwrap();
    let s = ProgressionSettings {
        locks: 32,
        ..ProgressionSettings::default()
    };
    let (f, text) = field(plan(&mut g, &s, &Watch::new()).map(|_| g.clone()));
    assert_eq!(f, "locks");
    assert!(text.contains("connections"), "{text}");
    // Nothing asked: nothing placed, any old locks removed.
    let p = plan(&mut g, &ProgressionSettings::default(), &Watch::new()).unwrap();
    assert_eq!(p, dungeon_core::progression::Plan::default());
    assert!(g.locks().is_empty());
}

#[test]
fn a_cancelled_watch_stops_the_plan() {
    let g = dungeon_core::registry::find("bsp")
        .unwrap()
        .job(None)
        .unwrap()
        .generate(3, 1)
        .unwrap();
    let watch = Watch::new();
    watch.cancel();
    let s = ProgressionSettings {
        locks: 2,
        ..ProgressionSettings::default()
    };
    assert_eq!(plan(&mut g.clone(), &s, &watch), Err(GenError::Cancelled));
}
