//! Draws a [`DungeonGrid`] as a picture.
//!
//! Two styles, picked from the data:
//! - **Room grids** (Isaac, drunkard walk: no corridors, no room
//!   rectangles): every cell is a room slot. Rooms are bevelled squares with
//!   a small margin; a door is a bridge across the margin between two rooms
//!   whose door masks open to each other. Empty slots stay faintly visible so
//!   the grid reads as a grid.
//! - **Tile maps** (BSP): floor, corridor and door tiles in their own
//!   colours, wall tiles wherever an empty tile touches a walkable one, and
//!   a light wall edge along every closed side. The start and end rooms are
//!   tinted.
//!
//! Start is green, end red, doors amber, corridors brown; dead ends get a
//! small dark notch. Each cell is `scale × scale` pixels and nothing else is
//! added, so the picture is exactly `width × scale` by `height × scale`.

use dungeon_core::{Cell, DOOR_E, DOOR_S, DOOR_W, DungeonGrid, GridKind, Pos, Rect};

mod locks;
use image::{Rgb, RgbImage};

/// Pixels per cell unless the map is big.
pub const DEFAULT_SCALE: u32 = 24;
/// Largest `--scale`.
pub const MAX_SCALE: u32 = 256;
/// Largest picture side in pixels.
pub const MAX_SIDE_PX: u32 = 8192;
/// Big maps are scaled down so their longer side is about this many pixels.
pub const AUTO_SIDE_PX: u32 = 2048;

type Color = Rgb<u8>;

const fn rgb(hex: u32) -> Color {
    Rgb([(hex >> 16) as u8, (hex >> 8) as u8, hex as u8])
}

/// The palette: dark slate background, cool stone rooms, warm passages.
mod palette {
    use super::{Color, rgb};
    pub const BACKGROUND: Color = rgb(0x12_14_1a);
    pub const SLOT: Color = rgb(0x1b_1e_26);
    pub const ROOM: Color = rgb(0x4c_5a_75);
    pub const ROOM_LIGHT: Color = rgb(0x7a_8a_a8);
    pub const ROOM_DARK: Color = rgb(0x36_40_55);
    pub const START: Color = rgb(0x3f_c8_6c);
    pub const START_LIGHT: Color = rgb(0x8c_ec_aa);
    pub const START_DARK: Color = rgb(0x23_8a_47);
    pub const END: Color = rgb(0xe0_4f_4a);
    pub const END_LIGHT: Color = rgb(0xf5_9a_92);
    pub const END_DARK: Color = rgb(0x9c_2e_2b);
    pub const DOOR: Color = rgb(0xe3_b2_5a);
    pub const DOOR_DARK: Color = rgb(0x9a_6f_2a);
    pub const DEAD_END: Color = rgb(0x2a_32_44);
    pub const CORRIDOR: Color = rgb(0x7a_66_4e);
    pub const FLOOR: Color = rgb(0x4c_5a_75);
    pub const FLOOR_GROUT: Color = rgb(0x44_51_6a);
    pub const START_FLOOR: Color = rgb(0x3c_6a_58);
    pub const END_FLOOR: Color = rgb(0x6e_45_4f);
    pub const WALL: Color = rgb(0x26_2a_34);
    pub const WALL_EDGE: Color = rgb(0xa9_b1_c2);
}

/// The automatic scale: [`DEFAULT_SCALE`], or less so that the longer side
/// is about [`AUTO_SIDE_PX`] pixels (at least 1 px a cell).
#[must_use]
pub fn auto_scale(grid: &DungeonGrid) -> u32 {
    let side = grid.width().max(grid.height()).max(1).unsigned_abs();
    (AUTO_SIDE_PX / side).clamp(1, DEFAULT_SCALE)
}

/// The picture size at `scale`, or why it is too big.
///
/// # Errors
/// A message with the size and the largest scale that fits.
pub fn image_size(grid: &DungeonGrid, scale: u32) -> Result<(u32, u32), String> {
    let (w, h) = (grid.width().unsigned_abs(), grid.height().unsigned_abs());
    let (pw, ph) = (
        u64::from(w) * u64::from(scale),
        u64::from(h) * u64::from(scale),
    );
    let limit = u64::from(MAX_SIDE_PX);
    if pw <= limit && ph <= limit {
        // Both fit in u32: they are at most MAX_SIDE_PX.
        return Ok((pw as u32, ph as u32));
    }
    let fit = MAX_SIDE_PX / w.max(h).max(1);
    let advice = if fit >= 1 {
        format!("use --scale {fit} or less")
    } else {
        "the map is too big to draw".to_owned()
    };
    Err(format!(
        "a {w}×{h} map at {scale} px per cell is a {pw}×{ph} picture; \
         at most {MAX_SIDE_PX} px a side ({advice})"
    ))
}

