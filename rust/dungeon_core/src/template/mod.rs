//! Hand-made room templates grown into levels: The Dungeoning's growing
//! loop (and Diablo III's fixed map tiles).
//!
//! A [`RoomTemplate`] is a room a designer drew: its size in cells (walls
//! included), door slots on its walls (side, offset, width), its floor,
//! tags, a weight and whether it may be turned or mirrored. [`grow`] starts
//! from a start template in the middle of the map and repeatedly picks an
//! open door at random, picks a template by weight with a door as wide on
//! the facing side, and places it so the two doors touch, inside the map and
//! over no other room; when it does not fit it tries other templates, and a
//! door no template fits is sealed. Joined doors leave the open list; the
//! new room's other doors join it. When a new room's door lands exactly on
//! an open door of another room they join too (a loop, [`TemplateConfig::loops`]).
//!
//! Rules on top of The Dungeoning's loop: a per-level room count like the other
//! generators (corridor pieces not counted), at least / at most N rooms with
//! a tag (the loop only offers templates that keep every rule reachable),
//! an end template (a boss room) placed as far from the start as any room,
//! corridor pieces between rooms (optional) with pieces leading nowhere
//! removed. A failed attempt starts the level over from the same stream,
//! within one step budget ([`TemplateConfig::max_steps`]) and a cap on the
//! level's work ([`MAX_WORK`]: the cells placement tests read, so big
//! templates cannot make a step arbitrarily slow).
//!
//! The result is a [`TemplateLevel`]: a tile-map [`DungeonGrid`] (each
//! template's floor rectangles as room records, joined doors as door tiles,
//! walls and sealed doors empty) plus the placements, the joins and the
//! sealed doors, for a game to instance its room scenes from.

mod config;
mod grow;
mod shape;
pub(crate) mod tables;
#[cfg(test)]
mod tests;
pub(crate) mod validate;

pub use config::{
    MAX_MAP_SIDE, MAX_STEPS, MAX_TAGS, MAX_TEMPLATE_SIDE, MAX_TEMPLATES, MAX_WEIGHT, MAX_WORK,
    PRESET_LIST, TagRule, TemplateConfig,
};
pub use grow::GrowStats;
pub use shape::{DoorSlot, RoomTemplate, Side, TrimmedWalls, Variant, orient_cell, orient_side};

use crate::error::{ConfigError, GenError};
use crate::generator::GeneratorConfig;
use crate::grid::{Cell, DungeonGrid, GridKind, Pos, Rect};
use crate::preset::Preset;
use crate::rng::{DungeonRng, stage};
use crate::watch::Watch;

/// Progress when the rooms are placed, and when the layout is done (see
/// [`TemplateConfig::build`]).
const W_ROOMS: f64 = 0.1;
const W_GROW: f64 = 0.95;
use grow::{DoorState, Grower, Layout};
use tables::Prepared;

/// The generator name in grids and messages.
pub const NAME: &str = "template";

/// A door of a placed room, in map cells: a door slot, a door placed on a
/// door line, or a door line left unused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacedDoor {
    /// The template door (slot or line) it comes from, in the template's
    /// order.
    pub slot: usize,
    /// The side of the room it is on (after turning).
    pub side: Side,
    /// Its first cell (on the room's wall; the others follow along the
    /// side).
    pub cell: Pos,
    /// Its width in cells.
    pub width: i32,
    /// The cells of wall it stands for: `width` for a door, the whole line
    /// for an unused door line.
    pub length: i32,
    /// The join it is part of, or `None` when it is sealed.
    pub join: Option<usize>,
}

impl PlacedDoor {
    /// Its `length` cells in map cells, from `cell` along its side.
    pub fn cells(&self) -> impl Iterator<Item = Pos> + use<> {
        let (x, y) = self.cell;
        let (dx, dy) = self.side.along();
        (0..self.length).map(move |k| (x + dx * k, y + dy * k))
    }
}

/// One placed template.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// Index into [`TemplateConfig::templates`].
    pub template: usize,
    /// Top-left cell of its footprint in the map.
    pub position: Pos,
    /// Footprint size after turning.
    pub size: (i32, i32),
    /// Quarter turns clockwise, `0..4` (applied after mirroring).
    pub rotation: u8,
    /// Mirrored left to right (before turning).
    pub mirrored: bool,
    /// Its room records in the grid: `rooms.0..rooms.1`, one per floor
    /// rectangle.
    pub rooms: (usize, usize),
    /// Its doors in the template's order, in map cells.
    pub doors: Vec<PlacedDoor>,
    /// Joins from the start room along the join graph.
    pub depth: u32,
}

