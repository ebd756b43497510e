//! Regions: the pieces the walkable tiles fall into with every gate and
//! every secret door closed. The proof moves between regions, never tile
//! by tile.

use super::gates::{Side, across};
use crate::analysis::bfs;
use crate::grid::{DungeonGrid, Pos};

/// No region: a cell that is not walkable.
const NONE: u32 = u32::MAX;

/// The region of every cell, numbered in row-major order of their first
/// cell.
pub(crate) struct Regions {
    label: Vec<u32>,
    /// How many regions there are.
    pub count: usize,
}

impl Regions {
    /// The region of `p`; `None` off the walkable cells.
    pub fn of(&self, g: &DungeonGrid, p: Pos) -> Option<usize> {
        let l = *self.label.get(g.index(p)?)?;
        (l != NONE).then_some(l as usize)
    }
}

/// The grid's door masks without `sides` (closed from both cells) and,
/// unless `secrets_open`, without its secret doors.
pub(crate) fn closed_masks<'a>(
    g: &DungeonGrid,
    sides: impl Iterator<Item = &'a Side>,
    secrets_open: bool,
) -> Vec<u8> {
    let mut masks = if secrets_open {
        g.door_masks().to_vec()
    } else {
        g.masks_without_secret_doors()
    };
    for &(p, bit) in sides {
        let (q, back) = across(p, bit);
        for (cell, b) in [(p, bit), (q, back)] {
            if let Some(m) = g.index(cell).and_then(|i| masks.get_mut(i)) {
                *m &= !b;
            }
        }
    }
    masks
}

/// Labels the walkable cells of `g` by the pieces `masks` joins: one
/// breadth-first search ([`bfs`]) per region.
pub(crate) fn label(g: &DungeonGrid, masks: &[u8]) -> Regions {
    let mut label = vec![NONE; masks.len()];
    let (mut dist, mut queue) = (Vec::new(), Vec::new());
    let mut count = 0u32;
    for i in 0..masks.len() {
        if label[i] != NONE || !g.cells().get(i).is_some_and(|c| c.is_walkable()) {
            continue;
        }
        bfs(g.width(), masks, i, &mut dist, &mut queue);
        // `queue` holds exactly the cells reached, in the order reached.
        for &j in &queue {
            if let Some(l) = label.get_mut(j as usize) {
                *l = count;
            }
        }
        count += 1;
    }
    Regions {
        label,
        count: count as usize,
    }
}
