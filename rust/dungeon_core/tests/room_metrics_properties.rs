//! Room metrics on every registry generator's output, every preset: the
//! critical path runs from the start room to the end room through
//! connections, flags agree with the graph they describe, chokepoints and
//! bridges really separate (checked by removing them and searching again),
//! and grids without rooms get no metrics.

use dungeon_core::progression::{
    CHOKEPOINT, DEAD_END, IN_CYCLE, ON_CRITICAL_PATH, RoomMetrics, SECRET,
};
use dungeon_core::registry::GENERATORS;
use dungeon_core::{DungeonGrid, RoomRole};

#[path = "support/graph_reach.rs"]
mod graph_reach;
use graph_reach::reach;

/// Seeds per preset (debug builds are slow; release runs more).
const SEEDS: u64 = if cfg!(debug_assertions) { 50 } else { 500 };

/// The room graph without the connections touching a secret room.
fn visible_graph(g: &DungeonGrid) -> Vec<Vec<usize>> {
    let secret = |r: usize| g.room_role(r).is_some_and(RoomRole::is_secret);
    let mut adj = vec![Vec::new(); g.room_count()];
    for c in g.connections() {
        let (a, b) = c.rooms;
        if !secret(a) && !secret(b) {
            adj[a].push(b);
            adj[b].push(a);
        }
    }
    adj
}

fn check(g: &DungeonGrid, ctx: &str) {
    let m = g.room_metrics();
    let n = g.room_count();
    if n == 0 {
        assert_eq!(m, RoomMetrics::default(), "{ctx}");
        return;
    }
    for len in [
        m.distance_rooms.len(),
        m.distance_tiles.len(),
        m.branch_depth.len(),
        m.flags.len(),
    ] {
        assert_eq!(len, n, "{ctx}");
    }
    let adj = visible_graph(g);
    let secret: Vec<bool> = (0..n)
        .map(|r| g.room_role(r).is_some_and(RoomRole::is_secret))
        .collect();
    let s = g.room_at(g.start()).expect("start room");
    let e = g.room_at(g.end()).expect("end room");

    // The critical path.
    let path = &m.critical_path;
    assert_eq!(path.first(), Some(&s), "{ctx}");
    assert_eq!(path.last(), Some(&e), "{ctx}");
    assert_eq!(path.len() as i32 - 1, m.distance_rooms[e], "{ctx}");
    assert_eq!(&g.critical_path(), path, "{ctx}");
    for w in path.windows(2) {
        assert!(adj[w[0]].contains(&w[1]), "{ctx}: {w:?} not connected");
    }
    if !secret.contains(&true) {
        assert_eq!(g.room_path(s, e).as_ref(), Some(path), "{ctx}");
    }

    // Distances: every room reachable, tiles at least rooms, the start 0.
    assert_eq!((m.distance_rooms[s], m.distance_tiles[s]), (0, 0), "{ctx}");
    let cell_dist = g.distances_from(g.start());
    for r in 0..n {
        let (dr, dt, db) = (m.distance_rooms[r], m.distance_tiles[r], m.branch_depth[r]);
        assert!(
            dr >= 0 && dt >= dr,
            "{ctx}: room {r}: {dr} rooms, {dt} tiles"
        );
        assert!(
            (0..=dr).contains(&db),
            "{ctx}: room {r}: depth {db}, {dr} rooms"
        );
        assert_eq!(db == 0, path.contains(&r), "{ctx}: room {r}");
        if !secret.contains(&true) {
            let nearest = g.room_records()[r]
                .cells()
                .filter_map(|p| g.index(p).map(|i| cell_dist[i]))
                .min();
            assert_eq!(nearest, Some(dt), "{ctx}: room {r}");
        }
    }

    // Flags against the graph.
    let without_end_side: Vec<bool> = (0..n).map(|v| !reach(&adj, s, Some(v), None)[e]).collect();
    for r in 0..n {
        let f = m.flags[r];
        assert_eq!(f & SECRET != 0, secret[r], "{ctx}: room {r}");
        if secret[r] {
            assert_eq!(f, SECRET, "{ctx}: room {r}");
            continue;
        }
        assert_eq!(f & ON_CRITICAL_PATH != 0, path.contains(&r), "{ctx}");
        assert_eq!(f & DEAD_END != 0, adj[r].len() == 1, "{ctx}: room {r}");
        let bridged = m.bridges.iter().filter(|b| b.0 == r || b.1 == r).count();
        assert_eq!(f & IN_CYCLE != 0, adj[r].len() > bridged, "{ctx}: room {r}");
        let choke = r == s || r == e || without_end_side[r];
        assert_eq!(f & CHOKEPOINT != 0, choke, "{ctx}: room {r}");
        if choke {
            assert!(f & ON_CRITICAL_PATH != 0, "{ctx}: room {r}");
        }
        if r != s && r != e && choke {
            assert!(m.is_behind(r, e), "{ctx}: end not behind chokepoint {r}");
        }
    }
    for &(a, b) in &m.bridges {
        assert!(adj[a].contains(&b), "{ctx}");
        assert!(!reach(&adj, a, None, Some((a, b)))[b], "{ctx}: {a}-{b}");
    }
    // Every connection that is no bridge lies on a loop.
    for a in 0..n {
        for &b in adj[a].iter().filter(|&&b| b > a) {
            if !m.bridges.contains(&(a, b)) {
                assert!(reach(&adj, a, None, Some((a, b)))[b], "{ctx}: {a}-{b}");
            }
        }
    }
    // What lies behind each room, on floors small enough to try them all.
    if n <= 80 {
        for v in 0..n {
            let left = reach(&adj, s, Some(v), None);
            let mut want: Vec<usize> = (0..n)
                .filter(|&r| r != v && !secret[r] && !secret[v] && !left[r])
                .collect();
            let mut got: Vec<usize> = m.behind(v).collect();
            got.sort_unstable();
            want.sort_unstable();
            assert_eq!(got, want, "{ctx}: behind {v}");
        }
    }
}

#[test]
fn metrics_hold_on_every_generator_and_preset() {
    let mut with_rooms = 0;
    for entry in GENERATORS {
        for preset in entry.presets() {
            let job = entry.job(Some(preset.name)).expect("preset");
            let mut made = 0;
            for seed in 0..SEEDS {
                let level = 1 + (seed % 5) as i32;
                let Ok(g) = job.generate(seed, level) else {
                    continue;
                };
                made += 1;
                with_rooms += usize::from(g.room_count() > 0);
                let ctx = format!("{} {} seed {seed} level {level}", entry.name(), preset.name);
                check(&g, &ctx);
                // A saved and loaded copy measures the same.
                if seed < 3 {
                    let back = DungeonGrid::from_json(&g.to_json()).expect("round trip");
                    assert_eq!(back.room_metrics(), g.room_metrics(), "{ctx}");
                }
            }
            assert!(made > 0, "{} {}: no grid", entry.name(), preset.name);
        }
    }
    assert!(with_rooms > 0);
}
