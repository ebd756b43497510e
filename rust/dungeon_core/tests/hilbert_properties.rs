//! Hilbert backbones over thousands of random valid configs: the grid keeps
//! every invariant, the main path is a stretch of a Hilbert curve (up to the
//! square's symmetries) that never crosses itself, doors open only where the
//! rules allow, and the same inputs give the same bytes.

use dungeon_core::grid::DIRS;
use dungeon_core::hilbert::{self, HilbertConfig, HilbertLayout, curve};
use dungeon_core::{DungeonGrid, DungeonRng, GenError, Pos};

/// A random config on a small curve (orders 1..=5), and a level.
fn random_config(r: &mut DungeonRng) -> (HilbertConfig, i32) {
    let order = r.range(1, 5);
    let cells = 1i32 << (2 * order);
    let chance = |r: &mut DungeonRng| match r.below(4) {
        0 => 0.0,
        1 => 1.0,
        _ => r.unit(),
    };
    let c = HilbertConfig {
        order,
        grow_order: r.chance(0.5),
        path_length: r.range(2, cells.min(40)),
        path_per_level: f64::from(r.range(0, 8)) / 2.0,
        path_variance: r.range(0, 4),
        side_room_chance: chance(r),
        branch_length: r.range(1, 6),
        loop_chance: chance(r),
        allow_shortcuts: r.chance(0.5),
    };
    (c, r.range(1, 12))
}

/// The cell's index along the order-`order` curve, for every cell.
fn distances(order: i32) -> Vec<u64> {
    let side = 1usize << order;
    let mut d = vec![0; side * side];
    for (k, p) in curve(order).into_iter().enumerate() {
        d[p.1 as usize * side + p.0 as usize] = k as u64;
    }
    d
}

fn adjacent(a: Pos, b: Pos) -> bool {
    (a.0 - b.0).abs() + (a.1 - b.1).abs() == 1
}

fn open_between(g: &DungeonGrid, a: Pos, b: Pos) -> bool {
    DIRS.iter()
        .any(|&(dx, dy, bit, _)| (a.0 + dx, a.1 + dy) == b && g.door_mask(a) & bit != 0)
}

/// Whether `path` is the image of consecutive curve cells under one of the
/// eight symmetries, read forwards or backwards.
fn is_curve_stretch(path: &[Pos], order: i32, along: &[u64]) -> bool {
    let side = 1i32 << order;
    let at = |p: Pos| along[(p.1 * side + p.0) as usize];
    (0..8).any(|t| {
        // Every symmetry is its own inverse except the two quarter turns,
        // which are each other's; try both images.
        let back = |p: Pos| -> Vec<Pos> {
            (0..8)
                .map(|u| hilbert::curve::transform(p, u, side))
                .filter(|&q| hilbert::curve::transform(q, t, side) == p)
                .collect()
        };
        let pre: Vec<Pos> = path
            .iter()
            .filter_map(|&p| back(p).first().copied())
            .collect();
        if pre.len() != path.len() {
            return false;
        }
        let ds: Vec<u64> = pre.iter().map(|&p| at(p)).collect();
        let up = ds.windows(2).all(|w| w[1] == w[0] + 1);
        let down = ds.windows(2).all(|w| w[0] == w[1] + 1);
        up || down
    })
}

