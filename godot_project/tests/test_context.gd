extends RefCounted
## What a test receives: checks that count, and error expectations.

var name: String
var passed := 0
var failed := 0
var failures: Array[String] = []
var _expected: Array[String] = []
var _allowed: Array[String] = []
## Set by the runner: restarts its per-test time limit (see part()).
var _on_part := Callable()


func _init(test_name: String) -> void:
	name = test_name


## Counts a check; records `what` when `ok` is false.
func check(ok: bool, what: String) -> bool:
	if ok:
		passed += 1
	else:
		failed += 1
		failures.append(what)
	return ok


## Says that a long test (one that goes through every generator) starts
## its next part, `what`: the runner's time limit then applies to each part
## on its own, and a hang is reported with the part's name.
func part(what: String) -> void:
	if _on_part.is_valid():
		_on_part.call(what)


## Checks `got == want`.
func check_eq(got: Variant, want: Variant, what: String) -> bool:
	return check(typeof(got) == typeof(want) and got == want,
			"%s: got %s, want %s" % [what, var_to_str(got), var_to_str(want)])


## Announces that the code under test will log an error containing
## `substring` (once per call, in order). Unannounced errors fail the test;
## so does an announced one that never appears.
func expect_error(substring: String) -> void:
	_expected.append(substring)


## For sweeps whose errors depend on the input: from now on, a logged error
## that contains one of `substrings` is accepted (and counts as a passed
## check) even if it was not announced. Any other error still fails the test.
func allow_errors_containing(substrings: Array[String]) -> void:
	_allowed.append_array(substrings)


## Called by the runner with the errors logged during the test. Errors must
## arrive in the order they were announced.
func settle_errors(logged: Array[String]) -> void:
	var expected := _expected.duplicate()
	for entry in logged:
		if not expected.is_empty() and entry.contains(expected[0]):
			expected.remove_at(0)
			passed += 1
		elif _allowed.any(func(s: String) -> bool: return entry.contains(s)):
			passed += 1
		else:
			failed += 1
			failures.append("unexpected error: " + entry)
	for missing in expected:
		failed += 1
		failures.append("expected an error containing %s, none was logged" % missing)
