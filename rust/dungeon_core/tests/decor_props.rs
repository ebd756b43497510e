//! `decor::decorate`: what decoration guarantees, over many seeds of every
//! preset of every generator (with locks and one-way doors where the
//! generator has rooms), with rules greedy enough to try to wall the level
//! in; plus determinism, spacing, the most per room, and bad rules.

use dungeon_core::decor::{
    DecorRule, MarkerKind, MarkerMap, Prop, RoomFilter, decorate, decorate_tagged, plain,
};
use dungeon_core::grid::{Cell, DIRS, DungeonGrid, GridKind, LockKind, Pos, RoomRole};
use dungeon_core::progression::SpawnRules;
use dungeon_core::registry::GENERATORS;

fn rule(marker: MarkerKind, chance: f64, blocks: bool) -> DecorRule {
    DecorRule {
        marker,
        rooms: RoomFilter::default(),
        chance,
        spacing: 0,
        max_per_room: 0,
        blocks,
    }
}

/// Rules that block as much as they are allowed to.
fn greedy() -> Vec<DecorRule> {
    vec![
        rule(MarkerKind::DeadEnd, 1.0, true),
        rule(MarkerKind::InnerCorner, 1.0, true),
        rule(MarkerKind::RoomFloor, 0.7, true),
        rule(MarkerKind::OpenFloor, 0.7, true),
        rule(MarkerKind::CorridorFloor, 0.7, true),
        DecorRule {
            spacing: 3,
            ..rule(MarkerKind::Wall, 0.5, false)
        },
        rule(MarkerKind::Doorway, 1.0, false),
        rule(MarkerKind::DoorFloor, 1.0, false),
    ]
}

/// Rules with what the fast version handles apart: spacings of 2 to 9 (its
/// buckets), room filters (looked up before the draws), a most per room,
/// chances of 0 and 1, every marker kind.
fn mixed() -> Vec<DecorRule> {
    let mut out: Vec<DecorRule> = MarkerKind::ALL
        .iter()
        .enumerate()
        .map(|(k, &m)| DecorRule {
            spacing: 2 + k as i32 % 8,
            max_per_room: (k as i32 % 3) * 2,
            ..rule(m, [0.3, 1.0, 0.0, 0.6][k % 4], k % 2 == 0)
        })
        .collect();
    out.push(DecorRule {
        rooms: RoomFilter {
            roles: vec![RoomRole::Normal, RoomRole::End],
            critical_path: Some(true),
            tags: Vec::new(),
        },
        spacing: 3,
        ..rule(MarkerKind::RoomFloor, 0.5, true)
    });
    out.push(DecorRule {
        rooms: RoomFilter {
            roles: Vec::new(),
            critical_path: Some(false),
            tags: Vec::new(),
        },
        ..rule(MarkerKind::Wall, 0.5, false)
    });
    out.push(DecorRule {
        rooms: RoomFilter {
            tags: vec!["hall".into(), "shrine".into()],
            ..RoomFilter::default()
        },
        spacing: 2,
        ..rule(MarkerKind::RoomBand, 0.4, true)
    });
    out
}

/// Made-up room tags for the tag filter: every third room a hall, every
/// fifth a shrine, and none past room 40 (the list may be shorter than
/// the rooms).
fn some_room_tags(grid: &DungeonGrid) -> Vec<Vec<String>> {
    (0..grid.room_count().min(40))
        .map(|r| {
            let mut t = Vec::new();
            if r % 3 == 0 {
                t.push("hall".to_string());
            }
            if r % 5 == 0 {
                t.push("shrine".to_string());
            }
            t
        })
        .collect()
}

/// Component number of every free walkable cell (`blocked` ones out),
/// moving only through open sides that no lock or one-way door closes;
/// `usize::MAX` elsewhere.
fn components(grid: &DungeonGrid, blocked: &[bool]) -> Vec<usize> {
    let n = grid.cells().len();
    let mut gated = vec![0u8; n];
    for k in 0..grid.locks().len() {
        for (p, bit) in grid.lock_gate(k) {
            let i = grid.index(p).expect("a gate cell is inside");
            gated[i] |= bit;
            let &(dx, dy, _, back) = DIRS.iter().find(|d| d.2 == bit).expect("a side");
            if let Some(j) = grid.index((p.0 + dx, p.1 + dy)) {
                gated[j] |= back;
            }
        }
    }
    let free = |i: usize| grid.cells()[i] != Cell::Empty && !blocked[i];
    let mut comp = vec![usize::MAX; n];
    let mut next = 0;
    for s in 0..n {
        if !free(s) || comp[s] != usize::MAX {
            continue;
        }
        comp[s] = next;
        let mut stack = vec![s];
        while let Some(i) = stack.pop() {
            let p = grid.pos(i);
            for &(dx, dy, bit, _) in &DIRS {
                let Some(j) = grid.index((p.0 + dx, p.1 + dy)) else {
                    continue;
                };
                if free(j)
                    && comp[j] == usize::MAX
                    && grid.door_mask(p) & bit != 0
                    && gated[i] & bit == 0
                {
                    comp[j] = next;
                    stack.push(j);
                }
            }
        }
        next += 1;
    }
    comp
}

