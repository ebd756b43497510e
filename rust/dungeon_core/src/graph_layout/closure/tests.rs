//! The loop listing against its plain forms: recorded steps, the
//! backward meet, the reach bound, and the depth-first search.

use super::*;
use crate::graph_layout::graph::graph;
use crate::template::{DoorSlot, RoomTemplate, Side};

/// A listing's inputs: the state, adjacency, chain rooms and their
/// variants.
type Listing = (State, Vec<Vec<(usize, usize)>>, Vec<usize>, Vec<Vec<usize>>);

/// A loop of six rooms, room 0 placed: the listing of rooms 1–5.
fn listing(space: &Space) -> Listing {
    let g = graph(6, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0)]);
    let mut adj = vec![Vec::new(); 6];
    for (k, e) in g.edges.iter().enumerate() {
        adj[e.a].push((e.b, k));
        adj[e.b].push((e.a, k));
    }
    let mut state = State::new(6);
    state.place(space, 0, 0, (0, 0));
    let all: Vec<usize> = (0..space.vars.len()).collect();
    (state, adj, vec![1, 2, 3, 4, 5], vec![all; 5])
}

fn square(turns: bool) -> Space {
    use Side::{East, North, South, West};
    let mut t = RoomTemplate::new(
        "t",
        7,
        5,
        vec![
            DoorSlot::new(North, 2, 1),
            DoorSlot::new(East, 2, 1),
            DoorSlot::new(South, 4, 1),
            DoorSlot::new(West, 2, 1),
        ],
    );
    t.rotations = turns;
    Space::new(&[t])
}

/// Listing the layer that joins the placed room backwards from its
/// spots keeps exactly the states and steps the forward listing keeps.
#[test]
fn the_backward_meet_lists_what_the_forward_listing_keeps() {
    for turns in [false, true] {
        let space = square(turns);
        let (state, adj, rooms, vars) = listing(&space);
        let mut runs = Vec::new();
        for plain in [false, true] {
            let mut dp = Dp::new(&space, &state, &adj, &rooms, vars.clone(), true);
            dp.plain = plain;
            dp.beam = usize::MAX;
            let found = dp.run(Some(&mut DungeonRng::new(7)), u64::MAX);
            assert!(!dp.lossy);
            runs.push((found, dp.layers.clone(), dp.edges.clone(), dp.alive.clone()));
        }
        assert_eq!(runs[0].0, Found::Paths);
        assert!(runs[0].1.iter().all(|l| !l.is_empty()));
        assert_eq!(runs[0], runs[1], "turns {turns}");
    }
}

/// A room with door lines on every side (a point per cell of wall).
fn lined(turns: bool) -> Space {
    use Side::{East, North, South, West};
    let mut a = RoomTemplate::new(
        "a",
        9,
        7,
        vec![
            DoorSlot::line(North, 1, 1, 7),
            DoorSlot::line(East, 1, 1, 5),
            DoorSlot::line(South, 2, 1, 4),
            DoorSlot::line(West, 1, 1, 5),
        ],
    );
    a.rotations = turns;
    let b = RoomTemplate::new(
        "b",
        5,
        5,
        vec![DoorSlot::line(East, 1, 1, 3), DoorSlot::new(West, 2, 1)],
    );
    Space::new(&[a, b])
}

/// The meet's look-up table finds the same steps, in the same order, as
/// its plain form that looks each spot up: the whole random listing (the
/// beam drawn from those steps) keeps the same states and steps and
/// leaves the stream at the same place, on fixed doors and door lines,
/// over many streams; on fixed doors it is charged the same work (on door
/// lines, what the table does).
#[test]
fn the_meet_by_table_lists_what_the_searched_meet_lists() {
    let mut kept = 0;
    for (k, space) in [square(false), square(true), lined(false), lined(true)]
        .iter()
        .enumerate()
    {
        let (state, adj, rooms, vars) = listing(space);
        for seed in 0..40 {
            let mut runs = Vec::new();
            for searched in [false, true] {
                let mut dp = Dp::new(space, &state, &adj, &rooms, vars.clone(), true);
                dp.searched = searched;
                let mut rng = DungeonRng::new(seed);
                let found = dp.run(Some(&mut rng), u64::MAX);
                let after = rng.below(1 << 30);
                runs.push((
                    found,
                    dp.layers.clone(),
                    dp.edges.clone(),
                    dp.alive.clone(),
                    dp.work,
                    after,
                ));
            }
            if k >= 2 {
                // Door lines: charged for the look-ups the table does.
                assert!(runs[0].4 > 0, "space {k}, seed {seed}: work charged");
                runs[0].4 = runs[1].4;
            }
            assert_eq!(runs[0], runs[1], "space {k}, seed {seed}");
            kept += runs[0].1.iter().map(Vec::len).sum::<usize>();
        }
    }
    assert!(kept > 1000, "the listings keep states ({kept})");
}

