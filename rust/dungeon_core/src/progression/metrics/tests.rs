use super::*;
use crate::rng::DungeonRng;
use crate::{DungeonGrid, RoomRole};

#[path = "../../../tests/support/graph_reach.rs"]
mod graph_reach;
use graph_reach::reach;

fn picture(s: &str) -> DungeonGrid {
    DungeonGrid::from_ascii(s).unwrap()
}

fn behind(m: &RoomMetrics, v: usize) -> Vec<usize> {
    let mut out: Vec<usize> = m.behind(v).collect();
    out.sort_unstable();
    out
}

fn rooms_with(m: &RoomMetrics, flag: u8) -> Vec<usize> {
    (0..m.flags.len()).filter(|&r| m.has(r, flag)).collect()
}

/// `g` saved and loaded with room `room` given `role`: the k-th `"role"`
/// in the JSON text is room k's. Special roles are Isaac's.
fn with_role(g: &DungeonGrid, room: usize, role: RoomRole) -> DungeonGrid {
    let mut g = g.clone();
    g.generator = "isaac".into();
    let text = g.to_json();
    let key = "\"role\":\"";
    let at = text.match_indices(key).nth(room).unwrap().0 + key.len();
    let len = text[at..].find('"').unwrap();
    let text = format!("{}{}{}", &text[..at], role.name(), &text[at + len..]);
    let back = DungeonGrid::from_json(&text).unwrap();
    assert_eq!(back.room_role(room), Some(role));
    back
}

#[test]
fn a_loop_has_no_bridges_and_two_chokepoints() {
    // Rooms in scan order: 0 1 2 / 3 . 4 / 5 6 7.
    let g = picture(
        "
        S##
        #.#
        ##E
    ",
    );
    let m = g.room_metrics();
    assert_eq!(m.critical_path, vec![0, 1, 2, 4, 7]);
    assert_eq!(Some(m.critical_path.clone()), g.room_path(0, 7));
    assert_eq!(m.distance_rooms, vec![0, 1, 2, 1, 3, 2, 3, 4]);
    assert_eq!(m.distance_tiles, m.distance_rooms);
    assert_eq!(m.branch_depth, vec![0, 0, 0, 1, 0, 2, 1, 0]);
    assert!(m.bridges.is_empty());
    assert_eq!(rooms_with(&m, IN_CYCLE), (0..8).collect::<Vec<_>>());
    assert_eq!(rooms_with(&m, DEAD_END), Vec::<usize>::new());
    assert_eq!(rooms_with(&m, CHOKEPOINT), vec![0, 7]);
    assert_eq!(rooms_with(&m, ON_CRITICAL_PATH), vec![0, 1, 2, 4, 7]);
    assert_eq!(behind(&m, 0), (1..8).collect::<Vec<_>>());
    for v in 1..8 {
        assert_eq!(behind(&m, v), Vec::<usize>::new(), "room {v}");
    }
}

#[test]
fn two_loops_joined_by_bridges() {
    // 0 1 . . 2 3      (room 3 holds the end)
    // 4 5 6 7 8 9
    // . . . 10 . .
    let g = picture(
        "
        S#..#E
        ######
        ...#..
    ",
    );
    let m = g.room_metrics();
    assert_eq!(m.critical_path, vec![0, 1, 5, 6, 7, 8, 2, 3]);
    assert_eq!(Some(m.critical_path.clone()), g.room_path(0, 3));
    assert_eq!(m.distance_rooms[3], 7);
    assert_eq!(m.distance_tiles[3], 7);
    assert_eq!(m.bridges, vec![(5, 6), (6, 7), (7, 8), (7, 10)]);
    assert_eq!(rooms_with(&m, CHOKEPOINT), vec![0, 3, 5, 6, 7, 8]);
    assert_eq!(rooms_with(&m, IN_CYCLE), vec![0, 1, 2, 3, 4, 5, 8, 9]);
    assert_eq!(rooms_with(&m, DEAD_END), vec![10]);
    assert_eq!(m.branch_depth, vec![0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1]);
    assert_eq!(behind(&m, 6), vec![2, 3, 7, 8, 9, 10]);
    assert_eq!(behind(&m, 7), vec![2, 3, 8, 9, 10]);
    assert_eq!(behind(&m, 8), vec![2, 3, 9]);
    assert_eq!(behind(&m, 1), Vec::<usize>::new());
    assert_eq!(behind(&m, 2), Vec::<usize>::new());
    assert!(m.is_behind(7, 10) && !m.is_behind(8, 10) && !m.is_behind(99, 1));
}

