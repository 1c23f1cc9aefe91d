//! Property: for random sequences of create / cancel / change / despawn / reach_time, the
//! event loop runs exactly the events a plain sorted-list model says, in the same order.
//! Events are `Once` (run at their reference or change time plus an offset, then gone) or
//! `DependencyImmediately` (run at each change time, then wait for the next change).

use proptest::prelude::*;
use sim_core::{
    event::{EventHandler, EventRef, Invocation, Payload, TriggerType},
    EntityId, EventError, EventLoop, SimTime,
};
use std::collections::HashMap;
use std::rc::Rc;

/// Dependency groups: entities that events depend on.
const GROUPS: usize = 3;

#[derive(Default)]
struct World {
    /// Ids of the events that ran, in order.
    ran: Vec<i64>,
    /// Each target's offset: an event runs this long after its reference or change time.
    offsets: HashMap<EntityId, SimTime>,
}

/// An event of the given type that depends on the group entity named in its payload.
struct Probe(TriggerType);

impl EventHandler<World> for Probe {
    fn id(&self) -> &str {
        match self.0 {
            TriggerType::Once => "once",
            _ => "immediately",
        }
    }

    fn trigger_type(&self) -> TriggerType {
        self.0
    }

    fn setup_event(
        &self,
        lp: &mut EventLoop<World>,
        event: EventRef,
        _state: &World,
    ) -> Result<(), EventError> {
        let group = lp.event(event).and_then(|e| e.payload().entity("group"));
        group.map_or(Ok(()), |g| lp.add_dependent(g, event))
    }

    fn invoke(&self, _lp: &mut EventLoop<World>, state: &mut World, call: Invocation<'_>) {
        state.ran.push(call.payload.int("id").unwrap_or(-1));
    }

    fn predict_invoke_time(&self, target: EntityId, state: &World, at: SimTime) -> SimTime {
        at.saturating_add(state.offsets.get(&target).copied().unwrap_or_default())
    }
}

#[derive(Debug, Clone)]
enum Op {
    Create {
        at: i64,
        offset: i64,
        group: usize,
        once: bool,
    },
    Cancel(usize),
    Change {
        group: usize,
        at: i64,
    },
    Despawn(usize),
    Reach(i64),
}

/// Quarter seconds, so equal times are common.
fn time(quarters: i64) -> SimTime {
    SimTime::from_bits(quarters * 16_384)
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => (0..64_i64, 0..8_i64, 0..GROUPS, any::<bool>())
            .prop_map(|(at, offset, group, once)| Op::Create { at, offset, group, once }),
        1 => (0..64_usize).prop_map(Op::Cancel),
        2 => (0..GROUPS, 0..64_i64).prop_map(|(group, at)| Op::Change { group, at }),
        1 => (0..64_usize).prop_map(Op::Despawn),
        2 => (0..80_i64).prop_map(Op::Reach),
    ]
}

/// One event of the reference model.
struct Expected {
    id: i64,
    /// When it is due, in quarters; `None` while it waits for a change.
    time: Option<i64>,
    /// Added to a change time for `Once`; ignored by `DependencyImmediately`.
    offset: i64,
    group: usize,
    change: Option<i64>,
    once: bool,
}

/// The reference: every event that can still run, in a plain list.
#[derive(Default)]
struct Model {
    events: Vec<Expected>,
}

impl Model {
    fn change(&mut self, group: usize, at: i64) {
        for e in self.events.iter_mut().filter(|e| e.group == group) {
            e.change = Some(e.change.map_or(at, |c| c.min(at)));
        }
    }

    /// Applies the changes, then runs every event due by `until`, by (time, id).
    fn reach(&mut self, until: i64) -> Vec<i64> {
        for e in &mut self.events {
            if let Some(at) = e.change.take() {
                e.time = Some(if e.once { at + e.offset } else { at });
            }
        }
        let mut due: Vec<(i64, i64)> = self
            .events
            .iter()
            .filter_map(|e| e.time.filter(|&t| t <= until).map(|t| (t, e.id)))
            .collect();
        due.sort_unstable();
        self.events
            .retain(|e| !(e.once && e.time.is_some_and(|t| t <= until)));
        for e in self
            .events
            .iter_mut()
            .filter(|e| e.time.is_some_and(|t| t <= until))
        {
            e.time = None;
        }
        due.into_iter().map(|(_, id)| id).collect()
    }

    fn forget(&mut self, id: i64) -> bool {
        let before = self.events.len();
        self.events.retain(|e| e.id != id);
        self.events.len() != before
    }
}

proptest! {
    #[test]
    fn the_loop_runs_what_a_sorted_list_says(ops in prop::collection::vec(op(), 1..80)) {
        let mut lp = EventLoop::<World>::new();
        let mut w = World::default();
        let once = lp.add_event_handler(Rc::new(Probe(TriggerType::Once))).unwrap();
        let immediately = Rc::new(Probe(TriggerType::DependencyImmediately));
        let immediately = lp.add_event_handler(immediately).unwrap();
        let groups: Vec<EntityId> = (0..GROUPS).map(|_| lp.spawn_entity().unwrap()).collect();
        let mut created: Vec<(EventRef, EntityId)> = Vec::new();
        let mut model = Model::default();
        for op in ops {
            match op {
                Op::Create { at, offset, group, once: is_once } => {
                    let target = lp.spawn_entity().unwrap();
                    w.offsets.insert(target, time(offset));
                    let id = created.len() as i64;
                    let payload = Payload::new().with("id", id).with("group", groups[group]);
                    let h = if is_once { once } else { immediately };
                    let ev = lp.create_event(h, target, &w, time(at), payload).unwrap();
                    created.push((ev, target));
                    let due = is_once.then_some(at + offset);
                    model.events.push(Expected { id, time: due, offset, group, change: None, once: is_once });
                }
                Op::Cancel(i) => {
                    if let Some(&(ev, target)) = created.get(i) {
                        let was_pending = model.forget(i as i64);
                        let cancelled = lp.cancel(ev, SimTime::ZERO).is_some();
                        // An event of a removed target lingers, unrun, until its time.
                        if lp.is_alive(target) {
                            prop_assert_eq!(cancelled, was_pending);
                        }
                    }
                }
                Op::Change { group, at } => {
                    lp.changes(groups[group], time(at));
                    model.change(group, at);
                }
                Op::Despawn(i) => {
                    if let Some(&(_, target)) = created.get(i) {
                        if lp.despawn_entity(target).is_ok() {
                            model.forget(i as i64);
                        }
                    }
                }
                Op::Reach(until) => {
                    w.ran.clear();
                    lp.reach_time(time(until), &mut w).unwrap();
                    prop_assert_eq!(&w.ran, &model.reach(until));
                }
            }
        }
    }
}
