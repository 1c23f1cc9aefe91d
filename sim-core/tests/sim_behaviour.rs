//! The runtime runs our own small models as their authors mean: energy, eating, predators,
//! reproduction, bounds, timers and touches.

mod sim_common;

use sim_common::{count, errors, load, num, project, run_seconds};
use sim_core::{Simulation, Value};

const FISH: &str = "# BLUEPRINT Fish
# PROGRAM DEFINE
addFeature Physics
addProp energy Number 50
prop energy setMax 100
prop energy setMin 0
# PROGRAM UPDATE
every 1 [[
  prop energy sub 2
]]
when Fish touches Algae [[
  every 1 runAtStart [[
    ifExpr {{ Algae.getProp('food').value > 0 }} [[
      prop Fish.energy add 10
      prop Algae.food sub 10
    ]]
  ]]
]]
";

const ALGAE: &str = "# BLUEPRINT Algae
# PROGRAM DEFINE
addFeature Physics
addProp food Number 100
";

#[test]
fn fish_lose_energy_over_time_and_regain_it_by_touching_algae() {
    let p = project(
        &[("Fish", FISH), ("Algae", ALGAE)],
        &[
            ("Fish", "Hungry", "prop x setTo -300\nprop y setTo -300"),
            ("Fish", "Eater", "prop x setTo 100\nprop y setTo 100"),
            ("Algae", "Patch", "prop x setTo 110\nprop y setTo 100"),
        ],
        false,
    );
    let mut sim = load(&p, 1);
    run_seconds(&mut sim, 10);
    assert_eq!(
        num(&sim, "Fish/Hungry", "energy"),
        32.0,
        "every 1 fires on runs 31, 62, … 279 of 300: 9 times 2"
    );
    let eater = num(&sim, "Fish/Eater", "energy");
    assert!(
        eater > 50.0,
        "the fish on the algae gained energy, has {eater}"
    );
    assert!(num(&sim, "Algae/Patch", "food") < 100.0);
    assert!(errors(&sim).is_empty(), "{:?}", errors(&sim));
}

#[test]
fn a_predator_touching_a_moth_removes_it_and_a_global_counter_drops() {
    let predator = "# BLUEPRINT Predator
# PROGRAM DEFINE
addFeature Physics
addFeature Global
featCall Global addGlobalProp moths Number 3
# PROGRAM UPDATE
when Predator touches Moth [[
  featCall Global globalProp moths sub 1
  featCall Moth.Population removeCharacter
]]
";
    let moth = "# BLUEPRINT Moth\n# PROGRAM DEFINE\naddFeature Physics\naddFeature Population\n";
    let p = project(
        &[("Predator", predator), ("Moth", moth)],
        &[
            ("Predator", "Bird", ""),
            ("Moth", "Near", "prop x setTo 10"),
            ("Moth", "Touching", "prop y setTo 10"),
            ("Moth", "Far", "prop x setTo 300\nprop y setTo 300"),
        ],
        false,
    );
    let mut sim = load(&p, 1);
    assert_eq!(count(&sim, "Moth"), 3);
    run_seconds(&mut sim, 1);
    assert_eq!(count(&sim, "Moth"), 1, "the two moths it touched are gone");
    assert!(sim.lookup("Moth/Far").is_some());
    assert_eq!(
        sim.globals(),
        vec![("moths".to_string(), Value::Number(1.0))]
    );
    assert!(errors(&sim).is_empty(), "{:?}", errors(&sim));
}