/// Checks one layout; a message for the first broken property.
fn check(
    c: &HilbertConfig,
    seed: u64,
    level: i32,
    l: &HilbertLayout,
    along: &[u64],
) -> Result<(), String> {
    let g = &l.grid;
    g.check().map_err(|e| format!("check: {e}"))?;
    if !g.is_connected() {
        return Err("not connected".into());
    }
    let plan = c.plan(level).map_err(|e| e.to_string())?;
    let side = 1i32 << plan.order;
    if (g.width(), g.height(), l.order) != (side, side, plan.order) {
        return Err(format!(
            "size {}×{} for order {}",
            g.width(),
            g.height(),
            plan.order
        ));
    }
    let n = l.path.len() as i32;
    if Ok(n) != c.path_length_for(seed, level) || n < plan.path_range.0 || n > plan.path_range.1 {
        return Err(format!("path of {n} outside {:?}", plan.path_range));
    }
    let rooms = g.rooms().len() as i32;
    if rooms < plan.room_range.0 || rooms > plan.room_range.1 {
        return Err(format!("{rooms} rooms outside {:?}", plan.room_range));
    }
    if rooms != n + l.side_rooms as i32 {
        return Err("rooms are not the path and the side rooms".into());
    }
    // The path never crosses itself and steps to a joined neighbour.
    let mut on_path = vec![usize::MAX; (side * side) as usize];
    for (k, &p) in l.path.iter().enumerate() {
        let i = g.index(p).ok_or("path off the grid")?;
        if on_path[i] != usize::MAX {
            return Err(format!("path visits {p:?} twice"));
        }
        on_path[i] = k;
    }
    for w in l.path.windows(2) {
        if !adjacent(w[0], w[1]) || !open_between(g, w[0], w[1]) {
            return Err(format!("path steps {:?} → {:?} without a door", w[0], w[1]));
        }
    }
    if (g.start(), g.end()) != (l.path[0], l.path[l.path.len() - 1]) {
        return Err("start and end are not the path's ends".into());
    }
    if !is_curve_stretch(&l.path, l.order, along) {
        return Err("the path is not a stretch of the curve".into());
    }
    // Doors: path steps, one per side room (to the room it grew from), and
    // the loops; nothing else.
    let doors = g.door_count();
    let want = (n as usize - 1) + l.side_rooms + l.loops;
    if doors != want {
        return Err(format!("{doors} doors, want {want}"));
    }
    // Without shortcuts, the path is a shortest way from start to end.
    let steps = g.distance_from_start(g.end());
    if !c.allow_shortcuts && steps != n - 1 {
        return Err(format!(
            "a loop shortened the way to {steps} steps, path {n}"
        ));
    }
    if c.side_room_chance == 0.0 && l.side_rooms != 0 {
        return Err("side rooms with side_room_chance 0".into());
    }
    if c.loop_chance == 0.0 {
        if l.loops != 0 || !g.is_tree() {
            return Err("loops with loop_chance 0".into());
        }
        // Every side room is at most branch_length doors from the path.
        let mut dist = vec![-1i32; (side * side) as usize];
        let mut queue: Vec<Pos> = l.path.clone();
        for &p in &l.path {
            dist[g.index(p).ok_or("off")?] = 0;
        }
        let mut head = 0;
        while let Some(&p) = queue.get(head) {
            head += 1;
            let d = dist[g.index(p).ok_or("off")?];
            for (dx, dy, bit, _) in DIRS {
                let q = (p.0 + dx, p.1 + dy);
                if g.door_mask(p) & bit != 0
                    && let Some(j) = g.index(q)
                    && dist[j] < 0
                {
                    dist[j] = d + 1;
                    queue.push(q);
                }
            }
        }
        if dist.iter().any(|&d| d > c.branch_length) {
            return Err("a side branch longer than branch_length".into());
        }
        // Non-consecutive path cells never share a door without loops.
        for (k, &p) in l.path.iter().enumerate() {
            for (dx, dy, bit, _) in DIRS {
                let q = (p.0 + dx, p.1 + dy);
                if g.door_mask(p) & bit != 0
                    && let Some(j) = g.index(q)
                    && on_path[j] != usize::MAX
                    && on_path[j].abs_diff(k) != 1
                {
                    return Err(format!("path cells {p:?} and {q:?} joined without a loop"));
                }
            }
        }
    }
    Ok(())
}

#[test]
fn five_thousand_random_configs_keep_every_rule() {
    let mut r = DungeonRng::new(0x4811_BE27);
    let along: Vec<Vec<u64>> = (0..=8).map(distances).collect();
    let (mut ok, mut refused, mut tried) = (0, 0, 0);
    let (mut sides, mut loops, mut shortcuts) = (0, 0, 0);
    while ok < 5000 {
        tried += 1;
        assert!(tried < 20_000, "too many configs refused");
        let (c, level) = random_config(&mut r);
        let seed = u64::from(r.next_u32()) << 32 | u64::from(r.next_u32());
        match hilbert::generate_layout(&c, seed, level) {
            Ok(l) => {
                if let Err(why) = check(&c, seed, level, &l, &along[l.order as usize]) {
                    panic!("{c:?} seed {seed} level {level}: {why}\n{}", l.grid);
                }
                let again = hilbert::generate(&c, seed, level).unwrap();
                assert_eq!(again.to_json(), l.grid.to_json(), "{c:?} seed {seed}");
                sides += l.side_rooms;
                loops += l.loops;
                let steps = l.grid.distance_from_start(l.grid.end());
                shortcuts += usize::from(steps + 1 < l.path.len() as i32);
                ok += 1;
            }
            Err(GenError::Config(e)) => {
                // Only a level whose path cannot fit may be refused.
                assert!(!c.grow_order, "{c:?} level {level}: {e}");
                assert!(e.field == "level" || e.field == "path_length", "{e}");
                refused += 1;
            }
            Err(e) => panic!("{c:?}: {e}"),
        }
    }
    assert!(
        refused > 0 && sides > 1000 && loops > 1000 && shortcuts > 100,
        "{refused} {sides} {loops} {shortcuts}"
    );
}

#[test]
fn bad_configs_are_errors_never_panics() {
    let mut r = DungeonRng::new(99);
    for _ in 0..3000 {
        let wild = |r: &mut DungeonRng| match r.below(4) {
            0 => i32::MIN,
            1 => i32::MAX,
            _ => r.range(-5, 70),
        };
        let wild_f = |r: &mut DungeonRng| match r.below(5) {
            0 => f64::NAN,
            1 => f64::INFINITY,
            2 => -1.0,
            _ => r.uniform(-0.5, 1.5),
        };
        let c = HilbertConfig {
            order: wild(&mut r),
            grow_order: r.chance(0.5),
            path_length: wild(&mut r),
            path_per_level: wild_f(&mut r) * 100.0,
            path_variance: wild(&mut r),
            side_room_chance: wild_f(&mut r),
            branch_length: wild(&mut r),
            loop_chance: wild_f(&mut r),
            allow_shortcuts: r.chance(0.5),
        };
        let level = wild(&mut r);
        match hilbert::generate(&c, 1, level) {
            Ok(g) => g.check().unwrap(),
            Err(GenError::Config(e)) => {
                let msg = e.to_string();
                assert!(msg.starts_with(&format!("invalid {} = ", e.field)), "{msg}");
                assert!(!e.allowed.is_empty());
            }
            Err(e) => panic!("{e}"),
        }
    }
}
