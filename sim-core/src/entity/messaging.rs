//! Messages between entities: the [`EntityWorld`] that defines and handles them, and the
//! event handlers that carry them through the loop.

use super::EntityId;
use crate::event::{EventHandler, EventLoop, HandlerId, Invocation, Payload, TriggerType};
use crate::time::SimTime;
use std::marker::PhantomData;

/// The state an [`EntityRegistry`](super::EntityRegistry) delivers messages to. The world
/// chooses its message types: updates and queries are plain data, so they could one day
/// cross to another worker, and the callback says what the asker does with the answer.
pub trait EntityWorld: 'static {
    /// A change to apply to an entity.
    type Update: 'static;
    /// A question about an entity.
    type Query: 'static;
    /// What a query returns.
    type Answer: 'static;
    /// What the asker does with the outcome of its query.
    type Callback: 'static;

    /// Applies `update` to the live entity `target`, at time `at`.
    fn apply_update(&mut self, target: EntityId, at: SimTime, update: Self::Update);

    /// Answers `query` about the live entity `target`.
    fn answer_query(&self, target: EntityId, query: &Self::Query) -> Self::Answer;

    /// Hands the asker the outcome of its query, at time `at`.
    fn receive_answer(
        &mut self,
        asker: EntityId,
        at: SimTime,
        callback: Self::Callback,
        outcome: QueryOutcome<Self::Answer>,
    );
}

/// What came of a query.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum QueryOutcome<A> {
    /// The queried entity's answer.
    Answer(A),
    /// The queried entity was gone when the query arrived.
    NoSuchEntity(EntityId),
}

/// A query to send with [`EntityRegistry::query_entity`](super::EntityRegistry::query_entity).
pub struct QueryMessage<W: EntityWorld> {
    /// Who asks; the answer arrives as a callback event on this entity.
    pub asker: EntityId,
    /// Who is asked.
    pub target: EntityId,
    /// When the query arrives, at least the loop's time plus the minimum output delay.
    pub at: SimTime,
    /// The question.
    pub query: W::Query,
    /// What the asker does with the outcome.
    pub callback: W::Callback,
}

/// Payload keys of the message events.
pub(super) const UPDATE_KEY: &str = "update";
pub(super) const QUERY_KEY: &str = "query";
const ANSWER_KEY: &str = "answer";

/// Handler names, registered by [`EntityRegistry::new`](super::EntityRegistry::new).
pub(super) const UPDATE_HANDLER: &str = "entity/update";
pub(super) const QUERY_HANDLER: &str = "entity/query";
pub(super) const ANSWER_HANDLER: &str = "entity/answer";

/// A query in flight: everything but the asker, which is the event's target (so the
/// callback still happens when the queried entity is gone).
pub(super) struct Question<W: EntityWorld> {
    pub(super) target: EntityId,
    pub(super) query: W::Query,
    pub(super) callback: W::Callback,
}

type Reply<W> = (
    <W as EntityWorld>::Callback,
    QueryOutcome<<W as EntityWorld>::Answer>,
);

/// What a [`Courier`] delivers.
pub(super) enum Role {
    /// An update, to its target.
    Update,
    /// A query, answered for its asker, whose reply is sent `delay` later with `reply`.
    Query { reply: HandlerId, delay: SimTime },
    /// A reply, to the asker's callback.
    Answer,
}

/// The event handler that carries one kind of message: a `Once` event at the delivery time.
pub(super) struct Courier<W> {
    name: &'static str,
    role: Role,
    world: PhantomData<fn(&mut W)>,
}

impl<W> Courier<W> {
    pub(super) fn new(name: &'static str, role: Role) -> Self {
        Courier {
            name,
            role,
            world: PhantomData,
        }
    }
}

impl<W: EntityWorld> EventHandler<W> for Courier<W> {
    fn id(&self) -> &str {
        self.name
    }

    fn trigger_type(&self) -> TriggerType {
        TriggerType::Once
    }

    fn invoke(&self, lp: &mut EventLoop<W>, state: &mut W, call: Invocation<'_>) {
        match self.role {
            Role::Update => {
                if let Some(update) = call.payload.take::<W::Update>(UPDATE_KEY) {
                    state.apply_update(call.target, call.time, update);
                }
            }
            Role::Query { reply, delay } => answer(lp, state, call, reply, delay),
            Role::Answer => {
                if let Some((callback, outcome)) = call.payload.take::<Reply<W>>(ANSWER_KEY) {
                    state.receive_answer(call.target, call.time, callback, outcome);
                }
            }
        }
    }

    fn predict_invoke_time(&self, _target: EntityId, _state: &W, at: SimTime) -> SimTime {
        at
    }
}

/// Answers a query arriving at its asker's event, and sends the reply back to the asker.
fn answer<W: EntityWorld>(
    lp: &mut EventLoop<W>,
    state: &mut W,
    call: Invocation<'_>,
    reply: HandlerId,
    delay: SimTime,
) {
    let Some(q) = call.payload.take::<Question<W>>(QUERY_KEY) else {
        return;
    };
    let outcome = if lp.is_alive(q.target) {
        QueryOutcome::Answer(state.answer_query(q.target, &q.query))
    } else {
        QueryOutcome::NoSuchEntity(q.target)
    };
    let mut payload = Payload::new();
    payload.insert_boxed::<Reply<W>>(ANSWER_KEY, (q.callback, outcome));
    let at = call.time.saturating_add(delay);
    // The asker is this event's live target, so this fails only if the loop holds 2^32
    // events; the reply is then lost, as any message to a full loop would be.
    let _ = lp.create_event(reply, call.target, state, at, payload);
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Silent;

    impl EntityWorld for Silent {
        type Update = ();
        type Query = ();
        type Answer = ();
        type Callback = ();

        fn apply_update(&mut self, _: EntityId, _: SimTime, _: ()) {}

        fn answer_query(&self, _: EntityId, _: &()) {}

        fn receive_answer(&mut self, _: EntityId, _: SimTime, _: (), _: QueryOutcome<()>) {}
    }

    #[test]
    fn a_courier_delivers_once_at_the_message_time() {
        let c = Courier::<Silent>::new(UPDATE_HANDLER, Role::Update);
        let id = crate::entity::Entities::new().spawn().unwrap();
        let at = SimTime::from_secs(3);
        assert_eq!(c.trigger_type(), TriggerType::Once);
        assert_eq!(c.predict_invoke_time(id, &Silent, at), at);
        assert_eq!(c.id(), "entity/update");
    }
}
