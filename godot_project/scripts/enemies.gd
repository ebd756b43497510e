extends Node2D
## The sample's enemies of the level on display (enemy.gd): a few per level,
## at cells chosen from the grid ([method Enemy.spawn_cells]) away from
## START, walking the navigation region the Dungeon node built. main.gd
## calls [method spawn] for every level; huge levels get none.

const EnemyScript := preload("res://scripts/enemy.gd")
## Enemies per level (fewer when the level has fewer places for them).
const COUNT := 3
## Tile maps: the fewest steps from START to an enemy's cell.
const MIN_STEPS_TILES := 6
## Room grids: the fewest rooms from the start room.
const MIN_STEPS_ROOMS := 2
## Chase range in cells (tiles, or rooms across).
const CHASE_TILES := 7.0
const CHASE_ROOMS := 2.6


## Removes the enemies and puts [constant COUNT] on `dungeon`'s level
## (in the Dungeon node's coordinates), chasing `player`.
func spawn(dungeon: Dungeon, player: Node2D) -> void:
	clear()
	transform = dungeon.transform
	var grid := dungeon.grid
	if grid == null or dungeon.navigation_region.navigation_polygon == null:
		return
	var tiles := Dungeon.is_tile_grid(grid)
	var cells := Enemy.spawn_cells(grid, COUNT, MIN_STEPS_TILES if tiles else MIN_STEPS_ROOMS)
	var iteration := -1
	if is_inside_tree():
		iteration = NavigationServer2D.map_get_iteration_id(get_world_2d().navigation_map)
	var reach := minf(dungeon.cell_size().x, dungeon.cell_size().y) * (CHASE_TILES if tiles else CHASE_ROOMS)
	for cell in cells:
		var enemy: Enemy = EnemyScript.new()
		enemy.name = "Enemy%d" % get_child_count()
		enemy.chase_range = reach
		enemy.setup(dungeon.cell_to_local(cell), player, iteration)
		add_child(enemy)


## Every enemy of the level on display.
func all() -> Array[Enemy]:
	var out: Array[Enemy] = []
	for child in get_children():
		out.append(child)
	return out


## Removes every enemy.
func clear() -> void:
	for child in get_children():
		remove_child(child)
		child.free()
