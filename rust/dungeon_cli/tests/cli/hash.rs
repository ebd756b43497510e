//! `--format hash`: one `GEN PRESET SEED LEVEL HASH` line per dungeon, the
//! hash pinned by the core's `golden/hashes.tsv`.

use dungeon_core::DungeonGrid;

use super::{ok, scratch};

#[test]
fn every_golden_hash_is_printed_as_pinned() {
    let tsv = include_str!("../../../dungeon_core/tests/golden/hashes.tsv");
    let mut n = 0;
    for line in tsv.lines().filter(|l| !l.starts_with('#')) {
        let cols: Vec<&str> = line.split('\t').collect();
        let [generator, preset, seed, level, hash] = cols[..] else {
            panic!("hashes.tsv: not 5 columns: {line}");
        };
        let args = [
            generator, "--preset", preset, "--seed", seed, "--level", level, "--format", "hash",
        ];
        assert_eq!(
            ok(&args),
            format!("{generator} {preset} {seed} {level} {hash}\n"),
            "{args:?}"
        );
        n += 1;
    }
    assert!(n >= 80, "read {n} hashes");
}

#[test]
fn count_and_show_print_the_same_hashes() {
    let hashes = ok(&["bsp", "--seed", "-2", "--count", "3", "--format", "hash"]);
    let lines: Vec<&str> = hashes.lines().collect();
    assert_eq!(
        lines
            .iter()
            .map(|l| l.rsplit_once(' ').unwrap().0)
            .collect::<Vec<_>>(),
        ["bsp small -2 1", "bsp small -1 1", "bsp small 0 1"]
    );
    let path = scratch("hashed.jsonl");
    let p = path.to_str().unwrap();
    ok(&["bsp", "--seed", "-2", "--count", "3", "--out", p]);
    let jsonl = std::fs::read_to_string(&path).unwrap();
    let shown = ok(&["show", p, "--format", "hash"]);
    for ((line, shown), json) in lines.iter().zip(shown.lines()).zip(jsonl.lines()) {
        let grid = DungeonGrid::from_json(json).unwrap();
        let hex = format!("{:016x}", grid.layout_hash());
        assert!(line.ends_with(&hex), "{line} vs the library's {hex}");
        // A saved grid does not know its preset; its seed is the u64.
        assert_eq!(shown, format!("bsp - {} 1 {hex}", grid.seed));
    }
    assert_eq!(shown.lines().count(), 3);
}
