//! Fuzz target `progression_settings`: the progression planner's settings
//! ([`registry::progression`]) on a registry generator's grid.
//!
//! Input format (see [`crate::knobs`]): a generator, preset, seed, level and
//! its own settings as [`crate::any`] reads them, then up to
//! [`MAX_PAIRS`] (planner setting, value) pairs drawn like `any_generator`'s
//! values (range edges and one past them, the choices, negative and huge
//! numbers, junk text), each applied with `Job::set`.
//!
//! The grid is generated first without the planner (under the budget
//! watch); on grids of at most [`MAX_TILES`] tiles the job with the planner
//! settings then runs again. What must hold: no panic; on a generator
//! without rooms every planner setting is refused naming the generator
//! ("the cave generator makes no rooms"); a refused setting keeps its
//! value; a grid that comes back is the plain grid with locks
//! (`DungeonGrid::with_locks(vec![])` gives the plain grid back), passes
//! `check_locks`, holds no more key rooms than `locks` and no more one-way
//! doors than `one_way`, and survives the JSON round trip with the same
//! layout hash; an error is a `Config` error whose field is a planner
//! setting, or the generator's own error.

use dungeon_core::progression::ProgressionSettings;
use dungeon_core::registry::{self, SettingInfo};
use dungeon_core::{DungeonGrid, GenError, LockKind};

use crate::any::{MAX_PAIRS, REPORT_BUDGET, budget_watch, job_for, value};
use crate::checks;
use crate::knobs::Knobs;

/// The largest grid the planner runs on here: its tile floods are linear
/// in the tiles, a few dozen of them per plan.
pub const MAX_TILES: usize = 1 << 16;

/// Target `progression_settings`; returns whether a planned grid was
/// checked.
///
/// # Panics
/// When a property in the module docs is broken.
pub fn progression_settings(data: &[u8]) -> bool {
    let mut k = Knobs::new(data);
    let entry = registry::GENERATORS[k.index(registry::GENERATORS.len())];
    let mut input = job_for(entry, &mut k);
    let name = entry.name();
    let schema = registry::progression();
    let default = ProgressionSettings::default();
    let infos: Vec<SettingInfo> = schema
        .iter()
        .map(|s| SettingInfo {
            name: s.name,
            doc: s.doc,
            ty: s.ty(),
            placeholder: s.value(),
            default: s.show(&default),
            range: s.range,
        })
        .collect();
    let plain = {
        let watch = budget_watch(REPORT_BUDGET);
        match input.run(&watch) {
            Ok(g) => Some(g),
            Err(GenError::Cancelled) => {
                assert!(watch.is_cancelled(), "{name}: Cancelled without a stop");
                None
            }
            Err(e) => {
                checks::error_names_a_setting(&e);
                None
            }
        }
    };
    let pairs = k.index(MAX_PAIRS + 1);
    let mut asked = false;
    for _ in 0..pairs {
        let s = &infos[k.index(infos.len())];
        let current = input.job.get(s.name).unwrap_or_else(|| s.default.clone());
        let v = value(&mut k, s, &current, &[]);
        let result = input.job.set(s.name, &v);
        match &result {
            Err(e) if !entry.has_rooms() => {
                assert!(
                    e.contains(&format!("the {name} generator makes no rooms")),
                    "{name}: {e}"
                );
            }
            Err(e) => {
                assert!(!e.is_empty(), "{name}: empty error setting {}", s.name);
                assert_eq!(
                    input.job.get(s.name).as_deref(),
                    Some(current.as_str()),
                    "{name}: a refused {} = {v:?} changed the setting",
                    s.name
                );
            }
            Ok(()) => {
                assert!(entry.has_rooms(), "{name}: took planner setting {}", s.name);
                asked = true;
            }
        }
        input.applied.push((s.name, v, result));
    }
    let Some(plain) = plain else { return false };
    if !asked || plain.cells().len() > MAX_TILES {
        return false;
    }
    let Some(&settings) = input.job.progression() else {
        panic!("{name}: a generator with rooms has planner settings");
    };
    // The planned run is budgeted like the plain one: the instrumented
    // build is 10–25× slower, and a legal but large grid must end the run,
    // not time the fuzzer out.
    let watch = budget_watch(REPORT_BUDGET);
    match input.job.generate_watched(input.seed, input.level, &watch) {
        Ok(g) => {
            let locks = g.locks().to_vec();
            assert_eq!(
                g.clone().with_locks(Vec::new()).ok().as_ref(),
                Some(&plain),
                "{name}: the planner changed more than the locks\n{input:?}"
            );
            if let Err(e) = g.check_locks() {
                panic!("{name}: the plan is refused: {e}\n{input:?}");
            }
            assert!(
                g.key_rooms().len() <= usize::try_from(settings.locks).unwrap_or(0),
                "{name}: {locks:?}\n{input:?}"
            );
            let one_way = locks.iter().filter(|l| l.kind == LockKind::OneWay).count();
            assert!(
                one_way <= usize::try_from(settings.one_way).unwrap_or(0),
                "{name}: {locks:?}\n{input:?}"
            );
            let back = match DungeonGrid::from_json(&g.to_json()) {
                Ok(back) => back,
                Err(e) => panic!("{name}: the planned grid does not load: {e:?}\n{input:?}"),
            };
            assert_eq!(back, g, "{name}: JSON round trip\n{input:?}");
            assert_eq!(back.locks(), g.locks(), "{name}: JSON round trip");
            assert_eq!(back.layout_hash(), g.layout_hash(), "{name}: hash");
            true
        }
        Err(GenError::Config(c)) => {
            assert!(
                schema.iter().any(|s| s.name == c.field),
                "{name}: the error names {:?}, no planner setting\n{input:?}",
                c.field
            );
            false
        }
        Err(GenError::Cancelled) => {
            assert!(watch.is_cancelled(), "{name}: Cancelled without a stop");
            false
        }
        Err(e) => panic!("{name}: the plain run worked, the planned one: {e}\n{input:?}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A few hundred pseudo-random inputs through the target.
    #[test]
    fn random_inputs_hold() {
        let mut x = 0x2545_f491_4f6c_dd1d_u64;
        let mut planned = 0;
        for n in 0..300 {
            let mut data = Vec::with_capacity(48);
            for _ in 0..48 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                data.push((x >> 24) as u8);
            }
            // Most inputs on a generator with rooms.
            data[0] = [0u8, 1, 2, 3, 6, 7, 9, 10][n % 8];
            planned += usize::from(progression_settings(&data));
        }
        assert!(planned >= 30, "{planned} planned grids");
    }
}
