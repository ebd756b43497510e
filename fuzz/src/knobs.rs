//! Fuzz bytes to settings.
//!
//! Each setting reads one mode byte, then maybe more bytes: keep the preset's
//! value, a typical value (small enough to generate quickly), a value at or
//! one step past a documented limit, or any value of the type (NaN, ±∞,
//! `i32::MIN`...). Bytes run out as zeros, so a short input is a preset with
//! a few fields changed, and the empty input is the first preset, as is.
//!
//! The order of reads is the input format: changing it invalidates the
//! corpus and the saved reproducers, so add new reads at the end only.

use std::ops::RangeInclusive;

use arbitrary::Unstructured;

/// Values at the edges of `i32` that every integer setting is tried with.
pub const EDGE_INTS: [i32; 9] = [
    0,
    1,
    -1,
    2,
    i32::MIN,
    i32::MAX,
    i32::MAX / 2,
    1 << 16,
    1 << 24,
];

/// Values at the edges of `f64` that every float setting is tried with.
pub const EDGE_FLOATS: [f64; 12] = [
    0.0,
    -0.0,
    1.0,
    -1.0,
    f64::NAN,
    f64::INFINITY,
    f64::NEG_INFINITY,
    f64::MIN_POSITIVE,
    f64::MAX,
    f64::MIN,
    f64::EPSILON,
    1e-9,
];

/// A reader of settings from fuzz bytes.
pub struct Knobs<'a> {
    u: Unstructured<'a>,
}

impl<'a> Knobs<'a> {
    /// Reads settings from `data`.
    #[must_use]
    pub fn new(data: &'a [u8]) -> Self {
        Self {
            u: Unstructured::new(data),
        }
    }

    /// The next byte, 0 once the input is used up.
    pub fn byte(&mut self) -> u8 {
        self.u.arbitrary().unwrap_or(0)
    }

    /// An index below `n` (0 once the input is used up); `n` must be > 0.
    pub fn index(&mut self, n: usize) -> usize {
        self.u.choose_index(n).unwrap_or(0)
    }

    /// Any value of type `T` from the next bytes (the default once the
    /// input is used up).
    pub fn any<T: arbitrary::Arbitrary<'a> + Default>(&mut self) -> T {
        self.u.arbitrary().unwrap_or_default()
    }

    /// Up to `n` of the next bytes (fewer, or none, once the input runs
    /// out).
    pub fn bytes(&mut self, n: usize) -> &'a [u8] {
        let n = n.min(self.u.len());
        self.u.bytes(n).unwrap_or_default()
    }

    /// One of `items` (the first once the input is used up).
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.index(items.len())]
    }

    /// An integer setting whose preset value is `keep`.
    pub fn int(&mut self, keep: i32, typical: RangeInclusive<i32>, limits: &[i32]) -> i32 {
        match self.byte() % 8 {
            0..=2 => keep,
            3 | 4 => self.u.int_in_range(typical).unwrap_or(keep),
            5 => self.pick(&EDGE_INTS),
            6 => {
                // A documented limit, or one step either side of it.
                let limit = if limits.is_empty() {
                    keep
                } else {
                    self.pick(limits)
                };
                limit.saturating_add(self.pick(&[0, -1, 1]))
            }
            _ => self.u.arbitrary().unwrap_or(keep),
        }
    }

    /// A float setting whose preset value is `keep`.
    pub fn float(&mut self, keep: f64, typical: (f64, f64), limits: &[f64]) -> f64 {
        match self.byte() % 8 {
            0..=2 => keep,
            3 | 4 => {
                let t = f64::from(self.u.arbitrary::<u16>().unwrap_or(0)) / f64::from(u16::MAX);
                typical.0 + (typical.1 - typical.0) * t
            }
            5 => self.pick(&EDGE_FLOATS),
            6 => {
                let limit = if limits.is_empty() {
                    keep
                } else {
                    self.pick(limits)
                };
                match self.byte() % 3 {
                    0 => limit,
                    1 => limit.next_down(),
                    _ => limit.next_up(),
                }
            }
            _ => f64::from_bits(self.u.arbitrary().unwrap_or(keep.to_bits())),
        }
    }

    /// A switch whose preset value is `keep`.
    pub fn flag(&mut self, keep: bool) -> bool {
        match self.byte() % 3 {
            0 => keep,
            1 => true,
            _ => false,
        }
    }

    /// One of two choices (an enum setting) whose preset value is `keep`.
    pub fn choice<T: Copy>(&mut self, keep: T, a: T, b: T) -> T {
        match self.byte() % 3 {
            0 => keep,
            1 => a,
            _ => b,
        }
    }

    /// A run seed: 0, a small one, one at the edges of `u64`/`i64`, or any.
    pub fn seed(&mut self) -> u64 {
        match self.byte() % 4 {
            0 => 0,
            1 => u64::from(self.byte()),
            2 => self.pick(&[
                u64::MAX,
                i64::MAX as u64,
                1 << 63,
                1 << 32,
                u64::from(u32::MAX),
            ]),
            _ => self.u.arbitrary().unwrap_or(0),
        }
    }

    /// A level: 1 once the input is used up; typically 1..=12; also the
    /// accepted limits 1 and 1000, one step past them, and any `i32`.
    pub fn level(&mut self) -> i32 {
        self.int(1, 1..=12, &[1, 1000])
    }
}
