//! GVars: the typed variables behind every agent property (`addProp energy Number 50`).
//!
//! A script never changes a property directly; it calls a method on it by name
//! (`prop energy add 10`, `ifProp energy greaterThan 90`). That keeps what students
//! can do explicit and lets the wizard list it. This module holds the four types —
//! [`NumberVar`], [`StringVar`], [`BooleanVar`], [`DictionaryVar`] — the one
//! dispatch entry point [`GVar::call`], and static method tables
//! ([`VarType::methods`]) that the compiler checks scripts against before they run.
//!
//! ```
//! use rand_core::SeedableRng;
//! use sim_core::vars::{GVar, Value, VarType};
//!
//! let mut rng = rand_pcg::Pcg32::seed_from_u64(1);
//! let mut energy = GVar::new(VarType::Number, Some(&Value::Number(50.0)))?;
//! energy.call("setMax", &[Value::Number(100.0)], &mut rng)?;
//! energy.call("add", &[Value::Number(80.0)], &mut rng)?;
//! assert_eq!(energy.value(), Value::Number(100.0));
//! let full = energy.call("greaterThanOrEqual", &[Value::Number(100.0)], &mut rng)?;
//! assert_eq!(full, Some(Value::Boolean(true)));
//! # Ok::<(), sim_core::vars::VarError>(())
//! ```

/// The longest text a String property, an expression or a value on the stack may hold, in
/// bytes: far above any label or message a model shows, and small enough that a script
/// doubling a text every tick (`exprPush {{ s + s }}`) stops at once instead of exhausting
/// the page's memory in a second.
pub const MAX_TEXT_BYTES: usize = 64 * 1024;

/// `text`, refused with [`VarError::TextTooLong`] when it is longer than [`MAX_TEXT_BYTES`].
pub fn bounded_text(text: String) -> Result<String, VarError> {
    check_text_len(text.len())?;
    Ok(text)
}

/// Refuses a text of `bytes` bytes when it is longer than [`MAX_TEXT_BYTES`].
pub fn check_text_len(bytes: usize) -> Result<(), VarError> {
    if bytes > MAX_TEXT_BYTES {
        Err(VarError::TextTooLong { bytes })
    } else {
        Ok(())
    }
}

mod boolean;
mod dictionary;
mod error;
mod name;
mod number;
mod options;
mod random;
mod spec;
mod string;
mod value;

pub use boolean::BooleanVar;
pub use dictionary::DictionaryVar;
pub use error::VarError;
pub use name::{PropKey, PropName};
pub(crate) use number::NumberStep;
pub use number::NumberVar;
pub use random::RandomSource;
pub use spec::{Alias, ArgSpec, MethodSpec};
pub use string::StringVar;
pub use value::{Value, ValueKind};

use serde::{Deserialize, Serialize};
use spec::MethodTable;

/// The property types a script can declare with `addProp`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum VarType {
    /// A number with optional limits.
    Number,
    /// Text.
    String,
    /// True or false (possibly fuzzy).
    Boolean,
    /// Named items, each a property of its own.
    Dictionary,
}

impl VarType {
    /// Every type, in the order the wizard lists them.
    pub const ALL: [VarType; 4] = [
        VarType::Number,
        VarType::String,
        VarType::Boolean,
        VarType::Dictionary,
    ];

    /// The type's name as scripts write it.
    pub fn name(self) -> &'static str {
        match self {
            VarType::Number => "Number",
            VarType::String => "String",
            VarType::Boolean => "Boolean",
            VarType::Dictionary => "Dictionary",
        }
    }

    /// Reads a type name; case is ignored because older scripts write `number`.
    pub fn parse(name: &str) -> Result<VarType, VarError> {
        Self::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(name))
            .ok_or_else(|| VarError::UnknownType {
                type_name: name.to_string(),
                suggestion: crate::suggest::closest(name, Self::ALL.map(VarType::name))
                    .map(str::to_string),
            })
    }

    /// The type's methods, in the order the wizard lists them.
    pub fn methods(self) -> &'static [MethodSpec] {
        self.table().methods
    }

    /// Older spellings of the type's methods that real models still use.
    pub fn aliases(self) -> &'static [Alias] {
        self.table().aliases
    }

    /// The method `name` (or an older spelling of it), with a "did you mean"
    /// suggestion when there is none — what the compiler checks each call against.
    pub fn method(self, name: &str) -> Result<&'static MethodSpec, VarError> {
        self.table().resolve(self.name(), name)
    }

    fn table(self) -> &'static MethodTable {
        match self {
            VarType::Number => &number::TABLE,
            VarType::String => &string::TABLE,
            VarType::Boolean => &boolean::TABLE,
            VarType::Dictionary => &dictionary::TABLE,
        }
    }
}

