//! Behaviour of the event loop: run order, trigger types, cancelling, weak targets and the
//! bounds that stop a model that never settles.

mod common;

use common::{log, on, probe, secs, Predict, World};
use sim_core::{
    event::{Limits, Payload, TriggerType},
    EventError, EventLoop, SimTime,
};

fn setup() -> (EventLoop<World>, World) {
    (EventLoop::new(), World::default())
}

#[test]
fn events_run_earliest_first_and_equal_times_in_creation_order() {
    let (mut lp, mut w) = setup();
    let a = probe(&mut lp, "a", TriggerType::Once, Predict::At, None);
    let b = probe(&mut lp, "b", TriggerType::Once, Predict::At, None);
    let c = probe(&mut lp, "c", TriggerType::Once, Predict::At, None);
    let t = lp.spawn_entity().unwrap();
    lp.create_event(c, t, &w, secs(2), Payload::new()).unwrap();
    lp.create_event(b, t, &w, secs(1), Payload::new()).unwrap();
    lp.create_event(a, t, &w, secs(2), Payload::new()).unwrap();
    assert_eq!(lp.reach_time(secs(5), &mut w), Ok(3));
    assert_eq!(log(&w), vec![("b", 1), ("c", 2), ("a", 2)]);
}

#[test]
fn reach_time_runs_events_after_the_previous_time_up_to_and_including_the_new_one() {
    let (mut lp, mut w) = setup();
    let h = probe(&mut lp, "e", TriggerType::Once, Predict::At, None);
    let t = lp.spawn_entity().unwrap();
    for s in [1, 2, 3] {
        lp.create_event(h, t, &w, secs(s), Payload::new()).unwrap();
    }
    assert_eq!(lp.reach_time(secs(2), &mut w), Ok(2));
    assert_eq!(lp.now(), secs(2));
    assert_eq!(lp.reach_time(secs(2), &mut w), Ok(0));
    assert_eq!(lp.reach_time(secs(3), &mut w), Ok(1));
    assert_eq!(log(&w), vec![("e", 1), ("e", 2), ("e", 3)]);
    assert!(lp.queue().is_empty());
}

#[test]
fn an_event_queued_at_an_already_passed_time_runs_first_in_the_next_call() {
    let (mut lp, mut w) = setup();
    let h = probe(&mut lp, "late", TriggerType::Once, Predict::At, None);
    let g = probe(&mut lp, "due", TriggerType::Once, Predict::At, None);
    let t = lp.spawn_entity().unwrap();
    lp.reach_time(secs(10), &mut w).unwrap();
    lp.create_event(g, t, &w, secs(11), Payload::new()).unwrap();
    lp.create_event(h, t, &w, secs(4), Payload::new()).unwrap();
    lp.reach_time(secs(12), &mut w).unwrap();
    assert_eq!(log(&w), vec![("late", 4), ("due", 11)]);
    assert_eq!(lp.now(), secs(12));
}

#[test]
fn repeat_runs_at_each_predicted_time_until_the_prediction_is_min() {
    let (mut lp, mut w) = setup();
    let every = Predict::AfterUntil(secs(1), secs(3));
    let h = probe(&mut lp, "tick", TriggerType::Repeat, every, None);
    let t = lp.spawn_entity().unwrap();
    let ev = lp.create_event(h, t, &w, secs(0), Payload::new()).unwrap();
    lp.reach_time(secs(100), &mut w).unwrap();
    assert_eq!(log(&w), vec![("tick", 1), ("tick", 2), ("tick", 3)]);
    assert!(lp.event(ev).is_none());
}

#[test]
fn a_repeat_that_predicts_no_later_time_is_an_error_and_is_removed() {
    let (mut lp, mut w) = setup();
    let h = probe(&mut lp, "stuck", TriggerType::Repeat, Predict::At, None);
    let t = lp.spawn_entity().unwrap();
    lp.create_event(h, t, &w, secs(1), Payload::new()).unwrap();
    let err = lp.reach_time(secs(5), &mut w).unwrap_err();
    assert!(
        matches!(err, EventError::RepeatDidNotAdvance { ref handler, .. } if handler == "stuck")
    );
    assert_eq!(lp.reach_time(secs(5), &mut w), Ok(0));
    assert_eq!(log(&w), vec![("stuck", 1)]);
}