/// The reach bound drops only states that cannot close the loop: the
/// states kept by the backward pass are those kept without it.
#[test]
fn the_reach_bound_keeps_every_state_that_closes() {
    let space = square(true);
    let (state, adj, rooms, vars) = listing(&space);
    let mut kept = Vec::new();
    for bound in [true, false] {
        let mut dp = Dp::new(&space, &state, &adj, &rooms, vars.clone(), true);
        dp.beam = usize::MAX;
        if !bound {
            dp.hop.fill(1 << 20);
            dp.last_hop.fill(1 << 20);
        }
        assert_eq!(
            dp.run(Some(&mut DungeonRng::new(3)), u64::MAX),
            Found::Paths
        );
        let alive: Vec<Vec<St>> = (0..rooms.len())
            .map(|j| {
                (0..dp.layers[j].len())
                    .filter(|&i| dp.alive[j][i])
                    .map(|i| dp.layers[j][i])
                    .collect()
            })
            .collect();
        let listed: usize = dp.layers.iter().map(Vec::len).sum();
        kept.push((alive, listed));
    }
    assert_eq!(kept[0].0, kept[1].0);
    assert!(
        kept[0].1 < kept[1].1,
        "the bound keeps fewer states: {kept:?}"
    );
}

/// The depth-first search returns a closed loop whose rooms overlap
/// neither each other nor the placed room, each joined to the next.
#[test]
fn the_search_closes_the_loop_without_overlaps() {
    let space = square(true);
    let (state, adj, rooms, vars) = listing(&space);
    for seed in 0..8 {
        let mut rng = DungeonRng::new(seed);
        let mut dp = Dp::new(&space, &state, &adj, &rooms, vars.clone(), true);
        assert_eq!(dp.run(Some(&mut rng), u64::MAX), Found::Paths);
        let Some(got) = dp.search(&mut rng, u64::MAX) else {
            panic!("seed {seed}: no layout");
        };
        let foot = |s: &St| {
            let v = &space.vars[s.v as usize].v;
            Foot::at((s.x, s.y), v.width, v.height)
        };
        let mut all: Vec<(u32, Foot)> = vec![(0, state.foot[0].clone())];
        all.extend(got.iter().map(|s| (s.v, foot(s))));
        for (k, a) in all.iter().enumerate() {
            for b in &all[..k] {
                assert_eq!(a.1.overlap(&b.1), 0, "seed {seed}");
            }
        }
        let mut buf = Vec::new();
        for k in 0..all.len() {
            let (a, b) = (&all[k], &all[(k + 1) % all.len()]);
            buf.clear();
            space.offsets(a.0 as usize, b.0 as usize, &mut buf);
            let d = (b.1.x0 - a.1.x0, b.1.y0 - a.1.y0);
            assert!(
                buf.iter().any(|o| (o.dx, o.dy) == d),
                "seed {seed}: room {k} joins the next"
            );
        }
    }
}

/// The recorded steps are the listed ones: all of them when no layer
/// was cut, and only real ones under a random beam.
#[test]
fn recorded_steps_match_the_listed_ones() {
    for turns in [false, true] {
        let space = square(turns);
        let (state, adj, rooms, vars) = listing(&space);
        for seed in 0..4 {
            let mut rng = DungeonRng::new(seed);
            let mut dp = Dp::new(&space, &state, &adj, &rooms, vars.clone(), true);
            let exact = !turns;
            let found = if exact {
                dp.run(None, u64::MAX)
            } else {
                dp.run(Some(&mut rng), u64::MAX)
            };
            assert_ne!(found, Found::Impossible, "a loop of six 7 × 5 rooms closes");
            assert!(!(exact && dp.lossy), "no layer cut");
            let mut steps = 0;
            for j in 1..rooms.len() {
                for p in 0..dp.layers[j - 1].len() {
                    let got = dp.successors(j, p);
                    let want = dp.successors_listed(j, dp.layers[j - 1][p]);
                    steps += got.len();
                    if exact {
                        assert_eq!(got, want, "layer {j} state {p}");
                    } else {
                        assert!(got.iter().all(|c| want.contains(c)), "layer {j}");
                    }
                }
            }
            assert!(steps > 0);
            if exact {
                assert_eq!(found, Found::Paths);
                let s = dp.sample(&mut rng).expect("a sample");
                assert_eq!(s.len(), rooms.len());
            }
        }
    }
}

/// Indexing a layer's hits by one sort keeps the states and steps the
/// look-ups keep, repeats and all.
#[test]
fn kept_steps_match_their_looked_up_form() {
    let mut rng = DungeonRng::new(37);
    let mut steps = 0;
    for round in 0..200 {
        let n = rng.below(60) as usize;
        let mut hits: Vec<(St, u32)> = (0..n)
            .map(|_| {
                let s = St {
                    v: rng.below(3),
                    x: rng.below(5) as i32 - 2,
                    y: rng.below(5) as i32 - 2,
                    din: if rng.below(4) == 0 {
                        NONE
                    } else {
                        rng.below(2)
                    },
                };
                (s, rng.below(6))
            })
            .collect();
        for linked in [false, true] {
            let plain = kept_steps_looked_up(&hits, linked);
            let fast = kept_steps(&mut hits.clone(), linked);
            assert_eq!(fast, plain, "round {round}, linked {linked}");
            steps += plain.1.len();
        }
        hits.clear();
    }
    assert!(steps > 1000, "{steps}");
}

