//! TinyKeep's registry entry: its presets and one setting per
//! `TinyKeepConfig` field.

use super::Kind::{Bool, Int, Num, Other};
use super::setting::{choice, name_of, put};
use super::{Generator, Range, Setting};
use crate::tinykeep::{HallwayStyle, ScatterShape, Separation, SizeDistribution, TinyKeepConfig};
use crate::tinykeep::{
    MAX_BORDER, MAX_CELL_SIDE, MAX_CELLS, MAX_HALLWAY_WIDTH, MAX_RADIUS, MAX_SEPARATION_STEPS,
};

/// TinyKeep.
pub const TINYKEEP: Generator<TinyKeepConfig> = Generator {
    name: "tinykeep",
    class: "TinyKeepGenerator",
    summary: "scattered cells, the big ones become rooms, joined along a Delaunay graph's spanning tree",
    example: "tinykeep --preset small --hallway-style astar --seed 3",
    settings: tinykeep,
    rooms: true,
};

const SHAPES: [(&str, ScatterShape); 2] = [
    ("circle", ScatterShape::Circle),
    ("ellipse", ScatterShape::Ellipse),
];
const SIZES: [(&str, SizeDistribution); 2] = [
    ("uniform", SizeDistribution::Uniform),
    ("normal", SizeDistribution::Normal),
];
const SEPARATIONS: [(&str, Separation); 2] = [
    ("square", Separation::Square),
    ("circle", Separation::Circle),
];
const HALLWAYS: [(&str, HallwayStyle); 2] = [
    ("l_shaped", HallwayStyle::LShaped),
    ("astar", HallwayStyle::AStar),
];

/// TinyKeep's settings, in the order they are applied.
#[must_use]
pub fn tinykeep() -> Vec<Setting<TinyKeepConfig>> {
    type F = Setting<TinyKeepConfig>;
    vec![
        F::new("cell_count", "cells scattered", Int(|c| &mut c.cell_count))
            .range(Range::int(2, MAX_CELLS)),
        F::new(
            "shape",
            "where cell centres are drawn",
            Other(
                "circle|ellipse",
                |c, v| put(&mut c.shape, choice(v, &SHAPES)),
                |c| name_of(&SHAPES, c.shape),
            ),
        ),
        F::new(
            "radius",
            "scatter radius (ellipse: half-width) in tiles",
            Int(|c| &mut c.radius),
        )
        .range(Range::int(1, MAX_RADIUS)),
        F::new(
            "radius_y",
            "ellipse half-height in tiles",
            Int(|c| &mut c.radius_y),
        )
        .range(Range::int(1, MAX_RADIUS)),
        F::new(
            "size_distribution",
            "how cell sides are drawn",
            Other(
                "uniform|normal",
                |c, v| put(&mut c.size_distribution, choice(v, &SIZES)),
                |c| name_of(&SIZES, c.size_distribution),
            ),
        ),
        F::new(
            "cell_min_size",
            "smallest cell side in tiles",
            Int(|c| &mut c.cell_min_size),
        )
        .range(Range::int(1, MAX_CELL_SIDE)),
        F::new(
            "cell_max_size",
            "largest cell side in tiles, at least cell-min-size",
            Int(|c| &mut c.cell_max_size),
        )
        .range(Range::int(1, MAX_CELL_SIDE)),
        F::new(
            "separation",
            "how overlapping cells are pushed apart",
            Other(
                "square|circle",
                |c, v| put(&mut c.separation, choice(v, &SEPARATIONS)),
                |c| name_of(&SEPARATIONS, c.separation),
            ),
        ),
        F::new(
            "separation_steps",
            "most separation passes; cells still overlapping are dropped",
            Int(|c| &mut c.separation_steps),
        )
        .range(Range::int(1, MAX_SEPARATION_STEPS)),
        F::new(
            "min_room_width",
            "a cell at least this wide ...",
            Int(|c| &mut c.min_room_width),
        )
        .range(Range::int(1, MAX_CELL_SIDE)),
        F::new(
            "min_room_height",
            "... and this tall becomes a room ...",
            Int(|c| &mut c.min_room_height),
        )
        .range(Range::int(1, MAX_CELL_SIDE)),
        F::new(
            "min_room_area",
            "... if it covers this many tiles (0: no area rule)",
            Int(|c| &mut c.min_room_area),
        )
        .range(Range::int(0, MAX_CELL_SIDE * MAX_CELL_SIDE)),
        F::new(
            "extra_edge_chance",
            "chance each non-tree Delaunay edge is carved too",
            Num(|c| &mut c.extra_edge_chance),
        )
        .range(Range::UNIT),
        F::new(
            "hallway_style",
            "how hallways are carved",
            Other(
                "l_shaped|astar",
                |c, v| put(&mut c.hallway_style, choice(v, &HALLWAYS)),
                |c| name_of(&HALLWAYS, c.hallway_style),
            ),
        ),
        F::new(
            "hallway_width",
            "hallway width in tiles, at most the room minimums",
            Int(|c| &mut c.hallway_width),
        )
        .range(Range::int(1, MAX_HALLWAY_WIDTH)),
        F::new(
            "allow_crossings",
            "let hallways cross and touch",
            Bool(|c| &mut c.allow_crossings),
        ),
        F::new(
            "border",
            "empty tiles around the map",
            Int(|c| &mut c.border),
        )
        .range(Range::int(1, MAX_BORDER)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tinykeep_field_has_a_flag() {
        let mut c = TinyKeepConfig::default();
        for f in tinykeep() {
            let v = match f.name {
                "shape" => "ellipse",
                "size_distribution" => "uniform",
                "separation" => "square",
                "hallway_style" => "astar",
                "allow_crossings" => "true",
                "extra_edge_chance" => "0.123",
                _ => "77",
            };
            f.set(&mut c, v).unwrap();
        }
        let TinyKeepConfig {
            cell_count,
            shape,
            radius,
            radius_y,
            size_distribution,
            cell_min_size,
            cell_max_size,
            separation,
            separation_steps,
            min_room_width,
            min_room_height,
            min_room_area,
            extra_edge_chance,
            hallway_style,
            hallway_width,
            allow_crossings,
            border,
        } = c;
        let ints = [
            cell_count,
            radius,
            radius_y,
            cell_min_size,
            cell_max_size,
            separation_steps,
            min_room_width,
            min_room_height,
            min_room_area,
            hallway_width,
            border,
        ];
        assert!(ints.iter().all(|&v| v == 77), "{ints:?}");
        assert_eq!(
            (shape, size_distribution, separation, hallway_style),
            (
                ScatterShape::Ellipse,
                SizeDistribution::Uniform,
                Separation::Square,
                HallwayStyle::AStar
            )
        );
        assert!(allow_crossings && extra_edge_chance == 0.123);
        assert!(choice("l-shaped", &HALLWAYS).is_ok());
    }
}