#[test]
fn a_repeat_event_cannot_depend_on_an_entity() {
    let (mut lp, w) = setup();
    let h = probe(
        &mut lp,
        "tick",
        TriggerType::Repeat,
        Predict::After(secs(1)),
        None,
    );
    let t = lp.spawn_entity().unwrap();
    let err = lp.create_event(h, t, &w, secs(0), on(t)).unwrap_err();
    assert_eq!(err, EventError::RepeatCannotDepend("tick".into()));
    assert_eq!(lp.queue().live(), 0);
}

#[test]
fn dependency_waits_for_a_change_then_runs_at_the_time_predicted_from_it() {
    let (mut lp, mut w) = setup();
    let h = probe(
        &mut lp,
        "dep",
        TriggerType::Dependency,
        Predict::After(secs(2)),
        None,
    );
    let t = lp.spawn_entity().unwrap();
    let x = lp.spawn_entity().unwrap();
    let ev = lp.create_event(h, t, &w, secs(0), on(x)).unwrap();
    lp.reach_time(secs(10), &mut w).unwrap();
    assert!(w.log.is_empty());
    lp.changes(x, secs(11));
    lp.reach_time(secs(20), &mut w).unwrap();
    lp.changes(x, secs(21));
    lp.reach_time(secs(30), &mut w).unwrap();
    assert_eq!(log(&w), vec![("dep", 13), ("dep", 23)]);
    assert!(lp.event(ev).is_some());
}

#[test]
fn dependency_immediately_runs_at_the_change_time() {
    let (mut lp, mut w) = setup();
    let h = probe(
        &mut lp,
        "now",
        TriggerType::DependencyImmediately,
        Predict::Never,
        None,
    );
    let t = lp.spawn_entity().unwrap();
    let x = lp.spawn_entity().unwrap();
    lp.create_event(h, t, &w, secs(0), on(x)).unwrap();
    lp.changes(x, secs(4));
    lp.reach_time(secs(10), &mut w).unwrap();
    assert_eq!(log(&w), vec![("now", 4)]);
}

#[test]
fn trigger_runs_when_its_entity_triggers_and_ignores_changes() {
    let (mut lp, mut w) = setup();
    let h = probe(&mut lp, "trig", TriggerType::Trigger, Predict::Never, None);
    let t = lp.spawn_entity().unwrap();
    let x = lp.spawn_entity().unwrap();
    lp.create_event(h, t, &w, secs(0), on(x)).unwrap();
    lp.changes(x, secs(1));
    lp.reach_time(secs(2), &mut w).unwrap();
    assert!(w.log.is_empty());
    lp.trigger(x, secs(3));
    lp.reach_time(secs(5), &mut w).unwrap();
    lp.trigger(x, secs(6));
    lp.reach_time(secs(7), &mut w).unwrap();
    assert_eq!(log(&w), vec![("trig", 3), ("trig", 6)]);
}

#[test]
fn once_is_re_predicted_by_changes_until_it_has_run() {
    let (mut lp, mut w) = setup();
    let h = probe(
        &mut lp,
        "once",
        TriggerType::Once,
        Predict::After(secs(10)),
        None,
    );
    let t = lp.spawn_entity().unwrap();
    let x = lp.spawn_entity().unwrap();
    let ev = lp.create_event(h, t, &w, secs(0), on(x)).unwrap();
    assert_eq!(lp.event(ev).map(|e| e.time()), Some(secs(10)));
    lp.changes(x, secs(2));
    lp.reach_time(secs(11), &mut w).unwrap();
    assert!(w.log.is_empty());
    assert_eq!(
        lp.event(ev).map(|e| (e.time(), e.last_changed())),
        Some((secs(12), secs(2)))
    );
    lp.reach_time(secs(12), &mut w).unwrap();
    lp.changes(x, secs(13));
    lp.reach_time(secs(40), &mut w).unwrap();
    assert_eq!(log(&w), vec![("once", 12)]);
    assert!(lp.event(ev).is_none());
}

