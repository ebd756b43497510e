//! [`TemplateConfig`]: the template set, the map bounds, the per-level room
//! count and the rules; [`TemplateConfig::validate`] refuses sets that can
//! never grow before anything is placed.

use super::shape::{DoorSlot, RoomTemplate, Side, Variant};
use crate::error::{ConfigError, check_range};
use crate::grid::Rect;
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

    /// A preset by name: `"demo"` or `"corridors"`.
    #[must_use]
    pub fn preset(name: &str) -> Option<Self> {
        match name {
            "demo" => Some(Self::demo()),
            "corridors" => Some(Self::corridors()),
            _ => None,
        }
    }

    /// The preset names [`TemplateConfig::preset`] knows.
    pub const PRESETS: [&'static str; 2] = ["demo", "corridors"];

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

    /// Checks every setting and that the set can grow at all: the start's
    /// doors must fit some other template's doors, the end template must
    /// fit some room's doors, every tag a rule needs must exist, `start_tag`
    /// and `end_tag` (when set) must be carried by a template, and the tag
    /// rules must not contradict the set (see [`TemplateConfig::tag_rules`]).
    ///
    /// # Errors
    /// A [`ConfigError`] naming the setting (or the template) at fault.
    pub fn validate(&self) -> Result<(), ConfigError> {
        check_range("width", self.width, 3, MAX_MAP_SIDE)?;
        check_range("height", self.height, 3, MAX_MAP_SIDE)?;
        check_range("max_steps", self.max_steps, 100, MAX_STEPS)?;
        self.count.range(1)?;
        if self.templates.is_empty() || self.templates.len() > MAX_TEMPLATES {
            return Err(ConfigError::new(
                "templates",
                format!("{} templates", self.templates.len()),
                format!("1..={MAX_TEMPLATES} templates"),
            ));
        }
        for (i, t) in self.templates.iter().enumerate() {
            validate_template(i, t)?;
        }
        let mut tags: Vec<&str> = self
            .templates
            .iter()
            .flat_map(|t| t.tags.iter().map(String::as_str))
            .collect();
        tags.sort_unstable();
        tags.dedup();
        if tags.len() > MAX_TAGS {
            return Err(ConfigError::new(
                "templates",
                format!("{} distinct tags", tags.len()),
                format!("at most {MAX_TAGS} distinct tags"),
            ));
        }
        self.validate_start_tag()?;
        self.validate_rules()?;
        self.validate_joins()?;
        self.validate_rule_counts()
    }

    /// The distinct tags templates with weight above 0 carry, for messages:
    /// `"boss", "corridor", "start"` (sorted), or a note that there are none.
    fn tag_list(&self) -> String {
        let mut tags: Vec<&str> = self
            .templates
            .iter()
            .filter(|t| t.weight > 0.0)
            .flat_map(|t| t.tags.iter().map(String::as_str))
            .filter(|t| !t.is_empty())
            .collect();
        tags.sort_unstable();
        tags.dedup();
        if tags.is_empty() {
            "no template with weight above 0 has a tag".to_owned()
        } else {
            let quoted: Vec<String> = tags.iter().map(|t| format!("{t:?}")).collect();
            format!("the tags are {}", quoted.join(", "))
        }
    }

    /// A set `start_tag` some template must carry: otherwise every template
    /// could start, which the tag was set to prevent.
    fn validate_start_tag(&self) -> Result<(), ConfigError> {
        if self.start_tag.is_empty() || self.has_start_templates() {
            return Ok(());
        }
        Err(ConfigError::new(
            "start_tag",
            format!("{:?}", self.start_tag),
            format!(
                "a tag some template with weight above 0 carries, or empty for any template ({})",
                self.tag_list()
            ),
        ))
    }

    fn validate_rules(&self) -> Result<(), ConfigError> {
        for r in &self.tag_rules {
            if r.tag.is_empty() || r.min < 0 || (r.max >= 0 && r.max < r.min) || r.max < -1 {
                return Err(ConfigError::new(
                    "tag_rules",
                    format!("{:?} min {} max {}", r.tag, r.min, r.max),
                    "a tag, min ≥ 0 and max ≥ min (or -1 for no limit)",
                ));
            }
            if r.min > 0
                && !self
                    .templates
                    .iter()
                    .any(|t| t.weight > 0.0 && t.has_tag(&r.tag))
            {
                return Err(ConfigError::new(
                    "tag_rules",
                    format!("{:?} min {}", r.tag, r.min),
                    format!("a template tagged {:?} with weight above 0", r.tag),
                ));
            }
        }
        if !self.end_tag.is_empty() && !self.templates.iter().any(|t| self.is_end(t)) {
            return Err(ConfigError::new(
                "end_tag",
                format!("{:?}", self.end_tag),
                format!(
                    "a tag some template with weight above 0 carries, or empty ({})",
                    self.tag_list()
                ),
            ));
        }
        if let Some(t) = self
            .templates
            .iter()
            .find(|t| self.is_end(t) && self.is_corridor(t))
        {
            return Err(ConfigError::new(
                "end_tag",
                format!("{:?}", self.end_tag),
                format!(
                    "a tag no corridor piece carries ({:?} also carries corridor_tag {:?})",
                    t.name, self.corridor_tag
                ),
            ));
        }
        if self.corridors_between_rooms
            && !self
                .templates
                .iter()
                .any(|t| self.can_grow(t) && self.is_corridor(t))
        {
            return Err(ConfigError::new(
                "corridors_between_rooms",
                "true",
                format!(
                    "false, or a template tagged corridor_tag {:?} with weight above 0",
                    self.corridor_tag
                ),
            ));
        }
        Ok(())
    }

    /// Fail fast: the start must fit the map and join some template, and
    /// the end template must join some room.
    fn validate_joins(&self) -> Result<(), ConfigError> {
        let starts: Vec<&RoomTemplate> = self
            .templates
            .iter()
            .filter(|t| self.can_start(t))
            .collect();
        if starts.is_empty() {
            return Err(ConfigError::new(
                "templates",
                "no template can start",
                "a template with weight above 0 that is not the end_tag room",
            ));
        }
        if !starts.iter().any(|t| fits(t, self.width, self.height)) {
            let t = starts[0];
            return Err(ConfigError::new(
                "width",
                format!("{} (height {})", self.width, self.height),
                format!(
                    "a map the start template {:?} ({} × {}) fits in",
                    t.name, t.width, t.height
                ),
            ));
        }
        let growers: Vec<&RoomTemplate> =
            self.templates.iter().filter(|t| self.can_grow(t)).collect();
        let ends: Vec<&RoomTemplate> = self.templates.iter().filter(|t| self.is_end(t)).collect();
        let mut others = growers.clone();
        others.extend(ends.iter().copied());
        if !starts.iter().any(|s| joins_any(s, &others)) {
            let names: Vec<&str> = starts.iter().map(|t| t.name.as_str()).collect();
            return Err(ConfigError::new(
                "templates",
                format!("start {}", names.join(", ")),
                "a template with a door as wide as one of the start's doors on the facing side \
                 (no template can join any door of the start)",
            ));
        }
        if !ends.is_empty() {
            let mut hosts = growers;
            hosts.extend(starts.iter().copied());
            if !ends.iter().any(|e| joins_any(e, &hosts)) {
                return Err(ConfigError::new(
                    "end_tag",
                    format!("{:?}", self.end_tag),
                    "an end template with a door that some other template's door can join",
                ));
            }
        }
        Ok(())
    }
}

