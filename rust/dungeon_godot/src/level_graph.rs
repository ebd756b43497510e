//! `LevelGraph`: the rooms of a level and the connections between them, as
//! a designer draws them, for [`GraphLayoutGenerator`] to lay out.
//!
//! [`GraphLayoutGenerator`]: crate::graph_layout_generator::GraphLayoutGenerator

use dungeon_core::graph_layout::{EdgeMode, GraphEdge, GraphRoom, LevelGraph as CoreGraph};
use godot::prelude::*;

use crate::generator::inspector_enum;

inspector_enum! {
    /// How a [LevelGraph] connection is realised.
    ConnectionMode("mode") in LevelGraph for EdgeMode {
        /// A connection mode: as the generator's settings say (doors that
        /// touch).
        Default = CONNECTION_DEFAULT => EdgeMode::Default,
        /// A connection mode: the two rooms' doors touch.
        Direct = CONNECTION_DIRECT => EdgeMode::Direct,
        /// A connection mode: through a corridor piece between the rooms.
        Corridor = CONNECTION_CORRIDOR => EdgeMode::Corridor,
    }
}

/// A level drawn as a graph: rooms, each with tags choosing which
/// [RoomTemplate]s it may use, and the connections between them. A
/// [GraphLayoutGenerator] lays it out so that exactly these connections
/// are doors (room [code]i[/code] of the grid is room [code]i[/code] here).
///
/// A room tagged [code]start[/code] holds the start; one tagged
/// [code]boss[/code] (or [code]end[/code]) the end. A room with tags may
/// use the templates carrying all of them; a room without tags the
/// templates carrying none of the tags the graph's rooms ask for. Loops
/// are welcome; the graph must be connected and planar (drawable without
/// crossings), which [method check] tells.
///
/// ```gdscript
/// var graph := LevelGraph.new()
/// var start := graph.add_room(PackedStringArray(["start"]))
/// var fight := graph.add_room(PackedStringArray())
/// var boss := graph.add_room(PackedStringArray(["boss"]))
/// graph.connect_rooms(start, fight)
/// graph.connect_rooms(fight, boss)
/// assert(graph.check() == "")
/// ```
///
/// Edit it in the Inspector and save it as a [code].tres[/code]; every
/// edit emits [signal Resource.changed], so a generator using it updates
/// its preview.
#[derive(GodotClass)]
#[class(tool, base = Resource)]
pub struct LevelGraph {
    /// The rooms in order, each one the list of its tags
    /// ([code]start[/code], [code]boss[/code], [code]shop[/code]...; may be
    /// empty).
    #[export]
    rooms: Array<PackedStringArray>,
    /// Optional room names, by room number, used in error messages
    /// ("room 3 (shop)"). May be shorter than [member rooms].
    #[export]
    room_names: PackedStringArray,
    /// The connections, one [Vector3i] each: [code]x[/code] and
    /// [code]y[/code] the two rooms, [code]z[/code] how it is realised
    /// ([constant CONNECTION_DEFAULT], [constant CONNECTION_DIRECT],
    /// [constant CONNECTION_CORRIDOR]; other values count as default).
    /// Messages call connection [code]k[/code] "connection #k".
    #[export]
    connections: Array<Vector3i>,
    base: Base<Resource>,
}

#[godot_api]
impl IResource for LevelGraph {
    fn init(base: Base<Resource>) -> Self {
        Self {
            rooms: Array::new(),
            room_names: PackedStringArray::new(),
            connections: Array::new(),
            base,
        }
    }

    /// Every set of a property (Inspector, assignment, a file being loaded)
    /// lands here: stored as the generated setter would, and `changed` is
    /// emitted if it changed.
    fn on_set(&mut self, property: StringName, value: Variant) -> bool {
        use crate::generator::set_field;
        let class = "LevelGraph";
        let changed = match property.to_string().as_str() {
            "rooms" => set_field(class, "rooms", &mut self.rooms, &value),
            "room_names" => set_field(class, "room_names", &mut self.room_names, &value),
            "connections" => set_field(class, "connections", &mut self.connections, &value),
            _ => return false,
        };
        if changed {
            self.base_mut().emit_changed();
        }
        true
    }
}