#[test]
fn a_first_prediction_of_min_makes_the_event_obsolete() {
    let (mut lp, w) = setup();
    let h = probe(&mut lp, "never", TriggerType::Once, Predict::Never, None);
    let t = lp.spawn_entity().unwrap();
    let ev = lp.create_event(h, t, &w, secs(1), Payload::new()).unwrap();
    assert!(lp.event(ev).is_none());
    assert_eq!(lp.queue().live(), 0);
}

#[test]
fn cancel_takes_effect_at_once_even_with_a_later_time() {
    let (mut lp, mut w) = setup();
    let h = probe(&mut lp, "e", TriggerType::Once, Predict::At, None);
    let t = lp.spawn_entity().unwrap();
    let ev = lp
        .create_event(h, t, &w, secs(1), Payload::new().with("n", 7_i64))
        .unwrap();
    let cancelled = lp.cancel(ev, secs(50)).unwrap();
    assert_eq!(cancelled.last_changed(), secs(50));
    assert_eq!(cancelled.payload().int("n"), Some(7));
    assert!(lp.cancel(ev, secs(50)).is_none());
    lp.reach_time(secs(100), &mut w).unwrap();
    assert!(w.log.is_empty());
    assert!(lp.queue().is_empty());
}

#[test]
fn an_event_can_cancel_another_due_at_the_same_time() {
    let (mut lp, mut w) = setup();
    let killer = probe(
        &mut lp,
        "killer",
        TriggerType::Once,
        Predict::At,
        Some(|lp, _, call| {
            let victim = call.payload.int("victim").unwrap();
            let target = lp.queue().sorted();
            assert_eq!(target.len(), 1, "victim {victim} still queued");
            lp.cancel(target[0], call.time);
        }),
    );
    let victim = probe(&mut lp, "victim", TriggerType::Once, Predict::At, None);
    let t = lp.spawn_entity().unwrap();
    lp.create_event(killer, t, &w, secs(1), Payload::new().with("victim", 1_i64))
        .unwrap();
    lp.create_event(victim, t, &w, secs(1), Payload::new())
        .unwrap();
    lp.reach_time(secs(1), &mut w).unwrap();
    assert_eq!(log(&w), vec![("killer", 1)]);
}

#[test]
fn an_event_whose_target_is_gone_is_skipped_not_run_on_a_reused_id() {
    let (mut lp, mut w) = setup();
    let h = probe(&mut lp, "e", TriggerType::Once, Predict::At, None);
    let old = lp.spawn_entity().unwrap();
    let ev = lp
        .create_event(h, old, &w, secs(1), Payload::new())
        .unwrap();
    lp.despawn_entity(old).unwrap();
    let new = lp.spawn_entity().unwrap();
    assert_eq!(new.index(), old.index());
    assert_eq!(lp.reach_time(secs(5), &mut w), Ok(0));
    assert!(w.log.is_empty());
    assert!(lp.event(ev).is_none());
    let err = lp.create_event(h, old, &w, secs(6), Payload::new());
    assert_eq!(err, Err(EventError::NoSuchEntity(old)));
}

#[test]
fn changes_that_keep_causing_events_stop_at_the_round_limit_with_an_error() {
    let (mut lp, mut w) = setup();
    // Each run changes its own dependency a little later: a chain that never settles.
    let h = probe(
        &mut lp,
        "chain",
        TriggerType::DependencyImmediately,
        Predict::Never,
        Some(|lp, _, call| {
            let x = call.payload.entity(common::DEPENDS_ON).unwrap();
            lp.changes(x, call.time.saturating_add(SimTime::DELTA));
        }),
    );
    let t = lp.spawn_entity().unwrap();
    let x = lp.spawn_entity().unwrap();
    lp.create_event(h, t, &w, secs(0), on(x)).unwrap();
    lp.set_limits(Limits {
        max_rounds: 5,
        ..Limits::default()
    });
    lp.changes(x, secs(1));
    let err = lp.reach_time(secs(10), &mut w).unwrap_err();
    assert_eq!(
        err,
        EventError::NotSettled {
            until: secs(10),
            rounds: 5
        }
    );
    assert_eq!(w.log.len(), 5);
    assert!(lp.now() < secs(10));
}

