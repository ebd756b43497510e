//! [`GraphConfig`]: the level graph, the room templates its rooms are
//! drawn from, the corridor settings and the work budget, with the limits,
//! the presets and the built-in demo templates and graph.

use super::graph::{EdgeMode, LevelGraph};
use crate::preset::Preset;
use crate::template::{DoorSlot, RoomTemplate, Side};

/// Smallest `work_budget`.
pub const MIN_WORK_BUDGET: i32 = 10_000;
/// Largest `work_budget`.
pub const MAX_WORK_BUDGET: i32 = 100_000_000;
/// Shortest generated straight corridor piece (`corridor_min`), in cells
/// along the corridor, walls included: a wall, one floor cell, a wall.
pub const MIN_CORRIDOR_LENGTH: i32 = 3;
/// Longest generated straight corridor piece (`corridor_max`).
pub const MAX_CORRIDOR_LENGTH: i32 = 32;

/// Settings for [`super::generate`]: the graph, the templates, the
/// corridors and the work budget.
#[derive(Clone, Debug, PartialEq)]
pub struct GraphConfig {
    /// The rooms and connections to realise; room `i` of the grid is room
    /// `i` of the graph.
    pub graph: LevelGraph,
    /// The room templates (the type `TemplateGenerator` uses). A room
    /// with tags may use the templates carrying all of them; a room without
    /// tags the templates carrying none of the tags the graph's rooms ask
    /// for. Weights bias the choice; rotations and mirroring as allowed.
    pub templates: Vec<RoomTemplate>,
    /// Whether connections of mode [`EdgeMode::Default`] go through a
    /// corridor piece (else their rooms' doors touch). Connections of mode
    /// `Corridor` always do, `Direct` never. Default `false`.
    pub corridors: bool,
    /// Corridor pieces of the designer's own (bends and the like): exactly
    /// two door slots each, not touching. Any connection through a
    /// corridor may use any of them (tags play no part), alongside the
    /// generated straight pieces; graph rooms never use them.
    pub corridor_templates: Vec<RoomTemplate>,
    /// Shortest generated straight piece, in cells along it, walls
    /// included, `3..=32` (default 4). For every length
    /// `corridor_min..=corridor_max` and every door width the room
    /// templates use, a turnable piece `width + 2` cells across with a door
    /// as wide filling each short end ([`GraphConfig::corridor_pieces`]).
    pub corridor_min: i32,
    /// Longest generated straight piece, `3..=32`, at least
    /// `corridor_min` (default 8).
    pub corridor_max: i32,
    /// Work units one level may spend, `10000..=100000000`: one per
    /// candidate placement tried, plus one per 32 rooms its overlap test
    /// reads.
    pub work_budget: i32,
}

impl Default for GraphConfig {
    fn default() -> Self {
        Self::demo()
    }
}

/// The graph layout generator's presets.
pub const PRESET_LIST: [Preset<GraphConfig>; 3] = [
    Preset::new(
        "demo",
        "the built-in demo templates (door lines: a door anywhere along each wall) on an 11-room graph: start, fights, a hub, a shop and a treasure branch, two loops, a boss",
        GraphConfig::demo,
    ),
    Preset::new(
        "corridors",
        "the demo graph and templates with every connection through a straight corridor piece of 4 to 8 cells",
        GraphConfig::corridors,
    ),
    Preset::new(
        "fixed_doors",
        "the demo graph on the demo templates with fixed door slots (one or two doors a side), as the demo was before door lines",
        GraphConfig::fixed_doors,
    ),
];

fn door(side: Side, offset: i32) -> DoorSlot {
    DoorSlot::new(side, offset, 1)
}

/// A `w × h` template with width-1 doors at `doors`, turnable, tagged.
fn room(name: &str, w: i32, h: i32, doors: &[(Side, i32)], tags: &[&str]) -> RoomTemplate {
    let mut t = RoomTemplate::new(name, w, h, doors.iter().map(|&(s, o)| door(s, o)).collect())
        .tagged(tags);
    t.rotations = true;
    t
}

impl GraphConfig {
    /// The demo templates with door lines
    /// ([`GraphConfig::demo_line_templates`]) on
    /// [`GraphConfig::demo_graph`]. (With door lines every class of level
    /// graph designers draw lays out at least as often as on fixed slots:
    /// BENCHMARKS.md.)
    #[must_use]
    pub fn demo() -> Self {
        Self {
            graph: Self::demo_graph(),
            templates: Self::demo_line_templates(),
            corridors: false,
            corridor_templates: Vec::new(),
            corridor_min: 4,
            corridor_max: 8,
            work_budget: 2_000_000,
        }
    }

    /// [`GraphConfig::demo`] on the fixed-slot demo templates
    /// ([`GraphConfig::demo_templates`]): the demo before door lines.
    #[must_use]
    pub fn fixed_doors() -> Self {
        Self {
            templates: Self::demo_templates(),
            ..Self::demo()
        }
    }