/// The tag rules taken together, per tag: the most `min` and the least
/// `max` (`None`: no limit), in the order the tags first appear.
fn rule_bounds(rules: &[TagRule]) -> Vec<(&str, i32, Option<i32>)> {
    let mut out: Vec<(&str, i32, Option<i32>)> = Vec::new();
    for r in rules {
        let max = (r.max >= 0).then_some(r.max);
        match out.iter_mut().find(|b| b.0 == r.tag) {
            Some(b) => {
                b.1 = b.1.max(r.min);
                b.2 = match (b.2, max) {
                    (Some(a), Some(m)) => Some(a.min(m)),
                    (a, m) => a.or(m),
                };
            }
            None => out.push((r.tag.as_str(), r.min, max)),
        }
    }
    out
}

impl TemplateConfig {
    /// Refuses tag rules that no level can keep, whatever the seed, level
    /// or map: they would otherwise fail only after every attempt, blaming
    /// the map. Run after the other checks, so the set itself can grow.
    ///
    /// A level has exactly one start room (a `can_start` template) and,
    /// with `end_tag` set, exactly one end room (an `is_end` template);
    /// every other room is a `can_grow` template. A rule with max 0 keeps
    /// the templates carrying its tag out of the level.
    fn validate_rule_counts(&self) -> Result<(), ConfigError> {
        let bounds = rule_bounds(&self.tag_rules);
        for &(tag, min, max) in &bounds {
            if let Some(max) = max.filter(|&m| m < min) {
                return Err(ConfigError::new(
                    "tag_rules",
                    format!("{tag:?} min {min} and {tag:?} max {max}"),
                    format!(
                        "rules on {tag:?} that some count keeps (a min no more than every max)"
                    ),
                ));
            }
        }
        // Tags with max 0, and whether template `t` carries one.
        let zero: Vec<&str> = bounds
            .iter()
            .filter(|b| b.2 == Some(0))
            .map(|b| b.0)
            .collect();
        let banned = |t: &RoomTemplate| zero.iter().any(|z| t.has_tag(z));
        let named = |t: &RoomTemplate| {
            let tags: Vec<String> = zero
                .iter()
                .filter(|z| t.has_tag(z))
                .map(|z| format!("{z:?} max 0"))
                .collect();
            tags.join(", ")
        };
        let starts: Vec<&RoomTemplate> = self
            .templates
            .iter()
            .filter(|t| self.can_start(t))
            .collect();
        if starts.iter().all(|t| banned(t)) {
            let mut rules: Vec<String> = starts.iter().map(|t| named(t)).collect();
            rules.sort_unstable();
            rules.dedup();
            return Err(ConfigError::new(
                "tag_rules",
                rules.join(", "),
                format!(
                    "a max of at least 1 (or -1) on a tag the start room carries: every level \
                     has one start room, and every template that may start ({}) carries it",
                    template_names(&starts)
                ),
            ));
        }
        let ends: Vec<&RoomTemplate> = self.templates.iter().filter(|t| self.is_end(t)).collect();
        if !ends.is_empty() && ends.iter().all(|t| banned(t)) {
            let mut rules: Vec<String> = ends.iter().map(|t| named(t)).collect();
            rules.sort_unstable();
            rules.dedup();
            return Err(ConfigError::new(
                "tag_rules",
                rules.join(", "),
                format!(
                    "a max of at least 1 (or -1) on a tag the end room carries: every level \
                     has one end room (end_tag {:?}), and every end template ({}) carries it",
                    self.end_tag,
                    template_names(&ends)
                ),
            ));
        }
        for &(tag, min, _) in &bounds {
            if min <= 0 {
                continue;
            }
            let carries = |t: &&RoomTemplate| t.has_tag(tag) && !banned(t);
            if self
                .templates
                .iter()
                .any(|t| self.can_grow(t) && carries(&t))
            {
                continue;
            }
            let from_start = starts.iter().any(carries);
            let from_end = ends.iter().any(carries);
            let most = i32::from(from_start) + i32::from(from_end);
            if min > most {
                let only = match (from_start, from_end) {
                    (true, true) => "only the start room and the end room can carry it",
                    (true, false) => {
                        "only the start room can carry it (start_tag templates only start a level)"
                    }
                    (false, true) => {
                        "only the end room can carry it (end_tag templates only end a level)"
                    }
                    (false, false) => "no room that can be placed carries it",
                };
                return Err(ConfigError::new(
                    "tag_rules",
                    format!("{tag:?} min {min}"),
                    format!("a min of at most {most} for {tag:?}: {only}"),
                ));
            }
        }
        self.validate_without_banned(&banned)
    }

