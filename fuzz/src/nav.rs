//! Fuzz target `nav_build`: navigation polygons ([`dungeon_core::nav`])
//! for any registry generator's grid under any options.
//!
//! Input format (see [`crate::knobs`]): a generator job as
//! [`crate::any`] reads it, then the options: cell size on each axis,
//! agent radius, room wall thickness and door width, merge cell (each
//! drawn like a float setting: typical values, edges, one past them, any
//! bits), and whether secret doors are open.
//!
//! The grid is generated under the budget watch and skipped past
//! [`MAX_TILES`] tiles. What must hold: no panic; a build is the same
//! twice, and passes [`verify::check`] (coverage cell for cell,
//! connectivity equal to the grid's when joined by Godot's edge keys, no
//! T-junction, no flat or too slender fan triangle) with the merge cell
//! it was built for; an error is a `Config` error naming an option or the
//! grid.

use dungeon_core::GenError;
use dungeon_core::nav::{self, NavOptions, verify};

use crate::any::{REPORT_BUDGET, budget_watch, job_for};
use crate::checks;
use crate::knobs::Knobs;
use dungeon_core::registry;

/// The largest grid built here: the checks are linear in the lattice,
/// which a radius or room walls make up to 25 times the tiles.
pub const MAX_TILES: usize = 1 << 13;

/// The option names a build error may give.
const FIELDS: [&str; 6] = [
    "cell_size",
    "agent_radius",
    "room_wall_thickness",
    "room_door_width",
    "merge_cell",
    "grid",
];

/// Target `nav_build`; returns whether a build was checked.
///
/// # Panics
/// When a property in the module docs is broken.
pub fn nav_build(data: &[u8]) -> bool {
    let mut k = Knobs::new(data);
    let entry = registry::GENERATORS[k.index(registry::GENERATORS.len())];
    let input = job_for(entry, &mut k);
    let watch = budget_watch(REPORT_BUDGET);
    let Ok(grid) = input.run(&watch) else {
        return false;
    };
    if grid.cells().len() > MAX_TILES {
        return false;
    }
    let cx = k.float(16.0, (0.5, 64.0), &[0.0]);
    let cy = k.float(16.0, (0.5, 64.0), &[0.0]);
    let half = cx.min(cy) / 2.0;
    let opts = NavOptions {
        cell_size: (cx, cy),
        agent_radius: k.float(0.0, (0.0, half), &[0.0, half]),
        room_wall_thickness: k.float(0.0, (0.0, half), &[0.0, 2.0 * half]),
        room_door_width: k.float(-1.0, (0.0, 2.0 * half), &[0.0, 2.0 * half]),
        merge_cell: k.float(1.0, (0.0, half), &[0.0]),
        secret_doors_open: k.flag(true),
    };
    let built = nav::build(&grid, &opts, &dungeon_core::Watch::new());
    match built {
        Ok(a) => {
            let b = nav::build(&grid, &opts, &dungeon_core::Watch::new());
            assert_eq!(b.as_ref().ok(), Some(&a), "the same build twice\n{opts:?}");
            // Without a merge cell any key cell finer than the vertex
            // spacing joins the same way; a tenth of the narrowest cell is.
            let merge = if opts.merge_cell > 0.0 {
                opts.merge_cell
            } else {
                cx.min(cy) / 10.0
            };
            if let Err(e) = verify::check(&grid, &opts, &a, merge) {
                panic!("{e}\n{opts:?}\n{input:?}");
            }
            true
        }
        Err(GenError::Config(c)) => {
            checks::error_names_a_setting(&GenError::Config(c.clone()));
            assert!(
                FIELDS.contains(&c.field),
                "the error names {:?}: {c}",
                c.field
            );
            false
        }
        Err(e) => panic!("an error that names no option: {e}\n{opts:?}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A thousand pseudo-random inputs through the target (most draw some
    /// option out of range, so only a few build).
    #[test]
    fn random_inputs_hold() {
        let mut x = 0x9e37_79b9_7f4a_7c15_u64;
        let mut built = 0;
        for _ in 0..1000 {
            let mut data = Vec::with_capacity(64);
            for _ in 0..64 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                data.push((x >> 24) as u8);
            }
            if nav_build(&data) {
                built += 1;
            }
        }
        assert!(built >= 5, "only {built} of 1000 inputs built navigation");
    }
}