/// One property: a value of one of the four types, with that type's methods.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum GVar {
    /// A Number property.
    Number(NumberVar),
    /// A String property.
    String(StringVar),
    /// A Boolean property.
    Boolean(BooleanVar),
    /// A Dictionary property.
    Dictionary(DictionaryVar),
}

impl GVar {
    /// Whether the value keeps part of itself on the heap (a Number's limits, a long text, a
    /// Dictionary's entries), where [`crate::agent::Agents::repack`] lays it out again.
    pub(crate) fn owns_heap(&self) -> bool {
        match self {
            GVar::Number(n) => n.owns_heap(),
            GVar::String(s) => s.owns_heap(),
            GVar::Boolean(_) => false,
            GVar::Dictionary(_) => true,
        }
    }

    /// Moves the value's heap part to a new allocation, exactly as it was, handing the old
    /// value to `spent` (kept by the caller until done, so no new allocation reuses its
    /// memory); nothing for a value with no heap part.
    pub(crate) fn relocate(&mut self, spent: &mut Vec<GVar>) {
        if self.owns_heap() {
            let fresh = self.clone();
            spent.push(std::mem::replace(self, fresh));
        }
    }

    /// A new property of type `var_type`, as `addProp name Type initial` makes it.
    /// Without an initial value: 0, empty text, false, an empty dictionary.
    pub fn new(var_type: VarType, initial: Option<&Value>) -> Result<GVar, VarError> {
        let Some(initial) = initial else {
            return Ok(match var_type {
                VarType::Number => GVar::Number(NumberVar::new(0.0)),
                VarType::String => GVar::String(StringVar::default()),
                VarType::Boolean => GVar::Boolean(BooleanVar::default()),
                VarType::Dictionary => GVar::Dictionary(DictionaryVar::default()),
            });
        };
        let wrong = |expected| VarError::WrongArgType {
            method: "addProp".to_string(),
            arg: "initial value".to_string(),
            expected,
            got: initial.describe(),
        };
        Ok(match var_type {
            VarType::Number => GVar::Number(NumberVar::new(
                initial
                    .as_number()
                    .ok_or_else(|| wrong(ValueKind::Number))?,
            )),
            VarType::String => GVar::String(StringVar::new(bounded_text(
                initial.as_text().ok_or_else(|| wrong(ValueKind::String))?,
            )?)),
            VarType::Boolean => GVar::Boolean(BooleanVar::new(
                initial.as_bool().ok_or_else(|| wrong(ValueKind::Boolean))?,
            )),
            VarType::Dictionary => {
                return Err(VarError::NoInitialValue {
                    type_name: var_type.name().to_string(),
                })
            }
        })
    }

    /// A property holding `value`, of the value's own type; `Null` has no type.
    pub fn holding(value: &Value) -> Option<GVar> {
        Some(match value {
            Value::Number(n) => GVar::Number(NumberVar::new(*n)),
            Value::String(text) => GVar::String(StringVar::new(text.clone())),
            Value::Boolean(b) => GVar::Boolean(BooleanVar::new(*b)),
            Value::Null => return None,
        })
    }

    /// The property's type.
    pub fn var_type(&self) -> VarType {
        match self {
            GVar::Number(_) => VarType::Number,
            GVar::String(_) => VarType::String,
            GVar::Boolean(_) => VarType::Boolean,
            GVar::Dictionary(_) => VarType::Dictionary,
        }
    }

    /// The current value, as expressions read it (`agent.getProp('x').value`).
    /// A dictionary has no single value and reads as `Null`.
    pub fn value(&self) -> Value {
        match self {
            GVar::Number(var) => Value::Number(var.value()),
            GVar::String(var) => Value::String(var.value().to_string()),
            GVar::Boolean(var) => Value::Boolean(var.value()),
            GVar::Dictionary(_) => Value::Null,
        }
    }

