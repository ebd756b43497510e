//! Checks of a graph layout against its level graph, shared by the graph
//! layout test files: [`check_level`] against the config's own account of
//! placements and joins, [`check_realised`] against the level graph alone
//! (corridor pieces as groups of rooms joining two graph rooms).

use dungeon_core::graph_layout::{GraphConfig, GraphLevel, LevelGraph};
use dungeon_core::template::Variant;
use dungeon_core::{Cell, DungeonGrid, Rect};

/// Whether two rectangles share a cell.
pub fn overlap(a: &Rect, b: &Rect) -> bool {
    a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
}

/// The graph's connections as sorted `(smaller, larger)` room pairs.
fn pairs(g: &LevelGraph) -> Vec<(usize, usize)> {
    let mut want: Vec<(usize, usize)> = g
        .edges
        .iter()
        .map(|e| (e.a.min(e.b), e.a.max(e.b)))
        .collect();
    want.sort_unstable();
    want
}

/// A layout of `c`: one placement and one room record per graph room, in
/// graph order, then one per corridor piece in connection order; all
/// inside the map; no two footprints overlap; templates carry their rooms'
/// tags; the grid's room graph is exactly `c.room_pairs()` (a corridor
/// connection as room – piece – room); door cells only on joins, in
/// connection order; start and end in the start and boss rooms; the
/// planned graph spans the level graph.
pub fn check_level(c: &GraphConfig, l: &GraphLevel) {
    let g = &c.graph;
    let grid = &l.grid;
    grid.check().expect("check passes");
    let n = g.rooms.len();
    // Per corridor piece, its connection.
    let corridor: Vec<usize> = (0..g.edges.len())
        .filter(|&k| c.through_corridor(g.edges[k].mode))
        .collect();
    let all = n + corridor.len();
    let pieces = c.corridor_pieces();
    assert_eq!(l.placements.len(), all);
    // One room record per floor rectangle: the first floors in placement
    // order, then the later floors of templates with several.
    let floors = |i: usize, p: &dungeon_core::graph_layout::GraphPlacement| {
        let t = if i < n {
            &c.templates[p.template]
        } else {
            &pieces[p.template]
        };
        t.floor_rects().len()
    };
    let records: usize = l
        .placements
        .iter()
        .enumerate()
        .map(|(i, p)| floors(i, p))
        .sum();
    assert_eq!(grid.room_records().len(), records, "one record per floor");
    // Per room record, its placement.
    let mut owner: Vec<usize> = (0..all).collect();
    owner.resize(records, usize::MAX);
    // Per placement, the cells it takes (its box, or its outline when
    // trimmed to its floors), as rectangles in map cells.
    let mut feet: Vec<Vec<Rect>> = Vec::with_capacity(l.placements.len());
    for (i, p) in l.placements.iter().enumerate() {
        let r = grid.room_records()[i].rect;
        let f = p.rect();
        assert!(
            r.x > f.x && r.y > f.y && r.x + r.w < f.x + f.w && r.y + r.h < f.y + f.h,
            "record {i} inside placement {i}"
        );
        assert_eq!(p.rooms.len(), floors(i, p));
        assert_eq!(p.rooms[0], i);
        for &r in &p.rooms[1..] {
            assert!(r >= all && owner[r] == usize::MAX, "later floor {r}");
            owner[r] = i;
        }
        assert!(f.x >= 0 && f.y >= 0 && f.x + f.w <= grid.width() && f.y + f.h <= grid.height());
        let t = if i < n {
            &c.templates[p.template]
        } else {
            &pieces[p.template]
        };
        let v = Variant::of(t, p.rotation, p.mirrored);
        let foot: Vec<Rect> = v.outline.as_deref().map_or_else(
            || vec![f],
            |parts| {
                parts
                    .iter()
                    .map(|q| Rect::new(q.x + f.x, q.y + f.y, q.w, q.h))
                    .collect()
            },
        );
        for (j, other) in feet.iter().enumerate() {
            let hit = foot.iter().any(|a| other.iter().any(|b| overlap(a, b)));
            assert!(!hit, "placements {j} and {i} overlap");
        }
        feet.push(foot);
        // Every door lies on its template door (slot or line), turned as
        // the placement is; a joined door is as long as it is wide.
        for d in &p.doors {
            let line = v.doors[d.slot];
            let on_line: Vec<_> = line
                .cells(v.width, v.height)
                .map(|(x, y)| (p.position.0 + x, p.position.1 + y))
                .collect();
            assert!(d.cells().all(|c| on_line.contains(&c)), "{d:?}");
            assert_eq!((d.side, d.width), (line.side, line.width));
            assert!(d.join.is_none() || d.length == d.width);
        }
        if i < n {
            // Tags: the template carries the room's tags.
            assert!(!p.corridor && p.edge.is_none());
            let t = &c.templates[p.template];
            assert!(g.rooms[i].tags.iter().all(|tag| t.has_tag(tag)));
        } else {
            assert!(p.corridor);
            assert_eq!(p.edge, Some(corridor[i - n]));
            assert_eq!(pieces[p.template].doors.len(), 2);
            assert!(p.doors.iter().all(|d| d.join == p.edge));
        }
    }
    // The derived room graph is exactly the level graph, corridors as
    // room – piece – room.
    // (Floors of one placement join each other; a connection from a later
    // floor is its placement's.)
    let mut got: Vec<(usize, usize)> = grid
        .connections()
        .iter()
        .map(|k| (owner[k.rooms.0], owner[k.rooms.1]))
        .filter(|(a, b)| a != b)
        .map(|(a, b)| (a.min(b), a.max(b)))
        .collect();
    got.sort_unstable();
    got.dedup();
    assert_eq!(got, c.room_pairs(), "connections");
    // Doors only on joins: two door cells per unit of door width.
    let door_cells = grid.cells().iter().filter(|&&c| c == Cell::Door).count();
    let joined: i32 = l
        .joins
        .iter()
        .map(|j| {
            let d = &l.placements[j.a.placement].doors[j.a.door];
            2 * d.width
        })
        .sum();
    assert_eq!(door_cells, joined as usize);
    assert_eq!(l.joins.len(), g.edges.len() + corridor.len());
    let mut joins = l.joins.iter();
    let mut next = n;
    for (k, e) in g.edges.iter().enumerate() {
        let halves: Vec<(usize, usize)> = if c.through_corridor(e.mode) {
            next += 1;
            vec![(e.a, next - 1), (next - 1, e.b)]
        } else {
            vec![(e.a, e.b)]
        };
        for (a, b) in halves {
            let j = joins.next().expect("a join per half");
            assert_eq!((j.edge, j.a.placement, j.b.placement), (k, a, b));
            assert_eq!(l.placements[a].doors[j.a.door].join, Some(k));
            assert_eq!(l.placements[b].doors[j.b.door].join, Some(k));
        }
    }
    let sealed = l
        .placements
        .iter()
        .flat_map(|p| &p.doors)
        .filter(|d| d.join.is_none())
        .count();
    assert_eq!(sealed, l.sealed.len());
    assert_eq!(grid.room_at(grid.start()), Some(l.start));
    assert_eq!(grid.room_at(grid.end()), Some(l.end));
    if let Some(s) = g.rooms.iter().position(|r| r.tags == ["start"]) {
        assert_eq!(l.start, s);
    }
    if let Some(b) = g.rooms.iter().position(|r| r.tags == ["boss"]) {
        assert_eq!(l.end, b);
    }
    // The planned graph: the level graph's connections, the main path
    // from the start to the end.
    let plan = grid.planned_graph();
    assert_eq!(plan.tree.len(), n - 1);
    assert_eq!(plan.tree.len() + plan.extra.len(), g.edges.len());
    assert_eq!(plan.main_path.first(), Some(&l.start));
    assert_eq!(plan.main_path.last(), Some(&l.end));
}

