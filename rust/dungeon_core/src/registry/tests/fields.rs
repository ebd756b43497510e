//! Every config field of every generator has a setting: each test sets
//! all of a generator's settings to an odd value ([`odd_value`]) and reads
//! every field back, exhaustively (a new field breaks it until it gets a
//! setting).

use crate::bsp::BspConfig;
use crate::cave::{CaveConfig, CavePhase, Regions};
use crate::drunkard::{DrunkardConfig, OffGrid};
use crate::hilbert::HilbertConfig;
use crate::isaac::{GrowthRule, IsaacConfig};
use crate::maze::MazeConfig;
use crate::registry::Setting;
use crate::registry::bsp::bsp;
use crate::registry::cave::cave;
use crate::registry::dig::{tunneler, walker};
use crate::registry::hilbert::hilbert;
use crate::registry::maze::maze;
use crate::registry::room_grid::{drunkard, isaac};
use crate::room_grid::{EndRule, EndRules, RoomCount, RoomGridConfig, RoomRules};
use crate::tunneler::TunnelerConfig;
use crate::walker::{Directions, WalkerConfig};

/// A value for each setting that differs from every preset's.
fn odd_value(name: &str) -> &'static str {
    match name {
        "rule" => "branching",
        "start" => "origin",
        "end" => "farthest_dead_end",
        "off_grid" => "stay",
        "diagonal" | "grow_grid" | "grow_order" | "allow_shortcuts" => "true",
        "end_off_axis" => "false",
        "special_rooms" => "rebirth",
        "rooms_per_level" | "min_end_distance" | "path_per_level" => "4.5",
        "give_up_chance" | "max_fill" | "partition_range" | "room_size_min" | "room_size_max"
        | "side_room_chance" | "loop_chance" | "large_room_1x2" | "large_room_2x1"
        | "large_room_2x2" | "large_room_l" | "fill_probability" | "min_floor_fraction"
        | "floor_fraction" => "0.123",
        "phases" => "4:off:7,6:3:2",
        "regions" => "none",
        "directions" => "4",
        _ => "77",
    }
}

fn apply_all<C: Clone>(flags: &[Setting<C>], c: &mut C) {
    for f in flags {
        f.set(c, odd_value(f.name)).unwrap();
    }
}

/// Checks that every shared room-grid field took its odd value.
fn check_room_grid(c: RoomGridConfig, d: &RoomGridConfig) {
    // Exhaustive: a new field breaks this until it gets a setting.
    let RoomGridConfig {
        width,
        height,
        count: RoomCount {
            base,
            per_level,
            variance,
        },
        ends: EndRules {
            start,
            end,
            min_dead_ends,
        },
        max_fill,
        grow_grid,
        max_attempts,
    } = c;
    assert_eq!((width, height), (77, 77));
    assert_eq!((base, per_level, variance), (77, 4.5, 77));
    assert_ne!(start, d.ends.start);
    assert_eq!(min_dead_ends, 77);
    // `--end farthest_dead_end`, then the distance flags switch back.
    assert_eq!(
        end,
        EndRule::FarthestApart {
            min_distance: 4.5,
            off_axis: false
        }
    );
    assert_eq!((max_fill, grow_grid, max_attempts), (0.123, true, 77));
}

#[test]
fn every_isaac_field_has_a_flag() {
    let d = IsaacConfig::compact();
    let mut c = d.clone();
    apply_all(&isaac(), &mut c);
    c.rule = GrowthRule::Branching;
    let IsaacConfig {
        grid,
        origin,
        rule,
        give_up_chance,
        room_rules,
        large_rooms,
    } = c;
    assert_eq!(room_rules, Some(RoomRules::rebirth()));
    let chances = [large_rooms.tall, large_rooms.wide, large_rooms.square];
    assert_eq!((chances, large_rooms.l_shape), ([0.123; 3], 0.123));
    assert_eq!(origin, Some((77, 77)));
    assert_ne!(rule, d.rule);
    assert_eq!(give_up_chance, 0.123);
    check_room_grid(grid, &d.grid);
}