    /// The set less the templates the max-0 rules keep out must still grow:
    /// the start joins some template, the end some room, and corridor
    /// pieces exist when rooms may only join them.
    fn validate_without_banned(
        &self,
        banned: &dyn Fn(&RoomTemplate) -> bool,
    ) -> Result<(), ConfigError> {
        if !self.templates.iter().any(banned) {
            return Ok(());
        }
        let mut left = self.clone();
        left.tag_rules.clear();
        let mut gone = Vec::new();
        for t in &mut left.templates {
            if banned(t) {
                t.weight = 0.0;
                gone.push(format!("{:?}", t.name));
            }
        }
        let rules: Vec<String> = rule_bounds(&self.tag_rules)
            .iter()
            .filter(|b| b.2 == Some(0))
            .map(|b| format!("{:?} max 0", b.0))
            .collect();
        let err = |why: String| {
            ConfigError::new(
                "tag_rules",
                rules.join(", "),
                format!(
                    "rules that leave a level possible; without the templates they keep out \
                     ({}): {why}",
                    gone.join(", ")
                ),
            )
        };
        let corridor_start = left
            .templates
            .iter()
            .any(|t| left.can_start(t) && left.is_corridor(t));
        if left.corridors_between_rooms
            && !corridor_start
            && !left
                .templates
                .iter()
                .any(|t| left.can_grow(t) && left.is_corridor(t))
        {
            return Err(err(format!(
                "rooms join only corridor pieces (corridors_between_rooms), and none is left \
                 (corridor_tag {:?})",
                left.corridor_tag
            )));
        }
        let room_grows = |c: &TemplateConfig| {
            c.templates
                .iter()
                .any(|t| c.can_grow(t) && !c.is_corridor(t))
        };
        // Without an end room the end is a room besides the start, so one
        // must grow (a set without any fails as it always did).
        if self.end_tag.is_empty() && room_grows(self) && !room_grows(&left) {
            return Err(err(
                "a level needs a room besides the start (end_tag is empty), and no template \
                 that may grow and is not a corridor piece is left"
                    .to_owned(),
            ));
        }
        left.validate_joins().map_err(|e| err(e.to_string()))
    }
}

