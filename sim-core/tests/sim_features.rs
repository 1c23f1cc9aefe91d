//! Rounds, graphing, vision, costume and global props behave as the model says.

mod sim_common;

use sim_common::{count, load, num, project, prop, run_seconds};
use sim_core::{Simulation, Value};

#[test]
fn a_meter_follows_its_prop_and_a_graph_samples_it() {
    let bp = "# BLUEPRINT G
# PROGRAM DEFINE
addProp energy Number 80
prop energy setMin 0
prop energy setMax 100
addFeature Graphing
featCall Graphing bindMeterTo energy
featCall Graphing bindGraphTo energy
# PROGRAM UPDATE
every 1 [[
  prop energy sub 10
]]
";
    let mut sim = load(&project(&[("G", bp)], &[("G", "g", "")], false), 1);
    run_seconds(&mut sim, 4);
    let id = sim.lookup("G/g").unwrap();
    let view = sim.agent(id).unwrap();
    let graph = view.graph().expect("has Graphing");
    assert_eq!(graph.meter, Some(0.5), "50 of 0..100");
    // GEMSTEP's default of 30 frames: sampled at frames 0, 30, 60 and 90 (ticks 1, 31, 61
    // and 91); the every fires at ticks 32, 63 and 94.
    assert_eq!(graph.series, &[80.0, 80.0, 70.0, 60.0]);
}

/// The points the graph of a character has after `ticks` ticks: `define` are its Graphing
/// lines (after `addFeature Graphing`), `update` its update lines, which run after its `n`
/// counts the tick (from 1).
fn graph_after(define: &str, update: &str, ticks: u64) -> Vec<f64> {
    let bp = format!(
        "# BLUEPRINT G
# PROGRAM DEFINE
addProp n Number 0
addFeature Graphing
{define}
# PROGRAM UPDATE
prop n add 1
{update}
"
    );
    let mut sim = load(&project(&[("G", &bp)], &[("G", "g", "")], false), 1);
    for _ in 0..ticks {
        sim.step();
    }
    let id = sim.lookup("G/g").unwrap();
    let view = sim.agent(id).unwrap();
    view.graph().expect("has Graphing").series.to_vec()
}

#[test]
fn a_graph_frequency_counts_frames_from_the_rounds_first_and_is_30_if_left_out() {
    // n is the tick's number when the graph reads it (frame 0 is tick 1).
    let bound = |define: &str, ticks| graph_after(define, "", ticks);
    assert_eq!(
        bound("featCall Graphing bindGraphTo n", 100),
        [1.0, 31.0, 61.0, 91.0],
        "every 30 frames, from frame 0"
    );
    assert_eq!(
        bound("featProp Graphing graphProp setTo 'n'", 100),
        [1.0, 31.0, 61.0, 91.0],
        "graphFrequency starts at 30"
    );
    assert_eq!(
        bound("featCall Graphing bindGraphTo n 10", 35),
        [1.0, 11.0, 21.0, 31.0]
    );
    assert_eq!(
        bound(
            "featProp Graphing graphProp setTo 'n'\nfeatProp Graphing graphFrequency setTo 60",
            130
        ),
        [1.0, 61.0, 121.0]
    );
    assert_eq!(
        bound("featCall Graphing bindGraphTo n 2.5", 12),
        [1.0, 6.0, 11.0],
        "the frames 2.5 divides, as JavaScript's % finds them"
    );
    assert_eq!(
        bound("featCall Graphing bindGraphTo n 0", 100),
        Vec::<f64>::new(),
        "0: never on a timer"
    );
    assert_eq!(
        bound("featProp Graphing graphProp setTo 'missing'", 40),
        [0.0, 0.0],
        "a prop the character lacks graphs 0"
    );
}

