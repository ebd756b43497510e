use std::sync::Arc;

use dungeon_core::grid::DIRS;
use dungeon_core::{Cell, DungeonGrid as CoreGrid};
use godot::prelude::*;

use crate::convert::{array_of, cell_array, pos, rect2i, vec2i};

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
///
/// A saved grid whose data is corrupt still loads (Godot's resource loader
/// cannot refuse it), but it is marked invalid: [method is_valid] returns
/// [code]false[/code], and every other query logs an error and returns an
/// empty result (size 0, no cells, start and end [code](-1, -1)[/code]).
/// Check [method is_valid] after loading a grid from a file.
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

    /// Shared, so a painter's worker thread reads it without a copy.
    #[init(val = Arc::new(CoreGrid::new(1, 1)))]
    grid: Arc<CoreGrid>,
    /// Why the saved data could not be read; `Some` marks the grid invalid.
    load_error: Option<String>,
    base: Base<Resource>,
}

impl Drop for DungeonGrid {
    /// A big grid (a million cells or more) nobody else shares is freed on
    /// a thread of its own, so dropping the last level costs no long frame.
    fn drop(&mut self) {
        let big = self.grid.cells().len() >= 1 << 20;
        if big && Arc::strong_count(&self.grid) == 1 {
            let grid = std::mem::replace(&mut self.grid, Arc::new(CoreGrid::new(1, 1)));
            // Through `background`, so unloading the library waits for it;
            // if no thread can start, the grid is dropped here.
            let watch = Arc::new(dungeon_core::watch::Watch::new());
            let _ = crate::background::spawn_thread("dungeon-grid-free", watch, move || drop(grid));
        }
    }
}

impl DungeonGrid {
    /// The core grid.
    pub(crate) fn core(&self) -> &CoreGrid {
        &self.grid
    }

