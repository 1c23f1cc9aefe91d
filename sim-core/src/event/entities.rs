//! [`Entities`], the table that hands [`EntityId`]s out and knows which are alive: the event
//! loop's, since it skips the events of removed entities and reports a full table as an
//! [`EventError`].

use super::EventError;
use crate::entity::EntityId;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
struct Slot {
    generation: u32,
    alive: bool,
}

/// Allocates [`EntityId`]s and answers "is this id still alive?" in constant time. A snapshot
/// keeps the table whole (slots, generations and the order of free slots), so a restored run
/// hands out the very ids the original would; one read back is checked to be consistent.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Entities {
    slots: Vec<Slot>,
    /// Indices of dead slots that may be handed out again.
    free: Vec<u32>,
    alive: usize,
}

/// The table as a snapshot stores it, before it is checked.
#[derive(Deserialize)]
struct EntitiesParts {
    slots: Vec<Slot>,
    free: Vec<u32>,
    alive: usize,
}

impl<'de> Deserialize<'de> for Entities {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let p = EntitiesParts::deserialize(d)?;
        let live = p.slots.iter().filter(|s| s.alive).count();
        let mut seen = vec![false; p.slots.len()];
        let free_ok = p.free.iter().all(|&i| {
            let fresh = seen
                .get_mut(i as usize)
                .is_some_and(|s| !std::mem::replace(s, true));
            fresh && p.slots.get(i as usize).is_some_and(|s| !s.alive)
        });
        if live != p.alive || !free_ok || u32::try_from(p.slots.len()).is_err() {
            return Err(serde::de::Error::custom("an inconsistent entity table"));
        }
        Ok(Entities {
            slots: p.slots,
            free: p.free,
            alive: p.alive,
        })
    }
}

impl Entities {
    /// An empty table.
    pub fn new() -> Self {
        Entities::default()
    }

    /// A fresh id, reusing a dead slot with the next generation when there is one.
    pub fn spawn(&mut self) -> Result<EntityId, EventError> {
        let id = match self.free.pop() {
            Some(index) => self.revive(index),
            None => self.grow()?,
        };
        self.alive += 1;
        Ok(id)
    }

    fn revive(&mut self, index: u32) -> EntityId {
        let mut generation = 0;
        if let Some(slot) = self.slots.get_mut(index as usize) {
            slot.alive = true;
            generation = slot.generation;
        }
        EntityId::from_parts(index, generation)
    }

    fn grow(&mut self) -> Result<EntityId, EventError> {
        let index = u32::try_from(self.slots.len()).map_err(|_| EventError::TooManyEntities)?;
        self.slots.push(Slot {
            generation: 0,
            alive: true,
        });
        Ok(EntityId::from_parts(index, 0))
    }

    /// Removes a live entity. Its slot is reused with a new generation, unless the
    /// generation counter is spent, in which case the slot is retired for good.
    pub fn despawn(&mut self, id: EntityId) -> Result<(), EventError> {
        if !self.is_alive(id) {
            return Err(EventError::NoSuchEntity(id));
        }
        if let Some(slot) = self.slots.get_mut(id.index() as usize) {
            slot.alive = false;
            if let Some(next) = slot.generation.checked_add(1) {
                slot.generation = next;
                self.free.push(id.index());
            }
        }
        self.alive -= 1;
        Ok(())
    }

    /// Whether `id` names a live entity (not a removed one, nor a later one in its slot).
    #[inline]
    pub fn is_alive(&self, id: EntityId) -> bool {
        self.slots
            .get(id.index() as usize)
            .is_some_and(|s| s.alive && s.generation == id.generation())
    }

    /// How many entities are alive.
    pub fn len(&self) -> usize {
        self.alive
    }

    /// Whether no entity is alive.
    pub fn is_empty(&self) -> bool {
        self.alive == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reused_slot_gets_a_new_generation() {
        let mut e = Entities::new();
        let a = e.spawn().unwrap();
        e.despawn(a).unwrap();
        let b = e.spawn().unwrap();
        assert_eq!(a.index(), b.index());
        assert_ne!(a, b);
        assert!(!e.is_alive(a));
        assert!(e.is_alive(b));
        assert_eq!(e.len(), 1);
    }

    #[test]
    fn despawning_twice_is_an_error() {
        let mut e = Entities::new();
        let a = e.spawn().unwrap();
        e.despawn(a).unwrap();
        assert_eq!(e.despawn(a), Err(EventError::NoSuchEntity(a)));
        assert!(e.is_empty());
    }

    #[test]
    fn a_spent_slot_is_retired() {
        let mut e = Entities::new();
        let a = e.spawn().unwrap();
        e.slots[0].generation = u32::MAX;
        let a = EntityId::from_parts(a.index(), u32::MAX);
        e.despawn(a).unwrap();
        let b = e.spawn().unwrap();
        assert_eq!(b.index(), 1);
    }
}
