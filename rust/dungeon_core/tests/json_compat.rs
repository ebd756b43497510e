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
