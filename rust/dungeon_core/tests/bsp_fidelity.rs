//! The `small` preset against the original C++ BSP program: 16 rooms at 4
//! iterations on 40×40, and rooms the size its rule gives on the same parts.

#[path = "support/cpp_bsp.rs"]
mod cpp_bsp;

use dungeon_core::bsp::BspConfig;

#[test]
fn small_always_has_16_rooms_sized_as_the_original() {
    let c = BspConfig::small();
    assert_eq!((c.width, c.height, c.iterations), (40, 40, 4));
    let f = cpp_bsp::measure(&c, 1..2001);
    assert_eq!(
        f.counts.iter().map(|(&k, &n)| (k, n)).collect::<Vec<_>>(),
        [(16, 2000)],
        "room counts over 2000 maps"
    );
    assert_eq!(f.misplaced, 0);
    // Both sample the same distribution, so only noise separates them:
    // 32 000 rooms put the mean area within about 1 % of each other.
    let ratio = f.ours.mean_area() / f.seed.mean_area();
    assert!(
        (0.97..=1.03).contains(&ratio),
        "area ratio {ratio:.3}: {f:?}"
    );
    let frac = f.ours.mean_fraction();
    assert!((0.63..=0.67).contains(&frac), "side fraction {frac:.3}");
}

#[test]
fn large_rooms_are_sized_as_the_original_too() {
    let f = cpp_bsp::measure(&BspConfig::large(), 1..301);
    assert_eq!(f.misplaced, 0);
    let ratio = f.ours.mean_area() / f.seed.mean_area();
    assert!(
        (0.97..=1.03).contains(&ratio),
        "area ratio {ratio:.3}: {f:?}"
    );
}