#[test]
fn a_new_graph_value_adds_a_point_on_the_frames_the_timer_does_not_sample() {
    // graphValue follows n in steps of 10: it changes on ticks 10, 20, 30…
    let every_tenth = "exprPush {{ Math.floor(agent.getProp('n').value / 10) * 10 }}
featPropPop Graphing graphValue";
    assert_eq!(
        graph_after("", every_tenth, 45),
        [10.0, 20.0, 30.0, 40.0],
        "with nothing bound, each change is a point (not the 0 it starts at)"
    );
    assert_eq!(
        graph_after("featCall Graphing bindGraphTo n 0", every_tenth, 45),
        [10.0, 20.0, 30.0, 40.0],
        "graphFrequency 0 leaves only graphValue's changes"
    );
    // Frame 30 (tick 31) samples n; the change on tick 31 is plotted on tick 32, the
    // next frame the timer does not take.
    assert_eq!(
        graph_after(
            "featProp Graphing graphProp setTo 'n'",
            "exprPush {{ Math.floor((agent.getProp('n').value - 1) / 10) * 10 }}
featPropPop Graphing graphValue",
            45
        ),
        [1.0, 10.0, 20.0, 31.0, 30.0, 40.0],
        "a bound graph's samples and graphValue's changes, each on a frame of its own"
    );
}

#[test]
fn the_stage_sees_the_costume_label_and_meter_a_script_set() {
    let bp = "# BLUEPRINT G
# PROGRAM DEFINE
useFeature Costume
featCall Costume setCostume 'fish.json' 2
featProp Costume flipY setTo true
featProp Costume scale setTo 3
useFeature Physics
featProp Physics scale setTo 1.5
addFeature Graphing
featProp Graphing text setTo 42
featProp Graphing meter setTo 0.25
featProp Graphing meterColor setTo 65280
";
    let sim = load(&project(&[("G", bp)], &[("G", "g", "")], false), 1);
    let view = sim.agent(sim.lookup("G/g").unwrap()).unwrap();
    let look = view.costume();
    assert_eq!(look.name, "fish.json");
    assert_eq!((look.frame, look.flip_x, look.flip_y), (2.0, false, true));
    assert_eq!(look.scale, 1.5, "Physics' scale wins over Costume's");
    let graph = view.graph().expect("has Graphing");
    assert_eq!(
        graph.text, "42",
        "a number set as the label reads as its text"
    );
    assert_eq!((graph.meter, graph.meter_color), (Some(0.25), 0x00ff00));
}

#[test]
fn population_counts_and_averages_a_prop() {
    let fish = "# BLUEPRINT Fish\n# PROGRAM DEFINE\naddProp energy Number 10\n";
    let report = "# BLUEPRINT R
# PROGRAM DEFINE
addFeature Population
addProp avg Number 0
# PROGRAM EVENT
onEvent Tick [[
  featCall Population countCharacterProp 'Fish' 'energy'
  exprPush {{ agent.getFeatProp('Population', 'avg').value }}
  propPop avg
]]
";
    let p = project(
        &[("Fish", fish), ("R", report)],
        &[
            ("Fish", "a", "prop energy setTo 20"),
            ("Fish", "b", "prop energy setTo 40"),
            ("R", "r", ""),
        ],
        false,
    );
    let mut sim = load(&p, 1);
    sim.step();
    sim.step();
    assert_eq!(num(&sim, "R/r", "avg"), 30.0, "Tick first runs in tick 2");
    assert_eq!(prop(&sim, "R/r", "max"), Value::Number(40.0));
}

#[test]
fn a_prop_summed_over_no_agents_is_zero_not_minus_zero() {
    // GEMSTEP clears the counts to 0 when there are no characters; a plain float sum of
    // nothing would give -0, which a meter shows as "-0".
    let report = "# BLUEPRINT R
# PROGRAM DEFINE
addFeature Population
addProp total Number 5
# PROGRAM UPDATE
featCall Population countCharacterProp 'Fish' 'energy'
exprPush {{ agent.getFeatProp('Population', 'sum').value }}
propPop total
";
    let fish = "# BLUEPRINT Fish\n# PROGRAM DEFINE\naddProp energy Number 10\n";
    let mut sim = load(
        &project(&[("Fish", fish), ("R", report)], &[("R", "r", "")], false),
        1,
    );
    sim.step();
    let total = num(&sim, "R/r", "total");
    assert_eq!(total.to_bits(), 0.0_f64.to_bits(), "{total}");
}