#[test]
fn population_reproduce_raises_the_count() {
    let bug = "# BLUEPRINT Bug\n# PROGRAM DEFINE\naddFeature Population\naddProp size Number 3\n";
    let nest = "# BLUEPRINT Nest
# PROGRAM DEFINE
addFeature Population
# PROGRAM UPDATE
every 1 [[
  featCall Population charactersReproduce Bug [[
    prop x add 5
  ]]
]]
";
    let p = project(
        &[("Bug", bug), ("Nest", nest)],
        &[
            ("Bug", "A", "prop size setTo 7"),
            ("Bug", "B", ""),
            ("Nest", "N", ""),
        ],
        false,
    );
    let mut sim = load(&p, 1);
    run_seconds(&mut sim, 4);
    assert_eq!(
        count(&sim, "Bug"),
        16,
        "2 bugs doubling three times (runs 31, 62, 93)"
    );
    // Children copy their parent's props.
    let sevens = sim
        .agents()
        .filter(|a| a.blueprint() == "Bug")
        .filter(|a| {
            a.props()
                .iter()
                .any(|r| r.name == "size" && r.value == Value::Number(7.0))
        })
        .count();
    assert_eq!(sevens, 8);
}

fn wanderers(wrap: bool, bounce: bool) -> Simulation {
    let bp = "# BLUEPRINT W
# PROGRAM DEFINE
addFeature Movement
featProp Movement movementType setTo 'wander'
featProp Movement distance setTo 25
featCall Movement setRandomDirection
featCall Movement setRandomPosition
";
    let instances: Vec<(&str, &str, &str)> = (0..20).map(|_| ("W", "", "")).collect();
    let mut p = project(&[("W", bp)], &instances, wrap);
    p.metadata.bounce = bounce;
    load(&p, 7)
}

#[test]
fn wrap_and_bounce_keep_agents_in_bounds() {
    for (wrap, bounce) in [(true, false), (false, true), (false, false)] {
        let mut sim = wanderers(wrap, bounce);
        let start: Vec<(f64, f64)> = sim.agents().map(|a| a.position()).collect();
        for _ in 0..900 {
            sim.step();
            for a in sim.agents() {
                let (x, y) = a.position();
                assert!(
                    (-400.0..=400.0).contains(&x) && (-400.0..=400.0).contains(&y),
                    "wrap={wrap}: {x},{y}"
                );
            }
        }
        let end: Vec<(f64, f64)> = sim.agents().map(|a| a.position()).collect();
        assert_ne!(start, end, "the agents moved");
    }
}

#[test]
fn every_2_fires_every_61_runs_as_in_gemstep() {
    let bp = "# BLUEPRINT T
# PROGRAM DEFINE
addProp plain Number 0
addProp eager Number 0
# PROGRAM UPDATE
every 2 [[
  prop plain add 1
]]
every 2 runAtStart [[
  prop eager add 1
]]
";
    let mut sim = load(&project(&[("T", bp)], &[("T", "t", "")], false), 1);
    run_seconds(&mut sim, 30);
    assert_eq!(sim.tick_count(), 900);
    // More than 60 runs since the last firing: runs 61, 122, … 854 of 900.
    assert_eq!(num(&sim, "T/t", "plain"), 14.0);
    assert_eq!(
        num(&sim, "T/t", "eager"),
        15.0,
        "runAtStart adds run 0 and counts from it"
    );
}

/// A movement type changed while the model runs (by `featProp` or by `setMovementType`) is
/// the one the next tick moves by, though Movement keeps its parse of the type from tick to
/// tick.
#[test]
fn a_movement_type_changed_mid_run_moves_the_agent_from_the_next_tick() {
    for change in [
        "featProp Movement movementType setTo 'float'",
        "featCall Movement setMovementType 'float'",
    ] {
        let bp = format!(
            "# BLUEPRINT M
# PROGRAM DEFINE
addFeature Movement
featCall Movement setMovementType 'edgeToEdge' 5 0
addProp n Number 0
# PROGRAM UPDATE
prop n add 1
ifExpr {{{{ agent.getProp('n').value == 4 }}}} [[
  {change}
]]
"
        );
        let p = project(&[("M", &bp)], &[("M", "m", "")], false);
        let mut sim = load(&p, 1);
        let mut places = Vec::new();
        for _ in 0..8 {
            sim.step();
            places.push((num(&sim, "M/m", "x"), num(&sim, "M/m", "y")));
        }
        let steps: Vec<_> = places
            .windows(2)
            .map(|w| (w[1].0 - w[0].0, w[1].1 - w[0].1))
            .collect();
        // East at 5 a tick until the change, then up (floating) at 5 a tick.
        assert!(
            steps[..2].iter().all(|&s| s == (5.0, 0.0)),
            "{change}: {steps:?}"
        );
        assert!(
            steps[5..].iter().all(|&s| s == (0.0, -5.0)),
            "{change}: {steps:?}"
        );
    }
}

