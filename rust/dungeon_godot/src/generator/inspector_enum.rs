//! [`inspector_enum!`]: Inspector dropdowns stored as their index, with
//! their class constants.

use godot::prelude::*;

/// Logs the error for an enum property set to `value`, which is not one of
/// `names` (the enum's values in order).
pub fn enum_error(property: &str, value: i64, names: &[&str]) {
    let allowed: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(i, n)| format!("{i} ({n})"))
        .collect();
    godot_error!(
        "invalid {property} = {value}: allowed {}; the setting is unchanged",
        allowed.join(", ")
    );
}

/// Declares a Godot enum for the property named in the parentheses: an
/// Inspector dropdown, stored as its index. Setting an index outside the
/// enum logs an error naming the property and keeps the old value.
///
/// With `for CoreEnum` each value names the core's (`Variant => Core::Variant`),
/// and the enum maps to it as a [`CoreValue`](super::CoreValue).
///
/// With `in Class { Variant = CONSTANT, ... }` it also gives `Class` one
/// integer constant per value, documented with the value's docs (which
/// therefore name the property, for Godot's help).
macro_rules! inspector_enum {
    (
        $(#[$($doc:tt)*])*
        $name:ident($property:literal) $(in $class:ident)? for $core:ty {
            $( $(#[$($v_doc:tt)*])* $v:ident $(= $constant:ident)? => $core_v:path ),+ $(,)?
        }
    ) => {
        $crate::generator::inspector_enum! {
            $(#[$($doc)*])*
            $name($property) $(in $class)? { $( $(#[$($v_doc)*])* $v $(= $constant)? ),+ }
        }

        impl $name {
            /// The core's value.
            pub fn core(self) -> $core {
                match self {
                    $( Self::$v => $core_v, )+
                }
            }

            /// From the core's value.
            pub fn from_core(value: $core) -> Self {
                match value {
                    $( $core_v => Self::$v, )+
                }
            }
        }

        impl $crate::generator::CoreValue<$core> for $name {
            fn to_core(&self, _: &'static str, _: &mut $crate::generator::Ints) -> $core {
                self.core()
            }

            fn from_core(core: &$core) -> Self {
                Self::from_core(*core)
            }
        }
    };
    (
        $(#[$($doc:tt)*])*
        $name:ident($property:literal) in $class:ident {
            $( $(#[$($v_doc:tt)*])* $v:ident = $constant:ident ),+ $(,)?
        }
    ) => {
        $crate::generator::inspector_enum! {
            $(#[$($doc)*])*
            $name($property) { $( $(#[$($v_doc)*])* $v ),+ }
        }

        #[godot_api(secondary)]
        impl $class {
            $(
                $(#[$($v_doc)*])*
                #[constant]
                const $constant: i64 = $name::$v as i64;
            )+
        }
    };
    (
        $(#[$($doc:tt)*])*
        $name:ident($property:literal) {
            $(#[$($first_doc:tt)*])* $first:ident
            $(, $(#[$($v_doc:tt)*])* $v:ident)* $(,)?
        }
    ) => {
        $(#[$($doc)*])*
        #[derive(GodotConvert, Export, Clone, Copy, Debug, Default, PartialEq, Eq)]
        #[godot(via = i64)]
        pub enum $name {
            $(#[$($first_doc)*])*
            #[default]
            $first,
            $( $(#[$($v_doc)*])* $v, )*
        }

        impl $name {
            /// The Inspector's list of the values, in order (used by `preset`).
            #[allow(dead_code, reason = "only the preset enums use it")]
            pub const HINT: &'static str = concat!(stringify!($first) $(, ",", stringify!($v))*);

            /// The value with index `value`, or `None` after logging an error.
            pub fn checked(value: i64) -> Option<Self> {
                let found = <Self as FromGodot>::try_from_godot(value).ok();
                if found.is_none() {
                    $crate::generator::enum_error(
                        $property,
                        value,
                        &[stringify!($first) $(, stringify!($v))*],
                    );
                }
                found
            }
        }

        impl godot::register::property::Var for $name {
            type PubType = Self;

            fn var_get(field: &Self) -> i64 {
                *field as i64
            }

            fn var_set(field: &mut Self, value: i64) {
                if let Some(v) = Self::checked(value) {
                    *field = v;
                }
            }

            fn var_pub_get(field: &Self) -> Self {
                *field
            }

            fn var_pub_set(field: &mut Self, value: Self) {
                *field = value;
            }
        }
    };
}
pub(crate) use inspector_enum;
