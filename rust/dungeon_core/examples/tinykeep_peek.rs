//! Prints one TinyKeep map and its graph sizes: `cargo run --example tinykeep_peek -- PRESET SEED`.
use dungeon_core::tinykeep::{self, TinyKeepConfig};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let c =
        TinyKeepConfig::preset(args.get(1).map_or("tinykeep", String::as_str)).unwrap_or_default();
    let seed = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    match tinykeep::generate_with_graph(&c, seed, 1) {
        Ok((g, graph)) => {
            println!("{g}");
            println!(
                "{}x{} rooms {} main {} delaunay {} mst {} extra {} passes {} separated {} check {:?}",
                g.width(),
                g.height(),
                g.room_rects().len(),
                graph.centers.len(),
                graph.delaunay.len(),
                graph.mst.len(),
                graph.extra.len(),
                graph.separation_passes,
                graph.separated,
                g.check()
            );
        }
        Err(e) => println!("error: {e}"),
    }
}
