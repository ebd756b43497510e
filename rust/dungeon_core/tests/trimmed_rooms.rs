//! Level graphs laid out with rooms trimmed to their floors
//! (`RoomTemplate::trim_to_floors`): rectilinear rooms (a rectangle with
//! one to four corners cut away) whose doors may sit on the inner walls
//! of the cuts (`DoorSlot::inset`). Every layout passes the shared checks
//! (`support/graph_check.rs`), which test overlap on the rooms' outlines,
//! not their boxes; some layouts must put a room inside another's box
//! (the cut-away corners are used); an L with its only door in its notch
//! holds a small room exactly there.

#[path = "support/graph_check.rs"]
#[expect(
    dead_code,
    reason = "check_realised serves the designer-graph and Edgar input tests"
)]
mod graph_check;
#[path = "support/random_level_graph/mod.rs"]
#[expect(
    dead_code,
    reason = "the designer classes serve designer_graphs.rs and graph_bench"
)]
mod random_level_graph;

use graph_check::{check_level, overlap};
use random_level_graph::random_graph;

use dungeon_core::graph_layout::{self, GraphConfig, GraphLevel, LevelGraph};
use dungeon_core::template::{DoorSlot, RoomTemplate, Side};
use dungeon_core::{DungeonRng, GenError, Rect};

/// The cells of `mask` (`w × h`, row-major) as rectangles: each row's
/// runs, merged downwards when a run spans the same columns as the one
/// above it.
fn rects_of(mask: &[bool], w: i32, h: i32) -> Vec<Rect> {
    let mut out: Vec<Rect> = Vec::new();
    for y in 0..h {
        let mut x = 0;
        while x < w {
            if !mask[(y * w + x) as usize] {
                x += 1;
                continue;
            }
            let x0 = x;
            while x < w && mask[(y * w + x) as usize] {
                x += 1;
            }
            match out
                .iter_mut()
                .find(|r| r.x == x0 && r.w == x - x0 && r.y + r.h == y)
            {
                Some(r) => r.h += 1,
                None => out.push(Rect::new(x0, y, x - x0, 1)),
            }
        }
    }
    out
}

/// Every door of width 1 (`side`, `offset`, `inset`) that `t` takes alone.
fn door_places(t: &RoomTemplate) -> Vec<DoorSlot> {
    let mut out = Vec::new();
    for side in Side::ALL {
        let (len, depth) = match side {
            Side::North | Side::South => (t.width, t.height),
            Side::East | Side::West => (t.height, t.width),
        };
        for offset in 1..len - 1 {
            for inset in 0..depth {
                let d = DoorSlot::new(side, offset, 1).with_inset(inset);
                let mut one = t.clone();
                one.doors = vec![d];
                if one.validate().is_ok() {
                    out.push(d);
                }
            }
        }
    }
    out
}

/// A `w × h` room (6–12 cells a side) with one to four of its inside's
/// corners cut away (each cut at most half the inside, less one, a side,
/// so the floors stay in one piece), trimmed to its floors, with 2–5
/// doors of width 1, about half of them on the cuts' inner walls when it
/// has such places, now and then one a short door line.
fn cut_room(rng: &mut DungeonRng, i: usize) -> RoomTemplate {
    let (w, h) = (rng.range(6, 12), rng.range(6, 12));
    let (iw, ih) = (w - 2, h - 2);
    let mut inside = vec![true; (iw * ih) as usize];
    let mut corners = [0usize, 1, 2, 3];
    rng.shuffle(&mut corners);
    let cuts = rng.range(1, 4) as usize;
    for &c in &corners[..cuts] {
        let (cw, ch) = (rng.range(1, (iw - 1) / 2), rng.range(1, (ih - 1) / 2));
        let (x0, y0) = (
            if c % 2 == 0 { 0 } else { iw - cw },
            if c < 2 { 0 } else { ih - ch },
        );
        for y in y0..y0 + ch {
            for x in x0..x0 + cw {
                inside[(y * iw + x) as usize] = false;
            }
        }
    }
    let mut t = RoomTemplate::new(&format!("cut{i}"), w, h, Vec::new());
    t.floors = rects_of(&inside, iw, ih)
        .into_iter()
        .map(|r| Rect::new(r.x + 1, r.y + 1, r.w, r.h))
        .collect();
    t.trim_to_floors = true;
    t.rotations = rng.chance(0.7);
    t.mirroring = rng.chance(0.3);
    let places = door_places(&t);
    let (mut inner, mut outer): (Vec<DoorSlot>, Vec<DoorSlot>) =
        places.into_iter().partition(|d| d.inset > 0);
    rng.shuffle(&mut inner);
    rng.shuffle(&mut outer);
    let want = rng.range(2, 5) as usize;
    let mut tries = 0;
    while t.doors.len() < want && tries < 40 {
        tries += 1;
        let pool = if rng.chance(0.5) && !inner.is_empty() {
            &mut inner
        } else {
            &mut outer
        };
        let Some(mut d) = pool.pop() else { continue };
        if rng.chance(0.2) {
            let line = DoorSlot::line(d.side, d.offset, 1, rng.range(2, 3)).with_inset(d.inset);
            t.doors.push(line);
            if t.validate().is_ok() {
                continue;
            }
            t.doors.pop();
            d = DoorSlot::new(d.side, d.offset, 1).with_inset(d.inset);
        }
        t.doors.push(d);
        if t.validate().is_err() {
            t.doors.pop();
        }
    }
    t
}

