//! The cheap stages: single-number rules and rules between two numbers.

use super::{Budget, Constraint, Deductions};

/// One number on its own: all its hidden cells are mines, or all are safe.
pub(super) fn single(cons: &[Constraint], out: &mut Deductions) {
    for c in cons {
        if c.mines == 0 {
            out.safe.extend_from_slice(&c.cells);
        } else if c.mines == c.cells.len() {
            out.mines.extend_from_slice(&c.cells);
        }
    }
}

/// Two overlapping numbers `a` and `b`: the shared cells hold between `lo`
/// and `hi` mines, so the cells of `b` outside `a` hold between
/// `b - hi` and `b - lo`. When that range pins them (all mines or none),
/// they are proven. With `a ⊆ b` this is the classic subset rule; it also
/// covers the "1-2" patterns where neither contains the other.
pub(super) fn pairs(cons: &[Constraint], cells: usize, budget: &mut Budget, out: &mut Deductions) {
    // Which constraints touch each cell.
    let mut touching: Vec<Vec<u32>> = vec![Vec::new(); cells];
    for (ci, c) in cons.iter().enumerate() {
        for &cell in &c.cells {
            touching[cell].push(ci as u32);
        }
    }
    let mut seen: Vec<u32> = vec![u32::MAX; cons.len()];
    for (ai, a) in cons.iter().enumerate() {
        for &cell in &a.cells {
            for &bi in &touching[cell] {
                let bi = bi as usize;
                if bi == ai || seen[bi] == ai as u32 {
                    continue;
                }
                seen[bi] = ai as u32;
                if !budget.spend(1) {
                    out.complete = false;
                    return;
                }
                one_pair(a, &cons[bi], out);
            }
        }
    }
}

fn one_pair(a: &Constraint, b: &Constraint, out: &mut Deductions) {
    let shared = a
        .cells
        .iter()
        .filter(|c| b.cells.binary_search(c).is_ok())
        .count();
    let a_only = a.cells.len() - shared;
    let b_only = b.cells.len() - shared;
    if b_only == 0 {
        return;
    }
    // Mines the shared cells can hold, given a's number.
    let hi = a.mines.min(shared).min(b.mines);
    let lo = a.mines.saturating_sub(a_only);
    if lo > hi {
        return; // Inconsistent view: prove nothing.
    }
    let rest = b.cells.iter().filter(|c| a.cells.binary_search(c).is_err());
    if b.mines.saturating_sub(hi) == b_only {
        out.mines.extend(rest);
    } else if b.mines == lo {
        out.safe.extend(rest);
    }
}
