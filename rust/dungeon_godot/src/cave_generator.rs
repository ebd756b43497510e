use dungeon_core::cave::{CaveConfig, CavePhase, R2_OFF, Regions as CoreRegions};
use godot::prelude::*;

use crate::dungeon_grid::DungeonGrid;
use crate::generator::{Generator, Ints, generator_class, inspector_enum};

inspector_enum! {
    /// What [CaveGenerator] does with the separate caves the automaton
    /// leaves.
    Regions("regions") in CaveGenerator for CoreRegions {
        /// [member regions]: keep only the largest cave; every other floor
        /// tile becomes wall (a flood fill).
        KeepLargest = REGIONS_KEEP_LARGEST => CoreRegions::KeepLargest,
        /// [member regions]: join every cave larger than
        /// [member min_region_size] to the largest with a winding passage;
        /// smaller ones become wall.
        ConnectAll = REGIONS_CONNECT_ALL => CoreRegions::ConnectAll,
        /// [member regions]: no joining and no size culling; the cave of one
        /// random floor tile (bigger caves are likelier) is kept and the
        /// pockets the player could never reach are filled.
        None = REGIONS_NONE => CoreRegions::None,
    }
}

generator_class! {
    /// Natural caves grown by a cellular automaton (jimrandomh's method on
    /// RogueBasin, the "4-5 rule" and its two-radius variant): the map
    /// starts as random rock and floor, then a smoothing rule runs over it
    /// a few times, and the separate caves are joined or culled so the
    /// player can walk everywhere.
    ///
    /// The result is an open-floor tile map: no rooms, floor tiles
    /// ([constant DungeonGrid.FLOOR]) plus the [constant DungeonGrid.START]
    /// and [constant DungeonGrid.END] tiles, every other tile rock
    /// ([constant DungeonGrid.EMPTY]). Paint it on a [TileMapLayer] with
    /// [method DungeonGrid.cells_packed].
    ///
    /// ```gdscript
    /// var gen := CaveGenerator.new()
    /// gen.preset = CaveGenerator.PRESET_SMALL
    /// gen.seed = 7
    /// var grid := gen.generate()
    /// print(grid.to_ascii())
    /// ```
    ///
    /// [b]The rule.[/b] Each pass looks at every tile: R1 is the number of
    /// rock tiles in the 3×3 block around it (itself included), R2 in the
    /// 5×5 block without its corners. The tile becomes rock when
    /// R1 ≥ [code]r1_cutoff[/code] or R2 ≤ [code]r2_cutoff[/code], floor
    /// otherwise. Up to four phases run in order, each [code]repeats[/code]
    /// times; a phase with 0 repeats is skipped.
    ///
    /// Every property set emits [signal Resource.changed]. Bad settings
    /// never crash: [method generate] returns [code]null[/code], logs the
    /// reason, stores it in [member last_error] and emits
    /// [signal generation_failed]. So does a map left with too little floor
    /// (e.g. [member fill_probability] 0.9) after [member max_attempts].
    class CaveGenerator(CaveConfig, room_count_range) {
        /// Starting point for all other settings ([constant PRESET_CLASSIC]…).
        /// [b]Classic[/b]: the classic two-phase cave (80×50, fill 0.45,
        /// 4 passes of R1 ≥ 5 or R2 ≤ 2, then 3 of R1 ≥ 5), every cave
        /// larger than 8 tiles joined. [b]Small[/b]: a small cave
        /// (60×30, fill 0.4, 10 passes of R1 ≥ 5 or R2 ≤ 2), the largest
        /// cave kept.
        preset: CavePreset { Classic = PRESET_CLASSIC, Small = PRESET_SMALL },

        /// Map width in tiles (the outer ring is always rock).
        #[export_group(name = "Map")]
        #[export(range = (4.0, 1024.0, 1.0, or_greater))]
        width: i64,
        /// Map height in tiles.
        #[export(range = (4.0, 1024.0, 1.0, or_greater))]
        height: i64,
        /// Chance that a tile starts as rock, 0 to 1. Around 0.4–0.5 makes
        /// caves; higher values close them up.
        #[export(range = (0.0, 1.0, 0.01))]
        fill_probability: f64,

        /// Phase 1: a tile becomes rock when at least this many of the 9
        /// tiles around it (itself included) are rock. 10 = never.
        #[export_group(name = "Phases")]
        #[export_subgroup(name = "Phase 1", prefix = "phase_1_")]
        #[export(range = (0.0, 10.0, 1.0))]
        phase_1_r1_cutoff: i64 => _,
        /// Phase 1: a tile also becomes rock when at most this many of the
        /// 21 tiles within two steps are rock (fills big open areas with
        /// pillars). -1 = never.
        #[export(range = (-1.0, 21.0, 1.0))]
        phase_1_r2_cutoff: i64 => _,
        /// Phase 1: how many passes (0 skips the phase).
        #[export(range = (0.0, 100.0, 1.0))]
        phase_1_repeats: i64 => _,
        /// Phase 2: rock when at least this many of the 9 tiles are rock.
        #[export_subgroup(name = "Phase 2", prefix = "phase_2_")]
        #[export(range = (0.0, 10.0, 1.0))]
        phase_2_r1_cutoff: i64 => _,
        /// Phase 2: rock when at most this many of the 21 tiles are rock;
        /// -1 = never.
        #[export(range = (-1.0, 21.0, 1.0))]
        phase_2_r2_cutoff: i64 => _,
        /// Phase 2: how many passes (0 skips the phase).
        #[export(range = (0.0, 100.0, 1.0))]
        phase_2_repeats: i64 => _,
        /// Phase 3: rock when at least this many of the 9 tiles are rock.
        #[export_subgroup(name = "Phase 3", prefix = "phase_3_")]
        #[export(range = (0.0, 10.0, 1.0))]
        phase_3_r1_cutoff: i64 => _,
        /// Phase 3: rock when at most this many of the 21 tiles are rock;
        /// -1 = never.
        #[export(range = (-1.0, 21.0, 1.0))]
        phase_3_r2_cutoff: i64 => _,
        /// Phase 3: how many passes (0 skips the phase).
        #[export(range = (0.0, 100.0, 1.0))]
        phase_3_repeats: i64 => _,
        /// Phase 4: rock when at least this many of the 9 tiles are rock.
        #[export_subgroup(name = "Phase 4", prefix = "phase_4_")]
        #[export(range = (0.0, 10.0, 1.0))]
        phase_4_r1_cutoff: i64 => _,
        /// Phase 4: rock when at most this many of the 21 tiles are rock;
        /// -1 = never.
        #[export(range = (-1.0, 21.0, 1.0))]
        phase_4_r2_cutoff: i64 => _,
        /// Phase 4: how many passes (0 skips the phase).
        #[export(range = (0.0, 100.0, 1.0))]
        phase_4_repeats: i64 => _,

        /// What happens to separate caves (see [constant REGIONS_KEEP_LARGEST]).
        #[export_group(name = "Regions")]
        #[export]
        regions: Regions,
        /// With [constant REGIONS_CONNECT_ALL]: caves of at most this many
        /// tiles are filled instead of joined.
        #[export(range = (0.0, 1000.0, 1.0, or_greater))]
        min_region_size: i64,
        /// The fewest floor tiles a cave may have, as a share of the map
        /// inside its rock ring. A thinner cave is drawn again.
        #[export(range = (0.0, 1.0, 0.01))]
        min_floor_fraction: f64,
        /// Caves drawn before giving up with an error.
        #[export(range = (1.0, 100.0, 1.0))]
        max_attempts: i64,
    }
}