/// A small plain room, `size` a side, a door line on every side.
fn small(size: i32) -> RoomTemplate {
    let doors = Side::ALL
        .iter()
        .map(|&s| DoorSlot::line(s, 1, 1, size - 2))
        .collect();
    RoomTemplate::new("small", size, size, doors)
}

/// The pairs of placements whose boxes overlap (so one sits in a part of
/// the other's box that the other's outline leaves).
fn nested_pairs(l: &GraphLevel) -> usize {
    let p = &l.placements;
    (0..p.len())
        .flat_map(|i| (0..i).map(move |j| (i, j)))
        .filter(|&(i, j)| overlap(&p[i].rect(), &p[j].rect()))
        .count()
}

fn config(graph: LevelGraph, templates: Vec<RoomTemplate>) -> GraphConfig {
    GraphConfig {
        graph,
        templates,
        corridors: false,
        corridor_templates: Vec::new(),
        corridor_min: 4,
        corridor_max: 8,
        work_budget: 500_000,
    }
}

/// A 9 × 9 L: floors across the top three rows and down the left three
/// columns, so its outline leaves a 4 × 4 notch at the bottom right (x
/// 5..=8, y 5..=8); `doors` on it.
fn l_room(doors: Vec<DoorSlot>) -> RoomTemplate {
    let mut l = RoomTemplate::new("l", 9, 9, doors);
    l.floors = vec![Rect::new(1, 1, 7, 3), Rect::new(1, 4, 3, 4)];
    l.trim_to_floors = true;
    l
}

#[test]
fn trimmed_templates_are_checked() {
    let notch = DoorSlot::new(Side::South, 6, 1).with_inset(4);
    l_room(vec![notch])
        .validate()
        .expect("the notch's top wall");
    // At the notch's inner corner: the wall turns next to the door.
    for d in [
        DoorSlot::new(Side::South, 5, 1).with_inset(4),
        DoorSlot::line(Side::South, 5, 1, 3).with_inset(4),
        DoorSlot::new(Side::East, 4, 1).with_inset(4),
    ] {
        let e = l_room(vec![d]).validate().unwrap_err().to_string();
        assert!(e.contains("not on a corner"), "{d:?}: {e}");
    }
    // Not on the outline's edge: inside the floor, or outside the room.
    for d in [
        DoorSlot::new(Side::South, 6, 1).with_inset(5),
        DoorSlot::new(Side::South, 6, 1).with_inset(3),
        DoorSlot::new(Side::South, 6, 1),
    ] {
        assert!(l_room(vec![d]).validate().is_err(), "{d:?}");
    }
    // The inner wall facing east, and the outer walls, take doors; so
    // does the cell next to the box's corner, as on a box.
    for d in [
        DoorSlot::new(Side::South, 7, 1).with_inset(4),
        DoorSlot::new(Side::East, 6, 1).with_inset(4),
        DoorSlot::new(Side::North, 4, 1),
        DoorSlot::line(Side::West, 1, 1, 7),
        DoorSlot::new(Side::South, 2, 1),
    ] {
        l_room(vec![d]).validate().expect("a straight wall");
    }
    // The template generator and corridor pieces keep to whole boxes.
    let mut tc = dungeon_core::template::TemplateConfig::demo();
    tc.templates.push(l_room(vec![notch]));
    let e = tc.validate().unwrap_err().to_string();
    assert!(e.contains("trim_to_floors"), "{e}");
    let mut gc = GraphConfig::corridors();
    let mut piece = l_room(vec![
        DoorSlot::new(Side::North, 4, 1),
        DoorSlot::new(Side::West, 2, 1),
    ]);
    piece.tags = vec!["corridor".into()];
    gc.corridor_templates = vec![piece];
    let e = gc.validate().unwrap_err().to_string();
    assert!(e.contains("trim_to_floors"), "{e}");
}

