//! TinyKeep presets measured against the rules of the originals they follow,
//! over many seeds: how many cells survive separation and become rooms,
//! the room graph's edge counts beside Delaunay's bounds and the
//! `extra_edge_chance` (TinyKeepIsh's `treeCutOff`), and the cells hallways
//! pick up on the way.
//!
//! `cargo run --release -p dungeon_core --example tinykeep_fidelity`

use dungeon_core::GeneratorConfig;
use dungeon_core::tinykeep::{self, TinyKeepConfig};

const SEEDS: u64 = 500;

fn main() {
    println!(
        "| preset | separated in budget | passes (mean) | main rooms / cells | rooms ≥ min sides | Delaunay edges / room | tree edges = rooms − 1 | extra / non-tree Delaunay (chance) | joined cells / map | map (mean) |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for name in TinyKeepConfig::PRESETS {
        let c = TinyKeepConfig::preset(name).expect("preset");
        let (mut sep, mut passes, mut main, mut small, mut del, mut tree_ok) =
            (0, 0i64, 0, 0, 0, 0);
        let (mut extra, mut non_tree, mut joined, mut w, mut h, mut ok) = (0, 0, 0, 0i64, 0i64, 0);
        for seed in 1..=SEEDS {
            let Ok((g, graph)) = tinykeep::generate_with_graph(&c, seed, 1) else {
                continue;
            };
            ok += 1;
            let k = graph.centers.len();
            sep += usize::from(graph.separated);
            passes += i64::from(graph.separation_passes);
            main += k;
            small += g.room_rects()[..k]
                .iter()
                .filter(|r| {
                    r.w < c.min_room_width || r.h < c.min_room_height || r.w * r.h < c.min_room_area
                })
                .count();
            del += graph.delaunay.len();
            tree_ok += usize::from(graph.mst.len() + 1 == k);
            extra += graph.extra.len();
            non_tree += graph.delaunay.len() - graph.mst.len();
            joined += g.room_rects().len() - k;
            w += i64::from(g.width());
            h += i64::from(g.height());
        }
        let n = ok as f64;
        println!(
            "| {name} | {sep}/{ok} | {:.1} | {:.1} / {} ({:.1} %) | {} of {main} too small | {:.2} | {tree_ok}/{ok} | {:.3} ({}) | {:.1} | {:.0}×{:.0} |",
            passes as f64 / n,
            main as f64 / n,
            c.cell_count,
            100.0 * main as f64 / n / f64::from(c.cell_count),
            small,
            del as f64 / main as f64,
            extra as f64 / non_tree.max(1) as f64,
            c.extra_edge_chance,
            joined as f64 / n,
            w as f64 / n,
            h as f64 / n,
        );
    }
}
