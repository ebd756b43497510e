use super::*;
use crate::grid::{DOOR_E, DOOR_S};

/// The grid with its doors: rooms at even columns and rows (`#`, `S`, `E`),
/// `-` and `|` where a door opens between two of them.
fn doors_picture(g: &DungeonGrid) -> String {
    let mut lines = Vec::new();
    for y in 0..g.height() {
        let (mut row, mut below) = (String::new(), String::new());
        for x in 0..g.width() {
            let m = g.door_mask((x, y));
            row.push(g.cell((x, y)).ascii());
            row.push(if m & DOOR_E != 0 { '-' } else { ' ' });
            below.push(if m & DOOR_S != 0 { '|' } else { ' ' });
            below.push(' ');
        }
        lines.push(row.trim_end().to_owned());
        lines.push(below.trim_end().to_owned());
    }
    while lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    lines.join("\n")
}

/// A hand-drawn picture with its indentation and blank edges removed.
fn picture(text: &str) -> String {
    text.lines()
        .map(|l| l.strip_prefix("        ").unwrap_or(l).trim_end())
        .collect::<Vec<_>>()
        .join("\n")
        .trim_matches('\n')
        .to_owned()
}

/// The whole order-`order` curve as the path (no side rooms, no loops).
fn whole_curve(order: i32) -> HilbertConfig {
    HilbertConfig {
        order,
        grow_order: false,
        path_length: 1 << (2 * order),
        path_per_level: 0.0,
        path_variance: 0,
        ..HilbertConfig::winding()
    }
}

#[test]
fn the_whole_order_2_curve_is_one_winding_path() {
    // Among the seeds, find one that kept the curve as the reference draws it
    // (no symmetry, forwards): the picture is then the curve, doors only
    // along it.
    let c = whole_curve(2);
    let layout = (0..200)
        .map(|seed| generate_layout(&c, seed, 1).unwrap())
        .find(|l| l.path[..2] == [(0, 0), (0, 1)])
        .expect("one of 200 seeds keeps the reference orientation");
    let want = picture(
        "
        S #-#-#
        | |   |
        #-# #-#
            |
        #-# #-#
        | |   |
        E #-#-#
        ",
    );
    assert_eq!(doors_picture(&layout.grid), want);
    assert_eq!(layout.path, curve(2));
    assert!(layout.grid.is_tree());
}

#[test]
fn a_full_order_1_grid_with_every_chance_at_1_opens_every_door() {
    let c = HilbertConfig {
        order: 1,
        path_length: 2,
        path_per_level: 0.0,
        path_variance: 0,
        side_room_chance: 1.0,
        branch_length: 1,
        loop_chance: 1.0,
        grow_order: false,
        allow_shortcuts: false,
    };
    for seed in 0..50 {
        let l = generate_layout(&c, seed, 1).unwrap();
        let plain = doors_picture(&l.grid).replace(['S', 'E'], "#");
        assert_eq!(plain, "#-#\n| |\n#-#", "seed {seed}");
        assert_eq!((l.side_rooms, l.loops), (2, 1));
        l.grid.check().unwrap();
    }
}

#[test]
fn a_short_path_without_extras_has_doors_only_along_it() {
    let c = HilbertConfig {
        order: 3,
        path_length: 5,
        path_per_level: 0.0,
        path_variance: 0,
        ..HilbertConfig::winding()
    };
    for seed in 0..100 {
        let l = generate_layout(&c, seed, 2).unwrap();
        let g = &l.grid;
        assert_eq!(g.rooms().len(), 5);
        assert_eq!(g.door_count(), 4);
        assert_eq!((g.start(), g.end()), (l.path[0], l.path[4]));
        assert!(g.is_dead_end(g.start()) && g.is_dead_end(g.end()));
        assert_eq!(g.path(g.start(), g.end()).unwrap(), l.path);
        g.check().unwrap();
    }
}

#[test]
fn side_rooms_hang_off_the_path_and_never_join_each_other_without_loops() {
    let c = HilbertConfig {
        loop_chance: 0.0,
        ..HilbertConfig::sprawling()
    };
    let mut sides = 0;
    for seed in 0..100 {
        let l = generate_layout(&c, seed, 3).unwrap();
        assert!(l.grid.is_tree(), "seed {seed}");
        assert_eq!(l.grid.rooms().len(), l.path.len() + l.side_rooms);
        sides += l.side_rooms;
    }
    assert!(sides > 100, "{sides}");
}

#[test]
fn loops_shortcut_the_path_only_when_allowed() {
    // The whole order-3 curve with every loop taken: without shortcuts only
    // consecutive path rooms touch through a door (a single path); with
    // them, every pair of adjacent rooms is joined.
    let keep = HilbertConfig {
        loop_chance: 1.0,
        ..whole_curve(3)
    };
    let cut = HilbertConfig {
        allow_shortcuts: true,
        ..keep.clone()
    };
    for seed in 0..20 {
        let l = generate_layout(&keep, seed, 1).unwrap();
        assert_eq!((l.loops, l.grid.door_count()), (0, 63));
        assert_eq!(l.grid.distance_from_start(l.grid.end()), 63);
        let l = generate_layout(&cut, seed, 1).unwrap();
        // An 8×8 grid has 2 × 8 × 7 = 112 adjacent pairs.
        assert_eq!((l.loops, l.grid.door_count()), (112 - 63, 112));
        assert!(l.grid.distance_from_start(l.grid.end()) < 63);
    }
}

#[test]
fn levels_and_seeds_change_the_layout_and_the_order_grows() {
    let c = HilbertConfig::winding();
    let a = generate(&c, 5, 1).unwrap();
    assert_eq!(a, generate(&c, 5, 1).unwrap());
    assert_ne!(a.cells(), generate(&c, 5, 2).unwrap().cells());
    assert_ne!(a.cells(), generate(&c, 6, 1).unwrap().cells());
    assert_eq!(a.width(), 8);
    let big = generate_layout(&c, 5, 40).unwrap();
    assert_eq!((big.order, big.grid.width()), (4, 16));
    assert_eq!(
        Ok(big.path.len() as i32),
        c.path_length_for(5, 40),
        "the drawn length is the one laid out"
    );
    assert_eq!(a.generator, "hilbert");
}

#[test]
fn the_largest_order_generates() {
    let c = HilbertConfig {
        order: MAX_ORDER,
        path_length: 5000,
        ..HilbertConfig::sprawling()
    };
    let l = generate_layout(&c, 1, 1).unwrap();
    assert_eq!(l.grid.width(), 1024);
    l.grid.check().unwrap();
}
