//! Profiles and notes.

use std::fmt::Write as _;

use crate::data::*;

/// Profiles taken while the bench was written (not rerun by the script).
pub(crate) fn hot_spots(s: &mut String) {
    s.push_str(HOT_SPOTS);
}

pub(crate) const HOT_SPOTS: &str = "## 9. Where the time goes (profiles)

Measured on `rust/dungeon_bench/examples/profile.rs` (the benches' configs in a loop) when this
bench was written; the script does not rerun them. BSP shares come from builds that each leave
out one more pass (end search, doorway grouping, door pass, corridors, rooms), timed interleaved,
fastest of 7; the drunkard's from `perf record`. Shares are of the whole `generate` call.

How BSP picks its end room: `bsp.rs::room_distances` computes the exact tile distance from the
start to every room centre without visiting room floor. It searches corridor tiles and doorways
(room tiles next to a corridor) only, crosses a room in one Manhattan step (a room is an open
rectangle), and walks a straight corridor run in one go instead of queueing each tile. A unit
test checks it against a BFS over every tile on 60 configurations. The map does not list its room
tiles while generating: `DungeonGrid::rooms()` expands `room_rects` on first use.

- **BSP, one room per 256 tiles (the `generators` bench), 256×256** (about 190 µs here):
  - 43 % is the end search, 16 % the door pass, 15 % carving corridors, 10 % painting rooms,
    8 % grouping doorways by room; the rest is the split tree and the grid's allocation.
  - The map (128 KiB of cells and masks) fits in cache, so this is per-tile work: about
    2 500 corridor tiles, 7 700 carving steps and 700 doorways, each pass some 10–30 ns per tile,
    mostly branches that go either way (is the next tile a room? already visited?).
- **The same at 1024×1024** (4 096 rooms, 40 000 corridor tiles): the same passes, plus the kernel
  faulting in fresh pages when glibc has handed freed heap back to the OS between maps. With
  `GLIBC_TUNABLES=glibc.malloc.trim_threshold=268435456:glibc.malloc.mmap_threshold=268435456`
  an earlier version ran this bench in about 6.5 ms instead of 9.7 ms; that is a setting for the
  whole process, not one a library should change.
- **BSP furnished like mapgen's, 1024×1024 (128 big rooms):** 24 % allocating and zeroing the
  grid's 2 bytes per cell, 26 % painting the 40 % room floor, 19 % the search, 13 % carving,
  12 % the door pass.
- **BSP 1024×1024, floor-matched (1 % floor, long corridors):** 36 % the door pass (each tile of a
  vertical corridor reads three rows of a 1 MiB grid), 25 % the grid allocation and split tree,
  15 % carving, 14 % the search. Walking straight runs cut this case by about a fifth.
- **Drunkard walk 80×50, 50 % floor:**
  - 53 % is the walk loop (`drunkard.rs::walk`), 19 % the BFS that picks the ends, 27 % the
    attempt's setup, the door-mask and dead-end scan and the start-room shuffle.
  - The 4-direction walk is compiled without the diagonal test: that branch depends on the
    random direction, was mispredicted half the time, and cost about a third of the run.
  - One walker needs about 11 000 steps for 2000 cells. mapgen's respawning 400-step diggers need
    about 8 000 (simulated), but mapgen recounts the whole map after each digger.
- **Godot boundary:**
  - `rust/dungeon_godot/src/convert.rs::array_of` builds every `Array` from a slice.
  - gdext then resizes the Godot array once and writes the elements in place. Collecting an
    iterator pushes one element per FFI call, which is what the first version did.

What did not help (measured, not kept): a bucket queue instead of the heap in the BSP search, tile
bitsets instead of the byte grids for the neighbour tests, a cached last room for doorway
grouping, a branch-free BFS, and software prefetching in the search. Earlier: a compact corridor
graph with a hash table, and fusing the door pass into carving.

What the dense BSP maps would need: 1 ms at 1024×1024 with 4 096 rooms is under 1 ns per cell,
about what this machine spends zeroing (or faulting in) the grid's own 2 bytes per cell, before
any room or corridor is drawn. `room_cells()` on big tile maps holds one `Variant` per tile, so
reading 21 000 room tiles costs several times the generation; `room_cells_packed()` gives the
same tiles as one `PackedInt32Array` block.

";

pub(crate) fn notes(s: &mut String, d: &Data) {
    let _ = writeln!(
        s,
        "## Notes\n\n\
         - **Release build.** The Godot bench loads the extension built by \
           `tests/build_extension.sh --release` ({lib}), staged with the bench scripts into a \
           private copy of the project so that a concurrent debug build cannot swap the library \
           mid-run. Godot itself is Debian's build ({godot}; `OS.is_debug_build()` = {dbg}), the \
           same binary for both columns.\n\
         - **Shared machine.** This is a 2-core machine; other work running at the same time shows \
           as spread between runs. The load averages above say how busy it was.\n\
         - **Seeds.** Every timed variant counts its seeds up from 1 (next seed per dungeon); the GDScript \
           ports draw from Godot's `RandomNumberGenerator`, so their dungeons differ from the \
           extension's but follow the same rules.\n",
        lib = d.machine("extension"),
        godot = d.godot_meta.get("godot").map_or("?", String::as_str),
        dbg = d
            .godot_meta
            .get("godot_debug_build")
            .map_or("?", String::as_str),
    );
}
