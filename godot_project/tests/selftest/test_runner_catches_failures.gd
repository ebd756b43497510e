extends RefCounted
## The runner's self-test: every test here must FAIL. tests/run_all.sh runs
## this folder and expects exactly the failures counted below, proving that
## a failed check, an unannounced engine error, a script runtime error and an
## announced error that never comes each fail a test.


func test_failed_check(t) -> void:
	t.check(false, "a failed check")  # 1 failure


func test_unannounced_push_error(t) -> void:
	push_error("selftest: an error nobody announced")  # 1 failure


func test_script_runtime_error(t) -> void:
	var nothing = null
	nothing.call("missing")  # 1 failure: the runtime error is logged


func test_announced_error_never_logged(t) -> void:
	t.expect_error("this text never appears")  # 1 failure


func test_engine_error_from_the_extension(t) -> void:
	# An extension error without expect_error: 1 failure.
	DungeonGrid.from_json("{")
