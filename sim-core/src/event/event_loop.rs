//! [`EventLoop`]: creates events, runs them in time order, and settles the changes they
//! cause.

use super::Entities;
use super::{
    Event, EventError, EventHandler, EventQueue, EventRef, HandlerId, Invocation, Payload,
    TriggerType,
};
use crate::entity::EntityId;
use crate::time::SimTime;
use std::collections::HashMap;
use std::rc::Rc;

/// Bounds that turn a model that never settles into an error instead of a hang.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Settling rounds per `reach_time` call that may run events. Each round applies the
    /// pending changes, then runs every due event; changes made by those events are
    /// applied in the next round.
    pub max_rounds: u32,
    /// Events per `reach_time` call; catches events that keep creating events at their
    /// own time, which no round boundary would stop.
    pub max_events: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_rounds: 64,
            max_events: 1 << 24,
        }
    }
}

/// The event loop: owns the events, the handlers and the table of live entities, and
/// advances them all to a requested time.
///
/// `S` is the state every handler works on (the simulation's world); it is passed in to
/// each call rather than owned, so the caller keeps full access to it between calls.
pub struct EventLoop<S> {
    handlers: Vec<Rc<dyn EventHandler<S>>>,
    handler_names: HashMap<String, HandlerId>,
    pub(super) queue: EventQueue,
    pub(super) entities: Entities,
    /// For each entity index, the events that depend on that entity.
    pub(super) dependents: Vec<Vec<EventRef>>,
    /// The latest time reached or run at, seconds; never decreases.
    now: SimTime,
    /// Counts `reach_time` calls (wrapping); changes are deduplicated per frame.
    pub(super) frame: u32,
    limits: Limits,
    /// Reused buffer for the changes of one settling round.
    change_buf: Vec<(EventRef, SimTime)>,
}

impl<S> Default for EventLoop<S> {
    fn default() -> Self {
        EventLoop::new()
    }
}

impl<S> EventLoop<S> {
    /// An empty loop at time zero.
    pub fn new() -> Self {
        EventLoop {
            handlers: Vec::new(),
            handler_names: HashMap::new(),
            queue: EventQueue::default(),
            entities: Entities::new(),
            dependents: Vec::new(),
            now: SimTime::ZERO,
            frame: 0,
            limits: Limits::default(),
            change_buf: Vec::new(),
        }
    }

    /// Registers a handler so events can be created with its id or its name.
    pub fn add_event_handler(
        &mut self,
        handler: Rc<dyn EventHandler<S>>,
    ) -> Result<HandlerId, EventError> {
        let name = handler.id();
        if self.handler_names.contains_key(name) {
            return Err(EventError::DuplicateHandler(name.to_owned()));
        }
        let index = u32::try_from(self.handlers.len()).map_err(|_| EventError::Exhausted)?;
        let id = HandlerId(index);
        self.handler_names.insert(name.to_owned(), id);
        self.handlers.push(handler);
        Ok(id)
    }

    /// The id of the handler registered under `name`.
    pub fn handler_id(&self, name: &str) -> Option<HandlerId> {
        self.handler_names.get(name).copied()
    }

    pub(super) fn handler(&self, id: HandlerId) -> Option<&Rc<dyn EventHandler<S>>> {
        self.handlers.get(id.0 as usize)
    }

    /// The latest time the loop has reached or run an event at (zero at first): inside a
    /// handler, the time of the running event (or later, for a late event).
    pub fn now(&self) -> SimTime {
        self.now
    }

    /// The queue, for inspection.
    pub fn queue(&self) -> &EventQueue {
        &self.queue
    }

    /// The event `ev` refers to, if it has not finished or been cancelled.
    pub fn event(&self, ev: EventRef) -> Option<&Event> {
        self.queue.get(ev)
    }

    /// The bounds on one `reach_time` call.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Changes the bounds on one `reach_time` call.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// The live entities.
    pub fn entities(&self) -> &Entities {
        &self.entities
    }

