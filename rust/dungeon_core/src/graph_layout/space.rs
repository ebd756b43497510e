//! Variants, door tables and configuration spaces.
//!
//! Every allowed orientation of every template is a variant with its doors
//! sorted by `(side, width)` key (the template generator's key). A door
//! line becomes one fixed door per place along it (its positions, in
//! order), so everything after this module sees fixed doors only, and
//! `starts[k]` says where the places of the template's door `k` begin.
//! The configuration space of two variants — where the second may sit
//! relative to the first so that a door of each joins — is then a finite
//! set of offsets: for door `dA` of `a` on side `s` and door `dB` of `b`
//! on the opposite side as wide, `b` sits at
//! `first(dA) + s.step() − first(dB)` from `a` (the two door cells touch;
//! a join of two boxes never overlaps its own pair, and offsets where
//! trimmed outlines would are left out). Merging the two sorted door
//! tables lists them in O(doors). Between two door lines the offsets fill
//! a segment along the wall (Ma et al.'s and Edgar's line segments, here
//! as the integer points on it); the places of the two lines that give
//! the same offset are one point, kept once, with the doors in the middle
//! of the stretch where the two walls face each other.

use super::foot::Foot;
use crate::template::tables::key;
use crate::template::{DoorSlot, RoomTemplate, Side, Variant};

/// One orientation of one template, with its doors sorted by key.
pub(crate) struct VarInfo {
    /// The template it turns.
    pub(crate) template: usize,
    /// The turned template.
    pub(crate) v: Variant,
    /// `(key, door)` for every door, sorted.
    pub(crate) keyed: Vec<(usize, usize)>,
    /// Whether some door of the template is a door line.
    pub(crate) lined: bool,
    /// The template's doors (slots and lines), turned.
    pub(crate) lines: Vec<DoorSlot>,
    /// Per template door, its first place among the doors of `v`.
    pub(crate) starts: Vec<usize>,
}

/// Room `b` relative to room `a` when door `da` of `a` joins door `db` of
/// `b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Offset {
    pub(crate) dx: i32,
    pub(crate) dy: i32,
    pub(crate) da: usize,
    pub(crate) db: usize,
}

/// Every variant of every template, and each template's variant ids.
pub(crate) struct Space {
    pub(crate) vars: Vec<VarInfo>,
    /// Variant ids of template `t`: `by_template[t].0..by_template[t].1`.
    pub(crate) by_template: Vec<(usize, usize)>,
    /// The configuration spaces listed so far, filled on first use (the
    /// search asks for the same few pairs millions of times).
    memo: Memo,
}

/// Most variants for which [`Space`] keeps listed configuration spaces
/// (the pair table grows with the square).
const MEMO_VARIANTS: usize = 256;

/// Listed configuration spaces: per variant pair `a · n + b`, listed on
/// first use and kept (each in a box of its own, so a space handed out
/// stays where it is while others are listed).
#[derive(Default)]
struct Memo {
    at: Vec<std::cell::OnceCell<Box<[Offset]>>>,
    /// Per variant pair: [`Space::reach`], found on first use.
    reach: Vec<std::cell::OnceCell<i32>>,
}

