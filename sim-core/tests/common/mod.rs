//! Helpers shared by the behaviour tests: a configurable event handler that logs its runs
//! (here), running the `stepwise` command ([`cli`]), the case count of property tests
//! ([`fuzz`]) and a student's messages to a room ([`room`]).

#![allow(dead_code)] // each test file uses a different part

pub mod cli;
pub mod fuzz;
pub mod room;

use sim_core::{
    event::{EventHandler, EventRef, HandlerId, Invocation, Payload, TriggerType},
    EntityId, EventError, EventLoop, SimTime,
};
use std::collections::HashMap;
use std::rc::Rc;

/// What the handlers write to: one `(probe name, time)` line per run.
#[derive(Default)]
pub struct World {
    pub log: Vec<(&'static str, SimTime)>,
    /// Per-target offset added by [`Predict::Offset`].
    pub offsets: HashMap<EntityId, SimTime>,
}

/// How a probe predicts its time from the reference time `at`.
#[derive(Clone, Copy)]
pub enum Predict {
    /// At `at`.
    At,
    /// `at` plus a fixed span.
    After(SimTime),
    /// `at` plus the target's offset in [`World::offsets`].
    Offset,
    /// `at` plus a span, until `at` passes a limit; then never.
    AfterUntil(SimTime, SimTime),
    /// Never.
    Never,
}

/// Something a probe does when it runs, besides logging.
pub type Action = fn(&mut EventLoop<World>, &mut World, &mut Invocation<'_>);

pub struct Probe {
    pub name: &'static str,
    pub trigger: TriggerType,
    pub predict: Predict,
    pub action: Option<Action>,
}

/// Payload key naming the entity a probe's event depends on.
pub const DEPENDS_ON: &str = "depends_on";

impl EventHandler<World> for Probe {
    fn id(&self) -> &str {
        self.name
    }

    fn trigger_type(&self) -> TriggerType {
        self.trigger
    }

    fn setup_event(
        &self,
        lp: &mut EventLoop<World>,
        event: EventRef,
        _state: &World,
    ) -> Result<(), EventError> {
        let on = lp.event(event).and_then(|e| e.payload().entity(DEPENDS_ON));
        match on {
            Some(entity) => lp.add_dependent(entity, event),
            None => Ok(()),
        }
    }

    fn invoke(&self, lp: &mut EventLoop<World>, state: &mut World, mut call: Invocation<'_>) {
        state.log.push((self.name, call.time));
        if let Some(action) = self.action {
            action(lp, state, &mut call);
        }
    }

    fn predict_invoke_time(&self, target: EntityId, state: &World, at: SimTime) -> SimTime {
        match self.predict {
            Predict::At => at,
            Predict::After(d) => at.saturating_add(d),
            Predict::Offset => {
                at.saturating_add(state.offsets.get(&target).copied().unwrap_or_default())
            }
            Predict::AfterUntil(d, limit) if at < limit => at.saturating_add(d),
            Predict::AfterUntil(..) | Predict::Never => SimTime::MIN,
        }
    }
}

/// Registers a probe and returns its id.
pub fn probe(
    lp: &mut EventLoop<World>,
    name: &'static str,
    trigger: TriggerType,
    predict: Predict,
    action: Option<Action>,
) -> HandlerId {
    let p = Probe {
        name,
        trigger,
        predict,
        action,
    };
    lp.add_event_handler(Rc::new(p)).unwrap()
}

pub fn secs(s: i32) -> SimTime {
    SimTime::from_secs(s)
}

/// A payload making the event depend on `entity`.
pub fn on(entity: EntityId) -> Payload {
    Payload::new().with(DEPENDS_ON, entity)
}

/// The log as `(name, whole seconds)`.
pub fn log(w: &World) -> Vec<(&'static str, i64)> {
    w.log
        .iter()
        .map(|&(n, t)| (n, t.to_millis() / 1000))
        .collect()
}
