//! [`TemplateConfig`]: the template set, the map bounds, the per-level room
//! count and the rules, with the presets, the limits (`MAX_*`) and the
//! questions the grower asks of a template (may it start, grow, end?).
//! [`TemplateConfig::validate`], which refuses sets that can never grow
//! before anything is placed, is in `validate.rs`.

use super::shape::{DoorSlot, RoomTemplate, Side};
use crate::grid::Rect;
use crate::preset::Preset;
use crate::room_grid::RoomCount;

/// Largest template side in cells, walls included.
pub const MAX_TEMPLATE_SIDE: i32 = 64;
/// Largest map side in cells.
pub const MAX_MAP_SIDE: i32 = 2048;
/// Most templates in a set.
pub const MAX_TEMPLATES: usize = 256;
/// Most distinct tags across a set.
pub const MAX_TAGS: usize = 64;
/// Largest step budget.
pub const MAX_STEPS: i32 = 10_000_000;
/// The most work one level may do, whatever `max_steps` says: door picks,
/// candidate templates weighed at a door, cells read by placement tests and
/// cells written by placements (a step can read up to 64×64 cells, so
/// steps alone do not bound the time). About 1 s of CPU in a release build on a
/// busy 2-core machine; without it, `max_steps = 10000000` with the demo
/// set on a 2048² map took 6 to 9 s.
pub const MAX_WORK: u64 = 150_000_000;
/// Largest template weight.
pub const MAX_WEIGHT: f64 = 1000.0;

/// A rule on how many placed rooms carry a tag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TagRule {
    /// The tag.
    pub tag: String,
    /// At least this many rooms carry it, `0..`.
    pub min: i32,
    /// At most this many rooms carry it; `-1` for no limit.
    pub max: i32,
}

impl TagRule {
    /// At least `min` and at most `max` (`-1`: no limit) rooms tagged `tag`.
    #[must_use]
    pub fn new(tag: &str, min: i32, max: i32) -> Self {
        Self {
            tag: tag.to_string(),
            min,
            max,
        }
    }
}

/// Settings for [`super::generate`]: the templates and how to grow them.
#[derive(Clone, Debug, PartialEq)]
pub struct TemplateConfig {
    /// The room templates.
    pub templates: Vec<RoomTemplate>,
    /// Map width in cells, `3..=2048`: no room crosses it.
    pub width: i32,
    /// Map height in cells, `3..=2048`.
    pub height: i32,
    /// Rooms per level (corridor pieces not counted): `base +
    /// floor(per_level × level) + randint(0, variance)`.
    pub count: RoomCount,
    /// Templates with this tag are only used as the first room (the start),
    /// so a level has exactly one room with it. Empty: the first room is any
    /// template (not the end), by weight. A tag that no template with weight
    /// above 0 carries is refused ([`TemplateConfig::validate`]).
    pub start_tag: String,
    /// When set, the last room is a template with this tag, placed as far
    /// from the start as any room (a boss room); it holds the end. Empty:
    /// the end is in the room farthest from the start.
    pub end_tag: String,
    /// Templates with this tag are corridor pieces: they do not count as
    /// rooms, and pieces left leading nowhere are removed.
    pub corridor_tag: String,
    /// Rooms join only corridor pieces, never each other directly.
    pub corridors_between_rooms: bool,
    /// When a new room's door lands exactly on another room's open door
    /// (same width, facing), join them, making a loop. Off: both are sealed.
    pub loops: bool,
    /// At least / at most N rooms with a tag. Rules no level can keep are
    /// refused up front ([`TemplateConfig::validate`]): more rooms with a
    /// tag than the templates carrying it can make (only the start and the
    /// end carry `start_tag` and `end_tag`, one each), or a max of 0 that
    /// forbids every start, every end or every template a level needs.
    pub tag_rules: Vec<TagRule>,
    /// Work budget for one level, in placement tests, `100..=10000000`:
    /// attempts start over until it runs out. A level's work is capped too
    /// ([`MAX_WORK`], counting the cells each test reads), so with big
    /// templates or big maps a level may stop before `max_steps` steps.
    pub max_steps: i32,
}

impl Default for TemplateConfig {
    fn default() -> Self {
        Self::demo()
    }
}

fn door(side: Side, offset: i32, width: i32) -> DoorSlot {
    DoorSlot::new(side, offset, width)
}

/// The template generator's presets (both use the built-in demo set).
pub const PRESET_LIST: [Preset<TemplateConfig>; 2] = [
    Preset::new(
        "demo",
        "eight built-in templates (rooms, a hall, corridors, a boss room) grown on a 96×96 map",
        TemplateConfig::demo,
    ),
    Preset::new(
        "corridors",
        "the demo templates with corridor pieces between all rooms and no loops",
        TemplateConfig::corridors,
    ),
];

