//! [`DictionaryVar`]: a property that holds other properties by name.

use std::cell::Cell;
use std::collections::BTreeMap;

use serde::{de::Error as _, Deserialize, Deserializer, Serialize};

use super::error::VarError;
use super::spec::{arg, ArgSpec, MethodSpec, MethodTable};
use super::value::{Value, ValueKind};
use super::GVar;

/// The most items a dictionary holds, so a script adding a new key every tick stops with
/// an error instead of growing without end.
pub const MAX_ITEMS: usize = 1_000;

const KEY: ArgSpec = arg("key", ValueKind::String, "the name of the item");
const VALUE: ArgSpec = arg("value", ValueKind::Any, "a number, text or true/false");

/// Every Dictionary method (GEMSTEP's set), in the order the wizard lists them.
pub(crate) const TABLE: MethodTable = MethodTable {
    methods: &[
        MethodSpec {
            name: "addItem",
            args: &[KEY, VALUE],
            returns: None,
            help: "Add a new item with this name and value.",
            example: "# PROGRAM DEFINE\nprop facts addItem 'food' 'algae'",
        },
        MethodSpec {
            name: "updateItem",
            args: &[KEY, VALUE],
            returns: None,
            help: "Give the item with this name a new value (adding it if it is missing).",
            example: concat!(
                "when Fish touches Algae [[\n",
                "  prop Fish.facts updateItem 'lastMeal' 'algae'\n",
                "]]"
            ),
        },
        MethodSpec {
            name: "getItem",
            args: &[KEY],
            returns: Some(ValueKind::Any),
            help: "Get the value of the item with this name.",
            example: concat!(
                "# PROGRAM DEFINE\n",
                "prop facts addItem 'likesAlgae' true\n",
                "# PROGRAM UPDATE\n",
                "ifProp facts getItem 'likesAlgae' [[\n",
                "  featCall Costume setGlow 1\n",
                "]]"
            ),
        },
        MethodSpec {
            name: "has",
            args: &[KEY],
            returns: Some(ValueKind::Boolean),
            help: "Is there an item with this name?",
            example: "ifProp facts has 'food' [[\n  prop hungry setTo false\n]]",
        },
        MethodSpec {
            name: "getKeys",
            args: &[],
            returns: Some(ValueKind::String),
            help: "True when the dictionary has any items, as an ifProp test (a script cannot see the names themselves).",
            example: "ifProp facts getKeys [[\n  featCall Costume setGlow 1\n]]",
        },
    ],
    aliases: &[],
};

/// A Dictionary property: named items, each a GVar of its own (so an item keeps
/// its type, limits and options). Items are kept sorted by name, so listing them is
/// the same on every run.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct DictionaryVar {
    items: BTreeMap<String, GVar>,
}

/// How deeply dictionaries may be read nested inside each other from a snapshot: reading
/// recurses once per level, and a hostile snapshot must not exhaust the stack.
const MAX_READ_DEPTH: u32 = 16;

thread_local! {
    /// How many dictionaries are being read, one inside the other, on this thread.
    static READ_DEPTH: Cell<u32> = const { Cell::new(0) };
}

/// Counts one level of nesting while it lives.
struct Nesting;

impl Drop for Nesting {
    fn drop(&mut self) {
        READ_DEPTH.with(|d| d.set(d.get().saturating_sub(1)));
    }
}

impl<'de> Deserialize<'de> for DictionaryVar {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let depth = READ_DEPTH.with(|c| {
            c.set(c.get() + 1);
            c.get()
        });
        let _nesting = Nesting;
        if depth > MAX_READ_DEPTH {
            return Err(D::Error::custom("dictionaries nested too deeply"));
        }
        let items = BTreeMap::<String, GVar>::deserialize(d)?;
        Ok(DictionaryVar { items })
    }
}

impl DictionaryVar {
    /// The item named `key`.
    pub fn get(&self, key: &str) -> Option<&GVar> {
        self.items.get(key)
    }

    /// The item named `key`, to call its own methods.
    pub fn get_mut(&mut self, key: &str) -> Option<&mut GVar> {
        self.items.get_mut(key)
    }

