//! Controller inputs: frames from students' devices make puppets of controllable blueprints,
//! move them (their Movement does not), and let them go after 120 ticks without a frame or
//! when the device leaves; frames are applied in one order whatever order they arrived in,
//! harmful ones are refused with a reason and counted, and a random input log drives agents
//! identically in two runs and across a snapshot.

mod sim_common;

use proptest::prelude::*;
use sim_common::{count, load, num, project, prop};
use sim_core::{
    sim::{MAX_MARKERS_PER_TICK, PUPPET_TIMEOUT_TICKS},
    InputFrame, InputRefusal, Marker, Project, Simulation,
};

const FISH: &str = "# BLUEPRINT Fish
# TAG isCharControllable true
# PROGRAM DEFINE
addFeature Movement
featProp Movement movementType setTo 'wander'
addProp made Number 0
# PROGRAM INIT
prop made setTo 1
";
const ROCK: &str = "# BLUEPRINT Rock\n# PROGRAM DEFINE\naddProp n Number 0\n";

fn model() -> Project {
    project(
        &[("Fish", FISH), ("Rock", ROCK)],
        &[("Rock", "r", "")],
        false,
    )
}

fn frame(device: &str, markers: &[(&str, f64, f64)]) -> InputFrame {
    InputFrame::Markers {
        device: device.into(),
        blueprint: "Fish".into(),
        markers: markers
            .iter()
            .map(|(id, x, y)| Marker {
                id: (*id).into(),
                x: *x,
                y: *y,
            })
            .collect(),
    }
}

#[test]
fn a_marker_makes_a_puppet_that_only_its_frames_move_and_that_goes_when_unseen() {
    let mut sim = load(&model(), 1);
    assert_eq!(sim.controllable_blueprints(), ["Fish"]);
    sim.send_input(frame("s1", &[("a", 0.25, -0.25)])).unwrap();
    assert_eq!(count(&sim, "Fish"), 0, "frames wait for the next tick");
    sim.step();
    assert_eq!(count(&sim, "Fish"), 1);
    let path = "Fish/s1 a";
    assert_eq!(
        num(&sim, path, "made"),
        1.0,
        "its define and init programs ran"
    );
    assert_eq!(
        (num(&sim, path, "x"), num(&sim, path, "y")),
        (200.0, -200.0)
    );
    for _ in 0..10 {
        sim.step();
    }
    assert_eq!(
        (num(&sim, path, "x"), num(&sim, path, "y")),
        (200.0, -200.0),
        "Movement leaves a puppet alone"
    );
    sim.send_input(frame("s1", &[("a", -0.5, 0.5)])).unwrap();
    sim.step();
    assert_eq!(
        (num(&sim, path, "x"), num(&sim, path, "y")),
        (-400.0, 400.0)
    );
    assert_eq!(
        prop(&sim, path, "trackerId").as_text(),
        Some("s1:a".to_string())
    );
    for _ in 0..PUPPET_TIMEOUT_TICKS - 1 {
        sim.step();
    }
    assert_eq!(
        count(&sim, "Fish"),
        1,
        "still there one tick before the timeout"
    );
    sim.step();
    assert_eq!(count(&sim, "Fish"), 0, "gone after 120 ticks unseen");
    assert_eq!(count(&sim, "Rock"), 1);
}

#[test]
fn a_device_that_leaves_takes_its_puppets_and_no_others() {
    let mut sim = load(&model(), 1);
    sim.send_input(frame("s1", &[("a", 0.0, 0.0), ("b", 0.1, 0.1)]))
        .unwrap();
    sim.send_input(frame("s2", &[("a", -0.1, 0.0)])).unwrap();
    sim.step();
    assert_eq!(count(&sim, "Fish"), 3);
    sim.send_input(InputFrame::Leave {
        device: "s1".into(),
    })
    .unwrap();
    sim.step();
    assert_eq!(count(&sim, "Fish"), 1);
    assert!(sim.lookup("Fish/s2 a").is_some());
}