#[test]
fn the_critical_path_avoids_a_secret_shortcut() {
    // A ring of rooms 0 1 2 / 3 . 4 / 5 6 7; room 3, between the start (0)
    // and the end (5), is a secret room: with it the way is three rooms.
    let ring = picture(
        "
        S##
        #.#
        E##
    ",
    );
    let g = with_role(&ring, 3, RoomRole::Secret);
    assert_eq!(g.room_path(0, 5), Some(vec![0, 3, 5]));
    let m = g.room_metrics();
    assert_eq!(m.critical_path, vec![0, 1, 2, 4, 7, 6, 5]);
    assert_eq!(g.critical_path(), m.critical_path);
    assert_eq!(m.distance_rooms, vec![0, 1, 2, 1, 3, 6, 5, 4]);
    assert_eq!(m.distance_tiles, m.distance_rooms);
    assert_eq!(m.flags[3], SECRET);
    assert_eq!(m.branch_depth[3], 1);
    // Without the secret room the ring is a line: every room on it is a
    // chokepoint, every connection a bridge, the ends are dead ends.
    assert_eq!(rooms_with(&m, CHOKEPOINT), vec![0, 1, 2, 4, 5, 6, 7]);
    assert_eq!(rooms_with(&m, IN_CYCLE), Vec::<usize>::new());
    assert_eq!(rooms_with(&m, DEAD_END), vec![0, 5]);
    assert_eq!(m.bridges.len(), 6);
    assert_eq!(behind(&m, 4), vec![5, 6, 7]);
    assert!(!m.is_behind(0, 3), "a secret room is behind nothing");
    // The same ring with room 3 ordinary: a loop of eight, the short way.
    let open = ring.room_metrics();
    assert_eq!(open.critical_path, vec![0, 3, 5]);
    assert_eq!(rooms_with(&open, IN_CYCLE).len(), 8);
}

#[test]
fn isaac_floors_keep_secret_rooms_off_the_critical_path() {
    let mut config = crate::isaac::IsaacConfig::branching();
    config.room_rules = Some(crate::room_grid::RoomRules::isaac());
    let mut shortcuts = 0;
    for seed in 0..60 {
        let Ok(g) = crate::isaac::generate(&config, seed, 5) else {
            continue;
        };
        let m = g.room_metrics();
        let (s, e) = (g.room_at(g.start()).unwrap(), g.room_at(g.end()).unwrap());
        let secret: Vec<usize> = (0..g.room_count())
            .filter(|&r| g.room_role(r).is_some_and(RoomRole::is_secret))
            .collect();
        assert!(!secret.is_empty(), "seed {seed}");
        assert_eq!(rooms_with(&m, SECRET), secret);
        for &r in &secret {
            assert_eq!(m.flags[r], SECRET);
            assert!(m.distance_rooms[r] >= 1 && m.distance_tiles[r] >= 1);
        }
        assert!(m.critical_path.iter().all(|r| !secret.contains(r)));
        // Isaac floors are trees but for their secret rooms.
        assert_eq!(rooms_with(&m, IN_CYCLE), Vec::<usize>::new(), "seed {seed}");
        let full = g.room_path(s, e).unwrap();
        if full.iter().any(|r| secret.contains(r)) {
            assert!(m.critical_path.len() >= full.len(), "seed {seed}");
            shortcuts += usize::from(m.critical_path.len() > full.len());
        } else {
            assert_eq!(m.critical_path, full);
        }
    }
    assert!(
        shortcuts > 0,
        "no floor where a secret room shortens the way"
    );
}

#[test]
fn open_floor_maps_have_no_metrics() {
    let g = picture(
        "
        S,,
        ,.,
        ,,E
    ",
    );
    assert_eq!(g.room_metrics(), RoomMetrics::default());
}

/// A random graph of up to 12 rooms: visible and whole adjacency lists,
/// the start and end, and which rooms are secret.
struct Graph {
    visible: Vec<Vec<usize>>,
    all: Vec<Vec<usize>>,
    start: usize,
    end: usize,
    secret: Vec<bool>,
}

fn random_graph(rng: &mut DungeonRng) -> Graph {
    let n = 1 + rng.below(12) as usize;
    let density = [12, 25, 40, 60][rng.below(4) as usize];
    let start = rng.below(n as u32) as usize;
    let end = rng.below(n as u32) as usize;
    let secret: Vec<bool> = (0..n)
        .map(|r| r != start && r != end && rng.below(6) == 0)
        .collect();
    let mut all = vec![Vec::new(); n];
    let mut visible = vec![Vec::new(); n];
    for a in 0..n {
        for b in a + 1..n {
            if rng.below(100) < density {
                all[a].push(b);
                all[b].push(a);
                if !secret[a] && !secret[b] {
                    visible[a].push(b);
                    visible[b].push(a);
                }
            }
        }
    }
    for list in all.iter_mut().chain(visible.iter_mut()) {
        list.sort_unstable();
    }
    Graph {
        visible,
        all,
        start,
        end,
        secret,
    }
}

