//! When scripts run, tick by tick, exactly as GEMSTEP times them (its game loop and round
//! manager on branch dev-next):
//! - script events (`onEvent`) are queued and run in the conditions phase of the next tick;
//! - `RoundInit` and `Start` are raised when a round is prepared and started, so they run in
//!   the round's first tick; `Tick` is raised after frames 0, 30, 60… of a round, so it runs
//!   in the round's ticks 2, 32, 62… (once per simulation second);
//! - `RoundStop` is raised when a round ends and runs in the first tick of the next round;
//! - `every N` counts the runs of its statement and fires on the first run more than N × 30
//!   runs after the last firing (runs 31, 62… for `every 1`); `runAtStart` also fires on run 0.

mod sim_common;

use sim_common::{load, num, project, run_seconds};
use sim_core::{Project, RoundPhase, SimTime, Simulation};

/// A recorder: `log` holds the tick of each firing, as decimal digits after a separator.
const RECORDER: &str = "# BLUEPRINT R
# PROGRAM DEFINE
addProp ticks Number 0
addProp starts Number 0
addProp inits Number 0
addProp stops Number 0
addProp tick Number 0
addProp firstTick Number 0
addProp firstStart Number 0
addProp every1 Number 0
addProp every1First Number 0
addProp atStart Number 0
addProp atStartFirst Number 0
addProp half Number 0
# PROGRAM UPDATE
prop tick add 1
every 1 [[
  prop every1 add 1
  ifExpr {{ agent.getProp('every1First').value == 0 }} [[
    exprPush {{ agent.getProp('tick').value }}
    propPop every1First
  ]]
]]
every 1 runAtStart [[
  prop atStart add 1
  ifExpr {{ agent.getProp('atStartFirst').value == 0 }} [[
    exprPush {{ agent.getProp('tick').value }}
    propPop atStartFirst
  ]]
]]
every 0.5 [[
  prop half add 1
]]
# PROGRAM EVENT
onEvent Tick [[
  prop ticks add 1
  ifExpr {{ agent.getProp('firstTick').value == 0 }} [[
    exprPush {{ agent.getProp('tick').value }}
    propPop firstTick
  ]]
]]
onEvent Start [[
  prop starts add 1
  exprPush {{ agent.getProp('tick').value }}
  propPop firstStart
]]
onEvent RoundInit [[
  prop inits add 1
]]
onEvent RoundStop [[
  prop stops add 1
]]
";

fn recorder() -> Simulation {
    load(&project(&[("R", RECORDER)], &[("R", "r", "")], false), 1)
}

fn with_rounds(mut p: Project, rounds: serde_json::Value, loops: bool) -> Project {
    p.rounds = serde_json::from_value(rounds).expect("rounds are valid");
    p.metadata.rounds_can_loop = loops;
    p
}

#[test]
fn tick_runs_once_per_second_from_the_second_tick() {
    let mut sim = recorder();
    run_seconds(&mut sim, 10);
    assert_eq!(sim.tick_count(), 300);
    assert_eq!(num(&sim, "R/r", "ticks"), 10.0, "ticks 2, 32, … 272");
    assert_eq!(num(&sim, "R/r", "firstTick"), 2.0);
    sim.step();
    sim.step();
    assert_eq!(num(&sim, "R/r", "ticks"), 11.0, "tick 302");
}

#[test]
fn advancing_answers_whether_anything_ran() {
    let mut sim = recorder();
    let first = sim_core::sim::tick_time(1);
    assert!(sim.advance_to(first), "the first tick runs");
    let hash = sim.state_hash();
    assert!(
        !sim.advance_to(first),
        "nothing is left to run at that time"
    );
    assert!(!sim.advance_to(SimTime::ZERO), "nor at an earlier one");
    assert_eq!(sim.state_hash(), hash);
    assert!(
        sim.advance_to(sim_core::sim::tick_time(3)),
        "two more ticks"
    );
    assert_eq!(sim.tick_count(), 3);
}

#[test]
fn start_and_round_init_run_once_in_the_first_tick() {
    let mut sim = recorder();
    assert_eq!(
        num(&sim, "R/r", "starts"),
        0.0,
        "nothing runs before the first tick"
    );
    sim.step();
    assert_eq!(num(&sim, "R/r", "starts"), 1.0);
    assert_eq!(num(&sim, "R/r", "firstStart"), 1.0);
    assert_eq!(
        num(&sim, "R/r", "inits"),
        1.0,
        "even a model without rounds"
    );
    run_seconds(&mut sim, 5);
    assert_eq!(num(&sim, "R/r", "starts"), 1.0);
    assert_eq!(num(&sim, "R/r", "inits"), 1.0);
    assert_eq!(num(&sim, "R/r", "stops"), 0.0);
}

#[test]
fn every_counts_runs_and_fires_after_more_than_its_frames() {
    let mut sim = recorder();
    run_seconds(&mut sim, 10);
    // every 1: runs 31, 62, … 279 of 300 (the update's tick counter reads run + 1).
    assert_eq!(num(&sim, "R/r", "every1First"), 32.0);
    assert_eq!(num(&sim, "R/r", "every1"), 9.0);
    // every 1 runAtStart: run 0, then 31, 62, … 279.
    assert_eq!(num(&sim, "R/r", "atStartFirst"), 1.0);
    assert_eq!(num(&sim, "R/r", "atStart"), 10.0);
    // every 0.5: 15 frames, so runs 16, 32, … 288.
    assert_eq!(num(&sim, "R/r", "half"), 18.0);
}