    /// Runs the script method `method` with `args`. Actions answer `None`; tests and
    /// lookups answer a value (`ifProp` uses a test's true/false). Randomness comes
    /// only from `rng`, the simulation's seeded generator. On error the property is
    /// unchanged.
    pub fn call(
        &mut self,
        method: &str,
        args: &[Value],
        rng: &mut (impl RandomSource + ?Sized),
    ) -> Result<Option<Value>, VarError> {
        match self {
            GVar::Number(var) => var.call(method, args, rng),
            GVar::String(var) => var.call(method, args),
            GVar::Boolean(var) => var.call(method, args),
            GVar::Dictionary(var) => var.call(method, args),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_names_parse_in_either_case() {
        assert_eq!(VarType::parse("Number"), Ok(VarType::Number));
        assert_eq!(VarType::parse("boolean"), Ok(VarType::Boolean));
        let err = VarType::parse("Numbr").unwrap_err();
        assert_eq!(
            err.to_string(),
            "'Numbr' is not a type: use Number, String, Boolean or Dictionary — did you mean 'Number'?"
        );
    }

    #[test]
    fn new_properties_take_their_initial_value() {
        let n = GVar::new(VarType::Number, Some(&Value::Number(50.0))).unwrap();
        assert_eq!(n.value(), Value::Number(50.0));
        let s = GVar::new(VarType::String, Some(&Value::String("change".into()))).unwrap();
        assert_eq!(s.value(), Value::String("change".into()));
        let b = GVar::new(VarType::Boolean, None).unwrap();
        assert_eq!(b.value(), Value::Boolean(false));
        let d = GVar::new(VarType::Dictionary, None).unwrap();
        assert_eq!(
            (d.var_type(), d.value()),
            (VarType::Dictionary, Value::Null)
        );
    }

    #[test]
    fn wrong_initial_values_are_errors() {
        let err = GVar::new(VarType::Number, Some(&Value::String("lots".into()))).unwrap_err();
        assert_eq!(
            err.to_string(),
            "addProp needs a number for 'initial value', not the text 'lots'"
        );
        let err = GVar::new(VarType::Dictionary, Some(&Value::Number(1.0))).unwrap_err();
        assert_eq!(
            err.to_string(),
            "a Dictionary starts empty and takes no starting value: delete the value after Dictionary"
        );
    }

    #[test]
    fn method_lookup_follows_older_spellings_and_suggests() {
        assert_eq!(
            VarType::Number.method("gte").map(|m| m.name),
            Ok("greaterThanOrEqual")
        );
        assert_eq!(VarType::Number.method("setTo").map(|m| m.args.len()), Ok(1));
        let err = VarType::Boolean.method("invrt").unwrap_err();
        assert!(err.to_string().contains("did you mean 'invert'"), "{err}");
    }

    #[test]
    fn every_table_entry_is_documented_and_unique() {
        for t in VarType::ALL {
            let mut names: Vec<&str> = t.methods().iter().map(|m| m.name).collect();
            for m in t.methods() {
                assert!(!m.help.is_empty(), "{}.{} has no help", t.name(), m.name);
                assert!(
                    m.args.iter().all(|a| !a.help.is_empty()),
                    "{}.{}",
                    t.name(),
                    m.name
                );
            }
            for a in t.aliases() {
                assert!(
                    t.method(a.method).is_ok(),
                    "{} alias {} → {}",
                    t.name(),
                    a.spelling,
                    a.method
                );
            }
            names.sort_unstable();
            let before = names.len();
            names.dedup();
            assert_eq!(before, names.len(), "{} lists a method twice", t.name());
            for a in t.aliases() {
                assert!(
                    names.binary_search(&a.spelling).is_err(),
                    "{} alias {} hides a current method",
                    t.name(),
                    a.spelling
                );
            }
        }
    }

    #[test]
    fn call_dispatches_to_the_type() {
        let mut rng = rand_pcg::Pcg32::new(3, 5);
        let mut b = GVar::new(VarType::Boolean, Some(&Value::Boolean(true))).unwrap();
        b.call("invert", &[], &mut rng).unwrap();
        assert_eq!(b.value(), Value::Boolean(false));
        let err = b.call("add", &[Value::Number(1.0)], &mut rng).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("a Boolean property has no method 'add'"),
            "{err}"
        );
    }
}
