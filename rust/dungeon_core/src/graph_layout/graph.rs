//! [`LevelGraph`]: the rooms a designer drew and the connections between
//! them, with the structural checks (sizes, self-loops, repeats,
//! reachability) every message of which names the rooms or the connection
//! at fault. Connections are numbered in input order ("connection #k").

use crate::error::ConfigError;

/// Most rooms a level graph may have.
pub const MAX_GRAPH_ROOMS: usize = 400;

/// How a connection is realised.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EdgeMode {
    /// As the generator's settings say (`GraphConfig::corridors`).
    #[default]
    Default,
    /// The two rooms' doors touch.
    Direct,
    /// Through a corridor piece between the two rooms.
    Corridor,
}

impl EdgeMode {
    /// The JSON name: `"default"`, `"direct"` or `"corridor"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            EdgeMode::Default => "default",
            EdgeMode::Direct => "direct",
            EdgeMode::Corridor => "corridor",
        }
    }

    /// The mode called `name`, if any.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        [EdgeMode::Default, EdgeMode::Direct, EdgeMode::Corridor]
            .into_iter()
            .find(|m| m.name() == name)
    }
}

/// One room of a level graph.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct GraphRoom {
    /// Tags choosing its templates (`"start"`, `"boss"`, `"shop"`…): it may
    /// use any template carrying all of them.
    pub tags: Vec<String>,
    /// A name for messages; may be empty.
    pub name: String,
}

/// One connection of a level graph: rooms `a` and `b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GraphEdge {
    /// One room.
    pub a: usize,
    /// The other room.
    pub b: usize,
    /// How it is realised.
    pub mode: EdgeMode,
}

/// A level as a graph: rooms (room `i` of the layout is room `i` here) and
/// the connections the layout must realise, and no others.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct LevelGraph {
    /// The rooms, in order.
    pub rooms: Vec<GraphRoom>,
    /// The connections, in input order.
    pub edges: Vec<GraphEdge>,
}

impl LevelGraph {
    /// An empty graph.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a room with `tags`; returns its number.
    pub fn add_room(&mut self, tags: &[&str]) -> usize {
        self.rooms.push(GraphRoom {
            tags: tags.iter().map(|t| (*t).to_string()).collect(),
            name: String::new(),
        });
        self.rooms.len() - 1
    }

    /// Connects rooms `a` and `b`; returns the connection's number.
    pub fn connect(&mut self, a: usize, b: usize, mode: EdgeMode) -> usize {
        self.edges.push(GraphEdge { a, b, mode });
        self.edges.len() - 1
    }

    /// A path `0 – 1 – … – (n−1)` of untagged rooms (tests, examples).
    #[must_use]
    pub fn path(n: usize) -> Self {
        let mut g = Self::new();
        for i in 0..n {
            g.add_room(&[]);
            if i > 0 {
                g.connect(i - 1, i, EdgeMode::Default);
            }
        }
        g
    }

    /// Room `i` for messages: `room 3`, or `room 3 (shop)` when named.
    #[must_use]
    pub fn room_label(&self, i: usize) -> String {
        match self.rooms.get(i) {
            Some(r) if !r.name.is_empty() => format!("room {i} ({})", r.name),
            _ => format!("room {i}"),
        }
    }

    /// Connection `k` for messages: `connection #k [a, b]`.
    #[must_use]
    pub fn edge_label(&self, k: usize) -> String {
        match self.edges.get(k) {
            Some(e) => format!("connection #{k} [{}, {}]", signed(e.a), signed(e.b)),
            None => format!("connection #{k}"),
        }
    }

    /// The neighbours of every room, in connection order.
    #[must_use]
    pub fn adjacency(&self) -> Vec<Vec<usize>> {
        let mut adj = vec![Vec::new(); self.rooms.len()];
        for e in &self.edges {
            if e.a < adj.len() && e.b < adj.len() {
                adj[e.a].push(e.b);
                adj[e.b].push(e.a);
            }
        }
        adj
    }

