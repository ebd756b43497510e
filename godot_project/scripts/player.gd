extends CharacterBody2D
## The adventurer: walks with WASD or the arrow keys (actions move_left,
## move_right, move_up, move_down) and collides with the room walls and the
## wall tiles, so the only way between rooms is through a door opening.

## Walking speed in pixels per second.
@export var speed := 230.0
## How quickly the walk reaches full speed (and stops).
@export var acceleration := 2200.0
## Cloak colour.
@export var color := Color("f7b32b")

## When false the player ignores input (level transitions).
var controls_enabled := true
## When not zero, walk this way instead of reading the keys (autoplay.gd).
var auto_direction := Vector2.ZERO
## Last direction walked; the eyes look that way.
var facing := Vector2.DOWN

var _step := 0.0


## Puts the player at `point` (parent coordinates) at once.
func teleport(point: Vector2) -> void:
	position = point
	velocity = Vector2.ZERO
	facing = Vector2.DOWN
	queue_redraw()


func _physics_process(delta: float) -> void:
	var dir := Vector2.ZERO
	if controls_enabled and auto_direction != Vector2.ZERO:
		dir = auto_direction
	elif controls_enabled and not _typing():
		dir = Input.get_vector("move_left", "move_right", "move_up", "move_down")
	velocity = velocity.move_toward(dir * speed, acceleration * delta)
	move_and_slide()
	if dir != Vector2.ZERO:
		facing = dir.normalized()
		_step += delta * 14.0
		queue_redraw()
	elif _step != 0.0:
		_step = 0.0
		queue_redraw()


## A short red flash (an enemy touched the player); it changes nothing else.
func flash() -> void:
	modulate = Color(1.0, 0.35, 0.35)
	create_tween().tween_property(self, "modulate", Color.WHITE, 0.4)


# While a text field has focus, WASD types instead of walking.
func _typing() -> bool:
	return get_viewport().gui_get_focus_owner() is LineEdit


func _draw() -> void:
	# Lantern light.
	draw_circle(Vector2.ZERO, 58.0, Color(1.0, 0.85, 0.5, 0.05))
	draw_circle(Vector2.ZERO, 36.0, Color(1.0, 0.85, 0.5, 0.06))
	var bob := sin(_step) * 1.2
	# Shadow.
	draw_set_transform(Vector2(0, 8), 0.0, Vector2(1.0, 0.45))
	draw_circle(Vector2.ZERO, 10.0, Color(0, 0, 0, 0.35))
	draw_set_transform(Vector2.ZERO)
	# Feet.
	var side := facing.orthogonal() * 4.0
	draw_circle(side + facing * sin(_step) * 3.0 + Vector2(0, 5), 3.0, Color("2b2233"))
	draw_circle(-side - facing * sin(_step) * 3.0 + Vector2(0, 5), 3.0, Color("2b2233"))
	# Cloak and hood.
	var body := Vector2(0, bob)
	draw_circle(body, 10.0, Color("1a1424"))
	draw_circle(body, 9.0, color)
	draw_circle(body + Vector2(0, -3), 6.5, color.lightened(0.25))
	# Eyes look where we walk.
	var look := facing * 3.0 + Vector2(0, -3) + body
	var eye := facing.orthogonal() * 2.6
	draw_circle(look + eye, 1.6, Color("1a1424"))
	draw_circle(look - eye, 1.6, Color("1a1424"))
