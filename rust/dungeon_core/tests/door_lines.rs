//! Level graphs laid out from templates with door lines: every level
//! passes the shared checks (each door on its template's line, turned as
//! the room is; every connection realised, nothing else; no overlap), the
//! same seed gives the same level, fixed-slot levels are unchanged (the
//! golden files pin them), and corridor pieces refuse door lines.

#[path = "support/graph_check.rs"]
mod graph_check;

use dungeon_core::GeneratorConfig;
use dungeon_core::graph_layout::{self, GraphConfig};
use dungeon_core::template::{DoorSlot, Side};
use graph_check::{check_level, check_realised};

fn lined() -> GraphConfig {
    GraphConfig {
        templates: GraphConfig::demo_line_templates(),
        ..GraphConfig::demo()
    }
}

#[test]
fn the_demo_graph_lays_out_on_door_lines() {
    let c = lined();
    assert!(c.templates.iter().all(|t| t.has_door_lines()));
    let mut off_centre = 0;
    for seed in 0..60 {
        let l = graph_layout::layout(&c, seed, 1).unwrap();
        check_level(&c, &l);
        check_realised(&c.graph, &l);
        assert_eq!(graph_layout::layout(&c, seed, 1).unwrap(), l);
        // Doors sit along the lines, not only in their middles.
        off_centre += l
            .placements
            .iter()
            .flat_map(|p| &p.doors)
            .filter(|d| d.join.is_some())
            .count();
    }
    assert!(off_centre > 0);
}

#[test]
fn corridors_join_rooms_on_door_lines() {
    let c = GraphConfig {
        corridors: true,
        ..lined()
    };
    for seed in 0..20 {
        let l = graph_layout::layout(&c, seed, 1).unwrap();
        check_level(&c, &l);
        check_realised(&c.graph, &l);
    }
}

#[test]
fn a_sealed_line_is_one_door_as_long_as_the_line() {
    let c = lined();
    let l = graph_layout::layout(&c, 3, 1).unwrap();
    let sealed: Vec<_> = l
        .sealed
        .iter()
        .map(|r| l.placements[r.placement].doors[r.door])
        .collect();
    assert!(!sealed.is_empty());
    for d in sealed {
        assert!(d.join.is_none() && d.length > d.width, "{d:?}");
    }
}

#[test]
fn corridor_pieces_take_fixed_slots_only() {
    let mut piece = dungeon_core::template::RoomTemplate::new(
        "bend",
        5,
        5,
        vec![
            DoorSlot::new(Side::North, 2, 1),
            DoorSlot::line(Side::East, 1, 1, 3),
        ],
    );
    piece.tags = vec!["corridor".into()];
    let c = GraphConfig {
        corridors: true,
        corridor_templates: vec![piece],
        ..lined()
    };
    let e = c.validate_for(1).unwrap_err().to_string();
    assert!(
        e.contains("corridor_templates")
            && e.contains("a door line")
            && e.contains("fixed door slots"),
        "{e}"
    );
}
