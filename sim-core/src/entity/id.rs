//! [`EntityId`], the handle every layer names an entity by. It imports nothing of the crate,
//! so the event loop below can target entities by it while this layer's messaging is built
//! on that loop.

use serde::{Deserialize, Serialize};
use std::fmt;

/// An opaque handle on an entity (an agent, the world, the UI).
///
/// The index is reused after the entity is removed, but the generation is not: an id kept
/// past its entity's removal never refers to the newcomer in the same slot. This is what
/// makes event targets weak.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct EntityId {
    index: u32,
    generation: u32,
}

impl EntityId {
    /// The id of slot `index` in its `generation`, as the table of entities hands it out
    /// ([`crate::event::Entities`]).
    pub(crate) fn from_parts(index: u32, generation: u32) -> EntityId {
        EntityId { index, generation }
    }

    /// The slot this id points at; stable for the entity's life, reused afterwards.
    pub fn index(self) -> u32 {
        self.index
    }

    /// How many entities used this slot before this one.
    pub fn generation(self) -> u32 {
        self.generation
    }
}

impl fmt::Display for EntityId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "entity {}v{}", self.index, self.generation)
    }
}

impl fmt::Debug for EntityId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
