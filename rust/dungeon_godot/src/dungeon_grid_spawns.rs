//! `DungeonGrid`'s spawn and loot points, as a Godot method.

use dungeon_core::progression::{SpawnKind, SpawnRules};
use godot::prelude::*;

use crate::dungeon_grid::DungeonGrid;
use crate::spawn_rules::DungeonSpawnRules;

#[godot_api(secondary)]
impl DungeonGrid {
    /// Spawn kind (in [method get_spawn_points]'s [code]"kinds"[/code]): an
    /// enemy.
    #[constant]
    const SPAWN_ENEMY: i32 = SpawnKind::Enemy as i32;
    /// Spawn kind: loot (a chest or pickup).
    #[constant]
    const SPAWN_LOOT: i32 = SpawnKind::Loot as i32;
    /// Spawn kind: a trap.
    #[constant]
    const SPAWN_TRAP: i32 = SpawnKind::Trap as i32;
    /// Spawn kind: the boss, in the end room.
    #[constant]
    const SPAWN_BOSS: i32 = SpawnKind::Boss as i32;

    /// Where enemies, loot, traps and the boss may stand, following
    /// [param rules] ([code]null[/code]: a new [DungeonSpawnRules]'s
    /// defaults). The keys, one entry per point, points sorted by room,
    /// kind, row and column: [code]"cells"[/code] ([PackedInt32Array]): x, y
    /// pairs (point [code]i[/code] from index [code]2 * i[/code]);
    /// [code]"rooms"[/code] ([PackedInt32Array]): the room each point lies
    /// in; [code]"kinds"[/code] ([PackedInt32Array]): [constant SPAWN_ENEMY],
    /// [constant SPAWN_LOOT], [constant SPAWN_TRAP] or
    /// [constant SPAWN_BOSS].
    ///
    /// On tile maps the points never stand on a door, in front of one, on
    /// the start, the end or a key tile, or on the only way between two
    /// doors (walling up every point still leaves every room reachable).
    /// On room grids a point is a room cell: place the object inside that
    /// room's scene. Maps without rooms give empty arrays. The same grid
    /// and rules give the same points on every platform (the points are
    /// not part of [method layout_hash]: send the rules along with the
    /// seed). Bad rules give an empty [Dictionary] and an error naming the
    /// setting.
    /// [codeblock]
    /// var points := grid.get_spawn_points(null)
    /// var cells: PackedInt32Array = points["cells"]
    /// for i in points["kinds"].size():
    ///     if points["kinds"][i] == DungeonGrid.SPAWN_ENEMY:
    ///         spawn_enemy(Vector2i(cells[2 * i], cells[2 * i + 1]))
    /// [/codeblock]
    #[func]
    fn get_spawn_points(&self, rules: Option<Gd<DungeonSpawnRules>>) -> VarDictionary {
        let rules = match rules {
            None => Ok(SpawnRules::default()),
            Some(r) => r.bind().to_core(),
        };
        let points = rules.and_then(|rules| {
            self.valid()
                .map_or_else(|| Ok(Vec::new()), |g| g.spawn_points(&rules))
        });
        let points = match points {
            Ok(points) => points,
            Err(e) => {
                godot_error!("DungeonGrid.get_spawn_points: {e}");
                return VarDictionary::new();
            }
        };
        let cells: PackedInt32Array = points.iter().flat_map(|p| [p.cell.0, p.cell.1]).collect();
        let rooms: PackedInt32Array = points.iter().map(|p| p.room as i32).collect();
        let kinds: PackedInt32Array = points.iter().map(|p| i32::from(p.kind.code())).collect();
        let mut out = VarDictionary::new();
        out.set("cells", &cells);
        out.set("rooms", &rooms);
        out.set("kinds", &kinds);
        out
    }
}
