//! [`Payload`]: the small typed key/value map an event carries to its handler.

use crate::entity::EntityId;
use crate::time::SimTime;
use std::any::Any;
use std::fmt;

/// One payload value. The common kinds are plain variants so handlers read them without
/// downcasting; anything else (a message type of the runtime) travels [`Value::Boxed`].
pub enum Value {
    /// A whole number.
    Int(i64),
    /// A floating-point number (agent state may be floating point; time never is).
    Num(f64),
    /// A flag.
    Bool(bool),
    /// A simulation time.
    Time(SimTime),
    /// Another entity.
    Entity(EntityId),
    /// Text.
    Text(String),
    /// Any other value, recovered by type with [`Payload::take`] or [`Payload::boxed`].
    Boxed(Box<dyn Any>),
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(v) => write!(f, "{v}"),
            Value::Num(v) => write!(f, "{v}"),
            Value::Bool(v) => write!(f, "{v}"),
            Value::Time(v) => write!(f, "{v}"),
            Value::Entity(v) => write!(f, "{v}"),
            Value::Text(v) => write!(f, "{v:?}"),
            Value::Boxed(_) => f.write_str("<boxed>"),
        }
    }
}

impl From<i64> for Value {
    fn from(v: i64) -> Self {
        Value::Int(v)
    }
}

impl From<f64> for Value {
    fn from(v: f64) -> Self {
        Value::Num(v)
    }
}

impl From<bool> for Value {
    fn from(v: bool) -> Self {
        Value::Bool(v)
    }
}

impl From<SimTime> for Value {
    fn from(v: SimTime) -> Self {
        Value::Time(v)
    }
}

impl From<EntityId> for Value {
    fn from(v: EntityId) -> Self {
        Value::Entity(v)
    }
}

impl From<String> for Value {
    fn from(v: String) -> Self {
        Value::Text(v)
    }
}

impl From<&str> for Value {
    fn from(v: &str) -> Self {
        Value::Text(v.to_owned())
    }
}

/// A handful of named values, kept in a short vector: events carry few parameters, so a
/// linear search beats hashing. An empty payload costs no allocation and only one word
/// in the event, which keeps each stored event within one cache line.
///
/// Keys are `'static` names chosen by the code that defines the handler.
#[derive(Debug, Default)]
pub struct Payload {
    // One word where a `Vec` takes three: the price is a second allocation for payloads
    // that are not empty, the gain an event record that fits one cache line.
    #[allow(clippy::box_collection)]
    entries: Option<Box<Vec<(&'static str, Value)>>>,
}

impl Payload {
    /// An empty payload (no allocation).
    pub fn new() -> Self {
        Payload::default()
    }

    fn entries(&self) -> &[(&'static str, Value)] {
        self.entries.as_deref().map_or(&[], Vec::as_slice)
    }

    /// This payload with `key` set, for building one in an expression.
    pub fn with(mut self, key: &'static str, value: impl Into<Value>) -> Self {
        self.insert(key, value);
        self
    }

    /// Sets `key`, returning the value it replaced.
    pub fn insert(&mut self, key: &'static str, value: impl Into<Value>) -> Option<Value> {
        let value = value.into();
        let entries = self.entries.get_or_insert_with(Box::default);
        match entries.iter_mut().find(|(k, _)| *k == key) {
            Some((_, slot)) => Some(std::mem::replace(slot, value)),
            None => {
                entries.push((key, value));
                None
            }
        }
    }

    /// Sets `key` to any value, boxed; read it back with [`Payload::take`] or [`Payload::boxed`].
    pub fn insert_boxed<T: Any>(&mut self, key: &'static str, value: T) -> Option<Value> {
        self.insert(key, Value::Boxed(Box::new(value)))
    }

    /// The value under `key`.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.entries()
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v)
    }

    /// Removes and returns the value under `key`.
    pub fn remove(&mut self, key: &str) -> Option<Value> {
        let entries = self.entries.as_mut()?;
        let at = entries.iter().position(|(k, _)| *k == key)?;
        Some(entries.swap_remove(at).1)
    }

    /// The whole number under `key`, if there is one of that type.
    pub fn int(&self, key: &str) -> Option<i64> {
        match self.get(key) {
            Some(Value::Int(v)) => Some(*v),
            _ => None,
        }
    }

    /// The floating-point number under `key`, if there is one of that type.
    pub fn num(&self, key: &str) -> Option<f64> {
        match self.get(key) {
            Some(Value::Num(v)) => Some(*v),
            _ => None,
        }
    }

    /// The flag under `key`, if there is one of that type.
    pub fn bool(&self, key: &str) -> Option<bool> {
        match self.get(key) {
            Some(Value::Bool(v)) => Some(*v),
            _ => None,
        }
    }

    /// The time under `key`, if there is one of that type.
    pub fn time(&self, key: &str) -> Option<SimTime> {
        match self.get(key) {
            Some(Value::Time(v)) => Some(*v),
            _ => None,
        }
    }

    /// The entity under `key`, if there is one of that type.
    pub fn entity(&self, key: &str) -> Option<EntityId> {
        match self.get(key) {
            Some(Value::Entity(v)) => Some(*v),
            _ => None,
        }
    }

    /// The text under `key`, if there is one of that type.
    pub fn text(&self, key: &str) -> Option<&str> {
        match self.get(key) {
            Some(Value::Text(v)) => Some(v),
            _ => None,
        }
    }

    /// The boxed value under `key`, if it is a `T`.
    pub fn boxed<T: Any>(&self, key: &str) -> Option<&T> {
        match self.get(key) {
            Some(Value::Boxed(b)) => b.downcast_ref(),
            _ => None,
        }
    }

    /// Moves the boxed value under `key` out, if it is a `T`; a value of another type stays.
    pub fn take<T: Any>(&mut self, key: &str) -> Option<T> {
        self.boxed::<T>(key)?;
        match self.remove(key) {
            Some(Value::Boxed(b)) => b.downcast().ok().map(|b| *b),
            _ => None,
        }
    }

    /// How many keys are set.
    pub fn len(&self) -> usize {
        self.entries().len()
    }

    /// Whether no key is set.
    pub fn is_empty(&self) -> bool {
        self.entries().is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_getters_refuse_other_types() {
        let p = Payload::new().with("n", 3_i64).with("name", "Nemo");
        assert_eq!(p.int("n"), Some(3));
        assert_eq!(p.num("n"), None);
        assert_eq!(p.text("name"), Some("Nemo"));
        assert_eq!(p.int("missing"), None);
    }

    #[test]
    fn insert_replaces_and_returns_the_old_value() {
        let mut p = Payload::new().with("x", 1.5);
        assert!(matches!(p.insert("x", 2.5), Some(Value::Num(v)) if v == 1.5));
        assert_eq!(p.num("x"), Some(2.5));
        assert_eq!(p.len(), 1);
    }

    #[test]
    fn take_moves_a_boxed_value_out_only_if_the_type_matches() {
        let mut p = Payload::new();
        p.insert_boxed("msg", vec![1_u8, 2]);
        assert_eq!(p.take::<String>("msg"), None);
        assert_eq!(p.boxed::<Vec<u8>>("msg"), Some(&vec![1, 2]));
        assert_eq!(p.take::<Vec<u8>>("msg"), Some(vec![1, 2]));
        assert!(p.is_empty());
    }
}
