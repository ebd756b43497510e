//! The third pass (version 2, once the grid is built and checked):
//! [`read_tail`] compares the listed connections, one by one and tile by
//! tile, with the grid's own, keeping nothing of them but the room pairs a
//! file in the older format lists beyond the grid's own graph, and hands
//! the planned graph to [`super::graph`] and the locks to
//! [`super::locks`].

use std::fmt;

use serde::de::{self, IgnoredAny, MapAccess, SeqAccess, Visitor};

use super::ctx::{Ctx, run};
use super::graph::Graph;
use super::locks::Locks;
use super::values::{self, AsMap, AsSeq, Key, once, unknown, xy};
use crate::grid::{Connection, DIRS, DungeonGrid, GridKind, Lock, ParseError, PlannedGraph, Pos};
use crate::json::number::Fixed;

/// What the third pass returns: the planned graph, if there is one, and
/// the locks as listed (checked by [`DungeonGrid::check_locks`] next).
pub(in crate::json) type TailOut = (Option<PlannedGraph>, Vec<Lock>);

/// Version 2's `connections`, `graph` and `locks`, read against the built
/// grid `g`: the connections must be the grid's own (on tile maps, or the
/// older listing of walks, see [`Listed`]), the graph one the grid's
/// generator plans, the locks well-formed ([`Locks`]).
pub(in crate::json) fn read_tail(
    text: &str,
    g: &DungeonGrid,
    generator: &str,
) -> Result<TailOut, ParseError> {
    let ctx = Ctx::default();
    run(
        &ctx,
        text,
        AsMap(Tail {
            ctx: &ctx,
            g,
            generator,
        }),
    )
}

struct Tail<'a> {
    ctx: &'a Ctx,
    g: &'a DungeonGrid,
    generator: &'a str,
}

const TAIL_KEYS: &[&str] = &["connections", "graph", "locks"];

impl<'de> Visitor<'de> for Tail<'_> {
    type Value = TailOut;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("struct V2")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut plan = None;
        let mut locks = Vec::new();
        while let Some(k) = map.next_key_seed(Key(TAIL_KEYS))? {
            match k {
                Ok(0) => map.next_value_seed(AsSeq(Connections {
                    ctx: self.ctx,
                    g: self.g,
                }))?,
                Ok(2) => {
                    locks = map.next_value_seed(AsSeq(Locks {
                        ctx: self.ctx,
                        g: self.g,
                    }))?;
                }
                Ok(_) => {
                    plan = map.next_value_seed(Graph {
                        ctx: self.ctx,
                        g: self.g,
                        generator: self.generator,
                    })?;
                }
                Err(_) => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok((plan, locks))
    }
}

/// The listed connections, compared with the grid's as they are read.
struct Connections<'a> {
    ctx: &'a Ctx,
    g: &'a DungeonGrid,
}

impl<'de> Visitor<'de> for Connections<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a sequence")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let g = self.g;
        let own = g.connections();
        let tile_map = g.kind == GridKind::TileMap;
        // The list is the grid's own so far.
        let mut equal = true;
        // The list is, so far, the older listing of walks (tile maps only):
        // each listed pair a walk, no pair twice, every pair of the grid's
        // own graph among them (checked at the end).
        let mut walks = tile_map;
        let mut own_listed = vec![false; if tile_map { own.len() } else { 0 }];
        let mut others: Vec<(usize, usize)> = Vec::new();
        let mut count = 0usize;
        while equal || walks {
            let Some(c) = seq.next_element_seed(AsMap(Listed { g, index: count }))? else {
                break;
            };
            count += 1;
            equal &= c.equal;
            walks &= c.walk;
            if walks {
                match own.binary_search_by_key(&c.rooms, |o| o.rooms) {
                    Ok(k) => walks &= !std::mem::replace(&mut own_listed[k], true),
                    Err(_) => others.push(c.rooms),
                }
            }
        }
        // Past the first mismatch only the length matters (for the message).
        while seq.next_element::<IgnoredAny>()?.is_some() {
            count += 1;
        }
        equal &= count == own.len();
        if walks && !equal {
            others.sort_unstable();
            walks = own_listed.iter().all(|&l| l) && others.windows(2).all(|w| w[0] != w[1]);
        }
        if equal || walks {
            Ok(())
        } else {
            Err(self.ctx.fail(format!(
                "connections do not match the rooms and doors: the grid joins {} room pairs, \
                 the text lists {} (or other tiles)",
                own.len(),
                count
            )))
        }
    }
}