impl Space {
    /// The variants of `templates` (validated).
    pub(crate) fn new(templates: &[RoomTemplate]) -> Self {
        let mut vars = Vec::new();
        let mut by_template = Vec::with_capacity(templates.len());
        for (t, tpl) in templates.iter().enumerate() {
            let first = vars.len();
            for (r, m) in tpl.orientations() {
                let mut v = Variant::of(tpl, r, m);
                let lined = tpl.has_door_lines();
                let mut doors = Vec::with_capacity(v.doors.len());
                let mut starts = Vec::with_capacity(v.doors.len());
                for d in &v.doors {
                    starts.push(doors.len());
                    for p in 0..d.positions() {
                        doors.push(d.at(p));
                    }
                }
                let lines = std::mem::replace(&mut v.doors, doors);
                let mut keyed: Vec<(usize, usize)> = v
                    .doors
                    .iter()
                    .enumerate()
                    .map(|(d, s)| (key(s.side, s.width), d))
                    .collect();
                keyed.sort_unstable();
                vars.push(VarInfo {
                    template: t,
                    v,
                    keyed,
                    lined,
                    lines,
                    starts,
                });
            }
            by_template.push((first, vars.len()));
        }
        let mut memo = Memo::default();
        if vars.len() <= MEMO_VARIANTS {
            memo.at = vec![std::cell::OnceCell::new(); vars.len() * vars.len()];
            memo.reach = vec![std::cell::OnceCell::new(); vars.len() * vars.len()];
        }
        Self {
            vars,
            by_template,
            memo,
        }
    }

    /// The variant ids of template `t`.
    pub(crate) fn variants_of(&self, t: usize) -> std::ops::Range<usize> {
        let (a, b) = self.by_template.get(t).copied().unwrap_or((0, 0));
        a..b
    }

    /// The configuration space of variants `a` and `b`, appended to `out`
    /// in door order of `a`, then of `b` (as [`Space::list_offsets`]
    /// lists it; remembered after the first call).
    pub(crate) fn offsets(&self, a: usize, b: usize, out: &mut Vec<Offset>) {
        match self.remembered(a, b) {
            Some(s) => out.extend_from_slice(s),
            None => self.list_offsets(a, b, out),
        }
    }

    /// The configuration space of variants `a` and `b`, as
    /// [`Space::offsets`] lists it: the remembered one, or else listed
    /// into `buf` (cleared first).
    pub(crate) fn pair<'s>(&'s self, a: usize, b: usize, buf: &'s mut Vec<Offset>) -> &'s [Offset] {
        match self.remembered(a, b) {
            Some(s) => s,
            None => {
                buf.clear();
                self.list_offsets(a, b, buf);
                buf
            }
        }
    }

    /// The farthest variant `b` sits from variant `a` over their
    /// configuration space, as `|dx| + |dy|` (0 when it is empty);
    /// remembered after the first call.
    pub(crate) fn reach(&self, a: usize, b: usize) -> i32 {
        let far = || {
            let mut buf = Vec::new();
            self.pair(a, b, &mut buf)
                .iter()
                .map(|o| o.dx.saturating_abs().saturating_add(o.dy.saturating_abs()))
                .max()
                .unwrap_or(0)
                .max(0)
        };
        let n = self.vars.len();
        if a >= n || b >= n {
            return far();
        }
        match self.memo.reach.get(a * n + b) {
            Some(cell) => *cell.get_or_init(far),
            None => far(),
        }
    }

    /// The remembered configuration space of `a` and `b` (listed now if it
    /// was not yet); `None` past [`MEMO_VARIANTS`].
    fn remembered(&self, a: usize, b: usize) -> Option<&[Offset]> {
        let n = self.vars.len();
        if a >= n || b >= n {
            return None;
        }
        let cell = self.memo.at.get(a * n + b)?;
        Some(cell.get_or_init(|| {
            let mut out = Vec::new();
            self.list_offsets(a, b, &mut out);
            out.into_boxed_slice()
        }))
    }

    /// The configuration space of variants `a` and `b`, listed from the
    /// door tables: appended to `out` in door order of `a`, then of `b`;
    /// with door lines, per pair of template doors that face each other
    /// as wide, its points along the wall ([`Space::list_line_points`]).
    ///
    /// Between boxes a join never overlaps its own pair (the rooms touch
    /// along the wall the doors are on); with a room trimmed to its floors
    /// it may (a door in an L's notch, a room too big for the notch), so
    /// those offsets are left out.
    pub(crate) fn list_offsets(&self, a: usize, b: usize, out: &mut Vec<Offset>) {
        let start = out.len();
        if self.vars[a].lined || self.vars[b].lined {
            self.list_line_points(a, b, out);
        } else {
            self.list_door_pairs(a, b, out);
        }
        let (va, vb) = (&self.vars[a].v, &self.vars[b].v);
        if va.outline.is_some() || vb.outline.is_some() {
            let fa = Foot::of((0, 0), va);
            let mut k = 0;
            out.retain(|o| {
                k += 1;
                k <= start || fa.overlap(&Foot::of((o.dx, o.dy), vb)) == 0
            });
        }
    }