#[test]
fn population_aggregates_see_every_change_made_earlier_in_the_same_tick() {
    // Each Sp adds 1 to its own s and then asks for the sum: the first in slot order sees
    // 1, the second 2 (its own and the first's), as a fresh scan on every call gives; an
    // answer kept from an earlier call must not hide a change in between.
    let sp = "# BLUEPRINT Sp
# PROGRAM DEFINE
addFeature Population
addProp s Number 0
addProp seen Number 0
addProp most Number 0
# PROGRAM UPDATE
featCall Population countAgentProp 'Sp' 's'
prop s add 1
featCall Population countAgentProp 'Sp' 's'
exprPush {{ agent.getFeatProp('Population', 'sum').value }}
propPop seen
featCall Population maxAgentProp 'Sp' 's'
exprPush {{ agent.getFeatProp('Population', 'max').value }}
propPop most
";
    let names = ["a", "b", "c", "d"];
    let instances: Vec<_> = names.iter().map(|n| ("Sp", *n, "")).collect();
    let mut sim = load(&project(&[("Sp", sp)], &instances, false), 1);
    let seen = |sim: &Simulation| -> Vec<f64> {
        names
            .iter()
            .map(|n| num(sim, &format!("Sp/{n}"), "seen"))
            .collect()
    };
    sim.step();
    assert_eq!(seen(&sim), [1.0, 2.0, 3.0, 4.0]);
    sim.step();
    assert_eq!(seen(&sim), [5.0, 6.0, 7.0, 8.0]);
    assert_eq!(num(&sim, "Sp/a", "most"), 2.0);
}

#[test]
fn sees_fires_only_for_agents_inside_the_vision_cone() {
    let seer = "# BLUEPRINT Eye
# PROGRAM DEFINE
addFeature Vision
addFeature Movement
featProp Vision viewDistance setTo 100
featProp Vision viewAngle setTo 90
addProp seen Number 0
# PROGRAM UPDATE
when Eye sees Dot [[
  prop Eye.seen add 1
]]
";
    let dot = "# BLUEPRINT Dot\n# PROGRAM DEFINE\naddFeature Physics\n";
    // The eye looks east (direction 0): one dot ahead, one behind, one too far.
    let p = project(
        &[("Eye", seer), ("Dot", dot)],
        &[
            ("Eye", "e", ""),
            ("Dot", "ahead", "prop x setTo 50"),
            ("Dot", "behind", "prop x setTo -50"),
            ("Dot", "far", "prop x setTo 300"),
        ],
        false,
    );
    let mut sim = load(&p, 1);
    run_seconds(&mut sim, 1);
    assert_eq!(num(&sim, "Eye/e", "seen"), 30.0, "one dot, every tick");
}

#[test]
fn costumes_glow_fades_and_global_props_are_shared() {
    let bp = "# BLUEPRINT K
# PROGRAM DEFINE
addFeature Costume
addFeature Global
featCall Costume setCostume 'fish.json' 2
featCall Costume setGlow 1
featCall Global addGlobalProp total Number 0
# PROGRAM UPDATE
every 1 [[
  featCall Global globalProp total add 1
]]
";
    let mut sim = load(
        &project(&[("K", bp)], &[("K", "a", ""), ("K", "b", "")], false),
        1,
    );
    let id = sim.lookup("K/a").unwrap();
    let costume = sim.agent(id).unwrap().costume();
    assert_eq!(
        (&*costume.name, costume.frame, costume.glow),
        ("fish.json", 2.0, 1.0)
    );
    run_seconds(&mut sim, 3);
    assert_eq!(
        sim.agent(id).unwrap().costume().glow,
        0.0,
        "a 1 s glow is gone after 3 s"
    );
    assert_eq!(
        sim.globals(),
        vec![("total".to_string(), Value::Number(4.0))],
        "two agents, twice (ticks 32 and 63)"
    );
    assert_eq!(count(&sim, "K"), 2);
}