#[test]
fn a_room_with_its_only_door_in_a_notch_holds_its_neighbour_there() {
    // A 9 × 9 L: floors across the top three rows and down the left three
    // columns, so its outline leaves a 4 × 4 notch at the bottom right
    // (x 5..=8, y 5..=8). Its one door is on the notch's top wall, facing
    // south, 4 cells in from the box's south side.
    let l = l_room(vec![DoorSlot::new(Side::South, 6, 1).with_inset(4)]);
    assert_eq!(
        l.outline(),
        Some(vec![Rect::new(0, 0, 9, 5), Rect::new(0, 5, 5, 4)])
    );
    l.validate().expect("a door on the notch's wall");
    let mut boxed = l.clone();
    boxed.trim_to_floors = false;
    let e = boxed.validate().unwrap_err().to_string();
    assert!(e.contains("trim_to_floors") && e.contains("inset 4"), "{e}");
    let mut g = LevelGraph::new();
    g.add_room(&["start"]);
    g.add_room(&[]);
    g.connect(0, 1, dungeon_core::graph_layout::EdgeMode::Direct);
    let mut c = config(g, vec![l.clone().tagged(&["start"]), small(4)]);
    c.graph.rooms[1].tags.clear();
    for seed in 0..20 {
        let level = graph_layout::layout(&c, seed, 1).expect("lays out");
        check_level(&c, &level);
        let (a, b) = (level.placements[0].rect(), level.placements[1].rect());
        // The small room is the notch, exactly.
        assert_eq!(
            (b.x - a.x, b.y - a.y, b.w, b.h),
            (5, 5, 4, 4),
            "seed {seed}"
        );
    }
    // The notch is open to the right and below: a bigger room whose door
    // lets it clear the L's leg sticks out of the box...
    let one_door =
        |offset: i32| RoomTemplate::new("five", 5, 5, vec![DoorSlot::new(Side::North, offset, 1)]);
    c.templates[1] = one_door(1);
    let level = graph_layout::layout(&c, 1, 1).expect("lays out");
    check_level(&c, &level);
    let (a, b) = (level.placements[0].rect(), level.placements[1].rect());
    assert_eq!((b.x - a.x, b.y - a.y), (5, 5));
    // ...but one whose door puts it over the leg has no place at all.
    c.templates[1] = one_door(3);
    let e = graph_layout::layout(&c, 1, 1).unwrap_err().to_string();
    assert!(e.contains("no spot") || e.contains("cannot"), "{e}");
}

