//! Whole numbers as JSON writers other than ours send them.
//!
//! Godot's `JSON.stringify(JSON.parse_string(text))` turns every number
//! into a float (`3` comes back as `3.0`), so a whole number written as a
//! float is read as that number. A fraction, or a value outside the field's
//! type, is refused.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Deserialize, Deserializer, Visitor};

/// A whole number of type `T` that may be written as an integral float.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Whole<T>(pub T);

struct WholeVisitor<T>(PhantomData<T>);

impl<'de, T> Visitor<'de> for WholeVisitor<T>
where
    T: TryFrom<i64> + TryFrom<u64>,
{
    type Value = Whole<T>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "a whole number that fits {}", std::any::type_name::<T>())
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
        T::try_from(v)
            .map(Whole)
            .map_err(|_| E::invalid_value(de::Unexpected::Signed(v), &self))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
        T::try_from(v)
            .map(Whole)
            .map_err(|_| E::invalid_value(de::Unexpected::Unsigned(v), &self))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
        let bad = || E::invalid_value(de::Unexpected::Float(v), &self);
        // Whole floats inside i64/u64 only; 2^63 and 2^64 are exclusive ends.
        if v.fract() != 0.0 || !v.is_finite() {
            return Err(bad());
        }
        if v < 0.0 {
            if v < -9_223_372_036_854_775_808.0 {
                return Err(bad());
            }
            self.visit_i64(v as i64)
        } else {
            if v >= 18_446_744_073_709_551_616.0 {
                return Err(bad());
            }
            self.visit_u64(v as u64)
        }
    }
}

impl<'de, T> Deserialize<'de> for Whole<T>
where
    T: TryFrom<i64> + TryFrom<u64>,
{
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(WholeVisitor(PhantomData))
    }
}

/// `N` whole numbers of type `T` (a position, a rectangle, a room pair):
/// too few or too many is an error naming how many there were.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Fixed<T, const N: usize>(pub [T; N]);

struct FixedVisitor<T, const N: usize>(PhantomData<T>);

impl<'de, T, const N: usize> Visitor<'de> for FixedVisitor<T, N>
where
    T: TryFrom<i64> + TryFrom<u64> + Copy + Default,
{
    type Value = Fixed<T, N>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "an array of length {N}")
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut out = [T::default(); N];
        for (i, slot) in out.iter_mut().enumerate() {
            let v: Whole<T> = seq
                .next_element()?
                .ok_or_else(|| de::Error::invalid_length(i, &self))?;
            *slot = v.0;
        }
        let mut extra = 0;
        while seq.next_element::<de::IgnoredAny>()?.is_some() {
            extra += 1;
        }
        if extra > 0 {
            let want = format!("{N} elements in sequence");
            return Err(de::Error::invalid_length(N + extra, &want.as_str()));
        }
        Ok(Fixed(out))
    }
}

impl<'de, T, const N: usize> Deserialize<'de> for Fixed<T, N>
where
    T: TryFrom<i64> + TryFrom<u64> + Copy + Default,
{
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_seq(FixedVisitor(PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::Whole;

    fn read<T>(s: &str) -> Result<T, String>
    where
        T: TryFrom<i64> + TryFrom<u64>,
    {
        serde_json::from_str::<Whole<T>>(s)
            .map(|w| w.0)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn integral_floats_are_whole_numbers() {
        assert_eq!(read::<i32>("3"), Ok(3));
        assert_eq!(read::<i32>("3.0"), Ok(3));
        assert_eq!(read::<i32>("-7.0"), Ok(-7));
        assert_eq!(read::<u8>("1e1"), Ok(10));
        assert_eq!(read::<u64>("18446744073709551615"), Ok(u64::MAX));
        assert!(read::<i32>("3.5").unwrap_err().contains("3.5"));
        assert!(read::<u8>("256").is_err());
        assert!(read::<u8>("-1").is_err());
        assert!(read::<i32>("2147483648").is_err());
        assert!(read::<u64>("1.8446744073709552e19").is_err());
        assert!(read::<i32>("\"3\"").is_err());
    }
}
