//! `ElementaryAutomaton`: rule-N rows and room decoration masks.

use dungeon_core::elementary::{self, ElementaryConfig, StartRow};
use godot::prelude::*;

use crate::convert::{rect2i, seed_bits, vec2i};
use crate::dungeon_grid::DungeonGrid;

/// Elementary (rule 0–255) cellular automata, for decorating room floors.
///
/// A row of cells, each on or off, changes one generation at a time: a
/// cell's next state is bit `4·left + 2·self + right` of the rule number.
/// Rule 30 makes chaotic triangles, rule 90 Sierpinski triangles, rule 110
/// a pattern that grows to the left. The row wraps around its ends.
///
/// [method decoration_cells] picks which floor tiles of a room get a
/// decoration variant: row `y` of the room is generation `y` of the rule.
#[derive(GodotClass)]
#[class(init, base = RefCounted)]
pub struct ElementaryAutomaton {
    base: Base<RefCounted>,
}

#[godot_api]
impl ElementaryAutomaton {
    /// `generations` rows (the start row first) of `width` cells, each
    /// byte `1` (on) or `0`. The start row is one cell in the middle when
    /// `fill` is `0`, else each cell is on with chance `fill`, drawn from
    /// `seed`. `wrap` joins the row's ends. Empty, with an error naming the
    /// setting, for a rule outside 0–255, a width or generations outside
    /// 1–4096, or a fill outside 0–1.
    #[func]
    fn rows(
        rule: i32,
        width: i32,
        generations: i32,
        fill: f64,
        seed: i64,
        wrap: bool,
    ) -> Array<PackedByteArray> {
        let config = ElementaryConfig {
            rule,
            width,
            generations,
            start: if fill > 0.0 {
                StartRow::Random { fill }
            } else {
                StartRow::SingleCell
            },
            wrap,
        };
        if fill < 0.0 || fill.is_nan() {
            godot_error!("invalid fill = {fill}: allowed 0..=1");
            return Array::new();
        }
        match elementary::run(&config, seed_bits(seed)) {
            Ok(rows) => {
                let rows: Vec<PackedByteArray> = rows
                    .iter()
                    .map(|r| r.iter().map(|&b| u8::from(b)).collect())
                    .collect();
                Array::from(rows.as_slice())
            }
            Err(e) => {
                godot_error!("{}", e);
                Array::new()
            }
        }
    }

    /// The floor tiles of room `room_index` of `grid` that get a decoration
    /// variant, in grid cells: row `y` of the room's rectangle is generation
    /// `y` of `rule`, run as wide as the room (start row as in [method rows],
    /// wrapping). Empty, with an error, for a bad room or rule.
    #[func]
    fn decoration_cells(
        grid: Option<Gd<DungeonGrid>>,
        room_index: i32,
        rule: i32,
        fill: f64,
        seed: i64,
    ) -> Array<Vector2i> {
        let Some(grid) = grid else {
            godot_error!("ElementaryAutomaton.decoration_cells: grid is null");
            return Array::new();
        };
        let grid = grid.bind();
        let Some(room) = usize::try_from(room_index)
            .ok()
            .and_then(|r| grid.core().room_records().get(r))
        else {
            godot_error!("ElementaryAutomaton.decoration_cells: no room {room_index}");
            return Array::new();
        };
        let rect = room.rect;
        match elementary::decoration_mask(rect, rule, fill, seed_bits(seed)) {
            Ok(mask) => {
                let cells: Vec<Vector2i> = rect
                    .cells()
                    .zip(mask)
                    .filter(|(_, on)| *on)
                    .map(|(p, _)| vec2i(p))
                    .collect();
                Array::from(cells.as_slice())
            }
            Err(e) => {
                godot_error!("{} (room {room_index}, {:?})", e, rect2i(&rect));
                Array::new()
            }
        }
    }
}
