//! Variants, door tables and configuration spaces.
//!
//! Every allowed orientation of every template is a variant with its doors
//! sorted by `(side, width)` key (the template generator's key). Because
//! our doors are fixed slots, the configuration space of two variants —
//! where the second may sit relative to the first so that a door of each
//! joins — is a finite set of offsets (Ma et al. and Edgar use door lines
//! and get line segments): for door `dA` of `a` on side `s` and door `dB`
//! of `b` on the opposite side as wide, `b` sits at
//! `first(dA) + s.step() − first(dB)` from `a` (the two door cells touch;
//! a join can never overlap its own pair). Merging the two sorted door
//! tables lists them in O(doors).

use crate::template::tables::key;
use crate::template::{RoomTemplate, Side, Variant};

/// One orientation of one template, with its doors sorted by key.
pub(crate) struct VarInfo {
    /// The template it turns.
    pub(crate) template: usize,
    /// The turned template.
    pub(crate) v: Variant,
    /// `(key, door)` for every door, sorted.
    pub(crate) keyed: Vec<(usize, usize)>,
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

/// Listed configuration spaces: per variant pair `a · n + b`, `0` when
/// not listed yet, else `1 + start` with the entries at
/// `arena[start..start + len]`.
#[derive(Default)]
struct Memo {
    at: std::cell::RefCell<Vec<(u32, u32)>>,
    arena: std::cell::RefCell<Vec<Offset>>,
}

impl Space {
    /// The variants of `templates` (validated).
    pub(crate) fn new(templates: &[RoomTemplate]) -> Self {
        let mut vars = Vec::new();
        let mut by_template = Vec::with_capacity(templates.len());
        for (t, tpl) in templates.iter().enumerate() {
            let first = vars.len();
            for (r, m) in tpl.orientations() {
                let v = Variant::of(tpl, r, m);
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
                });
            }
            by_template.push((first, vars.len()));
        }
        let memo = Memo::default();
        if vars.len() <= MEMO_VARIANTS {
            *memo.at.borrow_mut() = vec![(0, 0); vars.len() * vars.len()];
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
        let n = self.vars.len();
        let mut at = self.memo.at.borrow_mut();
        let Some(slot) = at.get_mut(a * n + b).filter(|_| a < n && b < n) else {
            drop(at);
            self.list_offsets(a, b, out);
            return;
        };
        let mut arena = self.memo.arena.borrow_mut();
        if slot.0 == 0 {
            let start = arena.len();
            self.list_offsets(a, b, &mut arena);
            let (Ok(s), Ok(l)) = (u32::try_from(start + 1), u32::try_from(arena.len() - start))
            else {
                arena.truncate(start);
                drop((arena, at));
                self.list_offsets(a, b, out);
                return;
            };
            *slot = (s, l);
        }
        let start = slot.0 as usize - 1;
        out.extend_from_slice(&arena[start..start + slot.1 as usize]);
    }

    /// The configuration space of variants `a` and `b`, listed from the
    /// door tables: appended to `out` in door order of `a`, then of `b`.
    pub(crate) fn list_offsets(&self, a: usize, b: usize, out: &mut Vec<Offset>) {
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
    a.side == b.side && a.offset <= b.offset + b.width && b.offset <= a.offset + a.width
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::template::DoorSlot;

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