#[test]
fn a_nested_every_counts_only_the_runs_that_reach_it() {
    let bp = "# BLUEPRINT N
# PROGRAM DEFINE
addProp tick Number 0
addProp fired Number 0
# PROGRAM UPDATE
prop tick add 1
ifExpr {{ agent.getProp('tick').value % 2 == 0 }} [[
  every 1 [[
    prop fired add 1
  ]]
]]
";
    let mut sim = load(&project(&[("N", bp)], &[("N", "n", "")], false), 1);
    run_seconds(&mut sim, 4);
    // Reached on even ticks only: 60 runs in 120 ticks, firing on run 31.
    assert_eq!(num(&sim, "N/n", "fired"), 1.0);
    run_seconds(&mut sim, 5);
    assert_eq!(num(&sim, "N/n", "fired"), 2.0, "run 62 is tick 126");
}

#[test]
fn an_every_of_zero_or_less_fires_on_every_run_after_the_first() {
    let bp = "# BLUEPRINT Z
# PROGRAM DEFINE
addProp n Number 0
# PROGRAM UPDATE
every 0 [[
  prop n add 1
]]
";
    let mut sim = load(&project(&[("Z", bp)], &[("Z", "z", "")], false), 1);
    run_seconds(&mut sim, 1);
    assert_eq!(num(&sim, "Z/z", "n"), 29.0);
}

#[test]
fn a_rounds_end_stops_the_ticks_until_the_next_round_and_round_stop_runs_then() {
    let rounds = serde_json::json!([
        {"id": "r1", "label": "One", "time": 2, "intro": "Go!", "outtro": "Done", "initScript": "", "endScript": ""},
        {"id": "r2", "label": "Two", "time": 3, "intro": "Again", "outtro": "Bye", "initScript": "", "endScript": ""}
    ]);
    let p = with_rounds(
        project(&[("R", RECORDER)], &[("R", "r", "")], false),
        rounds,
        false,
    );
    let mut sim = load(&p, 1);
    run_seconds(&mut sim, 10);
    assert_eq!(sim.tick_count(), 60, "round one's 2 s, then the ticks wait");
    assert_eq!(sim.round().phase, RoundPhase::Over);
    assert_eq!(
        num(&sim, "R/r", "stops"),
        0.0,
        "RoundStop waits for the next tick"
    );
    assert_eq!(num(&sim, "R/r", "ticks"), 2.0, "ticks 2 and 32");
    assert!(sim.next_round());
    assert!(!sim.next_round(), "round two is running");
    assert_eq!(sim.round().number, 2);
    sim.step();
    assert_eq!(sim.tick_count(), 61);
    assert_eq!(num(&sim, "R/r", "stops"), 1.0);
    assert_eq!(num(&sim, "R/r", "inits"), 2.0);
    assert_eq!(num(&sim, "R/r", "starts"), 2.0);
    assert_eq!(
        num(&sim, "R/r", "firstStart"),
        61.0,
        "Start again at round two's first tick"
    );
    sim.step();
    assert_eq!(
        num(&sim, "R/r", "ticks"),
        3.0,
        "Tick counts from the round's start"
    );
    run_seconds(&mut sim, 100);
    assert_eq!(sim.tick_count(), 150);
    assert_eq!(sim.round().phase, RoundPhase::Done);
    assert!(!sim.next_round(), "no round after the last");
    sim.step();
    assert_eq!(sim.tick_count(), 150, "done: nothing runs");
    let dialogs: Vec<&str> = sim.dialogs().iter().map(|d| d.text.as_str()).collect();
    assert_eq!(
        dialogs,
        [
            "Round 1: Go!",
            "End Round 1: Done",
            "Round 2: Again",
            "End Round 2: Bye"
        ]
    );
    sim.reset();
    assert_eq!(sim.round().phase, RoundPhase::Running);
    assert_eq!(sim.round().number, 1);
}

#[test]
fn looping_rounds_come_round_again_and_count_on() {
    let rounds = serde_json::json!([
        {"id": "r1", "label": "", "time": 1, "intro": "Look", "outtro": "", "initScript": "", "endScript": ""}
    ]);
    let p = with_rounds(
        project(&[("R", RECORDER)], &[("R", "r", "")], false),
        rounds,
        true,
    );
    let mut sim = load(&p, 1);
    for _ in 0..3 {
        run_seconds(&mut sim, 100);
        assert_eq!(sim.round().phase, RoundPhase::Over);
        assert!(sim.next_round());
    }
    assert_eq!(
        sim.round().label,
        "r1",
        "a round without a label shows its id"
    );
    let last = sim.dialogs().last().map(|d| d.text.clone());
    assert_eq!(last.as_deref(), Some("Round 4: Look"));
}

#[test]
fn stop_round_ends_the_round_at_the_end_of_that_tick() {
    let rounds = serde_json::json!([
        {"id": "r1", "label": "One", "time": 100, "intro": "", "outtro": "", "initScript": "", "endScript": ""},
        {"id": "r2", "label": "Two", "time": 100, "intro": "", "outtro": "", "initScript": "", "endScript": ""}
    ]);
    let stopper = "# BLUEPRINT S
# PROGRAM DEFINE
addFeature Timer
# PROGRAM UPDATE
every 1 [[
  featCall Timer stopRound
]]
";
    let p = with_rounds(
        project(&[("S", stopper)], &[("S", "s", "")], false),
        rounds,
        false,
    );
    let mut sim = load(&p, 1);
    run_seconds(&mut sim, 10);
    assert_eq!(sim.tick_count(), 32, "run 31 of the every is tick 32");
    assert!(sim.next_round());
    run_seconds(&mut sim, 10);
    assert_eq!(
        sim.tick_count(),
        63,
        "the every counts on: run 62 is tick 63"
    );
    assert_eq!(sim.round().phase, RoundPhase::Done);
}