    /// The core grid, shared (no copy, whatever its size).
    pub(crate) fn shared(&self) -> Arc<CoreGrid> {
        Arc::clone(&self.grid)
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
            grid: Arc::new(grid),
            load_error: None,
            base,
        })
    }

    /// The grid, or `None` after logging an error if its saved data was
    /// corrupt.
    pub(crate) fn valid(&self) -> Option<&CoreGrid> {
        match &self.load_error {
            None => Some(&self.grid),
            Some(e) => {
                godot_error!("DungeonGrid: this grid failed to load ({e}); it answers no query");
                None
            }
        }
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
    /// Cell code: open ground that belongs to no room (caves, tunnels,
    /// walks). Walkable like every code but `EMPTY`.
    #[constant]
    const FLOOR: i32 = Cell::Floor as i32;
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
        self.valid().map_or(0, CoreGrid::width)
    }

    #[func]
    fn get_height(&self) -> i32 {
        self.valid().map_or(0, CoreGrid::height)
    }

    #[func]
    fn get_start_cell(&self) -> Vector2i {
        self.valid()
            .map_or(Vector2i::new(-1, -1), |g| vec2i(g.start()))
    }

    #[func]
    fn get_end_cell(&self) -> Vector2i {
        self.valid()
            .map_or(Vector2i::new(-1, -1), |g| vec2i(g.end()))
    }

    #[func]
    fn get_generator(&self) -> GString {
        self.valid()
            .map_or_else(GString::new, |g| GString::from(&g.generator))
    }

    #[func]
    fn get_seed(&self) -> i64 {
        self.valid().map_or(0, |g| g.seed as i64)
    }

    #[func]
    fn get_level(&self) -> i32 {
        self.valid().map_or(0, |g| g.level)
    }

    /// [code]false[/code] if this grid was loaded from corrupt saved data;
    /// such a grid answers no other query (each logs an error and returns
    /// an empty result).
    #[func]
    pub(crate) fn is_valid(&self) -> bool {
        self.load_error.is_none()
    }

    /// The code of [param cell] ([constant EMPTY], [constant ROOM],
    /// [constant START], [constant END], [constant CORRIDOR] or
    /// [constant DOOR]); [constant EMPTY] outside the grid.
    #[func]
    fn get_cell(&self, cell: Vector2i) -> i32 {
        self.valid()
            .map_or(0, |g| i32::from(g.cell(pos(cell)).code()))
    }

    /// [code]true[/code] if [param cell] is inside the grid and walkable.
    #[func]
    fn is_walkable(&self, cell: Vector2i) -> bool {
        self.valid()
            .is_some_and(|g| g.cell(pos(cell)).is_walkable())
    }

    /// Every room cell, in the order the generator placed them. Start and
    /// end are included. For BSP, every room's floor tiles, room by room.
    #[func]
    fn room_cells(&self) -> Array<Vector2i> {
        self.valid()
            .map_or_else(Array::new, |g| cell_array(g.rooms()))
    }

    /// The same cells as [method room_cells], packed as x, y pairs: cell `k`
    /// is `Vector2i(a[2 * k], a[2 * k + 1])`. It crosses into GDScript as
    /// one block, so on big tile maps (BSP) it is several times faster to
    /// get than [method room_cells], which builds one `Vector2i` element at
    /// a time.
    #[func]
    fn room_cells_packed(&self) -> PackedInt32Array {
        let flat: Vec<i32> = self
            .valid()
            .map_or(&[][..], CoreGrid::rooms)
            .iter()
            .flat_map(|&(x, y)| [x, y])
            .collect();
        PackedInt32Array::from(flat.as_slice())
    }

    /// How many room cells [method room_cells] returns: rooms on a room grid
    /// (one cell per room), room floor tiles on a BSP map.
    #[func]
    fn get_room_cell_count(&self) -> i64 {
        self.valid().map_or(0, |g| {
            i64::try_from(g.room_cell_count()).unwrap_or(i64::MAX)
        })
    }

    /// The sides of [param cell] that open into a neighbour: a sum of
    /// [constant DOOR_NORTH], [constant DOOR_EAST], [constant DOOR_SOUTH] and
    /// [constant DOOR_WEST]. `0` for empty cells and cells outside the grid.
    /// Test a side with `mask & DungeonGrid.DOOR_NORTH != 0`.
    #[func]
    fn door_mask(&self, cell: Vector2i) -> i32 {
        self.valid()
            .map_or(0, |g| i32::from(g.door_mask(pos(cell))))
    }

    /// The neighbours [param cell] opens into, in the order north, east,
    /// south, west.
    #[func]
    fn neighbors(&self, cell: Vector2i) -> Array<Vector2i> {
        let p = pos(cell);
        let mask = self.valid().map_or(0, |g| g.door_mask(p));
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
        self.valid()
            .map_or_else(Array::new, |g| cell_array(&g.dead_ends()))
    }

    /// Steps from the start cell to [param cell] through doors; `-1` if
    /// there is no way there.
    #[func]
    fn distance_from_start(&self, cell: Vector2i) -> i32 {
        self.valid()
            .map_or(-1, |g| g.distance_from_start(pos(cell)))
    }

    /// A shortest walk from [param from] to [param to] through doors, both
    /// included; an empty array if there is none.
    #[func]
    fn path(&self, from: Vector2i, to: Vector2i) -> Array<Vector2i> {
        self.valid()
            .and_then(|g| g.path(pos(from), pos(to)))
            .map_or_else(Array::new, |p| cell_array(&p))
    }

    /// [code]true[/code] if every walkable cell can reach every other.
    #[func]
    fn is_fully_connected(&self) -> bool {
        self.valid().is_some_and(CoreGrid::is_connected)
    }

    /// All cell codes, row by row: the code of `(x, y)` is at `y * width + x`.
    /// The fastest way to read a big grid from GDScript.
    #[func]
    fn cells_packed(&self) -> PackedInt32Array {
        self.valid()
            .map_or(&[][..], CoreGrid::cells)
            .iter()
            .map(|c| i32::from(c.code()))
            .collect()
    }

    /// All door masks, row by row, like [method cells_packed].
    #[func]
    fn door_masks_packed(&self) -> PackedByteArray {
        self.valid()
            .map_or(&[][..], CoreGrid::door_masks)
            .iter()
            .copied()
            .collect()
    }

    /// Room rectangles (BSP); empty for room grids.
    #[func]
    fn room_rects(&self) -> Array<Rect2i> {
        self.valid()
            .map_or_else(Array::new, |g| array_of(g.room_rects().iter().map(rect2i)))
    }

    /// The grid as text, one row per line: `.` empty, `#` room, `S` start,
    /// `E` end, `=` corridor, `+` door.
    #[func]
    fn to_ascii(&self) -> GString {
        self.valid()
            .map_or_else(GString::new, |g| GString::from(&g.to_ascii()))
    }

    /// The grid as JSON, in the same schema the command-line tool writes.
    #[func]
    fn to_json(&self) -> GString {
        self.valid()
            .map_or_else(GString::new, |g| GString::from(&g.to_json()))
    }

    /// Reads the saved data (what [ResourceLoader] calls for
    /// [code]json_data[/code]). Data that is not a valid grid logs an error
    /// and marks the grid invalid (see [method is_valid]).
    #[func]
    fn set_json_data(&mut self, json: GString) {
        match CoreGrid::from_json(&json.to_string()) {
            Ok(g) => {
                self.grid = Arc::new(g);
                self.load_error = None;
            }
            Err(e) => {
                godot_error!("DungeonGrid: cannot load saved data: {e}");
                self.grid = Arc::new(CoreGrid::new(1, 1));
                self.load_error = Some(e.to_string());
            }
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