/// `"a", "b"`: the templates' names, for messages.
fn template_names(ts: &[&RoomTemplate]) -> String {
    let names: Vec<String> = ts.iter().map(|t| format!("{:?}", t.name)).collect();
    names.join(", ")
}

impl RoomTemplate {
    /// Checks this template alone: size, weight, doors on walls (not on
    /// corners, not overlapping, each opening onto floor), floors inside
    /// the walls and in one piece.
    ///
    /// # Errors
    /// A [`ConfigError`] for `templates` naming the template and the fault.
    pub fn validate(&self) -> Result<(), ConfigError> {
        validate_template(0, self)
    }
}

/// Whether some orientation of `t` fits a `w × h` map.
fn fits(t: &RoomTemplate, w: i32, h: i32) -> bool {
    t.orientations().iter().any(|&(r, _)| {
        let (tw, th) = if r % 2 == 1 {
            (t.height, t.width)
        } else {
            (t.width, t.height)
        };
        tw <= w && th <= h
    })
}

/// Whether some door of some orientation of `t` faces a door as wide of
/// some orientation of one of `others`.
fn joins_any(t: &RoomTemplate, others: &[&RoomTemplate]) -> bool {
    let sides = |t: &RoomTemplate| -> Vec<(Side, i32)> {
        t.orientations()
            .iter()
            .flat_map(|&(r, m)| Variant::of(t, r, m).doors)
            .map(|d| (d.side, d.width))
            .collect()
    };
    let mine = sides(t);
    others.iter().any(|o| {
        let theirs = sides(o);
        mine.iter()
            .any(|&(s, w)| theirs.contains(&(s.opposite(), w)))
    })
}

