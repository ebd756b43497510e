//! Grids saved as version-1 JSON (before room records and connections) still
//! load. `golden/v1_grids.tsv` is frozen: the vectors as version 1 wrote them.

use dungeon_core::{DungeonGrid, GridKind};

#[test]
fn version_1_grids_load_and_upgrade() {
    let text = include_str!("golden/v1_grids.tsv");
    let mut loaded = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let json = line.split('\t').nth(4).expect("five columns");
        let g = DungeonGrid::from_json(json).unwrap_or_else(|e| panic!("{e}: {line}"));
        let want_kind = if line.starts_with("bsp") {
            GridKind::TileMap
        } else {
            GridKind::RoomGrid
        };
        assert_eq!(g.kind(), want_kind);
        // Version 2 carries the same grid, plus records and connections.
        let again = DungeonGrid::from_json(&g.to_json()).expect("v2 of a v1 grid loads");
        assert_eq!(again, g);
        assert_eq!(again.room_records(), g.room_records());
        assert!(!g.connections().is_empty());
        loaded += 1;
    }
    assert_eq!(loaded, 26);
}

/// A walk from a tile opening into room `a` to one opening into room `c`
/// through tiles outside the rooms (what earlier builds listed for every
/// pair of rooms one corridor network touched), if there is one.
fn corridor_walk(g: &DungeonGrid, a: usize, c: usize) -> Option<Vec<(i32, i32)>> {
    use dungeon_core::DIRS;
    let opens = |p: (i32, i32), room: usize| {
        DIRS.iter().any(|&(dx, dy, bit, _)| {
            g.door_mask(p) & bit != 0 && g.room_at((p.0 + dx, p.1 + dy)) == Some(room)
        })
    };
    let outside = |p: (i32, i32)| g.cell(p).is_walkable() && g.room_at(p).is_none();
    let mut parent = std::collections::BTreeMap::new();
    let mut queue = std::collections::VecDeque::new();
    for y in 0..g.height() {
        for x in 0..g.width() {
            if outside((x, y)) && opens((x, y), a) {
                parent.insert((x, y), None);
                queue.push_back((x, y));
            }
        }
    }
    while let Some(p) = queue.pop_front() {
        if opens(p, c) {
            let mut run = vec![p];
            let mut at = p;
            while let Some(Some(q)) = parent.get(&at) {
                run.push(*q);
                at = *q;
            }
            run.reverse();
            return Some(run);
        }
        for (dx, dy, bit, _) in DIRS {
            let q = (p.0 + dx, p.1 + dy);
            if g.door_mask(p) & bit != 0 && outside(q) && !parent.contains_key(&q) {
                parent.insert(q, Some(p));
                queue.push_back(q);
            }
        }
    }
    None
}

#[test]
fn tile_maps_saved_with_every_corridor_pair_load() {
    use dungeon_core::maze::{self, MazeConfig};
    let g = maze::generate(&MazeConfig::classic(), 3, 1).unwrap();
    let n = g.room_records().len();
    // A pair the territories do not join but one corridor network does.
    let (a, c, run) = (0..n)
        .flat_map(|a| (a + 1..n).map(move |c| (a, c)))
        .filter(|&(a, c)| !g.room_neighbors(a).contains(&c))
        .find_map(|(a, c)| corridor_walk(&g, a, c).map(|r| (a, c, r)))
        .expect("a maze joins rooms that are not neighbours");
    let mut v: serde_json::Value = serde_json::from_str(&g.to_json()).unwrap();
    let list = v["connections"].as_array_mut().unwrap();
    let old = serde_json::json!({"rooms": [a, c], "tiles": run.iter().map(|p| [p.0, p.1]).collect::<Vec<_>>()});
    list.push(old);
    let back = DungeonGrid::from_json(&v.to_string()).expect("an old file loads");
    assert_eq!(back, g);
    assert_eq!(
        back.connections(),
        g.connections(),
        "the current graph replaces the list"
    );
    // A listed run that steps through a wall is still refused.
    let list = v["connections"].as_array_mut().unwrap();
    let last = list.last_mut().unwrap();
    last["tiles"].as_array_mut().unwrap().remove(1);
    let e = DungeonGrid::from_json(&v.to_string()).unwrap_err().0;
    assert!(e.contains("connections do not match"), "{e}");
}
