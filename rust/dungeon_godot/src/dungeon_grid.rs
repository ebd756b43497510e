use dungeon_core::grid::DIRS;
use dungeon_core::{Cell, DungeonGrid as CoreGrid};
use godot::prelude::*;

use crate::convert::{array_of, cell_array, pos, rect2i, sat, vec2i};

/// A generated dungeon: a grid of cells, its rooms, doors, start and end.
///
/// Every generator returns one. Cells are addressed as `Vector2i(x, y)` with
/// `(0, 0)` at the top-left. Each cell holds a code: [constant EMPTY] means
/// nothing is there; every other code ([constant ROOM], [constant START],
/// [constant END], [constant CORRIDOR], [constant DOOR]) is walkable. Walls
/// are not stored: draw one wherever an empty cell touches a walkable one.
///
/// To place room scenes, multiply each cell of [method room_cells] by your
/// room size, and open the sides that [method door_mask] names.
///
/// It is a [Resource], so a level can be saved with [ResourceSaver] and
/// loaded back; [method to_json] and [method from_json] use the same JSON as
/// the command-line tool.
#[derive(GodotClass)]
#[class(tool, init, base = Resource)]
pub struct DungeonGrid {
    /// Grid width in cells.
    #[var(get = get_width, no_set)]
    width: PhantomVar<i32>,
    /// Grid height in cells.
    #[var(get = get_height, no_set)]
    height: PhantomVar<i32>,
    /// The cell where the player starts.
    #[var(get = get_start_cell, no_set)]
    start_cell: PhantomVar<Vector2i>,
    /// The goal cell: for room grids, the dead end farthest from the start;
    /// for BSP, the centre of the room farthest from the start.
    #[var(get = get_end_cell, no_set)]
    end_cell: PhantomVar<Vector2i>,
    /// Which generator made this grid: `"isaac"`, `"drunkard"` or `"bsp"`.
    #[var(get = get_generator, no_set)]
    generator: PhantomVar<GString>,
    /// The run seed this grid was generated from.
    #[var(get = get_seed, no_set)]
    seed: PhantomVar<i64>,
    /// The level this grid was generated for.
    #[var(get = get_level, no_set)]
    level: PhantomVar<i32>,
    /// The whole grid as JSON. Used when the resource is saved and loaded;
    /// read [method to_json] instead in scripts.
    #[var(get = to_json, set = set_json_data, usage_flags = [STORAGE])]
    json_data: PhantomVar<GString>,

    #[init(val = CoreGrid::new(1, 1))]
    grid: CoreGrid,
    base: Base<Resource>,
}

impl DungeonGrid {
    /// The core grid.
    pub(crate) fn core(&self) -> &CoreGrid {
        &self.grid
    }

    /// Wraps a core grid in a new Godot object.
    pub fn wrap(grid: CoreGrid) -> Gd<Self> {
        Gd::from_init_fn(|base| Self {
            width: PhantomVar::default(),
            height: PhantomVar::default(),
            start_cell: PhantomVar::default(),
            end_cell: PhantomVar::default(),
            generator: PhantomVar::default(),
            seed: PhantomVar::default(),
            level: PhantomVar::default(),
            json_data: PhantomVar::default(),
            grid,
            base,
        })
    }
}

#[godot_api]
impl DungeonGrid {
    /// Cell code: nothing here (not walkable).
    #[constant]
    const EMPTY: i32 = Cell::Empty as i32;
    /// Cell code: a room (room grids) or room floor tile (BSP).
    #[constant]
    const ROOM: i32 = Cell::Room as i32;
    /// Cell code: the start room or tile.
    #[constant]
    const START: i32 = Cell::Start as i32;
    /// Cell code: the end room or tile.
    #[constant]
    const END: i32 = Cell::End as i32;
    /// Cell code: a corridor tile (BSP).
    #[constant]
    const CORRIDOR: i32 = Cell::Corridor as i32;
    /// Cell code: a door tile, where a corridor enters a room (BSP).
    #[constant]
    const DOOR: i32 = Cell::Door as i32;
    /// Door-mask bit: open to the north (y - 1).
    #[constant]
    const DOOR_NORTH: i32 = dungeon_core::DOOR_N as i32;
    /// Door-mask bit: open to the east (x + 1).
    #[constant]
    const DOOR_EAST: i32 = dungeon_core::DOOR_E as i32;
    /// Door-mask bit: open to the south (y + 1).
    #[constant]
    const DOOR_SOUTH: i32 = dungeon_core::DOOR_S as i32;
    /// Door-mask bit: open to the west (x - 1).
    #[constant]
    const DOOR_WEST: i32 = dungeon_core::DOOR_W as i32;

    #[func]
    fn get_width(&self) -> i32 {
        self.grid.width()
    }

    #[func]
    fn get_height(&self) -> i32 {
        self.grid.height()
    }

    #[func]
    fn get_start_cell(&self) -> Vector2i {
        vec2i(self.grid.start())
    }

    #[func]
    fn get_end_cell(&self) -> Vector2i {
        vec2i(self.grid.end())
    }

    #[func]
    fn get_generator(&self) -> GString {
        GString::from(&self.grid.generator)
    }

    #[func]
    fn get_seed(&self) -> i64 {
        self.grid.seed as i64
    }

    #[func]
    fn get_level(&self) -> i32 {
        self.grid.level
    }

