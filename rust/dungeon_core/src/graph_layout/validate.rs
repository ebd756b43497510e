//! Checking a [`GraphConfig`] before anything is placed, cheap checks
//! first, each message naming the rooms, connection or template at fault:
//! the budget, the templates and the corridor settings; the graph's
//! structure ([`LevelGraph::validate`]); which templates each room may use
//! (its tags); room degrees against door counts; that every direct
//! connection has a door pair that can join and every corridor connection
//! a corridor piece that fits both rooms; planarity (of the designer's
//! graph: subdividing connections by corridors changes nothing there);
//! and, on the subdivided graph (`corridor.rs`), that no connection lies
//! on three loops of three, that every room's connections can sit around
//! it side by side (`seating.rs`) and that every short loop can close.
//!
//! [`LevelGraph::validate`]: super::LevelGraph::validate

use super::arrange::LayoutProof;
use super::closure::unclosable;
use super::config::{GraphConfig, MAX_WORK_BUDGET, MIN_WORK_BUDGET};
use super::corridor::Expanded;
use super::space::{Space, door_widths};
use crate::error::{ConfigError, check_range};
use crate::template::Side;
use crate::template::validate::{tag_list, validate_templates};

/// What validation found out: the subdivided graph the search lays out,
/// each of its rooms' allowed templates (ascending; corridor rooms the
/// corridor pieces that fit) and the variants of all its templates.
pub(crate) struct Checked {
    pub(crate) allowed: Vec<Vec<usize>>,
    pub(crate) space: Space,
    pub(crate) ex: Expanded,
    /// What the proof that no layout exists found, once a search failed.
    pub(crate) proof: std::cell::OnceCell<LayoutProof>,
}

impl GraphConfig {
    /// Checks every setting and that the graph can be laid out at all
    /// (see the module docs of [`super`]).
    ///
    /// # Errors
    /// A [`ConfigError`] for `work_budget`, `templates`, `corridor_min`,
    /// `corridor_max`, `corridor_templates` or `graph` naming what is at
    /// fault.
    pub fn validate(&self) -> Result<(), ConfigError> {
        self.check().map(|_| ())
    }

    pub(crate) fn check(&self) -> Result<Checked, ConfigError> {
        check_range(
            "work_budget",
            self.work_budget,
            MIN_WORK_BUDGET,
            MAX_WORK_BUDGET,
        )?;
        validate_templates(&self.templates)?;
        self.check_corridor_settings()?;
        let g = &self.graph;
        g.validate()?;
        let mut allowed = self.room_templates()?;
        let ex = Expanded::new(self);
        let space = Space::new(&ex.config.templates);
        self.check_degrees(&allowed)?;
        let keys: Vec<_> = allowed.iter().map(|ts| space.keys_of(ts)).collect();
        self.check_edges(&keys)?;
        allowed.extend(ex.pieces_for(self, &space, &keys)?);
        g.check_planar()?;
        ex.config.check_triangles()?;
        ex.config.check_seating(&allowed, &space)?;
        ex.config.check_loops(&allowed, &space)?;
        Ok(Checked {
            allowed,
            space,
            ex,
            proof: std::cell::OnceCell::new(),
        })
    }

    /// Each room's templates (indices into [`GraphConfig::templates`]):
    /// weight above 0 and carrying all its tags; for a room without tags,
    /// carrying none of the tags any room asks for.
    ///
    /// # Errors
    /// A [`ConfigError`] for `graph` naming a room no template may fill.
    pub fn room_templates(&self) -> Result<Vec<Vec<usize>>, ConfigError> {
        let mut asked: Vec<&str> = self
            .graph
            .rooms
            .iter()
            .flat_map(|r| r.tags.iter().map(String::as_str))
            .collect();
        asked.sort_unstable();
        asked.dedup();
        let mut out = Vec::with_capacity(self.graph.rooms.len());
        for (i, r) in self.graph.rooms.iter().enumerate() {
            let ok: Vec<usize> = (0..self.templates.len())
                .filter(|&t| {
                    let tpl = &self.templates[t];
                    tpl.weight > 0.0
                        && if r.tags.is_empty() {
                            !asked.iter().any(|a| tpl.has_tag(a))
                        } else {
                            r.tags.iter().all(|a| tpl.has_tag(a))
                        }
                })
                .collect();
            if ok.is_empty() {
                let quoted: Vec<String> = asked.iter().map(|t| format!("{t:?}")).collect();
                let what = if r.tags.is_empty() {
                    format!(
                        "no template with weight above 0 is free of the tags rooms ask for ({})",
                        quoted.join(", ")
                    )
                } else {
                    let mine: Vec<String> = r.tags.iter().map(|t| format!("{t:?}")).collect();
                    format!(
                        "tags [{}]: no template with weight above 0 carries them",
                        mine.join(", ")
                    )
                };
                return Err(ConfigError::new(
                    "graph",
                    format!("graph.rooms[{i}]{} {what}", name_suffix(&r.name)),
                    format!("tags some template carries ({})", tag_list(&self.templates)),
                ));
            }
            out.push(ok);
        }
        Ok(out)
    }