fn template_error(i: usize, t: &RoomTemplate, what: String, allowed: &str) -> ConfigError {
    ConfigError::new("templates", format!("[{i}] {:?}: {what}", t.name), allowed)
}

/// Checks one template: size, doors on the walls (not corners, not
/// overlapping, each opening onto floor), floors inside and in one piece,
/// weight.
fn validate_template(i: usize, t: &RoomTemplate) -> Result<(), ConfigError> {
    let err = |what: String, allowed: &str| Err(template_error(i, t, what, allowed));
    if !(3..=MAX_TEMPLATE_SIDE).contains(&t.width) || !(3..=MAX_TEMPLATE_SIDE).contains(&t.height) {
        return err(
            format!("size {} × {}", t.width, t.height),
            "3..=64 cells a side, walls included",
        );
    }
    if !(0.0..=MAX_WEIGHT).contains(&t.weight) {
        return err(format!("weight {}", t.weight), "0..=1000");
    }
    if t.doors.is_empty() {
        return err("no doors".into(), "at least one door slot");
    }
    let floors = t.floor_rects();
    for (k, f) in floors.iter().enumerate() {
        let inside = f.w >= 1
            && f.h >= 1
            && f.x >= 1
            && f.y >= 1
            && i64::from(f.x) + i64::from(f.w) < i64::from(t.width)
            && i64::from(f.y) + i64::from(f.h) < i64::from(t.height);
        if !inside {
            return err(
                format!("floor {k} {:?}", [f.x, f.y, f.w, f.h]),
                "floor rectangles inside the walls (x, y ≥ 1, x + w ≤ width − 1, y + h ≤ height − 1)",
            );
        }
        if floors[..k].iter().any(|g| g.overlaps(f)) {
            return err(
                format!("floor {k} overlaps an earlier floor"),
                "floor rectangles that do not overlap",
            );
        }
    }
    if !floors_connected(&floors) {
        return err(
            "floors in more than one piece".into(),
            "floor rectangles that touch into one piece",
        );
    }
    let on_floor = |p: (i32, i32)| floors.iter().any(|f| f.contains(p));
    let mut used: Vec<(i32, i32)> = Vec::new();
    for (k, d) in t.doors.iter().enumerate() {
        let len = match d.side {
            Side::North | Side::South => t.width,
            Side::East | Side::West => t.height,
        };
        if d.width < 1
            || d.offset < 1
            || i64::from(d.offset) + i64::from(d.width) > i64::from(len) - 1
        {
            return err(
                format!(
                    "door {k} ({} offset {} width {})",
                    d.side.name(),
                    d.offset,
                    d.width
                ),
                "doors on a wall, not on a corner: offset ≥ 1, offset + width ≤ side length − 1",
            );
        }
        let (sx, sy) = d.side.step();
        for p in d.cells(t.width, t.height) {
            if used.contains(&p) {
                return err(
                    format!("door {k} overlaps another door"),
                    "door slots that do not overlap",
                );
            }
            used.push(p);
            if !on_floor((p.0 - sx, p.1 - sy)) {
                return err(
                    format!(
                        "door {k} ({} offset {}) opens onto no floor",
                        d.side.name(),
                        d.offset
                    ),
                    "every door cell with a floor cell just inside it",
                );
            }
        }
    }
    Ok(())
}

/// Whether the rectangles touch (share an edge) into one piece.
fn floors_connected(floors: &[Rect]) -> bool {
    let touch = |a: &Rect, b: &Rect| {
        let grown = Rect::new(a.x - 1, a.y, a.w + 2, a.h);
        let tall = Rect::new(a.x, a.y - 1, a.w, a.h + 2);
        grown.overlaps(b) || tall.overlaps(b)
    };
    let mut seen = vec![false; floors.len()];
    let mut stack = vec![0];
    if let Some(s) = seen.first_mut() {
        *s = true;
    }
    while let Some(i) = stack.pop() {
        for j in 0..floors.len() {
            if !seen[j] && touch(&floors[i], &floors[j]) {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    seen.iter().all(|&s| s)
}
