//! Behaviour of entity names and query/update messaging: lookup, the minimum output delay
//! rule, callbacks on the asker, removed entities, and direct queries.

use sim_core::{
    entity::{EntityWorld, QueryMessage, QueryOutcome},
    EntityError, EntityId, EntityRegistry, EventLoop, SimTime,
};
use std::collections::HashMap;

/// One callback run: asker, time, callback, outcome.
type Heard = (EntityId, SimTime, &'static str, QueryOutcome<(i32, i32)>);

/// Entities with a position; the asker's callback records what came back.
#[derive(Default)]
struct Pond {
    pos: HashMap<EntityId, (i32, i32)>,
    heard: Vec<Heard>,
    updated_at: Vec<SimTime>,
}

struct SetPos(i32, i32);
struct GetPos;

impl EntityWorld for Pond {
    type Update = SetPos;
    type Query = GetPos;
    type Answer = (i32, i32);
    type Callback = &'static str;

    fn apply_update(&mut self, target: EntityId, at: SimTime, update: SetPos) {
        self.pos.insert(target, (update.0, update.1));
        self.updated_at.push(at);
    }

    fn answer_query(&self, target: EntityId, _query: &GetPos) -> (i32, i32) {
        self.pos.get(&target).copied().unwrap_or_default()
    }

    fn receive_answer(
        &mut self,
        asker: EntityId,
        at: SimTime,
        callback: &'static str,
        outcome: QueryOutcome<(i32, i32)>,
    ) {
        self.heard.push((asker, at, callback, outcome));
    }
}

fn secs(s: i32) -> SimTime {
    SimTime::from_secs(s)
}

struct Setup {
    lp: EventLoop<Pond>,
    reg: EntityRegistry<Pond>,
    pond: Pond,
    nemo: EntityId,
    dory: EntityId,
}

/// Two fish, a minimum output delay of 1 s, and the loop at 10 s.
fn setup() -> Setup {
    let mut lp = EventLoop::new();
    let mut reg = EntityRegistry::new(&mut lp, secs(1)).unwrap();
    let nemo = reg.spawn(&mut lp, "Fish", "Nemo").unwrap();
    let dory = reg.spawn(&mut lp, "Fish", "Dory").unwrap();
    let mut pond = Pond::default();
    lp.reach_time(secs(10), &mut pond).unwrap();
    Setup {
        lp,
        reg,
        pond,
        nemo,
        dory,
    }
}

/// Nemo asks Dory for her position, to be answered at `at`.
fn ask_dory(s: &mut Setup, at: SimTime) -> Result<(), EntityError> {
    let message = QueryMessage {
        asker: s.nemo,
        target: s.dory,
        at,
        query: GetPos,
        callback: "print it",
    };
    s.reg.query_entity(&mut s.lp, &s.pond, message).map(drop)
}

#[test]
fn lookup_resolves_blueprint_slash_name() {
    let s = setup();
    assert_eq!(s.reg.lookup_entity("Fish/Nemo"), Ok(s.nemo));
    assert_eq!(s.reg.path_of(s.dory), Some("Fish/Dory"));
    assert_eq!(
        s.reg.lookup_entity("Fish/Marlin"),
        Err(EntityError::NoSuchName("Fish/Marlin".into()))
    );
    for bad in ["Nemo", "Fish/", "/Nemo", "Fish/Nemo/x"] {
        assert_eq!(
            s.reg.lookup_entity(bad),
            Err(EntityError::BadPath(bad.into()))
        );
    }
}

#[test]
fn names_must_be_unique_and_free_of_slashes() {
    let mut s = setup();
    let dup = s.reg.spawn(&mut s.lp, "Fish", "Nemo");
    assert_eq!(dup, Err(EntityError::DuplicateName("Fish/Nemo".into())));
    let bad = s.reg.spawn(&mut s.lp, "Fi/sh", "Nemo");
    assert_eq!(bad, Err(EntityError::BadName("Fi/sh".into())));
}

#[test]
fn a_message_earlier_than_now_plus_the_minimum_output_delay_is_refused() {
    let mut s = setup();
    let early = secs(11).saturating_sub(SimTime::DELTA);
    let err = s
        .reg
        .update_entity(&mut s.lp, &s.pond, s.dory, early, SetPos(1, 1))
        .unwrap_err();
    assert_eq!(
        err,
        EntityError::TooSoon {
            at: early,
            earliest: secs(11)
        }
    );
    assert!(matches!(
        ask_dory(&mut s, early),
        Err(EntityError::TooSoon { .. })
    ));
    assert!(s.lp.queue().is_empty());
    assert!(s
        .reg
        .update_entity(&mut s.lp, &s.pond, s.dory, secs(11), SetPos(1, 1))
        .is_ok());
}

#[test]
fn an_update_is_applied_at_its_timestamp_not_before() {
    let mut s = setup();
    s.reg
        .update_entity(&mut s.lp, &s.pond, s.dory, secs(12), SetPos(3, 4))
        .unwrap();
    s.lp.reach_time(secs(11), &mut s.pond).unwrap();
    assert!(s.pond.pos.is_empty());
    s.lp.reach_time(secs(12), &mut s.pond).unwrap();
    assert_eq!(s.pond.pos.get(&s.dory), Some(&(3, 4)));
    assert_eq!(s.pond.updated_at, vec![secs(12)]);
}

#[test]
fn a_query_answer_comes_back_as_a_callback_on_the_asker_one_delay_later() {
    let mut s = setup();
    s.pond.pos.insert(s.dory, (5, 6));
    ask_dory(&mut s, secs(12)).unwrap();
    s.lp.reach_time(secs(12), &mut s.pond).unwrap();
    assert!(s.pond.heard.is_empty());
    s.lp.reach_time(secs(13), &mut s.pond).unwrap();
    let expected = (s.nemo, secs(13), "print it", QueryOutcome::Answer((5, 6)));
    assert_eq!(s.pond.heard, vec![expected]);
}

#[test]
fn a_query_to_a_removed_entity_gives_no_such_entity_to_the_callback() {
    let mut s = setup();
    ask_dory(&mut s, secs(12)).unwrap();
    s.reg.remove(&mut s.lp, s.dory).unwrap();
    s.lp.reach_time(secs(20), &mut s.pond).unwrap();
    let outcome = &s.pond.heard[0].3;
    assert_eq!(outcome, &QueryOutcome::NoSuchEntity(s.dory));
    assert_eq!(
        s.reg.lookup_entity("Fish/Dory"),
        Err(EntityError::NoSuchName("Fish/Dory".into()))
    );
}

#[test]
fn an_update_to_a_removed_entity_is_an_error_or_is_dropped_on_arrival() {
    let mut s = setup();
    s.reg
        .update_entity(&mut s.lp, &s.pond, s.dory, secs(12), SetPos(1, 2))
        .unwrap();
    s.reg.remove(&mut s.lp, s.dory).unwrap();
    let err = s
        .reg
        .update_entity(&mut s.lp, &s.pond, s.dory, secs(12), SetPos(1, 2));
    assert_eq!(err.unwrap_err(), EntityError::NoSuchEntity(s.dory));
    s.lp.reach_time(secs(20), &mut s.pond).unwrap();
    assert!(s.pond.updated_at.is_empty());
}

#[test]
fn query_now_answers_at_once_for_callers_outside_the_loop() {
    let mut s = setup();
    s.pond.pos.insert(s.nemo, (7, 8));
    assert_eq!(s.reg.query_now(&s.lp, &s.pond, s.nemo, &GetPos), Ok((7, 8)));
    s.reg.remove(&mut s.lp, s.nemo).unwrap();
    let gone = s.reg.query_now(&s.lp, &s.pond, s.nemo, &GetPos);
    assert_eq!(gone, Err(EntityError::NoSuchEntity(s.nemo)));
}

#[test]
fn a_negative_minimum_output_delay_is_refused() {
    let mut lp = EventLoop::<Pond>::new();
    let err = EntityRegistry::new(&mut lp, secs(-1)).err();
    assert_eq!(err, Some(EntityError::NegativeDelay(secs(-1))));
}
