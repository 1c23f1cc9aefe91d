//! A model's blueprint names, by index: what its agents, the log and the UI name blueprints
//! by. The programs the blueprints run are held above the world, by the simulation
//! ([`crate::exec::loaded`]); the world holds only their names.

use std::rc::Rc;

/// The names of a model's blueprints, in the compiled project's order (an agent's
/// `blueprint` is an index into it).
#[derive(Debug, Default)]
pub struct Blueprints {
    names: Vec<Rc<str>>,
}

impl Blueprints {
    /// The blueprints named `names`, in that order.
    pub(crate) fn new(names: Vec<Rc<str>>) -> Blueprints {
        Blueprints { names }
    }

    /// The index of the blueprint called `name`.
    pub fn index(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| &**n == name)
    }

    /// The name of blueprint `index` (empty if out of range).
    pub fn name(&self, index: usize) -> Rc<str> {
        self.names
            .get(index)
            .cloned()
            .unwrap_or_else(|| Rc::from(""))
    }

    /// The name of blueprint `index` as the log's entries share it, borrowed.
    pub fn shared_name(&self, index: usize) -> Option<&Rc<str>> {
        self.names.get(index)
    }

    /// The name of blueprint `index`, borrowed (empty if out of range): for comparisons on
    /// the tick's path, where a shared copy would cost a reference count.
    pub fn name_ref(&self, index: usize) -> &str {
        self.names.get(index).map_or("", |n| n)
    }

    /// How many blueprints there are.
    pub fn count(&self) -> usize {
        self.names.len()
    }

    /// Every blueprint's name, in order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.names.iter().map(|n| &**n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_found_by_index_and_indices_by_name() {
        let b = Blueprints::new(vec![Rc::from("Fish"), Rc::from("Algae")]);
        assert_eq!(b.index("Algae"), Some(1));
        assert_eq!(b.index("Shark"), None);
        assert_eq!(&*b.name(0), "Fish");
        assert_eq!(b.name_ref(7), "", "out of range is empty, never a panic");
        assert_eq!(b.count(), 2);
    }
}