/// The four phase slots of `$this` as `[r1, r2, repeats]` properties,
/// each borrowed with `$borrow` (`&` or `&mut`).
macro_rules! slots {
    ($this:ident, $($borrow:tt)+) => {
        [
            [
                $($borrow)+ $this.phase_1_r1_cutoff,
                $($borrow)+ $this.phase_1_r2_cutoff,
                $($borrow)+ $this.phase_1_repeats,
            ],
            [
                $($borrow)+ $this.phase_2_r1_cutoff,
                $($borrow)+ $this.phase_2_r2_cutoff,
                $($borrow)+ $this.phase_2_repeats,
            ],
            [
                $($borrow)+ $this.phase_3_r1_cutoff,
                $($borrow)+ $this.phase_3_r2_cutoff,
                $($borrow)+ $this.phase_3_repeats,
            ],
            [
                $($borrow)+ $this.phase_4_r1_cutoff,
                $($borrow)+ $this.phase_4_r2_cutoff,
                $($borrow)+ $this.phase_4_repeats,
            ],
        ]
    };
}

/// Property names of the phase slots, for narrowing their `int`s.
const SLOT_NAMES: [[&str; 3]; 4] = [
    ["phase_1_r1_cutoff", "phase_1_r2_cutoff", "phase_1_repeats"],
    ["phase_2_r1_cutoff", "phase_2_r2_cutoff", "phase_2_repeats"],
    ["phase_3_r1_cutoff", "phase_3_r2_cutoff", "phase_3_repeats"],
    ["phase_4_r1_cutoff", "phase_4_r2_cutoff", "phase_4_repeats"],
];

/// An unused slot after a preset with fewer phases.
const UNUSED: CavePhase = CavePhase::new(5, R2_OFF, 0);

/// The phase slots, which are the core's list of phases.
impl Generator for CaveGenerator {
    fn config_rest(&self, ints: &mut Ints, c: &mut CaveConfig) {
        let phase = |([r1, r2, n], [f1, f2, f3]): ([&i64; 3], [&'static str; 3])| {
            CavePhase::new(ints.get(f1, *r1), ints.get(f2, *r2), ints.get(f3, *n))
        };
        c.phases = slots!(self, &)
            .into_iter()
            .zip(SLOT_NAMES)
            .map(phase)
            .collect();
        // Unused slots at the end are not phases (so a preset's two phases
        // compare equal); a skipped slot in the middle stays, so errors
        // name the slot it is.
        while c.phases.last().is_some_and(|p| p.repeats == 0) {
            c.phases.pop();
        }
    }

    fn load_rest(&mut self, c: &CaveConfig) {
        for (k, [r1, r2, n]) in slots!(self, &mut).into_iter().enumerate() {
            let p = c.phases.get(k).copied().unwrap_or(UNUSED);
            (*r1, *r2, *n) = (p.r1_cutoff.into(), p.r2_cutoff.into(), p.repeats.into());
        }
    }
}

/// Caves have no rooms: always `(0, 0)`.
fn room_count_range(_c: &CaveConfig, _level: i32) -> Result<(i32, i32), dungeon_core::ConfigError> {
    Ok((0, 0))
}