/// Lays out 120 random cases (see the test below), with every
/// connection through a corridor piece when `corridors`; `(laid out, not,
/// with a room inside another's box, joined through an inner wall's
/// door)`.
fn random_cases(corridors: bool) -> (usize, usize, usize, usize) {
    // 120 cases: 2–4 cut rooms and a small plain room, a random graph of
    // 5–24 rooms with 0–2 loops (`random_graph`: loops of 4–6 rooms).
    let (mut ok, mut failed, mut nested, mut inner_doors) = (0, 0, 0, 0);
    for case in 0..120u64 {
        let mut rng = DungeonRng::new(0x7_21A4 + case);
        let mut templates: Vec<RoomTemplate> = (0..rng.range(2, 4) as usize)
            .map(|i| cut_room(&mut rng, i))
            .collect();
        templates.push(small(rng.range(4, 6)));
        let n = rng.range(5, 24) as usize;
        let loops = rng.range(0, 2) as usize;
        let Some(mut g) = random_graph(&mut rng, n, loops) else {
            continue;
        };
        for r in &mut g.rooms {
            r.tags.clear();
        }
        let mut c = config(g, templates);
        c.corridors = corridors;
        if let Err(e) = c.validate() {
            // A refusal up front names what no template choice can do.
            let msg = e.to_string();
            assert!(
                msg.contains("cannot close") || msg.contains("connections"),
                "{msg}"
            );
            failed += 1;
            continue;
        }
        let seed = u64::from(rng.next_u32());
        match graph_layout::layout(&c, seed, 1) {
            Ok(level) => {
                ok += 1;
                check_level(&c, &level);
                nested += usize::from(nested_pairs(&level) > 0);
                inner_doors += usize::from(level.placements.iter().any(|p| {
                    if p.corridor {
                        return false;
                    }
                    let t = &c.templates[p.template];
                    p.doors
                        .iter()
                        .any(|d| d.join.is_some() && t.doors[d.slot].inset > 0)
                }));
                if case % 4 == 0 {
                    assert_eq!(graph_layout::layout(&c, seed, 1).unwrap(), level);
                }
            }
            Err(GenError::Exhausted { reason, .. }) => {
                assert!(reason.contains("work_budget"), "{reason}");
                failed += 1;
            }
            Err(e) => panic!("case {case}: {e}"),
        }
    }
    eprintln!(
        "trimmed rooms (corridors {corridors}): {ok} laid out, {failed} not; {nested} with a room \
         inside another's box, {inner_doors} joined through a door on an inner wall"
    );
    (ok, failed, nested, inner_doors)
}

#[test]
fn rooms_trimmed_to_their_floors_lay_out_random_graphs() {
    let (ok, _, nested, inner_doors) = random_cases(false);
    assert!(ok >= 100, "{ok} of 120 laid out");
    assert!(nested >= 60, "only {nested} layouts used a cut-away corner");
    assert!(
        inner_doors >= 50,
        "only {inner_doors} used an inner wall's door"
    );
}

#[test]
fn rooms_trimmed_to_their_floors_join_corridors() {
    let (ok, _, nested, inner_doors) = random_cases(true);
    assert!(ok >= 100, "{ok} of 120 laid out");
    assert!(nested >= 30, "only {nested} layouts used a cut-away corner");
    assert!(
        inner_doors >= 50,
        "only {inner_doors} used an inner wall's door"
    );
}

#[test]
fn a_ring_holds_a_room_in_its_hole() {
    // A 13 × 13 ring of floor two cells wide: its outline leaves the 5 × 5
    // hole (x, y 4..=8) outside, and a door on the hole's top wall (cell
    // (6, 3), facing south, 9 in from the south side) opens into it.
    let mut ring = RoomTemplate::new(
        "ring",
        13,
        13,
        vec![DoorSlot::new(Side::South, 6, 1).with_inset(9)],
    );
    ring.floors = vec![
        Rect::new(1, 1, 11, 2),
        Rect::new(1, 10, 11, 2),
        Rect::new(1, 3, 2, 7),
        Rect::new(10, 3, 2, 7),
    ];
    ring.trim_to_floors = true;
    ring.validate().expect("a door on the hole's wall");
    let outline = ring.outline().unwrap();
    let cells: usize = outline.iter().map(|r| (r.w * r.h) as usize).sum();
    assert_eq!(cells, 13 * 13 - 5 * 5);
    let mut g = LevelGraph::new();
    g.add_room(&["start"]);
    g.add_room(&[]);
    g.connect(0, 1, dungeon_core::graph_layout::EdgeMode::Direct);
    let c = config(g, vec![ring.tagged(&["start"]), small(4)]);
    for seed in 0..5 {
        let level = graph_layout::layout(&c, seed, 1).expect("lays out");
        check_level(&c, &level);
        let (a, b) = (level.placements[0].rect(), level.placements[1].rect());
        assert!(
            b.x >= a.x + 4 && b.y == a.y + 4 && b.x + b.w <= a.x + 9,
            "seed {seed}: {b:?} in the hole of {a:?}"
        );
    }
}
