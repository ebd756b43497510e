//! Set dressing: where props can go. [`markers`] reads any finished grid
//! and names its places: floor cells by kind, floor against a wall by the
//! wall's side, inner and outer corners, both sides of each doorway, room
//! centres, the band along a room's walls and dead ends. [`decorate`]
//! places props on them by rules, keeping the level playable (see its
//! module docs for exactly what is guaranteed).
//!
//! Both are fast paths (`examples/decor_bench.rs` times them on 1024²
//! maps); [`plain`] keeps their plain versions, the test oracle they match
//! byte for byte.
//!
//! Everything is defined on the cell lattice with the grid's door masks:
//! a side of a walkable cell is **open** when the neighbour there is
//! walkable and the cell's mask opens that side (masks are symmetric), and
//! **closed** otherwise: a blocked neighbour, the map's edge, or a thin
//! wall between two walkable cells whose masks keep them apart. On room
//! grids each cell is a room, so a closed side is a room's wall.

mod bits;
mod gaps;
mod markers;
mod place;
pub mod plain;

pub use markers::{Marker, MarkerKind, MarkerMap, markers};
pub use place::{DecorRule, Prop, RoomFilter, decorate, decorate_tagged};
