//! [`Options`]: named values a Number or String property can be set to by name.
//!
//! A teacher writes `prop speed addOption fast 10` once; students then write
//! `prop speed setToOption fast` or test `prop speed equalToOption fast` without
//! remembering the number behind the name.

use super::error::VarError;
use super::spec::{arg, ArgSpec};
use super::value::ValueKind;
use serde::{Deserialize, Serialize};

/// The one argument of `setToOption` and `equalToOption`, the same for Number and String.
pub(crate) const OPTION_ARG: &[ArgSpec] = &[arg(
    "option",
    ValueKind::String,
    "the name of an option added with addOption",
)];

/// Named values, in the order they were added (the wizard lists them in that order).
/// Few properties have options, so the list lives behind one thin pointer, absent until the
/// first option: a property without options stays small (agents hold many).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Options<T> {
    #[allow(clippy::box_collection)] // a Box<Vec> is one word; a Vec or a boxed slice is more
    entries: Option<Box<Vec<(String, T)>>>,
}

impl<T> Default for Options<T> {
    fn default() -> Self {
        Self { entries: None }
    }
}

impl<T> Options<T> {
    /// Adds an option, or gives an existing option of that name a new value.
    pub fn add(&mut self, name: String, value: T) {
        let entries = self.entries.get_or_insert_with(Box::default);
        match entries.iter_mut().find(|(n, _)| *n == name) {
            Some(entry) => entry.1 = value,
            None => entries.push((name, value)),
        }
    }

    /// The options in order (none before the first is added).
    fn entries(&self) -> &[(String, T)] {
        self.entries.as_deref().map_or(&[], Vec::as_slice)
    }

    /// The value of the option `name`; an unknown name is an error with a suggestion.
    pub fn get(&self, name: &str) -> Result<&T, VarError> {
        self.entries()
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, value)| value)
            .ok_or_else(|| VarError::UnknownOption {
                option: name.to_string(),
                suggestion: crate::suggest::closest(name, self.names()).map(str::to_string),
            })
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.entries().is_empty()
    }

    /// The option names, in the order they were added.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.entries().iter().map(|(n, _)| n.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_keep_order_and_replace_by_name() {
        let mut options = Options::default();
        options.add("slow".to_string(), 1.0);
        options.add("fast".to_string(), 10.0);
        options.add("slow".to_string(), 2.0);
        assert_eq!(options.names().collect::<Vec<_>>(), ["slow", "fast"]);
        assert_eq!(options.get("slow"), Ok(&2.0));
    }

    #[test]
    fn unknown_option_suggests_a_name() {
        let mut options = Options::default();
        options.add("fast".to_string(), 10.0);
        let err = options.get("fats").unwrap_err();
        assert_eq!(
            err.to_string(),
            "there is no option named 'fats' — did you mean 'fast'?"
        );
    }
}