#[test]
fn first_and_last_touches_fire_once_per_contact() {
    let mover = "# BLUEPRINT Mover
# PROGRAM DEFINE
addFeature Physics
addFeature Movement
featCall Movement setMovementType 'edgeToEdge' 5 0
addProp firsts Number 0
addProp lasts Number 0
addProp during Number 0
# PROGRAM UPDATE
when Mover firstTouches Block [[
  prop Mover.firsts add 1
]]
when Mover lastTouches Block [[
  prop Mover.lasts add 1
]]
when Mover touches Block [[
  prop Mover.during add 1
]]
";
    let block = "# BLUEPRINT Block\n# PROGRAM DEFINE\naddFeature Physics\n";
    let p = project(
        &[("Mover", mover), ("Block", block)],
        &[("Mover", "m", "prop x setTo -200"), ("Block", "b", "")],
        false,
    );
    let mut sim = load(&p, 1);
    run_seconds(&mut sim, 3);
    assert_eq!(num(&sim, "Mover/m", "firsts"), 1.0);
    assert_eq!(num(&sim, "Mover/m", "lasts"), 1.0);
    // 32 + 32 units of overlap at 5 units a tick.
    assert!(num(&sim, "Mover/m", "during") >= 12.0);
}

#[test]
fn same_seed_gives_the_same_hash_and_another_seed_does_not() {
    let hash = |seed| {
        let mut sim = wanderers(false, true);
        if seed != 7 {
            let bp = sim.blueprint_names();
            assert_eq!(bp, vec!["W".to_string()]);
        }
        run_seconds(&mut sim, 5);
        sim.state_hash()
    };
    assert_eq!(hash(7), hash(7));
    let other = {
        let bp = "# BLUEPRINT W\n# PROGRAM DEFINE\naddFeature Movement\nfeatCall Movement setRandomPosition\n";
        let p = project(&[("W", bp)], &[("W", "a", "")], false);
        let (mut a, mut b) = (load(&p, 1), load(&p, 2));
        run_seconds(&mut a, 1);
        run_seconds(&mut b, 1);
        (a.state_hash(), b.state_hash())
    };
    assert_ne!(other.0, other.1);
}

#[test]
fn ticks_are_identical_whatever_speed_they_are_reached_at() {
    use sim_core::SimTime;
    let mut slow = wanderers(false, true);
    let mut fast = wanderers(false, true);
    // Slow: the clock advances 1/8 of a tick per frame (0.25x at 60 fps would be less).
    let mut t = SimTime::ZERO;
    let small = SimTime::from_bits(273);
    while slow.tick_count() < 240 {
        t = t.saturating_add(small);
        slow.advance_to(t);
    }
    // Fast: 8 seconds in big jumps.
    for second in 1..=8 {
        fast.advance_to(sim_core::sim::tick_time(second * 30));
    }
    assert_eq!(slow.tick_count(), fast.tick_count());
    assert_eq!(slow.state_hash(), fast.state_hash());
}

#[test]
fn a_runtime_error_is_logged_once_with_its_line_and_the_sim_goes_on() {
    let bp = "# BLUEPRINT E
# PROGRAM DEFINE
addProp n Number 0
addProp zero Number 0
# PROGRAM UPDATE
exprPush {{ 1 / agent.getProp('zero').value }}
propPop n
prop zero add 0
prop n add 1
";
    let mut sim = load(&project(&[("E", bp)], &[("E", "e", "")], false), 1);
    run_seconds(&mut sim, 2);
    let errs = errors(&sim);
    assert_eq!(
        errs.len(),
        2,
        "the division and the empty-stack pop, once each: {errs:?}"
    );
    assert!(
        errs[0].starts_with("E:6:1:") && errs[0].contains("by zero"),
        "{errs:?}"
    );
    assert_eq!(
        num(&sim, "E/e", "n"),
        60.0,
        "the statements after the error still ran"
    );
}

