//! The templates turned into lookup tables for the growing loop: every
//! orientation of every template, tag bits, integer weights and, per door
//! side and width, the templates with a door that fits it.

use super::config::TemplateConfig;
use super::shape::{Side, Variant};

/// Candidates for one (side, width) door key: templates with at least one
/// orientation having a door on that side that wide.
pub(crate) struct Cand {
    pub(crate) template: usize,
    /// `(variant, door)` pairs of the template that fit the key.
    pub(crate) fits: Vec<(usize, usize)>,
}

/// The templates turned into lookup tables.
pub(crate) struct Prepared<'a> {
    pub(crate) config: &'a TemplateConfig,
    pub(crate) variants: Vec<Vec<Variant>>,
    pub(crate) tags: Vec<u64>,
    pub(crate) ticks: Vec<u32>,
    pub(crate) corridor: Vec<bool>,
    /// Per tag rule: its tag bit, min (less what the end room brings), max.
    pub(crate) rules: Vec<(u64, i32, i32)>,
    pub(crate) by_door: Vec<Vec<Cand>>,
}

const WIDTHS: usize = super::config::MAX_TEMPLATE_SIDE as usize + 1;

/// The index into `by_door` of doors on `side` that are `width` wide.
pub(crate) fn key(side: Side, width: i32) -> usize {
    side.index() * WIDTHS + width.clamp(0, WIDTHS as i32 - 1) as usize
}

impl<'a> Prepared<'a> {
    /// Tables for a validated config.
    pub(crate) fn new(config: &'a TemplateConfig) -> Self {
        let mut names: Vec<&str> = config
            .templates
            .iter()
            .flat_map(|t| t.tags.iter().map(String::as_str))
            .collect();
        names.sort_unstable();
        names.dedup();
        let bit = |tag: &str| {
            names
                .binary_search(&tag)
                .map_or(0, |i| 1u64 << (i as u32).min(63))
        };
        let tags: Vec<u64> = config
            .templates
            .iter()
            .map(|t| t.tags.iter().fold(0, |m, tag| m | bit(tag)))
            .collect();
        let ends: Vec<usize> = (0..config.templates.len())
            .filter(|&i| config.is_end(&config.templates[i]))
            .collect();
        let rules = config
            .tag_rules
            .iter()
            .map(|r| {
                let b = bit(&r.tag);
                let from_end =
                    i32::from(!ends.is_empty() && ends.iter().all(|&e| tags[e] & b != 0));
                (b, r.min - from_end, r.max)
            })
            .collect();
        let variants: Vec<Vec<Variant>> = config
            .templates
            .iter()
            .map(|t| {
                t.orientations()
                    .iter()
                    .map(|&(r, m)| Variant::of(t, r, m))
                    .collect()
            })
            .collect();
        let mut by_door: Vec<Vec<Cand>> = (0..4 * WIDTHS).map(|_| Vec::new()).collect();
        for (t, vs) in variants.iter().enumerate() {
            for (v, var) in vs.iter().enumerate() {
                for (d, door) in var.doors.iter().enumerate() {
                    let list = &mut by_door[key(door.side, door.width)];
                    if list.last().is_none_or(|c| c.template != t) {
                        list.push(Cand {
                            template: t,
                            fits: Vec::new(),
                        });
                    }
                    if let Some(c) = list.last_mut() {
                        c.fits.push((v, d));
                    }
                }
            }
        }
        Self {
            config,
            ticks: config
                .templates
                .iter()
                .map(|t| (t.weight * 1000.0).round().clamp(0.0, 1e6) as u32)
                .collect(),
            corridor: config
                .templates
                .iter()
                .map(|t| config.is_corridor(t))
                .collect(),
            variants,
            tags,
            rules,
            by_door,
        }
    }
}
