//! The template generator's registry entry: the built-in demo
//! templates, grown with the settings below.

use super::Kind::{Bool, Int, Num, Other};
use super::{Generator, Range, Setting};
use crate::room_grid::MAX_SIDE as GRID_SIDE;
use crate::template::{MAX_MAP_SIDE, MAX_STEPS};
use crate::template::{TagRule, TemplateConfig};

/// Room templates grown door to door.
pub const TEMPLATE: Generator<TemplateConfig> = Generator {
    name: "template",
    class: "TemplateGenerator",
    summary: "hand-made room templates grown door to door (the built-in demo set), after The Dungeoning",
    example: "template --preset corridors --level 3 --width 120 --height 120",
    settings: template,
    rooms: true,
};

/// `tag:min:max` rules, comma-separated (`max` -1: no limit); `none` for none.
fn parse_rules(v: &str) -> Result<Vec<TagRule>, String> {
    if v == "none" || v.is_empty() {
        return Ok(Vec::new());
    }
    v.split(',')
        .map(|rule| {
            let parts: Vec<&str> = rule.split(':').collect();
            match parts.as_slice() {
                [tag, min, max] => {
                    let n = |s: &str| {
                        s.trim()
                            .parse::<i32>()
                            .map_err(|_| format!("{s:?} in {rule:?} is not a whole number"))
                    };
                    Ok(TagRule::new(tag.trim(), n(min)?, n(max)?))
                }
                _ => Err(format!("{rule:?} is not tag:min:max")),
            }
        })
        .collect()
}

fn show_rules(c: &TemplateConfig) -> String {
    if c.tag_rules.is_empty() {
        return "none".into();
    }
    let rules: Vec<String> = c
        .tag_rules
        .iter()
        .map(|r| format!("{}:{}:{}", r.tag, r.min, r.max))
        .collect();
    rules.join(",")
}

/// The template generator's settings, in the order they are applied.
#[must_use]
pub fn template() -> Vec<Setting<TemplateConfig>> {
    type F = Setting<TemplateConfig>;
    vec![
        F::new("width", "map width in cells", Int(|c| &mut c.width))
            .range(Range::int(3, MAX_MAP_SIDE)),
        F::new("height", "map height in cells", Int(|c| &mut c.height))
            .range(Range::int(3, MAX_MAP_SIDE)),
        F::new(
            "base_rooms",
            "rooms before the per-level rooms, at least 2 (corridor pieces not counted)",
            Int(|c| &mut c.count.base),
        )
        .range(Range::int(2, GRID_SIDE * GRID_SIDE)),
        F::new(
            "rooms_per_level",
            "rooms added per level (floored)",
            Num(|c| &mut c.count.per_level),
        )
        .range(Range::new(0.0, 1000.0)),
        F::new(
            "room_variance",
            "random extra rooms, 0..=N",
            Int(|c| &mut c.count.variance),
        )
        .range(Range::int(0, 1000)),
        F::new(
            "start_tag",
            "templates with this tag only start a level (one a level); a tag some template carries, or empty: any template",
            Other(
                "TAG",
                |c, v| {
                    c.start_tag = v.to_owned();
                    Ok(())
                },
                |c| c.start_tag.clone(),
            ),
        ),
        F::new(
            "end_tag",
            "the end room's tag (a boss room as far from the start as any); empty: the farthest room",
            Other(
                "TAG",
                |c, v| {
                    c.end_tag = v.to_owned();
                    Ok(())
                },
                |c| c.end_tag.clone(),
            ),
        ),
        F::new(
            "corridor_tag",
            "corridor pieces' tag: not counted as rooms, removed when they lead nowhere",
            Other(
                "TAG",
                |c, v| {
                    c.corridor_tag = v.to_owned();
                    Ok(())
                },
                |c| c.corridor_tag.clone(),
            ),
        ),
        F::new(
            "corridors_between_rooms",
            "rooms join only corridor pieces",
            Bool(|c| &mut c.corridors_between_rooms),
        ),
        F::new(
            "loops",
            "join two doors that meet by chance (false: seal them)",
            Bool(|c| &mut c.loops),
        ),
        F::new(
            "tag_rules",
            "tag:min:max,... rooms with a tag (max -1: no limit), or none; rules no level can keep are refused",
            Other(
                "RULES",
                |c, v| {
                    c.tag_rules = parse_rules(v)?;
                    Ok(())
                },
                show_rules,
            ),
        ),
        F::new(
            "max_steps",
            "work budget per level in placement tests",
            Int(|c| &mut c.max_steps),
        )
        .range(Range::int(100, MAX_STEPS)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tag_rules_read_and_show_back() {
        let rules = parse_rules("treasure:1:2, hall:0:-1").unwrap();
        assert_eq!(
            rules,
            vec![TagRule::new("treasure", 1, 2), TagRule::new("hall", 0, -1)]
        );
        let c = TemplateConfig {
            tag_rules: rules,
            ..TemplateConfig::demo()
        };
        assert_eq!(show_rules(&c), "treasure:1:2,hall:0:-1");
        assert!(
            parse_rules("treasure:1")
                .unwrap_err()
                .contains("tag:min:max")
        );
        assert!(parse_rules("a:x:1").unwrap_err().contains("whole number"));
        assert_eq!(parse_rules("none").unwrap(), vec![]);
    }
}