#[test]
fn the_ui_changes_agents_through_the_entity_api() {
    let bp = "# BLUEPRINT U\n# PROGRAM DEFINE\naddProp energy Number 5\naddFeature Costume\n";
    let mut sim = load(&project(&[("U", bp)], &[("U", "u", "")], false), 1);
    let id = sim.lookup("U/u").unwrap();
    sim.set_prop(id, "energy", Value::Number(42.0)).unwrap();
    sim.set_prop(id, "x", Value::Number(-12.0)).unwrap();
    sim.set_feat_prop(id, "Costume", "flipX", Value::Boolean(true))
        .unwrap();
    sim.move_agent(id, 3.0, 4.0).unwrap();
    assert_eq!(num(&sim, "U/u", "energy"), 42.0);
    let view = sim.agent(id).unwrap();
    assert_eq!(view.position(), (3.0, 4.0));
    assert!(view.costume().flip_x);
    sim.select(id, true).unwrap();
    assert!(sim.agent(id).unwrap().selection().selected);
    let made = sim.create_agent("U", 10.0, 20.0).unwrap();
    assert_eq!(count(&sim, "U"), 2);
    sim.remove_agent(made).unwrap();
    assert_eq!(count(&sim, "U"), 1);
    assert!(sim.remove_agent(made).is_err());
    assert!(sim.create_agent("Nope", 0.0, 0.0).is_err());
    sim.reset();
    assert_eq!(num(&sim, "U/u", "energy"), 5.0);
}

#[test]
fn a_refused_ui_change_returns_why_and_changes_nothing() {
    let bp = "# BLUEPRINT U\n# PROGRAM DEFINE\naddProp energy Number 5\n";
    let mut sim = load(&project(&[("U", bp)], &[("U", "u", "")], false), 1);
    let id = sim.lookup("U/u").unwrap();
    let refused = sim.set_prop(id, "energy", Value::String("lots".into()));
    let Err(sim_core::sim::InputError::Rejected(why)) = refused else {
        panic!("a text for a Number prop is refused, got {refused:?}");
    };
    assert!(!why.is_empty());
    assert_eq!(num(&sim, "U/u", "energy"), 5.0);
    assert!(
        sim.set_prop(id, "id", Value::Number(9.0)).is_err(),
        "id is read-only"
    );
    // The refusal is still logged, once, and the change after it goes through.
    assert!(sim.log().iter().any(|e| e.message == why));
    sim.set_prop(id, "energy", Value::Number(7.0)).unwrap();
    assert_eq!(num(&sim, "U/u", "energy"), 7.0);
}

#[test]
fn an_update_program_and_its_timers_share_one_value_stack() {
    // The value the program pushes is there for its `every` block to pop.
    let bp = "# BLUEPRINT S
# PROGRAM DEFINE
addProp n Number 0
# PROGRAM UPDATE
exprPush {{ 7 }}
every 1 runAtStart [[
  propPop n
]]
";
    let mut sim = load(&project(&[("S", bp)], &[("S", "s", "")], false), 1);
    run_seconds(&mut sim, 2);
    assert_eq!(num(&sim, "S/s", "n"), 7.0);
    assert!(errors(&sim).is_empty(), "{:?}", errors(&sim));
}

#[test]
fn dbg_tick_runs_as_nothing_and_the_lines_after_it_run() {
    let bp = "# BLUEPRINT T
# PROGRAM DEFINE
addProp n Number 0
# PROGRAM UPDATE
dbgTick
prop n add 1
";
    let mut sim = load(&project(&[("T", bp)], &[("T", "t", "")], false), 1);
    run_seconds(&mut sim, 1);
    assert_eq!(num(&sim, "T/t", "n"), 30.0);
    assert!(errors(&sim).is_empty(), "{:?}", errors(&sim));
}