#[test]
fn a_change_no_later_than_the_last_one_in_a_frame_waits_for_the_next_frame() {
    let (mut lp, mut w) = setup();
    // Each run changes its own dependency at its own time: once per reach_time, no hang.
    let h = probe(
        &mut lp,
        "echo",
        TriggerType::DependencyImmediately,
        Predict::Never,
        Some(|lp, _, call| {
            let x = call.payload.entity(common::DEPENDS_ON).unwrap();
            lp.changes(x, call.time);
        }),
    );
    let t = lp.spawn_entity().unwrap();
    let x = lp.spawn_entity().unwrap();
    lp.create_event(h, t, &w, secs(0), on(x)).unwrap();
    lp.changes(x, secs(1));
    assert_eq!(lp.reach_time(secs(2), &mut w), Ok(1));
    assert_eq!(lp.queue().pending_changes(), 1);
    assert_eq!(lp.reach_time(secs(3), &mut w), Ok(1));
    assert_eq!(log(&w), vec![("echo", 1), ("echo", 1)]);
}

#[test]
fn events_that_create_events_at_their_own_time_stop_at_the_event_limit() {
    let (mut lp, mut w) = setup();
    let h = probe(
        &mut lp,
        "breeder",
        TriggerType::Once,
        Predict::At,
        Some(|lp, w, call| {
            let h = lp.handler_id("breeder").unwrap();
            lp.create_event(h, call.target, w, call.time, Payload::new())
                .unwrap();
        }),
    );
    let t = lp.spawn_entity().unwrap();
    lp.create_event(h, t, &w, secs(1), Payload::new()).unwrap();
    lp.set_limits(Limits {
        max_events: 100,
        ..Limits::default()
    });
    let err = lp.reach_time(secs(2), &mut w).unwrap_err();
    assert_eq!(
        err,
        EventError::TooManyEvents {
            until: secs(2),
            limit: 100
        }
    );
    assert_eq!(w.log.len(), 100);
    assert_eq!(lp.queue().len(), 1);
}

#[test]
fn handlers_are_found_by_name_and_unknown_names_are_errors() {
    let (mut lp, mut w) = setup();
    probe(&mut lp, "named", TriggerType::Once, Predict::At, None);
    let t = lp.spawn_entity().unwrap();
    lp.create_event_by_name("named", t, &w, secs(1), Payload::new())
        .unwrap();
    let err = lp.create_event_by_name("nope", t, &w, secs(1), Payload::new());
    assert_eq!(err, Err(EventError::NoSuchHandlerName("nope".into())));
    let dup = common::Probe {
        name: "named",
        trigger: TriggerType::Once,
        predict: Predict::At,
        action: None,
    };
    let err = lp.add_event_handler(std::rc::Rc::new(dup));
    assert_eq!(err, Err(EventError::DuplicateHandler("named".into())));
    lp.reach_time(secs(1), &mut w).unwrap();
    assert_eq!(log(&w), vec![("named", 1)]);
}

#[test]
fn a_dependency_event_keeps_its_payload_between_runs() {
    let (mut lp, mut w) = setup();
    let h = probe(
        &mut lp,
        "counter",
        TriggerType::DependencyImmediately,
        Predict::Never,
        Some(|_, w, call| {
            let n = call.payload.int("n").unwrap_or(0) + 1;
            call.payload.insert("n", n);
            w.log.push(("n", SimTime::from_secs(n as i32)));
        }),
    );
    let t = lp.spawn_entity().unwrap();
    let x = lp.spawn_entity().unwrap();
    let ev = lp.create_event(h, t, &w, secs(0), on(x)).unwrap();
    for s in 1..=3 {
        lp.changes(x, secs(s));
        lp.reach_time(secs(s), &mut w).unwrap();
    }
    assert_eq!(lp.event(ev).and_then(|e| e.payload().int("n")), Some(3));
}
