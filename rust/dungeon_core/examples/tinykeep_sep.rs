//! Separation passes over seeds (development aid).
use dungeon_core::tinykeep::{self, Separation, TinyKeepConfig};
fn main() {
    for sep in [Separation::Square, Separation::Circle] {
        for n in [40, 150, 1000] {
            let c = TinyKeepConfig {
                separation: sep,
                cell_count: n,
                radius: if n == 1000 { 60 } else { 20 },
                ..TinyKeepConfig::tinykeep()
            };
            let mut passes = Vec::new();
            let mut fails = 0;
            for seed in 0..50 {
                let (_, g) = tinykeep::generate_with_graph(&c, seed, 1).unwrap();
                if !g.separated {
                    fails += 1
                } else {
                    passes.push(g.separation_passes)
                }
            }
            passes.sort();
            println!(
                "{sep:?} n={n} fails {fails} median {:?} max {:?}",
                passes.get(passes.len() / 2),
                passes.last()
            );
        }
    }
}