    /// A room with `d` connections needs a template with `d` doors.
    fn check_degrees(&self, allowed: &[Vec<usize>]) -> Result<(), ConfigError> {
        let adj = self.graph.adjacency();
        for (i, ts) in allowed.iter().enumerate() {
            let most = ts
                .iter()
                .map(|&t| self.templates[t].door_capacity())
                .max()
                .unwrap_or(0);
            if adj[i].len() > most {
                return Err(ConfigError::new(
                    "graph",
                    format!(
                        "{} has {} connections but its templates have at most {most} doors ({})",
                        self.graph.room_label(i),
                        adj[i].len(),
                        self.template_names(ts)
                    ),
                    "at most as many connections as some allowed template has door slots",
                ));
            }
        }
        Ok(())
    }

    /// The names of the first five of templates `ts`, for messages.
    pub(super) fn template_names(&self, ts: &[usize]) -> String {
        let names: Vec<&str> = ts
            .iter()
            .take(5)
            .map(|&t| self.templates[t].name.as_str())
            .collect();
        names.join(", ")
    }

    /// Every direct connection needs a door of one room's templates facing
    /// a door as wide of the other's (some orientation of each); `keys`
    /// holds each room's door keys.
    fn check_edges(&self, keys: &[Vec<(Side, i32)>]) -> Result<(), ConfigError> {
        for (k, e) in self.graph.edges.iter().enumerate() {
            if self.through_corridor(e.mode) {
                continue;
            }
            let (ka, kb) = (&keys[e.a], &keys[e.b]);
            let fits = ka.iter().any(|&(s, w)| kb.contains(&(s.opposite(), w)));
            if !fits {
                return Err(ConfigError::new(
                    "graph",
                    format!(
                        "{}: no template of room {} has a door that fits a door of a template of \
                         room {} (door widths {} vs {})",
                        self.graph.edge_label(k),
                        e.a,
                        e.b,
                        door_widths(ka),
                        door_widths(kb)
                    ),
                    "connections whose rooms' templates have doors as wide on facing sides",
                ));
            }
        }
        Ok(())
    }
}

impl GraphConfig {
    /// Refuses two rooms joined directly that share three or more loops of
    /// three (rooms joined directly to both). Of the loops of three through
    /// one connection, at most two border it in a drawing of the graph;
    /// a third then has a room inside it. But three rooms whose footprints
    /// (rectangles, walls included) touch pairwise enclose no space: a
    /// hole among rectangles is bordered by four different ones, the room
    /// along its highest edge, its lowest, its leftmost and its rightmost
    /// (one rectangle cannot be two of them: the one above the hole's top
    /// edge lies wholly above the hole, so it cannot also border its left
    /// side, and so on). So no layout exists, and the search would only
    /// spend its budget. Called on the subdivided graph, where a connection
    /// through a corridor breaks the loop.
    fn check_triangles(&self) -> Result<(), ConfigError> {
        let g = &self.graph;
        let adj = g.adjacency();
        for e in &g.edges {
            let (a, b) = (e.a.min(e.b), e.a.max(e.b));
            let Some((na, nb)) = adj.get(a).zip(adj.get(b)) else {
                continue;
            };
            let mut common: Vec<usize> = na.iter().copied().filter(|m| nb.contains(m)).collect();
            common.sort_unstable();
            common.dedup();
            if common.len() < 3 {
                continue;
            }
            let names: Vec<String> = common.iter().map(|&r| g.room_label(r)).collect();
            return Err(ConfigError::new(
                "graph",
                format!(
                    "{} and {} share {} loops of three (with {}): rooms drawn as rectangles close \
                     at most two loops of three around one connection, since the third would \
                     enclose a room",
                    g.room_label(a),
                    g.room_label(b),
                    common.len(),
                    names.join(", ")
                ),
                "at most two loops of three through one connection (put one of these \
                 connections through a corridor, or drop one)",
            ));
        }
        Ok(())
    }

    /// Refuses a loop of at most 12 rooms that no choice of its rooms'
    /// variants closes, overlaps aside (`closure/`). Called on the
    /// subdivided graph, where a corridor piece is a room of the loop; a
    /// loop whose listing passes its cap (common with corridors, whose
    /// pieces come in many lengths) is taken as closable.
    fn check_loops(&self, allowed: &[Vec<usize>], space: &Space) -> Result<(), ConfigError> {
        let g = &self.graph;
        let adj = g.adjacency();
        let vars: Vec<Vec<usize>> = allowed
            .iter()
            .enumerate()
            .map(|(r, ts)| {
                ts.iter()
                    .filter(|&&t| self.templates[t].door_capacity() >= adj[r].len())
                    .flat_map(|&t| space.variants_of(t))
                    .collect()
            })
            .collect();
        let Some(face) = unclosable(g, space, &vars) else {
            return Ok(());
        };
        let names: Vec<String> = face.iter().map(|&r| g.room_label(r)).collect();
        Err(ConfigError::new(
            "graph",
            format!(
                "the loop {} cannot close: no choice of its rooms' templates, in any allowed \
                 orientation, joins each room to the next by facing doors (distinct, not touching) \
                 with no two rooms overlapping",
                names.join(" – ")
            ),
            "loops whose rooms' templates have doors that can close them (more doors, other \
             sizes, or other tags for these rooms)",
        ))
    }
}

fn name_suffix(name: &str) -> String {
    if name.is_empty() {
        String::new()
    } else {
        format!(" ({name})")
    }
}
