//! [`Event`], one scheduled (or waiting) happening, and [`EventRef`], the handle on it.

use super::{HandlerId, Payload, TriggerType};
use crate::entity::EntityId;
use crate::time::SimTime;
use std::fmt;

/// A handle on an event in an [`EventLoop`](super::EventLoop). Copyable and weak: once the
/// event has run for the last time or has been cancelled, the handle finds nothing, even
/// when a newer event reuses its storage.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EventRef {
    pub(super) slot: u32,
    pub(super) generation: u32,
}

impl fmt::Display for EventRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "event {}v{}", self.slot, self.generation)
    }
}

impl fmt::Debug for EventRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// An event: which handler runs it on which entity, when, and with what parameters.
#[derive(Debug)]
pub struct Event {
    pub(super) target: EntityId,
    pub(super) handler: HandlerId,
    pub(super) trigger: TriggerType,
    /// Creation order; breaks ties between events at the same time.
    pub(super) seq: u64,
    /// When it runs (or last ran, or was last predicted to run), seconds.
    pub(super) time: SimTime,
    /// The time of the latest change that reached it; [`SimTime::MIN`] if none has.
    pub(super) last_changed: SimTime,
    pub(super) queued: bool,
    /// A change waits for the next settling round, at `last_changed`.
    pub(super) change_pending: bool,
    /// The loop frame (`reach_time` call, wrapping) of `last_changed`.
    pub(super) change_frame: u32,
    pub(super) payload: Payload,
}

impl Event {
    /// A new, unqueued event; the queue gives it its creation number when it stores it.
    pub(super) fn new(
        target: EntityId,
        handler: HandlerId,
        trigger: TriggerType,
        payload: Payload,
    ) -> Self {
        Event {
            target,
            handler,
            trigger,
            seq: 0,
            time: SimTime::MIN,
            last_changed: SimTime::MIN,
            queued: false,
            change_pending: false,
            change_frame: u32::MAX,
            payload,
        }
    }

    /// The entity the event acts on (which may since have been removed).
    pub fn target(&self) -> EntityId {
        self.target
    }

    /// The handler that runs it.
    pub fn handler(&self) -> HandlerId {
        self.handler
    }

    /// What makes it run.
    pub fn trigger_type(&self) -> TriggerType {
        self.trigger
    }

    /// Its creation number: among events at the same time, the lower runs first.
    pub fn seq(&self) -> u64 {
        self.seq
    }

    /// When it is due (if queued), or when it last ran or was last predicted to.
    pub fn time(&self) -> SimTime {
        self.time
    }

    /// The time of the latest change that reached it ([`SimTime::MIN`] if none has;
    /// after [`EventLoop::cancel`](super::EventLoop::cancel), the cancellation time).
    pub fn last_changed(&self) -> SimTime {
        self.last_changed
    }

    /// Whether it is in the queue, waiting for its time.
    pub fn is_queued(&self) -> bool {
        self.queued
    }

    /// Its parameters.
    pub fn payload(&self) -> &Payload {
        &self.payload
    }

    /// Its parameters, to take a value back after cancelling it.
    pub fn into_payload(self) -> Payload {
        self.payload
    }
}