    /// The item names, sorted.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.items.keys().map(String::as_str)
    }

    /// Runs the script method `method` with `args`.
    pub fn call(&mut self, method: &str, args: &[Value]) -> Result<Option<Value>, VarError> {
        let spec = TABLE.checked("Dictionary", method, args)?;
        match spec.name {
            "addItem" => {
                let key = spec.text(args, 0)?;
                if self.items.contains_key(&key) {
                    return Err(VarError::DuplicateKey { key });
                }
                self.insert(spec, key, args)
            }
            "updateItem" => {
                let key = spec.text(args, 0)?;
                self.insert(spec, key, args)
            }
            "getItem" => {
                let key = spec.text(args, 0)?;
                match self.items.get(&key) {
                    Some(item) => Ok(Some(item.value())),
                    None => Err(VarError::MissingKey {
                        suggestion: crate::suggest::closest(&key, self.keys()).map(str::to_string),
                        key,
                    }),
                }
            }
            "has" => Ok(Some(Value::Boolean(
                self.items.contains_key(&spec.text(args, 0)?),
            ))),
            "getKeys" => Ok(Some(Value::String(
                self.keys().collect::<Vec<_>>().join(", "),
            ))),
            other => Err(TABLE.unhandled("Dictionary", other)),
        }
    }

    fn insert(
        &mut self,
        spec: &MethodSpec,
        key: String,
        args: &[Value],
    ) -> Result<Option<Value>, VarError> {
        let value = args.get(1).unwrap_or(&Value::Null);
        let item = GVar::holding(value).ok_or_else(|| VarError::WrongArgType {
            method: spec.name.to_string(),
            arg: VALUE.name.to_string(),
            expected: ValueKind::Any,
            got: value.describe(),
        })?;
        if self.items.len() >= MAX_ITEMS && !self.items.contains_key(&key) {
            return Err(VarError::TooManyItems);
        }
        self.items.insert(super::bounded_text(key)?, item);
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> Value {
        Value::String(s.to_string())
    }

    #[test]
    fn items_are_added_read_and_updated() {
        let mut dict = DictionaryVar::default();
        dict.call("addItem", &[text("speed"), Value::Number(3.0)])
            .unwrap();
        dict.call("addItem", &[text("name"), text("Nemo")]).unwrap();
        assert_eq!(
            dict.call("getItem", &[text("speed")]),
            Ok(Some(Value::Number(3.0)))
        );
        dict.call("updateItem", &[text("speed"), Value::Number(4.0)])
            .unwrap();
        assert_eq!(
            dict.call("getItem", &[text("speed")]),
            Ok(Some(Value::Number(4.0)))
        );
        dict.call("updateItem", &[text("hungry"), Value::Boolean(true)])
            .unwrap();
        assert_eq!(
            dict.call("has", &[text("hungry")]),
            Ok(Some(Value::Boolean(true)))
        );
        assert_eq!(
            dict.call("has", &[text("x")]),
            Ok(Some(Value::Boolean(false)))
        );
        assert_eq!(
            dict.call("getKeys", &[]),
            Ok(Some(text("hungry, name, speed"))),
            "keys are sorted"
        );
    }

    #[test]
    fn items_keep_their_own_methods() {
        let mut dict = DictionaryVar::default();
        dict.call("addItem", &[text("count"), Value::Number(1.0)])
            .unwrap();
        let item = dict.get_mut("count").unwrap();
        let mut rng = rand_pcg::Pcg32::new(1, 1);
        item.call("add", &[Value::Number(2.0)], &mut rng).unwrap();
        assert_eq!(dict.get("count").map(GVar::value), Some(Value::Number(3.0)));
    }

    #[test]
    fn mistakes_are_errors() {
        let mut dict = DictionaryVar::default();
        dict.call("addItem", &[text("speed"), Value::Number(3.0)])
            .unwrap();
        let err = dict
            .call("addItem", &[text("speed"), Value::Number(5.0)])
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "the dictionary already has an item 'speed'"
        );
        assert_eq!(
            dict.call("getItem", &[text("speed")]),
            Ok(Some(Value::Number(3.0)))
        );
        let err = dict.call("getItem", &[text("sped")]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the dictionary has no item 'sped' — did you mean 'speed'?"
        );
        let err = dict.call("addItem", &[text("x"), Value::Null]).unwrap_err();
        assert!(matches!(err, VarError::WrongArgType { .. }), "{err}");
    }
}