    /// The configuration space between door lines: for every template door
    /// `A` of `a` and `B` of `b` that face each other as wide (in door
    /// order of `a`, then of `b`), one door pair per offset, from the
    /// places `pa` of `A` and `pb` of `B` with `pa − pb = k`, for every
    /// `k` in turn: the middle `pa` of those (the doors in the middle of
    /// the stretch where the two walls face each other). The same points
    /// as listing every pair and keeping the middle one of each point
    /// (`one_per_point`, the test oracle), straight from the ends.
    fn list_line_points(&self, a: usize, b: usize, out: &mut Vec<Offset>) {
        let (va, vb) = (&self.vars[a], &self.vars[b]);
        for (la, sa) in va.lines.iter().enumerate() {
            for (lb, sb) in vb.lines.iter().enumerate() {
                if sb.side != sa.side.opposite() || sb.width != sa.width {
                    continue;
                }
                let (pa, pb) = (sa.positions(), sb.positions());
                for k in -(pb - 1)..pa {
                    let (lo, hi) = (k.max(0), (pb - 1 + k).min(pa - 1));
                    let mid = lo + (hi - lo) / 2;
                    let da = va.starts[la] + mid as usize;
                    let db = vb.starts[lb] + (mid - k) as usize;
                    out.push(self.offset(a, da, b, db));
                }
            }
        }
    }

    /// Keeps one door pair per offset and pair of template doors among
    /// `out[start..]`: the middle one of the places that give it (in door
    /// order of `a`). The plain form of [`Space::list_line_points`].
    #[cfg(test)]
    fn one_per_point(&self, a: usize, b: usize, out: &mut Vec<Offset>, start: usize) {
        // The template door door `d` of variant `v` is a place of.
        let line = |v: usize, d: usize| self.vars[v].starts.partition_point(|&s| s <= d) - 1;
        let point = |o: &Offset| (line(a, o.da), line(b, o.db), o.dx, o.dy);
        let mut order: Vec<usize> = (start..out.len()).collect();
        order.sort_by_key(|&i| (point(&out[i]), out[i].da, i));
        let mut keep = vec![false; out.len() - start];
        let mut i = 0;
        while i < order.len() {
            let p = point(&out[order[i]]);
            let mut j = i;
            while j < order.len() && point(&out[order[j]]) == p {
                j += 1;
            }
            keep[order[i + (j - i - 1) / 2] - start] = true;
            i = j;
        }
        let mut k = 0;
        out.retain(|_| {
            k += 1;
            k <= start || keep[k - 1 - start]
        });
    }

    /// Every pair of doors that can join, appended to `out` in door order
    /// of `a`, then of `b`.
    fn list_door_pairs(&self, a: usize, b: usize, out: &mut Vec<Offset>) {
        let (va, vb) = (&self.vars[a], &self.vars[b]);
        for (da, slot) in va.v.doors.iter().enumerate() {
            let want = key(slot.side.opposite(), slot.width);
            let start = vb.keyed.partition_point(|&(k, _)| k < want);
            for &(k, db) in &vb.keyed[start..] {
                if k != want {
                    break;
                }
                out.push(self.offset(a, da, b, db));
            }
        }
    }

