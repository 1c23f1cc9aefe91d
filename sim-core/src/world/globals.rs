//! The Global props every character of a model shares, and the layout stamp that lets a
//! compiled statement find its prop without comparing names.

use super::same_text;
use crate::vars::GVar;
use std::sync::atomic::{AtomicU64, Ordering};

/// The Global props, in the order they were added.
///
/// Every list of names gets a stamp that no other list of names ever had (in any world of
/// the process), taken afresh whenever a prop is added or the whole list is replaced, and
/// kept by a copy (which holds the same names in the same places). A compiled [`Global`]
/// remembers the stamp and place where it found its name: while the stamp is the same, the
/// name is still at that place. A consequent of `when` adds to a Global prop for every pair
/// in contact, and this spares it a comparison of names each time.
#[derive(Debug, Clone)]
pub(crate) struct Globals {
    list: Vec<(String, GVar)>,
    layout: u64,
}

/// The next stamp to give a list of names; 0 is never given, so a [`Global`] that has found
/// nothing yet never matches.
static NEXT_LAYOUT: AtomicU64 = AtomicU64::new(1);

fn fresh_layout() -> u64 {
    NEXT_LAYOUT.fetch_add(1, Ordering::Relaxed)
}

impl Default for Globals {
    fn default() -> Globals {
        Globals::from(Vec::new())
    }
}

impl From<Vec<(String, GVar)>> for Globals {
    fn from(list: Vec<(String, GVar)>) -> Globals {
        Globals {
            list,
            layout: fresh_layout(),
        }
    }
}

impl Globals {
    /// The props and their names, in the order they were added.
    pub fn list(&self) -> &[(String, GVar)] {
        &self.list
    }

    /// The props and their names, in the order they were added, taken out.
    pub fn into_list(self) -> Vec<(String, GVar)> {
        self.list
    }

    /// The prop `name`.
    pub fn get(&self, name: &str) -> Option<&GVar> {
        self.list
            .iter()
            .find(|(n, _)| same_text(n, name))
            .map(|(_, v)| v)
    }

    /// The prop `name`, to change.
    pub fn get_mut(&mut self, name: &str) -> Option<&mut GVar> {
        self.list
            .iter_mut()
            .find(|(n, _)| same_text(n, name))
            .map(|(_, v)| v)
    }

    /// Adds the prop `name` (the caller has checked there is none of that name).
    pub fn add(&mut self, name: String, var: GVar) {
        self.list.push((name, var));
        self.layout = fresh_layout();
    }
}

/// A Global prop an operation addresses: its name, and where it was found last.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Global {
    name: Box<str>,
    /// The stamp of the list of names the prop was last found in, and its place there.
    found: std::cell::Cell<(u64, usize)>,
}

impl Global {
    /// The prop `name`, not yet found.
    pub fn new(name: &str) -> Global {
        Global {
            name: name.into(),
            found: std::cell::Cell::new((0, 0)),
        }
    }

    /// The prop among `globals`: at the place found last while the names are laid out as
    /// then, otherwise searched for by name.
    #[inline]
    pub fn find<'g>(&self, globals: &'g mut Globals) -> Option<&'g mut GVar> {
        let (layout, at) = self.found.get();
        let at = if layout == globals.layout {
            at
        } else {
            let at = globals
                .list
                .iter()
                .position(|(n, _)| same_text(n, &self.name))?;
            self.found.set((globals.layout, at));
            at
        };
        globals.list.get_mut(at).map(|(_, var)| var)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vars::NumberVar;

    fn number(n: f64) -> GVar {
        GVar::Number(NumberVar::new(n))
    }

    fn value(var: Option<&mut GVar>) -> Option<f64> {
        var.and_then(|v| v.value().as_number())
    }

    #[test]
    fn a_global_is_found_by_name_in_any_list_and_after_any_change() {
        let key = Global::new("b");
        let mut one = Globals::from(vec![("a".into(), number(1.0)), ("b".into(), number(2.0))]);
        assert_eq!(value(key.find(&mut one)), Some(2.0));
        // A copy holds the same names in the same places.
        let mut copy = one.clone();
        assert_eq!(value(key.find(&mut copy)), Some(2.0));
        // Another list of the same length puts another name there.
        let mut other = Globals::from(vec![("b".into(), number(3.0)), ("c".into(), number(4.0))]);
        assert_eq!(value(key.find(&mut other)), Some(3.0));
        assert_eq!(value(key.find(&mut one)), Some(2.0));
        let mut empty = Globals::default();
        assert_eq!(value(key.find(&mut empty)), None);
        empty.add("b".into(), number(5.0));
        assert_eq!(value(key.find(&mut empty)), Some(5.0));
        assert_eq!(value(Global::new("z").find(&mut one)), None);
    }

    #[test]
    fn a_global_is_found_again_after_its_list_is_replaced_and_put_back() {
        let key = Global::new("b");
        let mut g = Globals::from(vec![("b".into(), number(1.0))]);
        assert_eq!(value(key.find(&mut g)), Some(1.0));
        let saved = g.clone();
        g = Globals::from(vec![("a".into(), number(0.0)), ("b".into(), number(2.0))]);
        assert_eq!(value(key.find(&mut g)), Some(2.0));
        g = saved;
        assert_eq!(value(key.find(&mut g)), Some(1.0));
    }
}