    /// Puts in a snapshot's entity table. Only into a loop without events (none may name an
    /// entity of the table it replaces); false, and nothing changes, otherwise.
    pub fn replace_entities(&mut self, entities: Entities) -> bool {
        if !self.queue.is_empty() {
            return false;
        }
        self.dependents.clear();
        self.entities = entities;
        true
    }

    /// Whether `id` is a live entity.
    pub fn is_alive(&self, id: EntityId) -> bool {
        self.entities.is_alive(id)
    }

    /// A new entity that events can target and depend on.
    pub fn spawn_entity(&mut self) -> Result<EntityId, EventError> {
        self.entities.spawn()
    }

    /// Removes an entity. Events that target it are skipped from now on (and dropped when
    /// their time comes); its list of dependents is forgotten.
    pub fn despawn_entity(&mut self, id: EntityId) -> Result<(), EventError> {
        self.entities.despawn(id)?;
        if let Some(list) = self.dependents.get_mut(id.index() as usize) {
            list.clear();
        }
        Ok(())
    }

    /// Creates an event of a registered handler by name; see [`EventLoop::create_event`].
    pub fn create_event_by_name(
        &mut self,
        name: &str,
        target: EntityId,
        state: &S,
        reference_time: SimTime,
        payload: Payload,
    ) -> Result<EventRef, EventError> {
        let handler = self
            .handler_id(name)
            .ok_or_else(|| EventError::NoSuchHandlerName(name.to_owned()))?;
        self.create_event(handler, target, state, reference_time, payload)
    }

    /// Creates an event for `target` and lets the handler set up its dependencies.
    ///
    /// `Repeat` and `Once` events are queued at the time the handler predicts from
    /// `reference_time`; `Dependency` events wait for a change of a dependency,
    /// `DependencyImmediately` and `Trigger` events for a change or trigger. A first
    /// prediction of [`SimTime::MIN`] makes the event obsolete at once: the returned
    /// handle then finds nothing.
    pub fn create_event(
        &mut self,
        handler: HandlerId,
        target: EntityId,
        state: &S,
        reference_time: SimTime,
        payload: Payload,
    ) -> Result<EventRef, EventError> {
        let h = Rc::clone(
            self.handler(handler)
                .ok_or(EventError::NoSuchHandler(handler))?,
        );
        if !self.entities.is_alive(target) {
            return Err(EventError::NoSuchEntity(target));
        }
        let trigger = h.trigger_type();
        let ev = self
            .queue
            .insert(Event::new(target, handler, trigger, payload))?;
        if let Err(e) = h.setup_event(self, ev, state) {
            self.queue.remove(ev);
            return Err(e);
        }
        self.place_new(ev, &*h, target, state, reference_time);
        Ok(ev)
    }

    /// Gives a new event its first time, and queues it if its trigger type says so.
    fn place_new(
        &mut self,
        ev: EventRef,
        h: &dyn EventHandler<S>,
        target: EntityId,
        state: &S,
        reference_time: SimTime,
    ) {
        let Some(trigger) = self.queue.get(ev).map(Event::trigger_type) else {
            // Its own setup cancelled it.
            return;
        };
        if matches!(
            trigger,
            TriggerType::DependencyImmediately | TriggerType::Trigger
        ) {
            self.queue.set_time(ev, reference_time);
            return;
        }
        let time = h.predict_invoke_time(target, state, reference_time);
        if time == SimTime::MIN {
            self.queue.remove(ev);
        } else if trigger == TriggerType::Dependency {
            self.queue.set_time(ev, time);
        } else {
            self.queue.schedule(ev, time);
        }
    }

    /// Cancels an event at once, whatever `at` says (as in openage), and hands it back
    /// with `at` as its last change, so the caller can recover its payload.
    pub fn cancel(&mut self, ev: EventRef, at: SimTime) -> Option<Event> {
        let mut event = self.queue.remove(ev)?;
        event.last_changed = at;
        Some(event)
    }

