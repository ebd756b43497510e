extends RefCounted
## The generators the suites go through, read from GeneratorRegistry (the
## core's one list of generators), so that a new generator is tested
## without anyone adding it to a list here.


## Every generator's name ("isaac", "maze"...), in the registry's order.
static func names() -> Array[String]:
	var out: Array[String] = []
	out.assign(Array(GeneratorRegistry.get_generator_names()))
	return out


## The Godot class of generator `name` ("MazeGenerator" for "maze").
static func class_of(name: String) -> String:
	return GeneratorRegistry.get_generator(name).get("class", "")


## Every generator's Godot class, in the registry's order.
static func classes() -> Array[String]:
	var out: Array[String] = []
	for name in names():
		out.append(class_of(name))
	return out


## The classes of the generators whose levels have rooms.
static func classes_with_rooms() -> Array[String]:
	var out: Array[String] = []
	for name in names():
		if GeneratorRegistry.get_generator(name)["has_rooms"]:
			out.append(class_of(name))
	return out