#[test]
fn a_costume_with_nothing_to_do_wakes_when_its_glow_or_colour_is_set_later() {
    // For two seconds the costume has no glow, colour or scale, so its update sleeps; then
    // a timer sets a glow and a colour number, which must still fade and tint.
    let bp = "# BLUEPRINT K
# PROGRAM DEFINE
addFeature Costume
featCall Costume setCostume 'fish.json' 0
# PROGRAM UPDATE
every 2 [[
  featProp Costume glow setTo 5
  featProp Costume color setTo 65280
]]
";
    let mut sim = load(&project(&[("K", bp)], &[("K", "a", "")], false), 1);
    let id = sim.lookup("K/a").unwrap();
    run_seconds(&mut sim, 1);
    let costume = sim.agent(id).unwrap().costume();
    assert_eq!((costume.glow, costume.color), (0.0, None));
    run_seconds(&mut sim, 3);
    let costume = sim.agent(id).unwrap().costume();
    assert!(
        costume.glow > 3.5 && costume.glow < 5.0,
        "set at 2 s, fading since: {}",
        costume.glow
    );
    assert_eq!(
        costume.color,
        Some(0x00ff00),
        "the colour number tints it green"
    );
}

#[test]
fn the_profile_counts_time_with_the_injected_timer() {
    use std::sync::atomic::{AtomicU64, Ordering};
    static TICKS: AtomicU64 = AtomicU64::new(0);
    fn counter() -> u64 {
        TICKS.fetch_add(1, Ordering::Relaxed)
    }
    // An update statement to time (a blueprint with nothing to run costs, and counts, nothing).
    let bp = "# BLUEPRINT P\n# PROGRAM DEFINE\naddFeature Physics\n# PROGRAM UPDATE\nprop x add 0\nwhen P touches P [[\n  prop x add 0\n]]\n";
    let mut sim: Simulation = load(
        &project(&[("P", bp)], &[("P", "a", ""), ("P", "b", "")], false),
        1,
    );
    sim.set_timer(counter);
    run_seconds(&mut sim, 1);
    let profile = sim.profile();
    assert_eq!(profile.blueprints.len(), 1);
    // The timer is read once as the run of P's agents starts and once as it ends, so each
    // of the 30 update passes spans at least one count.
    assert!(
        profile.blueprints[0] >= 30,
        "each of 30 update passes took a count"
    );
    assert_eq!(profile.rules.len(), 1);
    assert!(profile.rules[0] >= 30);
    assert_eq!(sim.rules(), vec!["P: P touches P".to_string()]);
}

#[test]
fn loading_reports_every_compile_error_with_its_place() {
    let bad =
        "# BLUEPRINT Bad\n# PROGRAM DEFINE\nprop energy add 1\nfeatProp Costume glow setTo 1\n";
    let p = project(&[("Bad", bad)], &[("Bad", "b", "")], false);
    match Simulation::load(&p, 1) {
        Err(sim_core::sim::LoadErrors::Compile(errors)) => {
            assert_eq!(errors.len(), 2, "{errors:?}");
            assert_eq!((errors[0].script.as_str(), errors[0].pos.line), ("Bad", 3));
            assert_eq!(errors[1].pos.line, 4);
        }
        Err(other) => panic!("not a compile error: {other}"),
        Ok(_) => panic!("a broken model loaded"),
    }
}