    /// Announces that `ev` must be re-evaluated because of a change at `at`; applied in
    /// the next settling round. Usually reached through [`EventLoop::changes`].
    pub fn create_change(&mut self, ev: EventRef, at: SimTime) {
        self.queue.add_change(ev, at, self.frame);
    }

    /// Runs every queued event due at or before `until`, earliest first, ties in creation
    /// order, settling the changes they cause in rounds. Returns how many events ran.
    ///
    /// Every event queued before the previous call is due after that call's time, so it
    /// runs exactly when `previous < time <= until`. An event queued since then at a time
    /// already passed runs now, before the others. The loop's time never goes back: with
    /// `until` earlier than [`EventLoop::now`] only such late events run.
    ///
    /// On an error the loop stays usable: its time is that of the last event run, and
    /// events still due run on the next call.
    pub fn reach_time(&mut self, until: SimTime, state: &mut S) -> Result<usize, EventError> {
        let result = self.settle(until, state);
        self.frame = self.frame.wrapping_add(1);
        self.queue.start_frame(self.frame);
        if result.is_ok() {
            self.now = self.now.max(until);
        }
        result
    }

    fn settle(&mut self, until: SimTime, state: &mut S) -> Result<usize, EventError> {
        let mut ran = 0;
        let mut rounds = 0;
        loop {
            self.apply_changes(state);
            if !self.queue.has_due(until) {
                return Ok(ran);
            }
            if rounds == self.limits.max_rounds {
                return Err(EventError::NotSettled { until, rounds });
            }
            ran += self.run_due(until, state, ran)?;
            rounds += 1;
        }
    }

    /// One round's events; `before` is how many ran earlier in this call.
    fn run_due(
        &mut self,
        until: SimTime,
        state: &mut S,
        before: usize,
    ) -> Result<usize, EventError> {
        let limit = self.limits.max_events;
        let mut ran = 0;
        while let Some(ev) = self.queue.pop_due(until) {
            if (before + ran) as u64 >= limit {
                // Put it back, so nothing is lost when the caller raises the limit.
                if let Some(time) = self.queue.get(ev).map(Event::time) {
                    self.queue.schedule(ev, time);
                }
                return Err(EventError::TooManyEvents { until, limit });
            }
            if self.run_event(ev, state)? {
                ran += 1;
            }
        }
        Ok(ran)
    }

    /// Runs one event taken off the queue; `false` if its target was gone.
    #[inline]
    fn run_event(&mut self, ev: EventRef, state: &mut S) -> Result<bool, EventError> {
        let Some(event) = self.queue.get_mut(ev) else {
            return Ok(false);
        };
        if !self.entities.is_alive(event.target) {
            self.queue.remove(ev);
            return Ok(false);
        }
        let (target, time, handler) = (event.target, event.time, event.handler);
        self.now = self.now.max(time);
        let mut payload = std::mem::take(&mut event.payload);
        let Some(h) = self.handler(handler).map(Rc::clone) else {
            self.queue.remove(ev);
            return Ok(false);
        };
        let call = Invocation {
            event: ev,
            target,
            time,
            payload: &mut payload,
        };
        h.invoke(self, state, call);
        self.after_run(ev, &*h, payload, state)?;
        Ok(true)
    }

    /// What happens to an event after it ran: `Once` is done, `Repeat` is queued again,
    /// the others wait for their next change or trigger.
    fn after_run(
        &mut self,
        ev: EventRef,
        h: &dyn EventHandler<S>,
        payload: Payload,
        state: &S,
    ) -> Result<(), EventError> {
        let Some(event) = self.queue.get_mut(ev) else {
            // Cancelled by its own handler.
            return Ok(());
        };
        event.payload = payload;
        match event.trigger {
            TriggerType::Once => {
                self.queue.remove(ev);
            }
            TriggerType::Repeat => {
                let (target, time) = (event.target, event.time);
                let next = h.predict_invoke_time(target, state, time);
                if next == SimTime::MIN {
                    self.queue.remove(ev);
                } else if next <= time {
                    self.queue.remove(ev);
                    let handler = h.id().to_owned();
                    return Err(EventError::RepeatDidNotAdvance {
                        handler,
                        time,
                        next,
                    });
                } else {
                    self.queue.schedule(ev, next);
                }
            }
            _ => {}
        }
        Ok(())
    }

