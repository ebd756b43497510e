//! Room sizes and counts of the BSP presets beside the original C++
//! program's sizing rule
//! applied to the same split-tree parts, over 2000 seeds per preset. The
//! figures are quoted in the `dungeon_core::bsp` module docs.
//!
//! `cargo run --release -p dungeon_core --example bsp_fidelity`

#[path = "../tests/support/cpp_bsp.rs"]
mod cpp_bsp;

use dungeon_core::GeneratorConfig;
use dungeon_core::bsp::BspConfig;

fn main() {
    let seeds = 2000u64;
    println!(
        "| preset | maps | side / part side (ours, seed) | mean area (ours, seed) | area ratio | room counts (count: maps) |"
    );
    println!("|---|---:|---|---|---:|---|");
    for name in BspConfig::PRESETS {
        let c = BspConfig::preset(name).expect("known preset");
        let f = cpp_bsp::measure(&c, 1..seeds + 1);
        let counts: Vec<String> = f.counts.iter().map(|(k, n)| format!("{k}: {n}")).collect();
        println!(
            "| {name} | {} | {:.3}, {:.3} | {:.2}, {:.2} | {:.3} | {} |",
            f.maps,
            f.ours.mean_fraction(),
            f.seed.mean_fraction(),
            f.ours.mean_area(),
            f.seed.mean_area(),
            f.ours.mean_area() / f.seed.mean_area(),
            counts.join(", ")
        );
        assert_eq!(f.misplaced, 0, "{name}: a room outside its part");
    }
}