/// Draws `grid` at `scale` pixels per cell (call [`image_size`] first; a
/// picture that is too big is drawn at its largest fitting scale).
#[must_use]
pub fn draw(grid: &DungeonGrid, scale: u32) -> RgbImage {
    let scale = match image_size(grid, scale) {
        Ok(_) => scale.max(1),
        Err(_) => (MAX_SIDE_PX / grid.width().max(grid.height()).max(1).unsigned_abs()).max(1),
    };
    let (w, h) = image_size(grid, scale).unwrap_or((1, 1));
    let mut c = Canvas {
        img: RgbImage::from_pixel(w, h, palette::BACKGROUND),
        s: i64::from(scale),
    };
    // Pictures read with `from_ascii` are room grids even when they hold
    // corridors; those draw as tile maps too.
    let room_grid = grid.kind() == GridKind::RoomGrid
        && grid
            .cells()
            .iter()
            .all(|&k| k == Cell::Empty || k.is_room());
    if room_grid {
        draw_room_grid(&mut c, grid);
    } else {
        draw_tile_map(&mut c, grid);
    }
    locks::draw(&mut c, grid, room_grid);
    c.img
}

/// A picture with clipped rectangle fills in pixel and cell coordinates.
struct Canvas {
    img: RgbImage,
    /// Pixels per cell.
    s: i64,
}

impl Canvas {
    /// Fills the pixel rectangle `x, y, w × h`, clipped to the picture.
    fn fill(&mut self, x: i64, y: i64, w: i64, h: i64, color: Color) {
        let (iw, ih) = (i64::from(self.img.width()), i64::from(self.img.height()));
        let (x0, y0) = (x.clamp(0, iw), y.clamp(0, ih));
        let (x1, y1) = ((x + w).clamp(0, iw), (y + h).clamp(0, ih));
        for py in y0..y1 {
            for px in x0..x1 {
                // In range by the clamps above.
                self.img.put_pixel(px as u32, py as u32, color);
            }
        }
    }

    /// Fills cell `p` inset by `inset` pixels on every side.
    fn cell(&mut self, p: Pos, inset: i64, color: Color) {
        let s = self.s;
        self.fill(
            i64::from(p.0) * s + inset,
            i64::from(p.1) * s + inset,
            s - 2 * inset,
            s - 2 * inset,
            color,
        );
    }

    /// A bevelled square in cell `p`: light top-left edge, dark bottom-right
    /// edge, `face` inside; `inset` pixels of margin.
    fn bevel(&mut self, p: Pos, inset: i64, light: Color, face: Color, dark: Color) {
        let s = self.s;
        let (x, y) = (i64::from(p.0) * s + inset, i64::from(p.1) * s + inset);
        let side = s - 2 * inset;
        if side < 4 {
            self.fill(x, y, side, side, face);
            return;
        }
        let e = (s / 16).max(1);
        self.fill(x, y, side, side, dark);
        self.fill(x, y, side - e, side - e, light);
        self.fill(x + e, y + e, side - 2 * e, side - 2 * e, face);
    }
}

fn room_colors(cell: Cell) -> (Color, Color, Color) {
    use palette::*;
    match cell {
        Cell::Start => (START_LIGHT, START, START_DARK),
        Cell::End => (END_LIGHT, END, END_DARK),
        _ => (ROOM_LIGHT, ROOM, ROOM_DARK),
    }
}

