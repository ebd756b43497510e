//! Every generator in [`GENERATORS`] keeps the [`GeneratorConfig`]
//! contract, seen through its job: each preset is found by its name, the
//! default is the first, and `validate` refuses exactly what the run
//! refuses before generating, with the same error, on every preset at good
//! and bad levels (settings out of range: the test beside this file). A
//! new generator is checked once it is in the list.

use super::*;

#[test]
fn every_generator_keeps_the_contract() {
    let mut runs = 0;
    for g in GENERATORS {
        let presets = g.presets();
        assert!(!presets.is_empty(), "{}", g.name());
        assert!(g.job(Some("no such preset")).is_none(), "{}", g.name());
        let first = g.job(Some(presets[0].name)).unwrap();
        assert!(
            *g.job(None).unwrap() == *first,
            "{}: the default is the first preset",
            g.name()
        );
        for p in &presets {
            let job = g.job(Some(p.name)).unwrap();
            for level in [0, 1, 1001] {
                let made = job.generate(1, level);
                let what = format!("{} preset {}, level {level}", g.name(), p.name);
                match job.validate(level) {
                    Err(e) => assert_eq!(made.err(), Some(e), "{what}"),
                    Ok(()) => assert!(
                        !matches!(made, Err(GenError::Config(_))),
                        "{what}: validate passed, the run said {made:?}"
                    ),
                }
                runs += 1;
            }
        }
    }
    assert!(runs >= 3 * GENERATORS.len(), "{runs}");
}