/// The cells decoration must leave alone.
fn protected(grid: &DungeonGrid, reserved: &[Pos]) -> Vec<Pos> {
    let map = MarkerMap::new(grid);
    let mut out = vec![grid.start(), grid.end()];
    out.extend_from_slice(reserved);
    for i in 0..grid.cells().len() {
        let p = grid.pos(i);
        if grid.cells()[i] == Cell::Door
            || map.facings(p, MarkerKind::Doorway) != 0
            || map.facings(p, MarkerKind::RoomCentre) != 0
        {
            out.push(p);
        }
    }
    for (k, lock) in grid.locks().iter().enumerate() {
        if let LockKind::Key { key } = lock.kind {
            out.extend(grid.key_tile(key));
        }
        for (p, bit) in grid.lock_gate(k) {
            out.push(p);
            let &(dx, dy, _, _) = DIRS.iter().find(|d| d.2 == bit).expect("a side");
            out.push((p.0 + dx, p.1 + dy));
        }
    }
    out
}

/// The guarantees on one grid; returns how many blocking props it got.
fn check(
    grid: &DungeonGrid,
    props: &[Prop],
    rules: &[DecorRule],
    reserved: &[Pos],
    what: &str,
) -> usize {
    let n = grid.cells().len();
    let mut blocked = vec![false; n];
    let mut taken = vec![false; n];
    for p in props {
        let i = grid
            .index(p.cell)
            .unwrap_or_else(|| panic!("{what}: a prop outside the grid"));
        assert!(
            grid.cells()[i] != Cell::Empty,
            "{what}: a prop on a blocked cell {:?}",
            p.cell
        );
        assert!(!taken[i], "{what}: two props on {:?}", p.cell);
        taken[i] = true;
        if rules[p.rule].blocks && grid.kind() == GridKind::TileMap {
            blocked[i] = true;
        }
    }
    for q in protected(grid, reserved) {
        if let Some(i) = grid.index(q) {
            assert!(!taken[i], "{what}: a prop on the protected cell {q:?}");
        }
    }
    // No component of free cells (every lock closed) was split.
    let before = components(grid, &vec![false; n]);
    let after = components(grid, &blocked);
    let mut seen: std::collections::HashMap<usize, usize> = std::collections::HashMap::new();
    for i in 0..n {
        if after[i] == usize::MAX {
            continue;
        }
        let old = before[i];
        let new = *seen.entry(old).or_insert(after[i]);
        assert_eq!(
            new,
            after[i],
            "{what}: the free cells that were one region are cut apart at {:?}",
            grid.pos(i)
        );
    }
    blocked.iter().filter(|&&b| b).count()
}

#[test]
fn decoration_keeps_every_guarantee_on_every_generator() {
    let rules = greedy();
    let seeds: u64 = if cfg!(debug_assertions) { 3 } else { 12 };
    let (mut grids, mut blocking, mut locked) = (0, 0, 0);
    for &g in GENERATORS {
        for preset in g.presets() {
            let mut job = g
                .job(Some(preset.name))
                .expect("a registry preset has a job");
            if g.has_rooms() {
                job.set("locks", "2")
                    .expect("locks is a setting of generators with rooms");
                job.set("one_way", "1")
                    .expect("one_way is a setting of generators with rooms");
            }
            for seed in 0..seeds {
                let Ok(grid) = job.generate(seed, 1 + (seed as i32 % 4)) else {
                    continue;
                };
                let reserved: Vec<Pos> = if grid.room_count() > 0 {
                    grid.spawn_points(&SpawnRules::default())
                        .map(|v| v.iter().map(|s| s.cell).collect())
                        .unwrap_or_default()
                } else {
                    Vec::new()
                };
                let what = format!("{} {} seed {seed}", g.name(), preset.name);
                let props = decorate(&grid, &rules, seed, &reserved)
                    .unwrap_or_else(|e| panic!("{what}: {e}"));
                // Against the plain versions: every seed in release, the
                // first in debug (the plain versions are slow there).
                if !cfg!(debug_assertions) || seed == 0 {
                    assert!(
                        props
                            == plain::decorate(&grid, &rules, seed, &reserved).expect("good rules"),
                        "{what}: the props differ from the plain version's"
                    );
                    let mixed = mixed();
                    let tags = some_room_tags(&grid);
                    assert!(
                        decorate_tagged(&grid, &mixed, seed, &reserved, &tags).expect("good rules")
                            == plain::decorate_tagged(&grid, &mixed, seed, &reserved, &tags)
                                .expect("good rules"),
                        "{what}: the mixed rules' props differ from the plain version's"
                    );
                }
                blocking += check(&grid, &props, &rules, &reserved, &what);
                locked += usize::from(!grid.locks().is_empty());
                grids += 1;
            }
        }
    }
    assert!(grids >= 60, "{grids} grids");
    assert!(
        blocking > 1000,
        "the greedy rules placed only {blocking} blocking props"
    );
    assert!(locked > 10, "only {locked} grids had locks");
}