/// Room grids: slots, bevelled rooms, door bridges, dead-end notches.
fn draw_room_grid(c: &mut Canvas, g: &DungeonGrid) {
    let s = c.s;
    let m = margin(s);
    for y in 0..g.height() {
        for x in 0..g.width() {
            let p = (x, y);
            let cell = g.cell(p);
            if cell == Cell::Empty {
                if s >= 8 {
                    c.cell(p, m + 1, palette::SLOT);
                }
                continue;
            }
            let (light, face, dark) = room_colors(cell);
            c.bevel(p, m, light, face, dark);
        }
    }
    // Doors: a bridge across the gap between two rooms, over both edges.
    for y in 0..g.height() {
        for x in 0..g.width() {
            let mask = g.door_mask((x, y));
            for bit in [DOOR_E, DOOR_S] {
                if mask & bit != 0 {
                    let (x, y, w, h) = bridge(s, (x, y), bit);
                    door_bridge(c, x, y, w, h);
                }
            }
        }
    }
    // Start: a light dot. End: a dark hole, the way down.
    if s >= 12 {
        let r = s / 6;
        let (sx, sy) = (i64::from(g.start().0) * s, i64::from(g.start().1) * s);
        disc(c, sx + s / 2, sy + s / 2, r, palette::START_LIGHT);
        let (ex, ey) = (i64::from(g.end().0) * s, i64::from(g.end().1) * s);
        disc(c, ex + s / 2, ey + s / 2, r + 1, palette::END_LIGHT);
        disc(c, ex + s / 2, ey + s / 2, r, palette::END_DARK);
    }
    // Dead ends (other than start and end, which have their own colours):
    // a small dark square in the middle.
    if s >= 8 {
        let k = (s / 5).max(2);
        for p in g.dead_ends() {
            if g.cell(p) == Cell::Room {
                let (px, py) = (i64::from(p.0) * s, i64::from(p.1) * s);
                c.fill(px + (s - k) / 2, py + (s - k) / 2, k, k, palette::DEAD_END);
            }
        }
    }
}

/// Room grids: the margin around each room, 2 px at the default scale,
/// more on big pictures, none when tiny.
fn margin(s: i64) -> i64 {
    if s >= 6 { (s / 12).max(1) } else { 0 }
}

/// Room grids: the pixel rectangle `x, y, w, h` of the door bridge on side
/// `bit` of cell `p` (`DOOR_E` or `DOOR_S`; the others are the bridges of
/// the cells west and north): across the gap, over both rooms' edges.
fn bridge(s: i64, p: Pos, bit: u8) -> (i64, i64, i64, i64) {
    let d = (s / 3).max(1);
    let reach = margin(s) + (s / 16).max(1) + 1;
    let (px, py) = (i64::from(p.0) * s, i64::from(p.1) * s);
    match bit {
        DOOR_E => (px + s - reach, py + (s - d) / 2, 2 * reach, d),
        DOOR_S => (px + (s - d) / 2, py + s - reach, d, 2 * reach),
        DOOR_W => bridge(s, (p.0 - 1, p.1), DOOR_E),
        _ => bridge(s, (p.0, p.1 - 1), DOOR_S),
    }
}

/// A filled disc of radius `r` centred on pixel `(cx, cy)`.
fn disc(c: &mut Canvas, cx: i64, cy: i64, r: i64, color: Color) {
    for dy in -r..=r {
        // The widest dx with dx² + dy² ≤ r² + r (rounder at small radii).
        let mut w = 0;
        while (w + 1) * (w + 1) + dy * dy <= r * r + r {
            w += 1;
        }
        c.fill(cx - w, cy + dy, 2 * w + 1, 1, color);
    }
}

fn door_bridge(c: &mut Canvas, x: i64, y: i64, w: i64, h: i64) {
    c.fill(x, y, w, h, palette::DOOR);
    if w.min(h) >= 6 {
        // A darker outline makes the bridge read as a doorway.
        c.fill(x, y, w, 1, palette::DOOR_DARK);
        c.fill(x, y + h - 1, w, 1, palette::DOOR_DARK);
        c.fill(x, y, 1, h, palette::DOOR_DARK);
        c.fill(x + w - 1, y, 1, h, palette::DOOR_DARK);
    }
}