    /// Where `b` sits relative to `a` when door `da` of `a` joins door `db`
    /// of `b` (the doors must face each other and be as wide).
    pub(crate) fn offset(&self, a: usize, da: usize, b: usize, db: usize) -> Offset {
        let (va, vb) = (&self.vars[a].v, &self.vars[b].v);
        let (sa, sb) = (va.doors[da], vb.doors[db]);
        let fa = sa.first_cell(va.width, va.height);
        let fb = sb.first_cell(vb.width, vb.height);
        let (sx, sy) = sa.side.step();
        Offset {
            dx: fa.0 + sx - fb.0,
            dy: fa.1 + sy - fb.1,
            da,
            db,
        }
    }

    /// The door keys (side, width) some variant of one of `templates` has,
    /// sorted and deduplicated.
    pub(crate) fn keys_of(&self, templates: &[usize]) -> Vec<(Side, i32)> {
        let mut keys: Vec<(usize, Side, i32)> = templates
            .iter()
            .flat_map(|&t| self.variants_of(t))
            .flat_map(|v| self.vars[v].v.doors.iter())
            .map(|d| (key(d.side, d.width), d.side, d.width))
            .collect();
        keys.sort_unstable_by_key(|k| k.0);
        keys.dedup_by_key(|k| k.0);
        keys.into_iter().map(|(_, s, w)| (s, w)).collect()
    }
}

/// The door widths among door keys (as [`Space::keys_of`] lists them),
/// for messages: `1/2`.
pub(crate) fn door_widths(keys: &[(Side, i32)]) -> String {
    let mut w: Vec<i32> = keys.iter().map(|k| k.1).collect();
    w.sort_unstable();
    w.dedup();
    let w: Vec<String> = w.iter().map(i32::to_string).collect();
    w.join("/")
}

