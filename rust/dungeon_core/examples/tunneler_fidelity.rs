//! Measures the tunneler against the "RandomWalk" write-up's rules over
//! 2000 seeds per
//! preset: tunnels per map (`maxTunnels`), lengths (uniform in
//! `minTunnelLength..=maxTunnelLength`: mean and the rarest and commonest
//! length's share against the uniform share), axes (alternating), signs
//! (random), how often a tunnel turned back at the border, and the floor.
//!
//! `cargo run --release -p dungeon_core --example tunneler_fidelity`

use dungeon_core::GeneratorConfig;
use dungeon_core::tunneler::{self, TunnelerConfig};

const SEEDS: u64 = 2000;

fn main() {
    println!("| preset | rule | write-up | ours |");
    println!("|---|---|---|---|");
    for name in TunnelerConfig::PRESETS {
        let c = TunnelerConfig::preset(name).expect("preset");
        let (lo, hi) = (c.min_tunnel_length, c.max_tunnel_length);
        let mut counts = vec![0u64; (hi - lo + 1) as usize];
        let (mut total, mut sum, mut alternating, mut pairs) = (0u64, 0i64, 0u64, 0u64);
        let (mut plus, mut bounced, mut floor) = (0u64, 0u64, 0u64);
        let (mut fewest, mut most) = (usize::MAX, 0);
        for seed in 0..SEEDS {
            let t = tunneler::tunnels(&c, seed, 1).expect("valid preset");
            let g = tunneler::generate(&c, seed, 1).expect("valid preset");
            fewest = fewest.min(t.len());
            most = most.max(t.len());
            for x in &t {
                counts[(x.length - lo) as usize] += 1;
                sum += i64::from(x.length);
                plus += u64::from(x.sign > 0);
                bounced += u64::from(x.bounces > 0);
            }
            total += t.len() as u64;
            for p in t.windows(2) {
                pairs += 1;
                alternating += u64::from(p[0].horizontal != p[1].horizontal);
            }
            floor += g.walkable_count() as u64;
        }
        let share = |k: u64| k as f64 / total as f64;
        let (rare, common) = (
            counts.iter().min().copied().unwrap_or(0),
            counts.iter().max().copied().unwrap_or(0),
        );
        println!(
            "| {name} | tunnels per map | {} | {fewest}..={most} |",
            c.max_tunnels
        );
        println!(
            "| {name} | mean length | {:.2} | {:.2} |",
            f64::from(lo + hi) / 2.0,
            sum as f64 / total as f64
        );
        println!(
            "| {name} | each length's share | {:.4} | {:.4}..={:.4} |",
            1.0 / f64::from(hi - lo + 1),
            share(rare),
            share(common)
        );
        println!(
            "| {name} | axis alternates | 1 | {:.4} |",
            alternating as f64 / pairs as f64
        );
        println!("| {name} | positive sign | 0.5 | {:.4} |", share(plus));
        println!(
            "| {name} | turned back at the border | (no rule) | {:.4} |",
            share(bounced)
        );
        println!(
            "| {name} | floor share | (no rule) | {:.4} |",
            floor as f64 / (f64::from(c.width * c.height) * SEEDS as f64)
        );
    }
}