/// Tile maps: walls around the walkable area, floors by kind, tinted start
/// and end rooms, marked start and end tiles.
fn draw_tile_map(c: &mut Canvas, g: &DungeonGrid) {
    let s = c.s;
    let walkable = |p: Pos| g.cell(p).is_walkable();
    let start_room = room_of(g.room_rects(), g.start());
    let end_room = room_of(g.room_rects(), g.end());
    let t = (s / 8).max(1);
    for y in 0..g.height() {
        for x in 0..g.width() {
            let p = (x, y);
            let cell = g.cell(p);
            if cell == Cell::Empty {
                draw_wall(c, g, p, t);
                continue;
            }
            let color = match cell {
                Cell::Corridor => palette::CORRIDOR,
                Cell::Door => palette::DOOR,
                _ if start_room.is_some_and(|r| r.contains(p)) => palette::START_FLOOR,
                _ if end_room.is_some_and(|r| r.contains(p)) => palette::END_FLOOR,
                _ => palette::FLOOR,
            };
            c.cell(p, 0, color);
            if s >= 10 && cell.is_room() {
                // Grout on the right and bottom: floor reads as tiles.
                let (px, py) = (i64::from(x) * s, i64::from(y) * s);
                let grout = if color == palette::FLOOR {
                    palette::FLOOR_GROUT
                } else {
                    darker(color)
                };
                c.fill(px + s - 1, py, 1, s, grout);
                c.fill(px, py + s - 1, s, 1, grout);
            }
            if cell == Cell::Door && s >= 8 {
                // A door leaf across the passage.
                let (px, py) = (i64::from(x) * s, i64::from(y) * s);
                let across_ns = walkable((x, y - 1)) && walkable((x, y + 1));
                let k = (s / 6).max(1);
                if across_ns {
                    c.fill(px, py + (s - k) / 2, s, k, palette::DOOR_DARK);
                } else {
                    c.fill(px + (s - k) / 2, py, k, s, palette::DOOR_DARK);
                }
            }
        }
    }
    for (p, light, face) in [
        (g.start(), palette::START_LIGHT, palette::START),
        (g.end(), palette::END_LIGHT, palette::END),
    ] {
        // At least 7 px so the marker shows on a big map.
        let k = s.max(7);
        let (cx, cy) = (
            i64::from(p.0) * s + s / 2 - k / 2,
            i64::from(p.1) * s + s / 2 - k / 2,
        );
        c.fill(cx, cy, k, k, light);
        c.fill(cx + 1, cy + 1, k - 2, k - 2, face);
    }
    for p in g.dead_ends() {
        if g.cell(p) == Cell::Room && s >= 8 {
            let k = (s / 4).max(2);
            let (px, py) = (i64::from(p.0) * s, i64::from(p.1) * s);
            c.fill(px + (s - k) / 2, py + (s - k) / 2, k, k, palette::DEAD_END);
        }
    }
}

/// An empty tile next to a walkable one (8 ways) is wall; its sides and
/// corners that face floor get a light edge `t` pixels thick.
fn draw_wall(c: &mut Canvas, g: &DungeonGrid, p: Pos, t: i64) {
    // The edges are one colour, so the order they are drawn in is moot.
    const AROUND: [(i32, i32); 8] = dungeon_core::paint::NEIGHBOURS_8;
    let walk = |(dx, dy): (i32, i32)| g.cell((p.0 + dx, p.1 + dy)).is_walkable();
    if !AROUND.iter().any(|&d| walk(d)) {
        return;
    }
    c.cell(p, 0, palette::WALL);
    if c.s < 4 {
        return;
    }
    let s = c.s;
    let (px, py) = (i64::from(p.0) * s, i64::from(p.1) * s);
    for (dx, dy) in AROUND.into_iter().filter(|&d| walk(d)) {
        let x = if dx == 1 { px + s - t } else { px };
        let y = if dy == 1 { py + s - t } else { py };
        let w = if dx == 0 { s } else { t };
        let h = if dy == 0 { s } else { t };
        c.fill(x, y, w, h, palette::WALL_EDGE);
    }
}

fn room_of(rects: &[Rect], p: Pos) -> Option<Rect> {
    rects.iter().copied().find(|r| r.contains(p))
}

fn darker(c: Color) -> Color {
    let [r, g, b] = c.0;
    Rgb([r / 8 * 7, g / 8 * 7, b / 8 * 7])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scales() {
        let g = DungeonGrid::from_ascii("S#E").unwrap();
        assert_eq!(auto_scale(&g), DEFAULT_SCALE);
        assert_eq!(image_size(&g, 24), Ok((72, 24)));
        let img = draw(&g, 24);
        assert_eq!(img.dimensions(), (72, 24));
        let e = image_size(&g, 4000).unwrap_err();
        assert!(
            e.contains("12000×4000") && e.contains("--scale 2730"),
            "{e}"
        );
    }

    #[test]
    fn draws_every_kind_in_its_colour() {
        let g = DungeonGrid::from_ascii(
            "
            ...........
            .##+==+E#..
            .S#....##..
            ...........
        ",
        )
        .unwrap();
        let img = draw(&g, 10);
        let at = |x: u32, y: u32| *img.get_pixel(x * 10 + 2, y * 10 + 2);
        assert_eq!(at(4, 1), palette::CORRIDOR);
        assert_eq!(at(0, 0), palette::WALL);
        assert_eq!(at(10, 3), palette::BACKGROUND);
        assert_eq!(at(3, 1), palette::DOOR);
        assert_eq!(at(1, 2), palette::START);
        assert_eq!(at(7, 1), palette::END);
    }
}