#[test]
fn puppet_and_captive_agents_do_not_move_by_themselves() {
    use sim_core::InputMode;
    let bp = "# BLUEPRINT M\n# PROGRAM DEFINE\naddFeature Movement\nfeatCall Movement setMovementType 'edgeToEdge' 3 0\n";
    let mut sim = load(
        &project(
            &[("M", bp)],
            &[("M", "free", ""), ("M", "puppet", ""), ("M", "held", "")],
            false,
        ),
        1,
    );
    let id = |sim: &Simulation, name: &str| sim.lookup(&format!("M/{name}")).unwrap();
    let (puppet, held) = (id(&sim, "puppet"), id(&sim, "held"));
    sim.set_input_mode(puppet, InputMode::Puppet).unwrap();
    sim.set_captive(held, true).unwrap();
    run_seconds(&mut sim, 1);
    assert_eq!(num(&sim, "M/free", "x"), 90.0);
    assert_eq!(num(&sim, "M/puppet", "x"), 0.0);
    assert_eq!(num(&sim, "M/held", "x"), 0.0);
}

#[test]
fn debug_lines_name_their_agent_and_source_line() {
    let bp = "# BLUEPRINT D\n# PROGRAM DEFINE\naddProp n Number 1\ndbgOut 'n is' {{ agent.getProp('n').value }}\n";
    let sim = load(&project(&[("D", bp)], &[("D", "d", "")], false), 1);
    let entry = sim
        .log()
        .iter()
        .find(|e| e.message.contains("n is"))
        .expect("a debug line");
    assert_eq!(entry.message, "d: n is 1");
    assert_eq!(
        (entry.blueprint.as_str(), entry.line, entry.col),
        ("D", 4, 1)
    );
}

#[test]
fn a_seeker_heads_for_the_nearest_target_and_catches_it() {
    let hunter = "# BLUEPRINT Hunter
# PROGRAM DEFINE
addFeature Movement
addFeature Physics
featCall Movement seekNearest Prey
featProp Movement distance setTo 4
addProp caught Number 0
# PROGRAM UPDATE
when Hunter centerTouchesCenter Prey [[
  prop Hunter.caught add 1
  featCall Prey.Population removeCharacter
]]
";
    let prey = "# BLUEPRINT Prey\n# PROGRAM DEFINE\naddFeature Physics\naddFeature Population\n";
    let p = project(
        &[("Hunter", hunter), ("Prey", prey)],
        &[
            ("Hunter", "h", ""),
            ("Prey", "near", "prop x setTo 100"),
            ("Prey", "far", "prop x setTo -300"),
        ],
        false,
    );
    let mut sim = load(&p, 1);
    for _ in 0..15 {
        sim.step();
    }
    assert_eq!(
        num(&sim, "Hunter/h", "x"),
        60.0,
        "4 units a tick east, to the nearer prey"
    );
    run_seconds(&mut sim, 1);
    assert_eq!(num(&sim, "Hunter/h", "caught"), 1.0);
    assert!(sim.lookup("Prey/near").is_none());
    run_seconds(&mut sim, 5);
    assert_eq!(
        count(&sim, "Prey"),
        0,
        "then it went back west for the other"
    );
}

#[test]
fn start_and_costumes_events_fire_once_and_tick_once_a_second() {
    let bp = "# BLUEPRINT V
# PROGRAM DEFINE
addProp starts Number 0
addProp costumes Number 0
addProp ticks Number 0
# PROGRAM EVENT
onEvent Start [[
  prop starts add 1
]]
onEvent Costumes [[
  prop costumes add 1
]]
onEvent Tick [[
  prop ticks add 1
]]
";
    let mut sim = load(&project(&[("V", bp)], &[("V", "v", "")], false), 1);
    run_seconds(&mut sim, 2);
    assert_eq!(num(&sim, "V/v", "starts"), 1.0);
    assert_eq!(num(&sim, "V/v", "costumes"), 1.0);
    assert_eq!(num(&sim, "V/v", "ticks"), 2.0, "ticks 2 and 32");
}