    /// The code of cell `(x, y)`; [constant EMPTY] outside the grid.
    #[func]
    fn get_cell(&self, x: i32, y: i32) -> i32 {
        i32::from(self.grid.cell((x, y)).code())
    }

    /// The code of `cell`; [constant EMPTY] outside the grid.
    #[func]
    fn get_cellv(&self, cell: Vector2i) -> i32 {
        i32::from(self.grid.cell(pos(cell)).code())
    }

    /// `true` if `cell` is inside the grid and walkable.
    #[func]
    fn is_walkable(&self, cell: Vector2i) -> bool {
        self.grid.cell(pos(cell)).is_walkable()
    }

    /// Every room cell, in the order the generator placed them. Start and
    /// end are included. For BSP, every room's floor tiles, room by room.
    #[func]
    fn room_cells(&self) -> Array<Vector2i> {
        cell_array(self.grid.rooms())
    }

    /// The same cells as [method room_cells], packed as x, y pairs: cell `k`
    /// is `Vector2i(a[2 * k], a[2 * k + 1])`. It crosses into GDScript as
    /// one block, so on big tile maps (BSP) it is several times faster to
    /// get than [method room_cells], which builds one `Vector2i` element at
    /// a time.
    #[func]
    fn room_cells_packed(&self) -> PackedInt32Array {
        let flat: Vec<i32> = self
            .grid
            .rooms()
            .iter()
            .flat_map(|&(x, y)| [x, y])
            .collect();
        PackedInt32Array::from(flat.as_slice())
    }

    /// How many room cells [method room_cells] returns.
    #[func]
    fn room_count(&self) -> i32 {
        sat(self.grid.room_cell_count() as i64)
    }

    /// The sides of `cell` that open into a neighbour: a sum of
    /// [constant DOOR_NORTH], [constant DOOR_EAST], [constant DOOR_SOUTH] and
    /// [constant DOOR_WEST]. `0` for empty cells and cells outside the grid.
    /// Test a side with `mask & DungeonGrid.DOOR_NORTH != 0`.
    #[func]
    fn door_mask(&self, cell: Vector2i) -> i32 {
        i32::from(self.grid.door_mask(pos(cell)))
    }

    /// The neighbours `cell` opens into, in the order north, east, south, west.
    #[func]
    fn neighbors(&self, cell: Vector2i) -> Array<Vector2i> {
        let p = pos(cell);
        let mask = self.grid.door_mask(p);
        let open: Vec<_> = DIRS
            .iter()
            .filter(|d| mask & d.2 != 0)
            .map(|d| (p.0 + d.0, p.1 + d.1))
            .collect();
        cell_array(&open)
    }

    /// Rooms with exactly one neighbour (the grid edge counts as empty), in
    /// scan order. Good spots for treasure, shops and bosses.
    #[func]
    fn dead_ends(&self) -> Array<Vector2i> {
        cell_array(&self.grid.dead_ends())
    }

    /// Steps from the start cell to `cell` through doors; `-1` if there is no
    /// way there.
    #[func]
    fn distance_from_start(&self, cell: Vector2i) -> i32 {
        self.grid.distance_from_start(pos(cell))
    }

    /// A shortest walk from `from` to `to` through doors, both included; an
    /// empty array if there is none.
    #[func]
    fn path(&self, from: Vector2i, to: Vector2i) -> Array<Vector2i> {
        self.grid
            .path(pos(from), pos(to))
            .map_or_else(Array::new, |p| cell_array(&p))
    }

    /// `true` if every walkable cell can reach every other.
    #[func]
    fn is_fully_connected(&self) -> bool {
        self.grid.is_connected()
    }

    /// All cell codes, row by row: the code of `(x, y)` is at `y * width + x`.
    /// The fastest way to read a big grid from GDScript.
    #[func]
    fn cells_packed(&self) -> PackedInt32Array {
        self.grid
            .cells()
            .iter()
            .map(|c| i32::from(c.code()))
            .collect()
    }

    /// All door masks, row by row, like [method cells_packed].
    #[func]
    fn door_masks_packed(&self) -> PackedByteArray {
        self.grid.door_masks().iter().copied().collect()
    }

    /// Room rectangles (BSP); empty for room grids.
    #[func]
    fn room_rects(&self) -> Array<Rect2i> {
        array_of(self.grid.room_rects().iter().map(rect2i))
    }

    /// The grid as text, one row per line: `.` empty, `#` room, `S` start,
    /// `E` end, `=` corridor, `+` door.
    #[func]
    fn to_ascii(&self) -> GString {
        GString::from(&self.grid.to_ascii())
    }

    /// The grid as JSON, in the same schema the command-line tool writes.
    #[func]
    fn to_json(&self) -> GString {
        GString::from(&self.grid.to_json())
    }

    #[func]
    fn set_json_data(&mut self, json: GString) {
        match CoreGrid::from_json(&json.to_string()) {
            Ok(g) => self.grid = g,
            Err(e) => godot_error!("DungeonGrid: cannot load saved data: {e}"),
        }
    }

    /// Reads a grid from [method to_json]'s JSON (or the command-line tool's).
    /// Returns `null` and logs an error if the text is not a valid grid.
    #[func]
    fn from_json(json: GString) -> Option<Gd<DungeonGrid>> {
        match CoreGrid::from_json(&json.to_string()) {
            Ok(g) => Some(Self::wrap(g)),
            Err(e) => {
                godot_error!("DungeonGrid.from_json: {e}");
                None
            }
        }
    }
}