#[test]
fn frames_apply_in_one_order_whatever_order_they_arrive_in() {
    let frames = [
        frame("s2", &[("z", 0.1, 0.2), ("a", -0.3, 0.0)]),
        frame("s1", &[("m", 0.4, 0.4)]),
        frame("s3", &[("q", 0.0, -0.4)]),
    ];
    let mut one = load(&model(), 5);
    let mut other = load(&model(), 5);
    for f in &frames {
        one.send_input(f.clone()).unwrap();
    }
    for f in frames.iter().rev() {
        other.send_input(f.clone()).unwrap();
    }
    one.step();
    other.step();
    assert_eq!(one.state_hash(), other.state_hash());
}

#[test]
fn harmful_frames_are_refused_counted_and_change_nothing() {
    let mut sim = load(&model(), 1);
    sim.step();
    let before = sim.state_hash();
    let rock = InputFrame::Markers {
        device: "s1".into(),
        blueprint: "Rock".into(),
        markers: vec![],
    };
    assert!(matches!(sim.send_input(rock), Err(InputRefusal::NotControllable(b)) if b == "Rock"));
    assert!(matches!(
        sim.send_input(frame("s1", &[("a", f64::NAN, 0.0)])),
        Err(InputRefusal::NotFinite(_))
    ));
    let many: Vec<(String, f64, f64)> = (0..101).map(|i| (format!("m{i}"), 0.0, 0.0)).collect();
    let many: Vec<(&str, f64, f64)> = many
        .iter()
        .map(|(id, x, y)| (id.as_str(), *x, *y))
        .collect();
    assert_eq!(
        sim.send_input(frame("s1", &many)),
        Err(InputRefusal::TooManyMarkers(101))
    );
    assert_eq!(
        sim.send_input(frame(&"d".repeat(65), &[("a", 0.0, 0.0)])),
        Err(InputRefusal::DeviceName)
    );
    assert!(matches!(
        sim.send_input(frame("s1", &[("a", 0.0, 0.0), ("a", 0.1, 0.0)])),
        Err(InputRefusal::MarkerId(_))
    ));
    let hundred = &many[..100];
    for d in 0..MAX_MARKERS_PER_TICK / 100 {
        sim.send_input(frame(&format!("d{d}"), hundred)).unwrap();
    }
    assert_eq!(
        sim.send_input(frame("late", &[("a", 0.0, 0.0)])),
        Err(InputRefusal::TickFull)
    );
    assert_eq!(sim.inputs_refused(), 6);
    assert_eq!(
        sim.state_hash(),
        before,
        "refusals and waiting frames change nothing"
    );
}

/// One tick's frames: (device number, whether it leaves, its markers as (id number, x, y)).
type TickFrames = Vec<(u8, bool, Vec<(u8, f64, f64)>)>;

/// A random input log: per tick, some frames (device, markers) or a leave.
fn log() -> impl Strategy<Value = Vec<TickFrames>> {
    let markers = prop::collection::vec((0u8..4, -0.6f64..0.6, -0.6f64..0.6), 0..4);
    let frames = prop::collection::vec((0u8..3, prop::bool::weighted(0.1), markers), 0..3);
    prop::collection::vec(frames, 1..40)
}

fn drive(sim: &mut Simulation, tick_frames: &TickFrames) {
    for (device, leave, markers) in tick_frames {
        let device = format!("s{device}");
        let frame = if *leave {
            InputFrame::Leave { device }
        } else {
            let mut seen = Vec::new();
            let markers = markers
                .iter()
                .filter(|(id, _, _)| {
                    !seen.contains(id) && {
                        seen.push(*id);
                        true
                    }
                })
                .map(|(id, x, y)| Marker {
                    id: format!("m{id}"),
                    x: *x,
                    y: *y,
                })
                .collect();
            InputFrame::Markers {
                device,
                blueprint: "Fish".into(),
                markers,
            }
        };
        sim.send_input(frame).unwrap();
    }
    sim.step();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn a_random_input_log_drives_agents_identically_in_two_runs_and_across_a_snapshot(log in log(), cut in 0usize..40) {
        let project = model();
        let mut one = load(&project, 9);
        let mut two = load(&project, 9);
        let cut = cut.min(log.len());
        for tick in &log[..cut] {
            drive(&mut one, tick);
            drive(&mut two, tick);
        }
        let mut resumed = Simulation::restore(&project, &two.snapshot()).unwrap();
        for tick in &log[cut..] {
            drive(&mut one, tick);
            drive(&mut resumed, tick);
        }
        prop_assert_eq!(one.state_hash(), resumed.state_hash());
    }
}

