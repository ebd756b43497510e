//! Conversions between core data and Godot containers. The only module that
//! builds `Array`, `Packed*Array` and `Gd` values from core data.

use dungeon_core::{ConfigError, GenError, Pos, Rect};
use godot::prelude::*;

use crate::dungeon_grid::DungeonGrid;

/// A core position as a `Vector2i`.
pub fn vec2i(p: Pos) -> Vector2i {
    Vector2i::new(p.0, p.1)
}

/// A `Vector2i` as a core position.
pub fn pos(v: Vector2i) -> Pos {
    (v.x, v.y)
}

/// A typed Godot array of `items`.
///
/// Built from a slice: gdext then sizes the Godot array once and writes the
/// elements in place, where collecting an iterator into an `Array` pushes
/// them one FFI call at a time (several times slower on big lists).
pub fn array_of<T: godot::meta::Element>(items: impl IntoIterator<Item = T>) -> Array<T> {
    let items: Vec<T> = items.into_iter().collect();
    Array::from(items.as_slice())
}

/// A list of positions as `Array[Vector2i]`.
pub fn cell_array(cells: &[Pos]) -> Array<Vector2i> {
    array_of(cells.iter().map(|&p| vec2i(p)))
}

/// A core rectangle as a `Rect2i`.
pub fn rect2i(r: &Rect) -> Rect2i {
    Rect2i::new(Vector2i::new(r.x, r.y), Vector2i::new(r.w, r.h))
}

/// A `(min, max)` pair as a `Vector2i`.
pub fn range2i(r: (i32, i32)) -> Vector2i {
    Vector2i::new(r.0, r.1)
}

/// A Godot `int` as the core's `i32`, saturating: an out-of-range value
/// still fails validation with a message naming its field.
pub fn sat(v: i64) -> i32 {
    v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}

/// Reads an Inspector enum value: its index into `options`, or a
/// `ConfigError` naming the field and the allowed values.
pub fn enum_field(field: &'static str, value: i64, options: &[&str]) -> Result<usize, ConfigError> {
    usize::try_from(value)
        .ok()
        .filter(|&i| i < options.len())
        .ok_or_else(|| {
            let allowed: Vec<String> = options
                .iter()
                .enumerate()
                .map(|(i, o)| format!("{i} ({o})"))
                .collect();
            ConfigError::new(field, value, allowed.join(", "))
        })
}

/// Godot seeds are `int` (i64); the core takes the same 64 bits as `u64`.
pub fn seed_bits(seed: i64) -> u64 {
    seed as u64
}

/// Gives a generator class `fn finish(&mut self, result)`: the grid on
/// success; on failure `push_error`, `last_error` and the `generation_failed`
/// signal (see [`deliver`]), then `None` — Godot's `null`.
macro_rules! impl_finish {
    ($class:ty) => {
        impl $class {
            fn finish(
                &mut self,
                result: Result<dungeon_core::DungeonGrid, dungeon_core::GenError>,
            ) -> Option<Gd<DungeonGrid>> {
                match $crate::convert::deliver(result, &mut self.last_error) {
                    Ok(grid) => Some(grid),
                    Err(msg) => {
                        self.signals().generation_failed().emit(&msg);
                        None
                    }
                }
            }
        }
    };
}
pub(crate) use impl_finish;

/// Turns a generator result into what a `#[func]` returns: the wrapped grid,
/// or the error message after logging it with `push_error` and storing it in
/// `last_error`. A success clears `last_error`.
pub fn deliver(
    result: Result<dungeon_core::DungeonGrid, GenError>,
    last_error: &mut GString,
) -> Result<Gd<DungeonGrid>, GString> {
    match result {
        Ok(grid) => {
            *last_error = GString::new();
            Ok(DungeonGrid::wrap(grid))
        }
        Err(e) => {
            let msg = GString::from(&e.to_string());
            godot_error!("{}", e);
            *last_error = msg.clone();
            Err(msg)
        }
    }
}