    fn apply_changes(&mut self, state: &S) {
        let mut batch = std::mem::take(&mut self.change_buf);
        self.queue.take_changes(&mut batch);
        for &(ev, at) in &batch {
            self.apply_change(ev, at, state);
        }
        batch.clear();
        self.change_buf = batch;
    }

    /// Re-places one event after a change at `at`, according to its trigger type.
    fn apply_change(&mut self, ev: EventRef, at: SimTime, state: &S) {
        let Some(event) = self.queue.get(ev) else {
            return;
        };
        let (target, handler, trigger) = (event.target, event.handler, event.trigger);
        if !self.entities.is_alive(target) {
            self.queue.remove(ev);
            return;
        }
        match trigger {
            TriggerType::Dependency | TriggerType::Once => {
                let time = self
                    .handler(handler)
                    .map_or(SimTime::MIN, |h| h.predict_invoke_time(target, state, at));
                if time == SimTime::MIN {
                    self.queue.unschedule(ev);
                } else {
                    self.queue.schedule(ev, time);
                }
            }
            TriggerType::DependencyImmediately | TriggerType::Trigger => {
                self.queue.schedule(ev, at);
            }
            TriggerType::Repeat => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts its runs; repeats every second; cancels itself on its third run.
    struct SelfCancelling;

    impl EventHandler<u32> for SelfCancelling {
        fn id(&self) -> &str {
            "self-cancelling"
        }

        fn trigger_type(&self) -> TriggerType {
            TriggerType::Repeat
        }

        fn invoke(&self, lp: &mut EventLoop<u32>, runs: &mut u32, call: Invocation<'_>) {
            *runs += 1;
            if *runs == 3 {
                lp.cancel(call.event, call.time);
            }
        }

        fn predict_invoke_time(&self, _: EntityId, _: &u32, at: SimTime) -> SimTime {
            at.saturating_add(SimTime::from_secs(1))
        }
    }

    fn setup() -> (EventLoop<u32>, HandlerId, EntityId) {
        let mut lp = EventLoop::new();
        let h = lp.add_event_handler(Rc::new(SelfCancelling)).unwrap();
        let t = lp.spawn_entity().unwrap();
        (lp, h, t)
    }

    #[test]
    fn an_event_cancelled_by_its_own_handler_is_not_queued_again() {
        let (mut lp, h, t) = setup();
        let mut runs = 0;
        let ev = lp
            .create_event(h, t, &runs, SimTime::ZERO, Payload::new())
            .unwrap();
        lp.reach_time(SimTime::from_secs(10), &mut runs).unwrap();
        assert_eq!(runs, 3);
        assert!(lp.event(ev).is_none());
        assert!(lp.queue().is_empty());
    }

    #[test]
    fn the_loop_time_never_goes_back() {
        let (mut lp, _, _) = setup();
        let mut runs = 0;
        lp.reach_time(SimTime::from_secs(5), &mut runs).unwrap();
        lp.reach_time(SimTime::from_secs(2), &mut runs).unwrap();
        assert_eq!(lp.now(), SimTime::from_secs(5));
    }

    #[test]
    fn removing_an_entity_forgets_its_dependents() {
        let (mut lp, h, t) = setup();
        let runs = 0;
        let ev = lp
            .create_event(h, t, &runs, SimTime::ZERO, Payload::new())
            .unwrap();
        let x = lp.spawn_entity().unwrap();
        assert!(
            lp.add_dependent(x, ev).is_err(),
            "repeat events cannot depend"
        );
        lp.despawn_entity(t).unwrap();
        assert_eq!(lp.despawn_entity(t), Err(EventError::NoSuchEntity(t)));
        assert!(!lp.is_alive(t));
        assert_eq!(lp.entities().len(), 1);
    }
}