impl TemplateConfig {
    /// The built-in demo set: a start room, square and long rooms, a hall,
    /// an L room, a cross, straight and bent corridors and a boss room
    /// (The Dungeoning's loop with rooms, corridors and a boss), on a
    /// 96 × 96 map, `6 + 2 × level` to `8 + 2 × level` rooms.
    #[must_use]
    pub fn demo() -> Self {
        use Side::{East, North, South, West};
        let turn = |mut t: RoomTemplate| {
            t.rotations = true;
            t
        };
        let mut l_room = RoomTemplate::new(
            "l_room",
            9,
            9,
            vec![door(North, 2, 1), door(West, 2, 1), door(East, 2, 1)],
        );
        l_room.floors = vec![Rect::new(1, 1, 7, 3), Rect::new(1, 4, 3, 4)];
        l_room.rotations = true;
        l_room.mirroring = true;
        let mut hall = RoomTemplate::new(
            "hall",
            13,
            11,
            vec![
                door(North, 6, 1),
                door(South, 6, 1),
                door(West, 5, 1),
                door(East, 5, 1),
                door(North, 2, 1),
                door(South, 10, 1),
            ],
        );
        hall.weight = 0.5;
        let mut boss = RoomTemplate::new("boss", 11, 11, vec![door(South, 5, 1)]).tagged(&["boss"]);
        boss.rotations = true;
        Self {
            templates: vec![
                RoomTemplate::new(
                    "start",
                    7,
                    7,
                    vec![
                        door(North, 3, 1),
                        door(East, 3, 1),
                        door(South, 3, 1),
                        door(West, 3, 1),
                    ],
                )
                .tagged(&["start"]),
                RoomTemplate::new(
                    "square",
                    7,
                    7,
                    vec![
                        door(North, 3, 1),
                        door(East, 3, 1),
                        door(South, 3, 1),
                        door(West, 3, 1),
                    ],
                ),
                turn(RoomTemplate::new(
                    "long",
                    11,
                    6,
                    vec![door(West, 2, 1), door(East, 2, 1), door(North, 5, 1)],
                )),
                hall,
                l_room,
                turn(
                    RoomTemplate::new("corridor", 3, 8, vec![door(North, 1, 1), door(South, 1, 1)])
                        .tagged(&["corridor"]),
                ),
                turn(
                    RoomTemplate::new("bend", 5, 5, vec![door(North, 2, 1), door(East, 2, 1)])
                        .tagged(&["corridor"]),
                ),
                boss,
            ],
            width: 96,
            height: 96,
            count: RoomCount {
                base: 6,
                per_level: 2.0,
                variance: 2,
            },
            start_tag: "start".into(),
            end_tag: "boss".into(),
            corridor_tag: "corridor".into(),
            corridors_between_rooms: false,
            loops: true,
            tag_rules: Vec::new(),
            max_steps: 20_000,
        }
    }

    /// The demo set with corridor pieces between all rooms (rooms never
    /// touch each other) and no loops: Diablo-like halls joined by
    /// passages.
    #[must_use]
    pub fn corridors() -> Self {
        Self {
            corridors_between_rooms: true,
            loops: false,
            ..Self::demo()
        }
    }

    /// The preset names [`TemplateConfig::preset`](crate::GeneratorConfig::preset) knows.
    pub const PRESETS: [&'static str; 2] = crate::preset::names(&PRESET_LIST);

    /// Whether template `t` carries the corridor tag.
    pub(crate) fn is_corridor(&self, t: &RoomTemplate) -> bool {
        t.has_tag(&self.corridor_tag)
    }

    /// Whether some template is only a start.
    pub(crate) fn has_start_templates(&self) -> bool {
        self.templates
            .iter()
            .any(|t| t.weight > 0.0 && t.has_tag(&self.start_tag))
    }

    /// Whether `t` may be the first room.
    pub(crate) fn can_start(&self, t: &RoomTemplate) -> bool {
        t.weight > 0.0
            && !t.has_tag(&self.end_tag)
            && (!self.has_start_templates() || t.has_tag(&self.start_tag))
    }

    /// Whether `t` may be grown from a door (not only a start or an end).
    pub(crate) fn can_grow(&self, t: &RoomTemplate) -> bool {
        t.weight > 0.0 && !t.has_tag(&self.end_tag) && !t.has_tag(&self.start_tag)
    }

    /// Whether `t` is the end room.
    pub(crate) fn is_end(&self, t: &RoomTemplate) -> bool {
        t.weight > 0.0 && t.has_tag(&self.end_tag)
    }
}
