//! The planned graph, read in the third pass ([`Graph`]): only the
//! generators that plan one may write it, and each of its lists is bounded
//! by the number of rooms.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, Visitor};

use super::ctx::{Ctx, short};
use super::values::{self, AsSeq, Bounded, Key, once, room, unknown};
use crate::grid::{DungeonGrid, PlannedGraph};
use crate::json::number::{Fixed, Whole};

/// The planned graph: only TinyKeep (Delaunay, tree and extra edges) and
/// Hilbert (the main path) plan one; each list is bounded by the rooms.
pub(super) struct Graph<'a> {
    pub(super) ctx: &'a Ctx,
    pub(super) g: &'a DungeonGrid,
    pub(super) generator: &'a str,
}

const GRAPH_FIELDS: &[&str] = &["delaunay", "mst", "extra", "main_path"];

impl<'de> DeserializeSeed<'de> for Graph<'_> {
    type Value = Option<PlannedGraph>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_option(self)
    }
}

impl<'de> Visitor<'de> for Graph<'_> {
    type Value = Option<PlannedGraph>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("struct GraphIn")
    }
    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        if !matches!(self.generator, "tinykeep" | "hilbert" | "graph") {
            return Err(self.ctx.fail(format!(
                "graph: the {:?} generator plans no graph (only tinykeep, hilbert and graph write one)",
                short(self.generator)
            )));
        }
        d.deserialize_map(self)
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let ctx = self.ctx;
        let rooms = self.g.room_records().len();
        let generator = self.generator;
        let hilbert = generator == "hilbert";
        let mut seen = [false; 4];
        let mut plan = PlannedGraph::default();
        while let Some(k) = map.next_key_seed(Key(GRAPH_FIELDS))? {
            let i = k.map_err(|name| unknown::<A::Error>(&name, GRAPH_FIELDS))?;
            once(&mut seen, i, GRAPH_FIELDS)?;
            let name = GRAPH_FIELDS[i];
            // TinyKeep plans no main path, Hilbert only one, the level
            // graph layout no Delaunay triangulation.
            let planned = match generator {
                "tinykeep" => i != 3,
                "hilbert" => i == 3,
                _ => i != 0,
            };
            if !planned {
                return Err(ctx.fail(match generator {
                    "tinykeep" => {
                        "graph.main_path: the tinykeep generator plans no main path".to_owned()
                    }
                    "hilbert" => {
                        format!("graph.{name}: the hilbert generator plans only a main path")
                    }
                    _ => format!("graph.{name}: the {generator} generator plans no triangulation"),
                }));
            }
            // A planar triangulation has fewer than 3 edges a room; a tree
            // one fewer than its rooms; loops are Delaunay edges.
            let max = match i {
                1 => rooms.saturating_sub(1),
                3 => rooms,
                _ => 3 * rooms,
            };
            let unit = match i {
                1 => format!("edges, the most a tree of {rooms} rooms has"),
                3 => "rooms, as many as the grid has".to_owned(),
                _ => format!("edges, the most a triangulation of {rooms} rooms has"),
            };
            let what = [
                "graph.delaunay",
                "graph.mst",
                "graph.extra",
                "graph.main_path",
            ][i];
            if i == 3 {
                plan.main_path = map.next_value_seed(AsSeq(Bounded {
                    ctx,
                    of: PhantomData,
                    max,
                    what,
                    unit,
                    read: |r: Whole<u64>, place| {
                        let r = room(r.0);
                        // Hilbert numbers the path's rooms first, in order.
                        if !hilbert && r < rooms {
                            Ok(r)
                        } else if !hilbert {
                            Err(format!(
                                "graph.main_path: room {r} at place {place}: the grid has \
                                 {rooms} rooms"
                            ))
                        } else if r == place {
                            Ok(r)
                        } else {
                            Err(format!(
                                "graph.main_path: room {r} at place {place}: the hilbert \
                                 generator numbers the main path's rooms first, in path \
                                 order (0, 1, 2, …)"
                            ))
                        }
                    },
                }))?;
                continue;
            }
            let list = map.next_value_seed(AsSeq(Bounded {
                ctx,
                of: PhantomData,
                max,
                what,
                unit,
                read: |pair: Fixed<u64, 2>, _| {
                    let (a, b) = values::rooms(pair);
                    if a < b && b < rooms {
                        Ok((a, b))
                    } else {
                        Err(format!(
                            "{what}: edge [{a}, {b}] must join two rooms, smaller first, below {rooms}"
                        ))
                    }
                },
            }))?;
            match i {
                0 => plan.delaunay = list,
                1 => plan.tree = list,
                _ => plan.extra = list,
            }
        }
        // Each edge is carved once: in the tree or as a loop.
        let mut carved: Vec<(usize, usize)> =
            plan.tree.iter().chain(&plan.extra).copied().collect();
        carved.sort_unstable();
        if let Some(w) = carved.windows(2).find(|w| w[0] == w[1]) {
            let name = if plan.tree.iter().filter(|&&e| e == w[0]).count() > 1 {
                "mst"
            } else if plan.extra.iter().filter(|&&e| e == w[0]).count() > 1 {
                "extra"
            } else {
                "mst and graph.extra"
            };
            return Err(ctx.fail(format!(
                "graph.{name}: edge [{}, {}] is carved twice",
                w[0].0, w[0].1
            )));
        }
        Ok(Some(plan))
    }
}