/// Whether two door slots on one side of one room touch or overlap (their
/// partners' door cells would then touch, and the grid would connect the
/// two partners).
pub(crate) fn slots_touch(a: &crate::template::DoorSlot, b: &crate::template::DoorSlot) -> bool {
    a.side == b.side
        && a.inset == b.inset
        && a.offset <= b.offset + b.width
        && b.offset <= a.offset + a.width
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::template::DoorSlot;

    #[test]
    fn two_door_lines_give_a_segment_with_the_doors_in_the_middle() {
        // a: a 7 × 9 room, an east line over y 1..=7; b: 5 × 5, a west line
        // over y 1..=3. b may sit anywhere its wall faces a's: 7 + 3 − 1
        // offsets along y, one point each.
        let a = RoomTemplate::new("a", 7, 9, vec![DoorSlot::line(Side::East, 1, 1, 7)]);
        let b = RoomTemplate::new("b", 5, 5, vec![DoorSlot::line(Side::West, 1, 1, 3)]);
        let s = Space::new(&[a, b]);
        assert_eq!(s.vars[0].v.doors.len(), 7);
        assert_eq!(s.vars[0].starts, vec![0]);
        let mut out = Vec::new();
        s.offsets(0, 1, &mut out);
        let mut dy: Vec<i32> = out.iter().map(|o| o.dy).collect();
        dy.sort_unstable();
        assert_eq!(dy, (-2..=6).collect::<Vec<_>>());
        for o in &out {
            assert_eq!(o.dx, 7);
            // The door pair gives the offset, and it is the middle one of
            // the pairs that do.
            let (da, db) = (s.vars[0].v.doors[o.da], s.vars[1].v.doors[o.db]);
            assert_eq!(o.dy, da.offset - db.offset);
            let pairs: Vec<i32> = (1..=7)
                .filter(|&ya| (1..=3).contains(&(ya - o.dy)))
                .collect();
            assert_eq!(da.offset, pairs[(pairs.len() - 1) / 2], "{o:?}");
        }
        // Listing again gives the same (remembered) points.
        let mut again = Vec::new();
        s.list_offsets(0, 1, &mut again);
        assert_eq!(again, out);
    }

    /// The points straight from the ends are the plain listing's: every
    /// door pair, the middle one kept per point.
    #[test]
    fn line_points_match_the_plain_listing() {
        let mut rng = crate::rng::DungeonRng::new(7);
        let mut compared = 0;
        for _ in 0..300 {
            let mut templates = Vec::new();
            for t in 0..2 {
                let (w, h) = (rng.range(3, 12), rng.range(3, 12));
                let mut doors = Vec::new();
                for side in Side::ALL {
                    let len = if matches!(side, Side::North | Side::South) {
                        w
                    } else {
                        h
                    };
                    let width = rng.range(1, 2);
                    if len - 2 < width || rng.below(4) == 0 {
                        continue;
                    }
                    let length = rng.range(width, len - 2);
                    let offset = rng.range(1, len - 1 - length);
                    doors.push(DoorSlot::line(side, offset, width, length));
                }
                if doors.is_empty() {
                    doors.push(DoorSlot::new(Side::North, 1, 1));
                }
                let mut tpl = RoomTemplate::new(&format!("t{t}"), w, h, doors);
                tpl.rotations = true;
                tpl.mirroring = rng.below(2) == 0;
                templates.push(tpl);
            }
            let s = Space::new(&templates);
            for a in 0..s.vars.len() {
                for b in 0..s.vars.len() {
                    let (mut fast, mut plain) = (Vec::new(), Vec::new());
                    s.list_line_points(a, b, &mut fast);
                    s.list_door_pairs(a, b, &mut plain);
                    s.one_per_point(a, b, &mut plain, 0);
                    fast.sort_unstable();
                    plain.sort_unstable();
                    assert_eq!(fast, plain, "{templates:?} {a} {b}");
                    compared += fast.len();
                }
            }
        }
        assert!(compared > 10_000, "{compared}");
    }

    #[test]
    fn offsets_put_the_doors_face_to_face() {
        let a = RoomTemplate::new("a", 7, 5, vec![DoorSlot::new(Side::East, 2, 1)]);
        let b = RoomTemplate::new("b", 5, 9, vec![DoorSlot::new(Side::West, 4, 1)]);
        let s = Space::new(&[a, b]);
        let mut out = Vec::new();
        s.offsets(0, 1, &mut out);
        // a's door cell (6, 2); b's (0, 4) must land on (7, 2).
        assert_eq!(
            out,
            vec![Offset {
                dx: 7,
                dy: -2,
                da: 0,
                db: 0
            }]
        );
        out.clear();
        s.offsets(1, 0, &mut out);
        assert_eq!(
            out,
            vec![Offset {
                dx: -7,
                dy: 2,
                da: 0,
                db: 0
            }]
        );
        out.clear();
        s.offsets(0, 0, &mut out);
        assert!(out.is_empty(), "east never faces east");
    }

    #[test]
    fn remembered_offsets_are_the_listed_ones() {
        let t = |n: &str, w, h| {
            let mut t = RoomTemplate::new(
                n,
                w,
                h,
                vec![
                    DoorSlot::new(Side::East, 2, 1),
                    DoorSlot::new(Side::North, 1, 1),
                    DoorSlot::new(Side::North, 3, 1),
                ],
            );
            t.rotations = true;
            t
        };
        let s = Space::new(&[t("a", 5, 6), t("b", 7, 5)]);
        let n = s.vars.len();
        for round in 0..2 {
            for a in 0..n {
                for b in 0..n {
                    let (mut memo, mut plain) = (vec![], vec![]);
                    s.offsets(a, b, &mut memo);
                    s.list_offsets(a, b, &mut plain);
                    assert_eq!(memo, plain, "round {round}, {a} → {b}");
                }
            }
        }
    }

    #[test]
    fn touching_slots() {
        let d = |o, w| DoorSlot::new(Side::North, o, w);
        assert!(slots_touch(&d(1, 1), &d(2, 1)));
        assert!(slots_touch(&d(1, 2), &d(3, 1)));
        assert!(!slots_touch(&d(1, 1), &d(3, 1)));
        assert!(!slots_touch(&d(1, 1), &DoorSlot::new(Side::South, 2, 1)));
    }
}
