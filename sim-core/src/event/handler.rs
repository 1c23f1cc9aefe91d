//! [`EventHandler`]: what an event does and when, and [`TriggerType`]: what makes it run.

use super::{EventError, EventLoop, EventRef, Payload};
use crate::entity::EntityId;
use crate::time::SimTime;
use std::fmt;

/// What makes an event run (openage's five trigger types).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TriggerType {
    /// Waits for a change of an entity it depends on; each change re-predicts its time
    /// from the change time, and it runs then. Stays registered after running.
    Dependency,
    /// Like `Dependency`, but runs at the change time itself, without a prediction.
    DependencyImmediately,
    /// Runs at the time its entity passes to [`EventLoop::trigger`]; stays registered.
    Trigger,
    /// Runs at its predicted time, then again at the time predicted from that run, until
    /// a prediction returns [`SimTime::MIN`]. Ignores changes.
    Repeat,
    /// Runs once at its predicted time; changes of its dependencies re-predict that time
    /// until it has run.
    Once,
}

impl TriggerType {
    /// Whether [`EventLoop::changes`] reaches events of this type.
    pub fn follows_changes(self) -> bool {
        matches!(
            self,
            TriggerType::Dependency | TriggerType::DependencyImmediately | TriggerType::Once
        )
    }
}

/// Names a handler registered with [`EventLoop::add_event_handler`]; cheaper to create
/// events with than the handler's string id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HandlerId(pub(super) u32);

impl fmt::Display for HandlerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "handler {}", self.0)
    }
}

/// The event being run, as [`EventHandler::invoke`] sees it.
#[derive(Debug)]
pub struct Invocation<'a> {
    /// The event itself (to cancel it, or to read it from the loop).
    pub event: EventRef,
    /// The entity the event acts on; it is alive.
    pub target: EntityId,
    /// The time the event runs at.
    pub time: SimTime,
    /// The event's parameters. A handler may take values out of it; a repeating or
    /// dependency event keeps what is left for its next run.
    pub payload: &'a mut Payload,
}

/// One kind of event: what it does ([`invoke`](EventHandler::invoke)) and when
/// ([`trigger_type`](EventHandler::trigger_type),
/// [`predict_invoke_time`](EventHandler::predict_invoke_time)).
///
/// `S` is the state the loop passes to every call (the simulation's world).
pub trait EventHandler<S> {
    /// A unique name, used to create events by name and in error messages.
    fn id(&self) -> &str;

    /// What makes this handler's events run.
    fn trigger_type(&self) -> TriggerType;

    /// Called once for each new event, before its time is predicted: the place to
    /// register it with the entities it depends on ([`EventLoop::add_dependent`]).
    /// Most handlers depend on nothing, hence the default.
    fn setup_event(
        &self,
        _lp: &mut EventLoop<S>,
        _event: EventRef,
        _state: &S,
    ) -> Result<(), EventError> {
        Ok(())
    }

    /// The event's effect. It never fails: a handler that meets a problem records it in
    /// the state, so one broken agent does not stop the whole simulation.
    fn invoke(&self, lp: &mut EventLoop<S>, state: &mut S, call: Invocation<'_>);

    /// When an event for `target` should run, computed from `at` (its reference time, the
    /// time of a change, or the time of its last run for `Repeat`). [`SimTime::MIN`]
    /// means "never": the event is obsolete. Not called for `DependencyImmediately` and
    /// `Trigger` events, which run at the change time.
    fn predict_invoke_time(&self, target: EntityId, state: &S, at: SimTime) -> SimTime;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_reach_dependency_and_once_events_only() {
        use TriggerType::*;
        let followers: Vec<_> = [Dependency, DependencyImmediately, Trigger, Repeat, Once]
            .into_iter()
            .filter(|t| t.follows_changes())
            .collect();
        assert_eq!(followers, vec![Dependency, DependencyImmediately, Once]);
    }
}
