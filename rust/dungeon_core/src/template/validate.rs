//! Checking a [`TemplateConfig`] before anything is placed:
//! [`TemplateConfig::validate`] checks every setting and each template
//! ([`RoomTemplate::validate`]: size, weight, doors, floors in one piece),
//! then that the set can grow at all (the start joins some template, the
//! end some room) and that no tag rule contradicts the set. Kept apart from
//! the settings themselves (`config.rs`), which say what a set is; this
//! says which sets can never make a level.

use super::config::{
    MAX_MAP_SIDE, MAX_STEPS, MAX_TAGS, MAX_TEMPLATE_SIDE, MAX_TEMPLATES, MAX_WEIGHT, TagRule,
    TemplateConfig,
};
use super::shape::{RoomTemplate, Side, Variant};
use crate::error::{ConfigError, check_range};
use crate::grid::Rect;

impl TemplateConfig {
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
        validate_templates(&self.templates)?;
        if let Some((i, t)) = self
            .templates
            .iter()
            .enumerate()
            .find(|(_, t)| t.has_door_lines())
        {
            return Err(template_error(
                i,
                t,
                "a door line".into(),
                "fixed door slots (a length equal to the door's width): the template \
                 generator grows door to door; door lines are for level graphs",
            ));
        }
        if let Some((i, t)) = self
            .templates
            .iter()
            .enumerate()
            .find(|(_, t)| t.trim_to_floors)
        {
            return Err(template_error(
                i,
                t,
                "trim_to_floors".into(),
                "rooms as whole boxes (trim_to_floors off): the template generator \
                 places bounding boxes; trimmed rooms are for level graphs",
            ));
        }
        self.validate_start_tag()?;
        self.validate_rules()?;
        self.validate_joins()?;
        self.validate_rule_counts()
    }

    /// The distinct tags templates with weight above 0 carry, for messages
    /// ([`tag_list`]).
    fn tag_list(&self) -> String {
        tag_list(&self.templates)
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
        // The rules that ban every template of `list`, sorted, once each.
        let banning = |list: &[&RoomTemplate]| {
            let mut rules: Vec<String> = list.iter().map(|t| named(t)).collect();
            rules.sort_unstable();
            rules.dedup();
            rules.join(", ")
        };
        if starts.iter().all(|t| banned(t)) {
            return Err(ConfigError::new(
                "tag_rules",
                banning(&starts),
                format!(
                    "a max of at least 1 (or -1) on a tag the start room carries: every level \
                     has one start room, and every template that may start ({}) carries it",
                    template_names(&starts)
                ),
            ));
        }
        let ends: Vec<&RoomTemplate> = self.templates.iter().filter(|t| self.is_end(t)).collect();
        if !ends.is_empty() && ends.iter().all(|t| banned(t)) {
            return Err(ConfigError::new(
                "tag_rules",
                banning(&ends),
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

/// The distinct tags templates with weight above 0 carry, for messages:
/// `the tags are "boss", "corridor", "start"` (sorted), or a note that
/// there are none.
pub(crate) fn tag_list(templates: &[RoomTemplate]) -> String {
    let mut tags: Vec<&str> = templates
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

/// Checks a set of templates: 1 to [`MAX_TEMPLATES`] of them, each valid
/// ([`validate_template`]), with at most [`MAX_TAGS`] distinct tags.
pub(crate) fn validate_templates(templates: &[RoomTemplate]) -> Result<(), ConfigError> {
    if templates.is_empty() || templates.len() > MAX_TEMPLATES {
        return Err(ConfigError::new(
            "templates",
            format!("{} templates", templates.len()),
            format!("1..={MAX_TEMPLATES} templates"),
        ));
    }
    for (i, t) in templates.iter().enumerate() {
        validate_template(i, t)?;
    }
    let mut tags: Vec<&str> = templates
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
    Ok(())
}

/// Checks one template: size, doors on the walls (not corners, not
/// overlapping, each opening onto floor), floors inside and in one piece,
/// weight.
pub(crate) fn validate_template(i: usize, t: &RoomTemplate) -> Result<(), ConfigError> {
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
    if t.trim_to_floors {
        return validate_trimmed_doors(i, t, &floors);
    }
    let mut used: Vec<(i32, i32)> = Vec::new();
    for (k, d) in t.doors.iter().enumerate() {
        if d.inset != 0 {
            return err(
                format!(
                    "door {k} ({} offset {}) inset {}",
                    d.side.name(),
                    d.offset,
                    d.inset
                ),
                "doors on the edge of the room (inset 0); an inset door needs trim_to_floors",
            );
        }
        let len = match d.side {
            Side::North | Side::South => t.width,
            Side::East | Side::West => t.height,
        };
        if d.is_line() {
            if d.width < 1
                || d.offset < 1
                || i64::from(d.offset) + i64::from(d.length) > i64::from(len) - 1
            {
                return err(
                    format!(
                        "door line {k} ({} offset {} length {})",
                        d.side.name(),
                        d.offset,
                        d.length
                    ),
                    "door lines on a wall, not on a corner: offset ≥ 1, width ≥ 1, offset + length ≤ side length − 1",
                );
            }
        } else if d.width < 1
            || d.length != d.width
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
                if d.length < d.width {
                    "a door line at least as long as its door is wide"
                } else {
                    "doors on a wall, not on a corner: offset ≥ 1, offset + width ≤ side length − 1"
                },
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

/// The doors of a room trimmed to its floors: each on a straight wall of
/// its outline (every cell in the outline but not on a floor, the cell
/// outside it beyond the outline, the cell inside it floor, and the wall
/// going on one cell past both ends, so not on a corner), none overlapping
/// another.
fn validate_trimmed_doors(i: usize, t: &RoomTemplate, floors: &[Rect]) -> Result<(), ConfigError> {
    let walls = crate::template::shape::TrimmedWalls::of(t);
    let on_floor = |p: (i32, i32)| floors.iter().any(|f| f.contains(p));
    let mut used: Vec<(i32, i32)> = Vec::new();
    for (k, d) in t.doors.iter().enumerate() {
        let what = || {
            format!(
                "door {k} ({} offset {} inset {} width {} length {})",
                d.side.name(),
                d.offset,
                d.inset,
                d.width,
                d.length
            )
        };
        let err = |allowed: &str| Err(template_error(i, t, what(), allowed));
        let len = match d.side {
            Side::North | Side::South => t.width,
            Side::East | Side::West => t.height,
        };
        let depth = match d.side {
            Side::North | Side::South => t.height,
            Side::East | Side::West => t.width,
        };
        if d.width < 1 || d.length < d.width {
            return err("a door at least 1 cell wide, on a line at least as long as it is wide");
        }
        if d.offset < 1
            || i64::from(d.offset) + i64::from(d.length) > i64::from(len) - 1
            || d.inset < 0
            || d.inset >= depth
        {
            return err(
                "doors inside the bounding box: offset ≥ 1, offset + length ≤ side length − 1, 0 ≤ inset < the room's depth",
            );
        }
        let step = d.side.step();
        let (ax, ay) = d.along();
        let cells: Vec<(i32, i32)> = d.cells(t.width, t.height).collect();
        let ends = [
            (cells[0].0 - ax, cells[0].1 - ay),
            (cells[cells.len() - 1].0 + ax, cells[cells.len() - 1].1 + ay),
        ];
        if !cells.iter().chain(&ends).all(|&p| walls.faces(p, d.side)) {
            return err(
                "doors on a straight outer wall of the trimmed room (walls round its floors), not on a corner",
            );
        }
        for &p in &cells {
            if !on_floor((p.0 - step.0, p.1 - step.1)) {
                return err("every door cell with a floor cell just inside it");
            }
            if used.contains(&p) {
                return err("door slots that do not overlap");
            }
            used.push(p);
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
