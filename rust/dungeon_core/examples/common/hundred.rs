//! What the timing examples share: the settings that make about 100
//! rooms per generator, and the quantile of a list of times.

/// Setting overrides, `(name, value)`.
pub type Settings = &'static [(&'static str, &'static str)];

/// Settings that make about 100 rooms, `(generator, preset, settings)`.
pub const HUNDRED: &[(&str, &str, Settings)] = &[
    (
        "bsp",
        "large",
        &[("width", "150"), ("height", "100"), ("iterations", "7")],
    ),
    (
        "tinykeep",
        "tinykeep",
        &[("cell_count", "320"), ("radius", "30"), ("radius_y", "15")],
    ),
    (
        "maze",
        "labyrinth",
        &[("width", "65"), ("height", "65"), ("room_attempts", "400")],
    ),
    (
        "isaac",
        "large_rooms",
        &[
            ("width", "20"),
            ("height", "20"),
            ("base_rooms", "100"),
            ("rooms_per_level", "0"),
            ("room_variance", "0"),
        ],
    ),
    (
        "template",
        "demo",
        &[
            ("width", "200"),
            ("height", "200"),
            ("base_rooms", "60"),
            ("rooms_per_level", "0"),
            ("room_variance", "0"),
        ],
    ),
];

/// The `q` quantile of `v` (sorted in place).
pub fn quantile(v: &mut [f64], q: f64) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(((v.len() as f64 - 1.0) * q).round() as usize)
        .copied()
        .unwrap_or(f64::NAN)
}