/// Hop counts from `sources` by relaxing every edge until nothing
/// changes; `-1` where unreachable.
fn relaxed(adj: &[Vec<usize>], sources: &[usize]) -> Vec<i32> {
    let mut d = vec![i32::MAX; adj.len()];
    for &s in sources {
        d[s] = 0;
    }
    for _ in 0..adj.len() {
        for a in 0..adj.len() {
            for &b in &adj[a] {
                if d[a] != i32::MAX && d[a] + 1 < d[b] {
                    d[b] = d[a] + 1;
                }
            }
        }
    }
    d.into_iter()
        .map(|x| if x == i32::MAX { -1 } else { x })
        .collect()
}

#[test]
fn tarjan_agrees_with_removing_each_room_and_connection() {
    let mut rng = DungeonRng::new(26);
    for case in 0..600 {
        let g = random_graph(&mut rng);
        let n = g.visible.len();
        let (s, e) = (g.start, g.end);
        let m = RoomMetrics::of_graph(&g.visible, &g.all, Some(s), Some(e), &g.secret);
        let ctx = format!("case {case}: start {s}, end {e}, {:?}", g.visible);

        let mut bridges = Vec::new();
        for a in 0..n {
            for &b in g.visible[a].iter().filter(|&&b| b > a) {
                if !reach(&g.visible, a, None, Some((a, b)))[b] {
                    bridges.push((a, b));
                }
            }
        }
        assert_eq!(m.bridges, bridges, "{ctx}");

        let reached = reach(&g.visible, s, None, None);
        for v in 0..n {
            let mut want = 0;
            if g.secret[v] {
                want = SECRET;
            } else {
                let deg = g.visible[v].len();
                let bridged = bridges.iter().filter(|b| b.0 == v || b.1 == v).count();
                if deg == 1 {
                    want |= DEAD_END;
                }
                if deg > bridged {
                    want |= IN_CYCLE;
                }
            }
            if reached[e] {
                if m.critical_path.contains(&v) {
                    want |= ON_CRITICAL_PATH;
                }
                if v == s || v == e || !reach(&g.visible, s, Some(v), None)[e] {
                    want |= CHOKEPOINT;
                }
            }
            assert_eq!(m.flags[v], want, "room {v}, {ctx}");

            let without = reach(&g.visible, s, Some(v), None);
            let cut: Vec<usize> = (0..n)
                .filter(|&r| r != v && reached[v] && reached[r] && !without[r])
                .collect();
            assert_eq!(behind(&m, v), cut, "behind {v}, {ctx}");
            for r in 0..n {
                assert_eq!(m.is_behind(v, r), cut.contains(&r), "{v} {r} {ctx}");
            }
        }

        let dist = relaxed(&g.visible, &[s]);
        let dist_all = relaxed(&g.all, &[s]);
        for r in 0..n {
            let want = if g.secret[r] { dist_all[r] } else { dist[r] };
            assert_eq!(m.distance_rooms[r], want, "{ctx}");
        }
        if reached[e] {
            let path = &m.critical_path;
            assert_eq!((path[0], path[path.len() - 1]), (s, e), "{ctx}");
            assert_eq!(path.len() as i32 - 1, dist[e], "{ctx}");
            assert!(path.windows(2).all(|w| g.visible[w[0]].contains(&w[1])));
            let depth = relaxed(&g.visible, path);
            let depth_all = relaxed(&g.all, path);
            for r in 0..n {
                let want = if g.secret[r] { depth_all[r] } else { depth[r] };
                assert_eq!(m.branch_depth[r], want, "{ctx}");
            }
        } else {
            assert!(m.critical_path.is_empty(), "{ctx}");
            assert!(m.branch_depth.iter().all(|&d| d == -1), "{ctx}");
        }
    }
}

#[test]
fn broken_inputs_give_empty_values_not_panics() {
    let m = RoomMetrics::of_graph(&[vec![1], vec![0]], &[], None, Some(7), &[]);
    assert!(m.critical_path.is_empty());
    assert_eq!(m.distance_rooms, vec![-1, -1]);
    assert_eq!(m.bridges, vec![(0, 1)]);
    assert_eq!(m.behind(0).count(), 0);
    assert_eq!(m.behind(usize::MAX).count(), 0);
    assert!(!m.is_behind(usize::MAX, usize::MAX) && !m.has(usize::MAX, 0));
    let m = RoomMetrics::of_graph(&[vec![5, 0]], &[], Some(0), Some(0), &[]);
    assert_eq!(m.critical_path, vec![0]);
    assert!(m.has(0, ON_CRITICAL_PATH | CHOKEPOINT));
}
