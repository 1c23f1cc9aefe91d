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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{EventHandler, Invocation, Payload};
    use std::rc::Rc;

    /// A `Once` event at its reference time.
    struct Once;

    impl EventHandler<()> for Once {
        fn id(&self) -> &str {
            "once"
        }

        fn trigger_type(&self) -> TriggerType {
            TriggerType::Once
        }

        fn invoke(&self, _: &mut EventLoop<()>, _: &mut (), _: Invocation<'_>) {}

        fn predict_invoke_time(&self, _: EntityId, _: &(), at: SimTime) -> SimTime {
            at
        }
    }

    fn setup() -> (EventLoop<()>, EventRef, EntityId) {
        let mut lp = EventLoop::new();
        let h = lp.add_event_handler(Rc::new(Once)).unwrap();
        let t = lp.spawn_entity().unwrap();
        let x = lp.spawn_entity().unwrap();
        let ev = lp
            .create_event(h, t, &(), SimTime::from_secs(1), Payload::new())
            .unwrap();
        (lp, ev, x)
    }

    fn dependents(lp: &EventLoop<()>, x: EntityId) -> usize {
        lp.dependents.get(x.index() as usize).map_or(0, Vec::len)
    }

    #[test]
    fn a_dependent_added_twice_is_listed_once() {
        let (mut lp, ev, x) = setup();
        lp.add_dependent(x, ev).unwrap();
        lp.add_dependent(x, ev).unwrap();
        assert_eq!(dependents(&lp, x), 1);
    }

    #[test]
    fn finished_dependents_are_forgotten_at_the_next_change() {
        let (mut lp, ev, x) = setup();
        lp.add_dependent(x, ev).unwrap();
        lp.reach_time(SimTime::from_secs(1), &mut ()).unwrap();
        lp.changes(x, SimTime::from_secs(2));
        assert_eq!(dependents(&lp, x), 0);
        assert_eq!(lp.queue().pending_changes(), 0);
    }

    #[test]
    fn trigger_does_not_reach_once_events() {
        let (mut lp, ev, x) = setup();
        lp.add_dependent(x, ev).unwrap();
        lp.trigger(x, SimTime::ZERO);
        assert_eq!(lp.queue().pending_changes(), 0);
        lp.changes(x, SimTime::ZERO);
        assert_eq!(lp.queue().pending_changes(), 1);
    }

    #[test]
    fn a_removed_entity_takes_no_dependents() {
        let (mut lp, ev, x) = setup();
        lp.despawn_entity(x).unwrap();
        assert_eq!(lp.add_dependent(x, ev), Err(EventError::NoSuchEntity(x)));
    }
}