    /// [`GraphConfig::demo`] with every connection through a generated
    /// straight corridor piece, 4 to 8 cells long. (No bends: its graph has
    /// no loop of three rooms, and offered everywhere, a 5×5 bend cut the
    /// layouts found from 100 % to 78 % of seeds: with rooms this size it
    /// puts its two rooms diagonally next to each other, where they mostly
    /// overlap.)
    #[must_use]
    pub fn corridors() -> Self {
        Self {
            corridors: true,
            ..Self::demo()
        }
    }

    /// The built-in templates with fixed door slots (the `fixed_doors`
    /// preset's; [`GraphConfig::demo`] uses their door-line form,
    /// [`GraphConfig::demo_line_templates`]): rectangles of several sizes
    /// with doors on every side (no two door slots adjacent), all turnable — `start`,
    /// `small` (7×7, a door a side), `medium` (9×7), `large` (11×9), `hall`
    /// (13×11, two doors a side), `shop` (7×7), `treasure` (5×5, two
    /// doors) and `boss` (13×13, two doors a side, so it can close a loop of three).
    #[must_use]
    pub fn demo_templates() -> Vec<RoomTemplate> {
        use Side::{East, North, South, West};
        let four = |w: i32, h: i32| [(North, w / 2), (East, h / 2), (South, w / 2), (West, h / 2)];
        let mut hall = room(
            "hall",
            13,
            11,
            &[
                (North, 3),
                (North, 9),
                (East, 3),
                (East, 7),
                (South, 3),
                (South, 9),
                (West, 3),
                (West, 7),
            ],
            &[],
        );
        hall.weight = 0.5;
        vec![
            room("start", 7, 7, &four(7, 7), &["start"]),
            room("small", 7, 7, &four(7, 7), &[]),
            room(
                "medium",
                9,
                7,
                &[
                    (North, 2),
                    (North, 6),
                    (East, 3),
                    (South, 2),
                    (South, 6),
                    (West, 3),
                ],
                &[],
            ),
            room(
                "large",
                11,
                9,
                &[
                    (North, 3),
                    (North, 7),
                    (East, 2),
                    (East, 6),
                    (South, 3),
                    (South, 7),
                    (West, 4),
                ],
                &[],
            ),
            hall,
            room("shop", 7, 7, &four(7, 7), &["shop"]),
            room("treasure", 5, 5, &[(North, 2), (South, 2)], &["treasure"]),
            room(
                "boss",
                13,
                13,
                &[
                    (North, 3),
                    (North, 9),
                    (East, 3),
                    (East, 9),
                    (South, 3),
                    (South, 9),
                    (West, 3),
                    (West, 9),
                ],
                &["boss"],
            ),
        ]
    }

    /// [`GraphConfig::demo_templates`] with door lines: each side that has
    /// doors there has instead one door line, 1 cell wide, along the whole
    /// wall but its corners, so a door may sit anywhere on it.
    #[must_use]
    pub fn demo_line_templates() -> Vec<RoomTemplate> {
        let mut out = Self::demo_templates();
        for t in &mut out {
            let mut lines: Vec<DoorSlot> = Vec::new();
            for side in Side::ALL {
                if t.doors.iter().any(|d| d.side == side) {
                    let len = match side {
                        Side::North | Side::South => t.width,
                        Side::East | Side::West => t.height,
                    };
                    lines.push(DoorSlot::line(side, 1, 1, len - 2));
                }
            }
            t.doors = lines;
        }
        out
    }

    /// The demo level graph, 11 rooms and 12 connections: 0 start; 1, 2
    /// fights; 3 a hub; 4, 5, 8, 9 fights; 6 a shop; 7 a treasure room; 10
    /// the boss; two loops, 0–1–3–2 and 3–4–8–5.
    #[must_use]
    pub fn demo_graph() -> LevelGraph {
        let mut g = LevelGraph::new();
        let tags: [&[&str]; 11] = [
            &["start"],
            &[],
            &[],
            &[],
            &[],
            &[],
            &["shop"],
            &["treasure"],
            &[],
            &[],
            &["boss"],
        ];
        for t in tags {
            g.add_room(t);
        }
        for (a, b) in [
            (0, 1),
            (0, 2),
            (1, 3),
            (2, 3),
            (1, 6),
            (3, 4),
            (3, 5),
            (4, 8),
            (5, 8),
            (5, 7),
            (8, 9),
            (9, 10),
        ] {
            g.connect(a, b, EdgeMode::Default);
        }
        g
    }

    /// The preset names [`GraphConfig::preset`](crate::GeneratorConfig::preset) knows.
    pub const PRESETS: [&'static str; 3] = crate::preset::names(&PRESET_LIST);
}