#[godot_api]
impl LevelGraph {
    /// Adds a room with [param tags]; returns its number.
    #[func]
    fn add_room(&mut self, tags: PackedStringArray) -> i64 {
        self.rooms.push(&tags);
        self.base_mut().emit_changed();
        self.rooms.len() as i64 - 1
    }

    /// The number of rooms.
    #[func]
    fn get_room_count(&self) -> i64 {
        self.rooms.len() as i64
    }

    /// The number of connections.
    #[func]
    fn get_connection_count(&self) -> i64 {
        self.connections.len() as i64
    }

    /// Room [param room]'s tags (empty for a room that does not exist,
    /// after logging an error).
    #[func]
    fn get_room_tags(&self, room: i64) -> PackedStringArray {
        match self.room_index(room) {
            Some(i) => self.rooms.get(i).unwrap_or_default(),
            None => PackedStringArray::new(),
        }
    }

    /// Replaces room [param room]'s tags; [code]false[/code] (and an
    /// error logged) when there is no such room.
    #[func]
    fn set_room_tags(&mut self, room: i64, tags: PackedStringArray) -> bool {
        let Some(i) = self.room_index(room) else {
            return false;
        };
        self.rooms.set(i, &tags);
        self.base_mut().emit_changed();
        true
    }

    /// Room [param room]'s name, or an empty string.
    #[func]
    fn get_room_name(&self, room: i64) -> GString {
        usize::try_from(room)
            .ok()
            .and_then(|i| self.room_names.get(i))
            .unwrap_or_default()
    }

    /// Names room [param room] (for messages); [code]false[/code] (and an
    /// error logged) when there is no such room.
    #[func]
    fn set_room_name(&mut self, room: i64, name: GString) -> bool {
        let Some(i) = self.room_index(room) else {
            return false;
        };
        if self.room_names.len() <= i {
            self.room_names.resize(i + 1);
        }
        if let Some(slot) = self.room_names.as_mut_slice().get_mut(i) {
            *slot = name;
        }
        self.base_mut().emit_changed();
        true
    }

    /// Connects rooms [param a] and [param b], realised as [param mode]
    /// says ([constant CONNECTION_DEFAULT], [constant CONNECTION_DIRECT]
    /// or [constant CONNECTION_CORRIDOR]). Returns [code]false[/code] and
    /// logs why when a room does not exist, [code]a == b[/code], the two
    /// are already connected or [param mode] is none of those.
    #[func]
    fn connect_rooms(&mut self, a: i64, b: i64, #[opt(default = 0)] mode: i64) -> bool {
        let (Some(x), Some(y)) = (self.room_index(a), self.room_index(b)) else {
            return false;
        };
        let Some(mode) = ConnectionMode::checked(mode) else {
            return false;
        };
        if x == y {
            godot_error!("LevelGraph.connect_rooms: room {a} cannot be connected to itself");
            return false;
        }
        if let Some(k) = self.connection_index(x, y) {
            godot_error!(
                "LevelGraph.connect_rooms: rooms {a} and {b} are already connected (connection #{k})"
            );
            return false;
        }
        self.connections
            .push(Vector3i::new(x as i32, y as i32, mode as i32));
        self.base_mut().emit_changed();
        true
    }

    /// Removes the connection between rooms [param a] and [param b] (in
    /// either order); [code]false[/code] if there is none. Later
    /// connections move down one number.
    #[func]
    fn disconnect_rooms(&mut self, a: i64, b: i64) -> bool {
        let (Ok(x), Ok(y)) = (usize::try_from(a), usize::try_from(b)) else {
            return false;
        };
        let Some(k) = self.connection_index(x, y) else {
            return false;
        };
        self.connections.remove(k);
        self.base_mut().emit_changed();
        true
    }

    /// Whether rooms [param a] and [param b] are connected.
    #[func]
    fn are_connected(&self, a: i64, b: i64) -> bool {
        match (usize::try_from(a), usize::try_from(b)) {
            (Ok(x), Ok(y)) => self.connection_index(x, y).is_some(),
            _ => false,
        }
    }