/// What one listed connection is, found as it is read.
struct ListedConnection {
    rooms: (usize, usize),
    /// Equal to the grid's connection at the same place in the list.
    equal: bool,
    /// A walk between its two rooms: a door from one straight into the
    /// other (no tiles), or a run of tiles outside the rooms, each stepping
    /// to the next through an open side, from a tile opening into the first
    /// room to one opening into the second. Tile maps saved before the room
    /// graph was defined by corridor territories (`grid::connections`) list
    /// such walks between every two rooms one corridor network touches;
    /// they load (each pair once, every pair of the grid's own graph among
    /// them), and the grid's own graph replaces them.
    walk: bool,
}

/// Connection number `index` of the list.
struct Listed<'a> {
    g: &'a DungeonGrid,
    index: usize,
}

const CONNECTION_FIELDS: &[&str] = &["rooms", "tiles"];

impl<'de> Visitor<'de> for Listed<'_> {
    type Value = ListedConnection;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("struct ConnectionIn")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<ListedConnection, A::Error> {
        let g = self.g;
        let own = g.connections().get(self.index);
        let mut seen = [false; 2];
        let mut rooms = None;
        let mut tiles = None;
        while let Some(k) = map.next_key_seed(Key(CONNECTION_FIELDS))? {
            let i = k.map_err(|name| unknown::<A::Error>(&name, CONNECTION_FIELDS))?;
            once(&mut seen, i, CONNECTION_FIELDS)?;
            if i == 0 {
                rooms = Some(values::rooms(map.next_value()?));
            } else {
                tiles = Some(map.next_value_seed(AsSeq(Tiles { g, own }))?);
            }
        }
        let rooms = rooms.ok_or_else(|| de::Error::missing_field("rooms"))?;
        let tiles: TileRun = tiles.ok_or_else(|| de::Error::missing_field("tiles"))?;
        let (a, b) = rooms;
        let equal = own.is_some_and(|o| o.rooms == rooms && tiles.equal);
        let opens = |p: Pos, room: usize| {
            DIRS.iter().any(|&(dx, dy, bit, _)| {
                g.door_mask(p) & bit != 0 && g.room_at((p.0 + dx, p.1 + dy)) == Some(room)
            })
        };
        let walk = a < b
            && b < g.room_records().len()
            && match tiles.ends {
                Some((first, last)) => tiles.walk && opens(first, a) && opens(last, b),
                // A door between two rooms is a connection in both
                // definitions.
                None => g
                    .connections()
                    .binary_search_by_key(&(a, b), |c| c.rooms)
                    .is_ok_and(|k| g.connections()[k].tiles.is_empty()),
            };
        Ok(ListedConnection { rooms, equal, walk })
    }
}

/// A listed run of tiles, checked tile by tile and not kept.
struct TileRun {
    /// Equal to the run of the grid's connection at the same place.
    equal: bool,
    /// Every tile walkable and outside the rooms, each stepping to the next
    /// through an open side.
    walk: bool,
    /// The first and last tile, if any.
    ends: Option<(Pos, Pos)>,
}

struct Tiles<'a> {
    g: &'a DungeonGrid,
    own: Option<&'a Connection>,
}

impl<'de> Visitor<'de> for Tiles<'_> {
    type Value = TileRun;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a sequence")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<TileRun, A::Error> {
        let g = self.g;
        let own: &[Pos] = self.own.map_or(&[], |c| &c.tiles);
        let mut run = TileRun {
            equal: true,
            walk: true,
            ends: None,
        };
        let mut n = 0;
        while let Some(t) = seq.next_element::<Fixed<i32, 2>>()? {
            let t = xy(&t);
            run.equal &= own.get(n) == Some(&t);
            run.walk &= g.cell(t).is_walkable() && g.room_at(t).is_none();
            run.ends = match run.ends {
                None => Some((t, t)),
                Some((first, last)) => {
                    // Only while every tile so far lies on the grid, so the
                    // step cannot overflow.
                    run.walk = run.walk
                        && DIRS.iter().any(|&(dx, dy, bit, _)| {
                            (last.0 + dx, last.1 + dy) == t && g.door_mask(last) & bit != 0
                        });
                    Some((first, t))
                }
            };
            n += 1;
        }
        run.equal &= n == own.len();
        Ok(run)
    }
}