impl Placement {
    /// The footprint (walls included) in map cells.
    #[must_use]
    pub const fn rect(&self) -> Rect {
        Rect::new(self.position.0, self.position.1, self.size.0, self.size.1)
    }
}

/// A door of a placement: `(placement, door slot index)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct DoorRef {
    /// Placement index.
    pub placement: usize,
    /// Door slot index in the template's order.
    pub door: usize,
}

/// Two doors that touch and open into each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Join {
    /// The door of the room that was there first.
    pub a: DoorRef,
    /// The door of the room placed against it.
    pub b: DoorRef,
    /// Whether the join closed a loop (the doors met by chance).
    pub is_loop: bool,
}

/// A grown level: the grid and how it was put together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TemplateLevel {
    /// The tile map, as every generator returns it.
    pub grid: DungeonGrid,
    /// Placed templates; placement 0 is the start room.
    pub placements: Vec<Placement>,
    /// Joined door pairs: the room graph.
    pub joins: Vec<Join>,
    /// Door slots left unused, to be closed by the scene, in placement order.
    pub sealed: Vec<DoorRef>,
    /// The placement holding the end.
    pub end: usize,
    /// Work done.
    pub stats: GrowStats,
}

/// The fewest and most rooms level `level` can have.
///
/// # Errors
/// A [`ConfigError`] for a bad config or level.
pub fn room_count_range(config: &TemplateConfig, level: i32) -> Result<(i32, i32), ConfigError> {
    config.validate()?;
    config.count.range(level)
}

crate::generator::entry_points!(TemplateConfig);

impl GeneratorConfig for TemplateConfig {
    const PRESET_LIST: &'static [Preset<Self>] = &PRESET_LIST;

    fn validate_for(&self, level: i32) -> Result<(), GenError> {
        room_count_range(self, level)?;
        Ok(())
    }

    /// Level `level` of run `seed` as a grid (see [`grow`] for the
    /// placements), under `watch`. Checkpoints: every attempt and every 256
    /// growth steps, at the share of the rooms placed (a retry holds the
    /// value). Weights, from the `corridors` preset at level 10 (release):
    /// placing the rooms 10 %, the end room, trimming and the rules' check
    /// 85 %, the tile map 5 %.
    ///
    /// # Errors
    /// As [`grow`], and [`GenError::Cancelled`] when `watch` was cancelled.
    fn build(&self, seed: u64, level: i32, watch: &Watch) -> Result<DungeonGrid, GenError> {
        run(self, seed, level, watch).map(|l| l.grid)
    }
}

/// Grows level `level` of run `seed` from the templates.
///
/// # Errors
/// [`GenError::Config`] for a bad setting or a template set that can never
/// grow; [`GenError::Exhausted`] when [`TemplateConfig::max_steps`] ran out
/// before an attempt kept every rule, with the last attempt's reason.
pub fn grow(config: &TemplateConfig, seed: u64, level: i32) -> Result<TemplateLevel, GenError> {
    run(config, seed, level, &Watch::new())
}

/// [`grow`] under `watch`.
fn run(
    config: &TemplateConfig,
    seed: u64,
    level: i32,
    watch: &Watch,
) -> Result<TemplateLevel, GenError> {
    run_capped(config, seed, level, watch, MAX_WORK)
}