#[test]
fn every_drunkard_field_has_a_flag() {
    let d = DrunkardConfig::winding();
    let mut c = d.clone();
    apply_all(&drunkard(), &mut c);
    let DrunkardConfig {
        grid,
        diagonal,
        off_grid,
        max_steps,
    } = c;
    assert!(diagonal);
    assert_eq!((off_grid, max_steps), (OffGrid::Stay, 77));
    check_room_grid(grid, &d.grid);
}

#[test]
fn every_bsp_field_has_a_flag() {
    let mut c = BspConfig::default();
    apply_all(&bsp(), &mut c);
    let BspConfig {
        width,
        height,
        iterations,
        partition_range,
        min_partition_size,
        room_size_min,
        room_size_max,
        min_room_size,
        border,
    } = c;
    assert_eq!(
        (
            width,
            height,
            iterations,
            min_partition_size,
            min_room_size,
            border
        ),
        (77, 77, 77, 77, 77, 77)
    );
    assert_eq!(
        (partition_range, room_size_min, room_size_max),
        (0.123, 0.123, 0.123)
    );
}

#[test]
fn every_hilbert_field_has_a_flag() {
    let mut c = HilbertConfig {
        grow_order: false,
        ..HilbertConfig::default()
    };
    apply_all(&hilbert(), &mut c);
    let HilbertConfig {
        order,
        grow_order,
        path_length,
        path_per_level,
        path_variance,
        side_room_chance,
        branch_length,
        loop_chance,
        allow_shortcuts,
    } = c;
    assert!(grow_order && allow_shortcuts);
    assert_eq!(
        (order, path_length, path_variance, branch_length),
        (77, 77, 77, 77)
    );
    assert_eq!(
        (path_per_level, side_room_chance, loop_chance),
        (4.5, 0.123, 0.123)
    );
}

#[test]
fn every_maze_field_has_a_flag() {
    let mut c = MazeConfig::default();
    apply_all(&maze(), &mut c);
    let MazeConfig {
        width,
        height,
        room_attempts,
        room_min_size,
        room_max_size,
        windiness,
        extra_connector_chance,
        dead_end_removal,
    } = c;
    assert_eq!(
        (width, height, room_attempts, room_min_size, room_max_size),
        (77, 77, 77, 77, 77)
    );
    assert_eq!(
        (windiness, extra_connector_chance, dead_end_removal),
        (77.0, 77.0, 77.0)
    );
}

#[test]
fn every_cave_field_has_a_flag() {
    let mut c = CaveConfig::classic();
    apply_all(&cave(), &mut c);
    let CaveConfig {
        width,
        height,
        fill_probability,
        phases,
        regions,
        min_region_size,
        min_floor_fraction,
        max_attempts,
    } = c;
    assert_eq!(
        (width, height, min_region_size, max_attempts),
        (77, 77, 77, 77)
    );
    assert_eq!((fill_probability, min_floor_fraction), (0.123, 0.123));
    assert_eq!(phases, [CavePhase::new(4, -1, 7), CavePhase::new(6, 3, 2)]);
    assert_eq!(regions, Regions::None);
}

#[test]
fn every_tunneler_field_has_a_flag() {
    let mut c = TunnelerConfig::default();
    apply_all(&tunneler(), &mut c);
    let TunnelerConfig {
        width,
        height,
        max_tunnels,
        min_tunnel_length,
        max_tunnel_length,
    } = c;
    assert_eq!(
        (
            width,
            height,
            max_tunnels,
            min_tunnel_length,
            max_tunnel_length
        ),
        (77, 77, 77, 77, 77)
    );
}

#[test]
fn every_walker_field_has_a_flag() {
    let mut c = WalkerConfig::default();
    apply_all(&walker(), &mut c);
    let WalkerConfig {
        width,
        height,
        directions,
        floor_fraction,
        walkers,
        lifetime,
        max_steps_per_tile,
    } = c;
    assert_eq!(
        (width, height, walkers, lifetime, max_steps_per_tile),
        (77, 77, 77, 77, 77)
    );
    assert_eq!((directions, floor_fraction), (Directions::Four, 0.123));
    let d = walker()
        .into_iter()
        .find(|f| f.name == "directions")
        .unwrap();
    assert_eq!(
        d.set(&mut c, "6").unwrap_err(),
        r#"expected 4 or 8, got "6""#
    );
    assert_eq!(d.show(&WalkerConfig::open_cave()), "8");
}