/// A room still to come that joins two placed rooms keeps a spot only
/// where their configuration spaces meet on free ground; the depth-first
/// search passes over chain layouts that take the last such spot.
#[test]
fn rooms_still_to_come_keep_a_spot_between_their_placed_neighbours() {
    let space = square(false);
    let (east, west) = (1, 3);
    let step = space.offset(0, east, 0, west);
    assert!(step.dx > 0, "{step:?}");
    // Room 2 joins rooms 0 and 1; room 3 hangs off room 1 (the chain).
    let g = graph(4, &[(0, 2), (1, 2), (1, 3)]);
    let mut adj = vec![Vec::new(); 4];
    for (k, e) in g.edges.iter().enumerate() {
        adj[e.a].push((e.b, k));
        adj[e.b].push((e.a, k));
    }
    // Room 2, still to come, may take the one variant.
    let to_come = vec![(2, vec![0])];
    let ears = |state: &State, chosen: &[St], chain: &[usize]| {
        let mut dp = Dp::new(&space, state, &adj, chain, vec![vec![0]; chain.len()], true);
        dp.ears = to_come.clone();
        dp.ears_close(chosen, &mut 0)
    };
    let mut state = State::new(4);
    state.place(&space, 0, 0, (0, 0));
    // Room 1 two steps east: room 2 fits between, east of room 0.
    state.place(&space, 1, 0, (2 * step.dx, 2 * step.dy));
    assert!(ears(&state, &[], &[]));
    // Room 1 far away: no spot joins both.
    state.unplace_last();
    state.place(&space, 1, 0, (100, 0));
    assert!(!ears(&state, &[], &[]));
    // Room 1 back, and room 3 (a chain room, not placed yet) laid out on
    // the only spot between them.
    state.unplace_last();
    state.place(&space, 1, 0, (2 * step.dx, 2 * step.dy));
    let on_it = St {
        v: 0,
        x: step.dx,
        y: step.dy,
        din: NONE,
    };
    assert!(!ears(&state, &[on_it], &[3]));
    let beside = St {
        v: 0,
        x: 3 * step.dx,
        y: 3 * step.dy,
        din: NONE,
    };
    assert!(ears(&state, &[beside], &[3]));
    // The search: room 3 from room 1, every spot of its configuration
    // space; with the check on, the layout it returns leaves room 2 its
    // spot.
    let chain = [3];
    let mut found_on_it = false;
    for seed in 0..40 {
        for check in [false, true] {
            let mut dp = Dp::new(&space, &state, &adj, &chain, vec![vec![0]], true);
            if check {
                dp.ears = to_come.clone();
            }
            dp.beam = usize::MAX;
            assert_eq!(
                dp.run(Some(&mut DungeonRng::new(seed)), u64::MAX),
                Found::Paths
            );
            let Some(layout) = dp.search(&mut DungeonRng::new(seed), u64::MAX) else {
                panic!("a layout of room 3, seed {seed}");
            };
            let hit = layout[0].x == on_it.x && layout[0].y == on_it.y;
            if check {
                assert!(!hit, "seed {seed}: the search took room 2's only spot");
            }
            found_on_it |= hit;
        }
    }
    assert!(found_on_it, "without the check some seed takes the spot");
}

/// A chain of more than [`SHORT_CHAIN`] rooms keeps [`LINE_BEAM`] states
/// a layer when every variant is on door lines, else [`LONG_BEAM`]; a
/// short chain keeps [`BEAM`] either way.
#[test]
fn long_chains_on_door_lines_keep_a_narrower_beam() {
    let fixed = square(true);
    let mut t = RoomTemplate::new(
        "lines",
        7,
        5,
        Side::ALL
            .iter()
            .map(|&s| DoorSlot::line(s, 1, 1, 3))
            .collect(),
    );
    t.rotations = true;
    let lines = Space::new(&[t]);
    for (space, want) in [(&fixed, LONG_BEAM), (&lines, LINE_BEAM)] {
        let (state, adj, rooms, vars) = listing(space);
        let mut dp = Dp::new(space, &state, &adj, &rooms, vars.clone(), true);
        assert_eq!(dp.beam, LONG_BEAM);
        dp.on_lines();
        assert_eq!(dp.beam, want);
        let short = &rooms[..SHORT_CHAIN];
        let mut dp = Dp::new(
            space,
            &state,
            &adj,
            short,
            vars[..SHORT_CHAIN].to_vec(),
            true,
        );
        dp.on_lines();
        assert_eq!(dp.beam, BEAM);
        // The narrower beam still closes the loop.
        if want == LINE_BEAM {
            let mut dp = Dp::new(space, &state, &adj, &rooms, vars, true);
            dp.on_lines();
            assert_eq!(
                dp.run(Some(&mut DungeonRng::new(3)), u64::MAX),
                Found::Paths
            );
        }
    }
}