/// [`run`] with a work cap of `cap` instead of [`MAX_WORK`] (the tests
/// lower it to see it bite on small levels).
fn run_capped(
    config: &TemplateConfig,
    seed: u64,
    level: i32,
    watch: &Watch,
    cap: u64,
) -> Result<TemplateLevel, GenError> {
    config.validate()?;
    let target = config.count.draw(seed, level)?;
    let prepared = Prepared::new(config);
    let mut rng = DungeonRng::for_level(seed, level, stage::LAYOUT);
    let mut stats = GrowStats::default();
    let budget = u64::try_from(config.max_steps).unwrap_or(0);
    let mut reason = String::new();
    let mut occ = vec![0u32; config.width as usize * config.height as usize];
    while stats.steps < budget && stats.work < cap {
        watch.check()?;
        stats.attempts += 1;
        let before = stats.steps;
        let mut grower = Grower::new(&prepared, &mut rng, &mut stats, &mut occ, cap);
        let result = grower.attempt(target, watch.span(0.0, W_ROOMS));
        grower.clear();
        watch.check()?;
        match result {
            Ok(layout) => {
                watch.at(W_GROW)?;
                return Ok(build(&prepared, &layout, stats, seed, level));
            }
            // Keep the reason of the last attempt that ended on its own.
            Err(why)
                if reason.is_empty()
                    || !(why.starts_with("max_steps") || why.starts_with("the work cap")) =>
            {
                reason = why;
            }
            Err(_) => {}
        }
        // An attempt always spends a step, so the loop ends.
        stats.steps = stats.steps.max(before + 1);
    }
    let spent = if stats.steps < budget {
        format!(
            "the work cap of {cap} units every level has (placement tests count the cells \
             they read) was spent after {} of max_steps = {} steps: lower the room count \
             (base_rooms, rooms_per_level, room_variance) or the map's size, or use smaller \
             templates",
            stats.steps, config.max_steps
        )
    } else {
        format!("max_steps = {} spent", config.max_steps)
    };
    Err(GenError::Exhausted {
        generator: NAME,
        attempts: stats.attempts,
        reason: format!("{spent}; the last attempt: {reason}"),
    })
}

/// Paints the layout into a tile map and lists placements, joins and
/// sealed doors.
fn build(
    p: &Prepared<'_>,
    layout: &Layout,
    stats: GrowStats,
    seed: u64,
    level: i32,
) -> TemplateLevel {
    let c = p.config;
    let mut grid = DungeonGrid::new(c.width, c.height);
    grid.kind = GridKind::TileMap;
    grid.stamp(NAME, seed, level);
    let depth = grow::depths(layout.placed.len(), &layout.joins);
    let mut placements = Vec::with_capacity(layout.placed.len());
    let mut sealed = Vec::new();
    for (i, pl) in layout.placed.iter().enumerate() {
        let var = &p.variants[pl.template][pl.variant];
        let first_room = grid.room_rects.len();
        for f in &var.floors {
            let r = Rect::new(pl.x + f.x, pl.y + f.y, f.w, f.h);
            for cell in r.cells() {
                grid.set(cell, Cell::Room);
            }
            grid.room_rects.push(r);
        }
        let mut doors = Vec::with_capacity(var.doors.len());
        for (d, slot) in var.doors.iter().enumerate() {
            let join = match layout.doors[i][d] {
                DoorState::Joined(j) => Some(j),
                DoorState::Open | DoorState::Sealed => None,
            };
            if join.is_some() {
                for (x, y) in slot.cells(var.width, var.height) {
                    grid.set((pl.x + x, pl.y + y), Cell::Door);
                }
            } else {
                sealed.push(DoorRef {
                    placement: i,
                    door: d,
                });
            }
            let (x, y) = slot.first_cell(var.width, var.height);
            doors.push(PlacedDoor {
                slot: d,
                side: slot.side,
                cell: (pl.x + x, pl.y + y),
                width: slot.width,
                length: slot.width,
                join,
            });
        }
        placements.push(Placement {
            template: pl.template,
            position: (pl.x, pl.y),
            size: (var.width, var.height),
            rotation: var.rotation,
            mirrored: var.mirrored,
            rooms: (first_room, grid.room_rects.len()),
            doors,
            depth: depth[i],
        });
    }
    grid.connect_adjacent();
    let centre = |pl: &Placement| grid.room_rects[pl.rooms.0].center();
    let (start, end) = (centre(&placements[0]), centre(&placements[layout.end]));
    grid.set_ends(start, end);
    let joins = layout
        .joins
        .iter()
        .map(|j| Join {
            a: DoorRef {
                placement: j.a.0,
                door: j.a.1,
            },
            b: DoorRef {
                placement: j.b.0,
                door: j.b.1,
            },
            is_loop: j.is_loop,
        })
        .collect();
    TemplateLevel {
        grid,
        placements,
        joins,
        sealed,
        end: layout.end,
        stats,
    }
}
