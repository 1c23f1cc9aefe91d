//! Entities that events depend on: [`EventLoop::add_dependent`], [`EventLoop::changes`]
//! and [`EventLoop::trigger`].

use super::{EventError, EventLoop, EventRef, TriggerType};
use crate::entity::EntityId;
use crate::time::SimTime;

impl<S> EventLoop<S> {
    /// Makes `ev` depend on `entity`: a later [`EventLoop::changes`] of the entity
    /// re-evaluates a `Dependency`, `DependencyImmediately` or `Once` event, and a later
    /// [`EventLoop::trigger`] runs a `Trigger` event.
    pub fn add_dependent(&mut self, entity: EntityId, ev: EventRef) -> Result<(), EventError> {
        if !self.entities.is_alive(entity) {
            return Err(EventError::NoSuchEntity(entity));
        }
        let event = self.queue.get(ev).ok_or(EventError::NoSuchEvent)?;
        if event.trigger == TriggerType::Repeat {
            let name = self.handler(event.handler).map_or("?", |h| h.id());
            return Err(EventError::RepeatCannotDepend(name.to_owned()));
        }
        let index = entity.index() as usize;
        if self.dependents.len() <= index {
            self.dependents.resize_with(index + 1, Vec::new);
        }
        if let Some(list) = self.dependents.get_mut(index) {
            if !list.contains(&ev) {
                list.push(ev);
            }
        }
        Ok(())
    }

    /// Announces that `entity` changed at `at`: its `Dependency`, `DependencyImmediately`
    /// and `Once` dependents are re-evaluated in the next settling round.
    pub fn changes(&mut self, entity: EntityId, at: SimTime) {
        self.notify(entity, at, TriggerType::follows_changes);
    }

    /// Fires `entity`'s `Trigger` dependents at `at` (in the next settling round).
    pub fn trigger(&mut self, entity: EntityId, at: SimTime) {
        self.notify(entity, at, |t| t == TriggerType::Trigger);
    }

    /// Creates a change at `at` for each live dependent of `entity` whose trigger type
    /// `wanted` accepts, forgetting dependents that have finished.
    fn notify(&mut self, entity: EntityId, at: SimTime, wanted: fn(TriggerType) -> bool) {
        if !self.entities.is_alive(entity) {
            return;
        }
        let Some(list) = self.dependents.get_mut(entity.index() as usize) else {
            return;
        };
        let mut list = std::mem::take(list);
        list.retain(|&ev| match self.queue.get(ev).map(|e| e.trigger) {
            Some(trigger) => {
                if wanted(trigger) {
                    self.queue.add_change(ev, at, self.frame);
                }
                true
            }
            None => false,
        });
        if let Some(slot) = self.dependents.get_mut(entity.index() as usize) {
            *slot = list;
        }
    }
}