#[test]
fn same_seed_same_props_and_rules_are_kept() {
    let grid = dungeon_core::registry::find("bsp")
        .and_then(|g| g.job(None))
        .expect("bsp")
        .generate(5, 2)
        .expect("a bsp level");
    let mut rules = vec![
        DecorRule {
            spacing: 4,
            max_per_room: 2,
            ..rule(MarkerKind::Wall, 0.8, false)
        },
        DecorRule {
            rooms: RoomFilter {
                roles: vec![RoomRole::Start],
                critical_path: None,
                tags: Vec::new(),
            },
            ..rule(MarkerKind::RoomFloor, 0.5, false)
        },
    ];
    let a = decorate(&grid, &rules, 9, &[]).expect("good rules");
    assert_eq!(
        a,
        decorate(&grid, &rules, 9, &[]).expect("good rules"),
        "same seed, same props"
    );
    assert_ne!(
        a,
        decorate(&grid, &rules, 10, &[]).expect("good rules"),
        "another seed, other props"
    );
    let walls: Vec<&Prop> = a.iter().filter(|p| p.rule == 0).collect();
    assert!(walls.len() > 3, "{} wall props", walls.len());
    for (i, p) in walls.iter().enumerate() {
        for q in &walls[i + 1..] {
            let d = (p.cell.0 - q.cell.0).abs().max((p.cell.1 - q.cell.1).abs());
            assert!(d >= 4, "spacing 4: {:?} and {:?}", p.cell, q.cell);
        }
    }
    for r in 0..grid.room_count() {
        assert!(
            walls.iter().filter(|p| p.room == Some(r)).count() <= 2,
            "at most 2 per room"
        );
    }
    let start_room = grid.room_at(grid.start());
    assert!(
        a.iter()
            .filter(|p| p.rule == 1)
            .all(|p| p.room == start_room && p.room.is_some()),
        "the start room only"
    );
    rules[0].chance = 1.5;
    let e = decorate(&grid, &rules, 9, &[]).expect_err("a chance above 1");
    assert!(
        e.to_string().contains("chance") && e.to_string().contains("rule 0"),
        "{e}"
    );
    rules[0].chance = f64::NAN;
    assert!(decorate(&grid, &rules, 9, &[]).is_err(), "NaN chance");
    rules[0].chance = 0.5;
    rules[1].spacing = -1;
    let e = decorate(&grid, &rules, 9, &[]).expect_err("negative spacing");
    assert!(
        e.to_string().contains("spacing") && e.to_string().contains("rule 1"),
        "{e}"
    );
}

/// A tag filter: props only in rooms carrying one of the rule's tags, and
/// the same props as without the filter in exactly those rooms (the
/// filter is applied before the draws, so the other rooms' markers take
/// no draws and the props in tagged rooms come from the rule's stream in
/// marker order: compared against the plain version); no tags given, no
/// props.
#[test]
fn tag_filters_keep_to_tagged_rooms() {
    let grid = dungeon_core::registry::find("bsp")
        .and_then(|g| g.job(None))
        .expect("bsp")
        .generate(3, 2)
        .expect("a bsp level");
    let tags = some_room_tags(&grid);
    let shrine = DecorRule {
        rooms: RoomFilter {
            tags: vec!["shrine".into()],
            ..RoomFilter::default()
        },
        ..rule(MarkerKind::RoomFloor, 0.3, false)
    };
    let props =
        decorate_tagged(&grid, std::slice::from_ref(&shrine), 4, &[], &tags).expect("good rules");
    assert!(props.len() > 5, "{} shrine props", props.len());
    for p in &props {
        let r = p.room.expect("a prop in a room");
        assert!(
            tags[r].contains(&"shrine".to_string()),
            "room {r} is no shrine"
        );
    }
    let rooms: std::collections::BTreeSet<usize> = props.iter().filter_map(|p| p.room).collect();
    assert!(rooms.len() >= 2, "props in {} shrine rooms", rooms.len());
    assert_eq!(
        props,
        plain::decorate_tagged(&grid, std::slice::from_ref(&shrine), 4, &[], &tags)
            .expect("good rules")
    );
    assert!(
        decorate(&grid, &[shrine], 4, &[])
            .expect("good rules")
            .is_empty(),
        "no room tags: no room passes a tag filter"
    );
}