    /// Checks the graph alone: 2 to 400 rooms, connections between rooms
    /// that exist, none from a room to itself, none repeated, every room
    /// reachable from room 0, and planarity (rooms drawn as rectangles can
    /// only realise graphs drawable without crossings; the first
    /// connection that breaks it is named). Returns the problem, or an
    /// empty string. Whether the templates fit is checked by the generator.
    #[func]
    fn check(&self) -> GString {
        let g = self.core();
        match g.validate().and_then(|()| g.check_planar()) {
            Ok(()) => GString::new(),
            Err(e) => GString::from(&e.to_string()),
        }
    }

    /// The graph as JSON, the form the command line reads
    /// ([code]dungeon graph --graph FILE.json[/code]):
    /// [code]{"rooms": [{"tags": ["start"]}, ...], "edges": [[0, 1], ...]}[/code].
    #[func]
    fn to_json(&self) -> GString {
        GString::from(&self.core().to_json())
    }

    /// A graph read from JSON (the form [method to_json] writes), or
    /// [code]null[/code] after logging what is wrong, naming the place in
    /// the text ([code]graph.edges[4][/code]).
    #[func]
    fn from_json(text: GString) -> Option<Gd<LevelGraph>> {
        match CoreGraph::from_json(&text.to_string()) {
            Ok(g) => Some(Self::from_core(&g)),
            Err(e) => {
                godot_error!("LevelGraph.from_json: {e}");
                None
            }
        }
    }
}

impl LevelGraph {
    /// `room` as an index, or `None` after logging that it does not exist.
    fn room_index(&self, room: i64) -> Option<usize> {
        let found = usize::try_from(room).ok().filter(|&i| i < self.rooms.len());
        if found.is_none() {
            godot_error!(
                "LevelGraph: room {room} does not exist (rooms 0..{})",
                self.rooms.len()
            );
        }
        found
    }

    /// The number of the connection between `a` and `b`, either order.
    fn connection_index(&self, a: usize, b: usize) -> Option<usize> {
        self.connections.iter_shared().position(|c| {
            let (x, y) = (usize::try_from(c.x).ok(), usize::try_from(c.y).ok());
            (x, y) == (Some(a), Some(b)) || (x, y) == (Some(b), Some(a))
        })
    }

    /// The core graph. A negative room number lies past any room, so the
    /// core's checks refuse it, naming the connection and the number as
    /// given.
    pub fn core(&self) -> CoreGraph {
        let names = self.room_names.as_slice();
        let rooms = self
            .rooms
            .iter_shared()
            .enumerate()
            .map(|(i, tags)| GraphRoom {
                tags: tags.as_slice().iter().map(ToString::to_string).collect(),
                name: names.get(i).map(ToString::to_string).unwrap_or_default(),
            })
            .collect();
        // A negative number keeps its value by two's complement (far past
        // any room), so the core's error prints it as given.
        let index = |v: i32| v as isize as usize;
        let edges = self
            .connections
            .iter_shared()
            .map(|c| GraphEdge {
                a: index(c.x),
                b: index(c.y),
                mode: ConnectionMode::try_from_godot(i64::from(c.z))
                    .map_or(EdgeMode::Default, ConnectionMode::core),
            })
            .collect();
        CoreGraph { rooms, edges }
    }

    /// A new resource holding `g`.
    pub fn from_core(g: &CoreGraph) -> Gd<Self> {
        let mut out = Self::new_gd();
        {
            let mut b = out.bind_mut();
            let rooms: Vec<PackedStringArray> = g
                .rooms
                .iter()
                .map(|r| r.tags.iter().map(GString::from).collect())
                .collect();
            b.rooms = Array::from(rooms.as_slice());
            if g.rooms.iter().any(|r| !r.name.is_empty()) {
                b.room_names = g.rooms.iter().map(|r| GString::from(&r.name)).collect();
            }
            let edges: Vec<Vector3i> = g
                .edges
                .iter()
                .map(|e| {
                    let n = |i: usize| i32::try_from(i).unwrap_or(-1);
                    Vector3i::new(n(e.a), n(e.b), ConnectionMode::from_core(e.mode) as i32)
                })
                .collect();
            b.connections = Array::from(edges.as_slice());
        }
        out
    }
}
