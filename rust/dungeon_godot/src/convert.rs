//! Conversions between core data and Godot values. It imports no Godot
//! class of ours, so every class module may use it.

use dungeon_core::{Pos, Rect};
use godot::prelude::*;

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

/// Godot seeds are `int` (i64); the core takes the same 64 bits as `u64`.
pub fn seed_bits(seed: i64) -> u64 {
    seed as u64
}
