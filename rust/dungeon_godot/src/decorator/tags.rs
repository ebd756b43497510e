//! Room tags from a `generate_with_graph` result: each placement's
//! template tags on the grid rooms it made.

use godot::prelude::*;

/// Entry `r`: the tags of grid room `r`, comma-separated, from the
/// `"placements"` of `graph`: each placement's `"resource"` (a
/// `RoomTemplate`, or null for a generated corridor piece) and its
/// `"rooms"` (a `Vector2i(first, end)` range on template levels, a
/// `PackedInt32Array` of room numbers on level-graph levels).
pub(super) fn room_tags(graph: &VarDictionary) -> PackedStringArray {
    let mut by_room: Vec<GString> = Vec::new();
    // The generators give a typed Array[Dictionary]; a hand-made one may
    // be untyped.
    let placements: Vec<VarDictionary> = match graph.get("placements") {
        Some(v) => v
            .try_to::<Array<VarDictionary>>()
            .map(|a| a.iter_shared().collect())
            .or_else(|_| {
                v.try_to::<VarArray>().map(|a| {
                    a.iter_shared()
                        .filter_map(|d| d.try_to::<VarDictionary>().ok())
                        .collect()
                })
            })
            .unwrap_or_default(),
        None => return PackedStringArray::new(),
    };
    for p in placements {
        let tags = p
            .get("resource")
            .and_then(|r| r.try_to::<Gd<Resource>>().ok())
            .map(|r| r.get("tags"))
            .and_then(|t| t.try_to::<PackedStringArray>().ok())
            .map(|t| {
                GString::from(
                    &t.to_vec()
                        .iter()
                        .map(GString::to_string)
                        .collect::<Vec<_>>()
                        .join(","),
                )
            })
            .unwrap_or_default();
        let rooms: Vec<i64> = match p.get("rooms") {
            Some(v) if v.get_type() == VariantType::VECTOR2I => {
                let r = v.to::<Vector2i>();
                (i64::from(r.x)..i64::from(r.y)).collect()
            }
            Some(v) => v
                .try_to::<PackedInt32Array>()
                .map(|a| a.as_slice().iter().map(|&x| i64::from(x)).collect())
                .unwrap_or_default(),
            None => Vec::new(),
        };
        // Room numbers come from our own generators; a bound keeps a
        // hand-made dictionary from asking for a huge list.
        for r in rooms {
            let Ok(r) = usize::try_from(r) else { continue };
            if r >= 1 << 20 {
                continue;
            }
            if by_room.len() <= r {
                by_room.resize(r + 1, GString::new());
            }
            by_room[r] = tags.clone();
        }
    }
    by_room.into_iter().collect()
}