#[test]
fn a_recorded_run_replays_bit_for_bit_from_its_project_and_seed() {
    let project = model();
    let mut sim = load(&project, 4);
    let rock = sim.lookup("Rock/r").unwrap();
    for t in 0..90u32 {
        if t % 10 == 0 {
            sim.send_input(frame("s1", &[("a", f64::from(t) / 200.0, 0.0)]))
                .unwrap();
        }
        if t == 30 {
            sim.move_agent(rock, 10.0, 20.0).unwrap();
            sim.set_prop(rock, "n", sim_core::Value::Number(5.0))
                .unwrap();
            sim.create_agent("Rock", -50.0, 5.0).unwrap();
        }
        if t == 60 {
            sim.queue_message(rock, sim_core::QueuePhase::Update, "prop n add 2")
                .unwrap();
        }
        sim.step();
    }
    let log = sim.input_log().entries().to_vec();
    assert_eq!(log.len(), 9 + 3 + 1);
    let replayed = sim_core::sim::replay(&project, 4, &log, sim.tick_count()).unwrap();
    assert_eq!(replayed.tick_count(), sim.tick_count());
    assert_eq!(replayed.state_hash(), sim.state_hash());
    assert_eq!(num(&replayed, "Rock/r", "n"), 7.0);
}

#[test]
fn a_script_can_tell_a_puppet_from_an_agent_that_moves_itself() {
    let fish = "# BLUEPRINT Fish\n# TAG isCharControllable true\n# PROGRAM DEFINE\naddProp driven Boolean false\n# PROGRAM UPDATE\nifExpr {{ agent.isPuppet }} [[\n  prop driven setTo true\n]]\n";
    let project = project(&[("Fish", fish)], &[("Fish", "own", "")], false);
    let mut sim = load(&project, 1);
    sim.send_input(InputFrame::Markers {
        device: "s1".into(),
        blueprint: "Fish".into(),
        markers: vec![Marker {
            id: "a".into(),
            x: 0.0,
            y: 0.0,
        }],
    })
    .unwrap();
    sim.step();
    sim.step();
    assert_eq!(prop(&sim, "Fish/s1 a", "driven").as_bool(), Some(true));
    assert_eq!(prop(&sim, "Fish/own", "driven").as_bool(), Some(false));
}

#[test]
fn while_paused_frames_make_move_and_let_go_of_characters_at_once_and_a_replay_agrees() {
    let mut sim = load(&model(), 1);
    sim.send_input(frame("s1", &[("a", 0.25, -0.25)])).unwrap();
    sim.step();
    let tick = sim.tick_count();
    let path = "Fish/s1 a";
    // No tick runs: the frame moves the puppet and makes the new marker's character.
    sim.send_input(frame("s1", &[("a", -0.5, 0.5), ("b", 0.0, 0.0)]))
        .unwrap();
    sim.apply_inputs_now();
    assert_eq!(
        (num(&sim, path, "x"), num(&sim, path, "y")),
        (-400.0, 400.0)
    );
    assert_eq!(count(&sim, "Fish"), 2, "the new marker's character is made");
    // A device that leaves takes its characters with it, still without a tick.
    sim.send_input(InputFrame::Leave {
        device: "s1".into(),
    })
    .unwrap();
    sim.apply_inputs_now();
    assert_eq!(count(&sim, "Fish"), 0);
    assert_eq!(sim.tick_count(), tick, "no tick ran");
    let hash = sim.state_hash();
    // Each application is an input of the log: a replay of the run reaches the same state.
    let log = sim.input_log().entries().to_vec();
    let mut again = load(&model(), 1);
    again.replay_to(&log, sim.tick_count());
    assert_eq!(again.state_hash(), hash);
    // Nothing waiting: nothing recorded.
    let logged = sim.input_log().entries().len();
    sim.apply_inputs_now();
    assert_eq!(sim.input_log().entries().len(), logged);
}