/// Any layout of `g`, corridors included: rooms `0..n` of `grid` are the
/// graph's rooms; the rooms past them (corridor pieces) join in groups,
/// each group touching exactly two graph rooms; the direct connections
/// between graph rooms plus one per group are exactly the graph's
/// connections; and no two placements overlap.
pub fn check_realised(g: &LevelGraph, l: &GraphLevel) {
    let grid: &DungeonGrid = &l.grid;
    grid.check().expect("check passes");
    let n = g.rooms.len();
    let total = grid.room_records().len();
    assert!(total >= n, "{total} room records for {n} graph rooms");
    for (i, p) in l.placements.iter().enumerate() {
        for q in &l.placements[..i] {
            assert!(!overlap(&p.rect(), &q.rect()), "placements overlap");
        }
    }
    // Groups of corridor rooms: union-find over connections past `n`.
    let mut parent: Vec<usize> = (0..total).collect();
    fn find(p: &mut [usize], mut x: usize) -> usize {
        while p[x] != x {
            p[x] = p[p[x]];
            x = p[x];
        }
        x
    }
    let mut got = Vec::new();
    // The graph rooms each corridor room touches.
    let mut touch: Vec<Vec<usize>> = vec![Vec::new(); total];
    for k in grid.connections() {
        let (a, b) = k.rooms;
        match (a < n, b < n) {
            (true, true) => got.push((a, b)),
            (false, false) => {
                let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
                parent[ra] = rb;
            }
            (true, false) => touch[b].push(a),
            (false, true) => touch[a].push(b),
        }
    }
    // Each group's graph rooms, gathered at its root.
    let mut ends: Vec<Vec<usize>> = vec![Vec::new(); total];
    for (c, mine) in touch.into_iter().enumerate().skip(n) {
        let r = find(&mut parent, c);
        ends[r].extend(mine);
    }
    for (c, e) in ends.iter().enumerate().skip(n) {
        if find(&mut parent, c) == c {
            assert_eq!(e.len(), 2, "corridor group of room {c} touches rooms {e:?}");
            got.push((e[0].min(e[1]), e[0].max(e[1])));
        }
    }
    got.sort_unstable();
    let want = pairs(g);
    assert_eq!(got, want, "connections");
}