    /// Structural checks, cheap first: 2..=400 rooms, endpoints that exist,
    /// no connection from a room to itself, none repeated, and every room
    /// reachable from room 0. Planarity and the templates are checked by
    /// the generator.
    ///
    /// # Errors
    /// A [`ConfigError`] for `graph` naming the rooms or connection at
    /// fault.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let n = self.rooms.len();
        if !(2..=MAX_GRAPH_ROOMS).contains(&n) {
            return Err(ConfigError::new(
                "graph",
                format!("{n} rooms"),
                format!("2..={MAX_GRAPH_ROOMS} rooms"),
            ));
        }
        self.check_connections()?;
        let unreached = self.unreached();
        if !unreached.is_empty() {
            let shown: Vec<String> = unreached.iter().take(5).map(|r| r.to_string()).collect();
            let more = if unreached.len() > 5 {
                format!(" and {} more", unreached.len() - 5)
            } else {
                String::new()
            };
            let (noun, verb) = if unreached.len() == 1 {
                ("room", "cannot")
            } else {
                ("rooms", "cannot")
            };
            return Err(ConfigError::new(
                "graph",
                format!(
                    "{noun} {}{more} {verb} be reached from room 0 (no connection leads to them)",
                    shown.join(", ")
                ),
                "a connected graph: every room reachable from room 0",
            ));
        }
        Ok(())
    }

    /// The connections' part of [`LevelGraph::validate`]: every connection
    /// joins two rooms that exist, no room to itself, and no pair of rooms
    /// twice. Reading a graph runs it before bounding the number of
    /// connections, so a self-loop or a repeat is named rather than
    /// counted.
    pub(crate) fn check_connections(&self) -> Result<(), ConfigError> {
        let n = self.rooms.len();
        for (k, e) in self.edges.iter().enumerate() {
            if e.a >= n || e.b >= n {
                let rooms = match n {
                    0 => "rooms first: the graph has none".to_owned(),
                    _ => format!("rooms 0..={}", n - 1),
                };
                return Err(ConfigError::new(
                    "graph",
                    format!("{} names a room that does not exist", self.edge_label(k)),
                    rooms,
                ));
            }
            if e.a == e.b {
                return Err(ConfigError::new(
                    "graph",
                    format!("{} joins room {} to itself", self.edge_label(k), e.a),
                    "connections between two different rooms",
                ));
            }
        }
        // Repeats: sort connection numbers by their room pair (no hashing),
        // report the later of two equal pairs.
        let pair = |k: usize| {
            let e = self.edges[k];
            (e.a.min(e.b), e.a.max(e.b))
        };
        let mut order: Vec<usize> = (0..self.edges.len()).collect();
        order.sort_unstable_by_key(|&k| (pair(k), k));
        let repeat = order
            .windows(2)
            .filter(|w| pair(w[0]) == pair(w[1]))
            .map(|w| (w[1], w[0]))
            .min();
        if let Some((k, j)) = repeat {
            return Err(ConfigError::new(
                "graph",
                format!("{} repeats {}", self.edge_label(k), self.edge_label(j)),
                "each pair of rooms connected at most once",
            ));
        }
        Ok(())
    }

    /// Rooms no path of connections reaches from room 0, ascending.
    fn unreached(&self) -> Vec<usize> {
        let adj = self.adjacency();
        let mut seen = vec![false; self.rooms.len()];
        let mut queue = vec![0];
        if let Some(s) = seen.first_mut() {
            *s = true;
        }
        let mut head = 0;
        while let Some(&r) = queue.get(head) {
            head += 1;
            for &m in &adj[r] {
                if !seen[m] {
                    seen[m] = true;
                    queue.push(m);
                }
            }
        }
        (0..seen.len()).filter(|&i| !seen[i]).collect()
    }

    /// Whether the graph has no loop (connected, one connection fewer than
    /// rooms; call after [`LevelGraph::validate`]).
    #[must_use]
    pub fn is_tree(&self) -> bool {
        self.edges.len() + 1 == self.rooms.len()
    }
}

/// A graph of `n` untagged rooms and `edges`, for tests.
#[cfg(test)]
pub(crate) fn graph(n: usize, edges: &[(usize, usize)]) -> LevelGraph {
    let mut g = LevelGraph::new();
    for _ in 0..n {
        g.add_room(&[]);
    }
    for &(a, b) in edges {
        g.connect(a, b, EdgeMode::Default);
    }
    g
}

/// A room number as a caller with signed numbers gave it: a negative
/// number stored by two's complement (as Godot's `LevelGraph` stores one)
/// prints as that negative number, so an error shows the value given.
fn signed(room: usize) -> i128 {
    // `usize` is at most 64 bits: both branches are exact.
    match isize::try_from(room) {
        Ok(r) => r as i128,
        Err(_) => room as i128 - (1_i128 << usize::BITS),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(g: &LevelGraph) -> String {
        g.validate().unwrap_err().to_string()
    }

    #[test]
    fn sizes_and_endpoints_are_checked() {
        assert!(message(&graph(1, &[])).contains("1 rooms"));
        let m = message(&graph(3, &[(0, 1), (1, 5)]));
        assert!(m.contains("connection #1 [1, 5] names a room"), "{m}");
        assert!(graph(3, &[(0, 1), (1, 2)]).validate().is_ok());
        // A negative number from a signed caller (Godot) prints as given.
        let mut g = graph(3, &[(0, 1)]);
        g.edges[0].b = -2_isize as usize;
        let m = message(&g);
        assert!(m.contains("connection #0 [0, -2] names a room"), "{m}");
    }

    #[test]
    fn a_self_loop_is_named() {
        let m = message(&graph(3, &[(0, 1), (2, 2)]));
        assert!(
            m.contains("connection #1 [2, 2] joins room 2 to itself"),
            "{m}"
        );
    }

    #[test]
    fn the_second_of_two_equal_connections_is_named() {
        let m = message(&graph(4, &[(0, 1), (1, 2), (2, 3), (2, 1)]));
        assert!(
            m.contains("connection #3 [2, 1] repeats connection #1 [1, 2]"),
            "{m}"
        );
    }

    #[test]
    fn unreachable_rooms_are_listed() {
        let m = message(&graph(4, &[(0, 1), (2, 3)]));
        assert!(
            m.contains("rooms 2, 3 cannot be reached from room 0"),
            "{m}"
        );
        let m = message(&graph(9, &[(0, 1)]));
        assert!(m.contains("rooms 2, 3, 4, 5, 6 and 2 more"), "{m}");
    }

    #[test]
    fn modes_have_names() {
        for m in [EdgeMode::Default, EdgeMode::Direct, EdgeMode::Corridor] {
            assert_eq!(EdgeMode::from_name(m.name()), Some(m));
        }
        assert_eq!(EdgeMode::from_name("tunnel"), None);
    }
}
