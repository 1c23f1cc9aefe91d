//! `when` consequents made only of number changes, by numbers written out or numbers-only
//! expressions, run straight on the world rather than in the interpreter. Whatever the path,
//! the run must be the interpreter's: the same agents, props, Global props and errors. Each
//! test runs a model twice, once as written and once with a statement added that only the
//! interpreter runs (`exprPush`, whose value the next consequent's empty stack drops), and
//! compares the two.

mod sim_common;

use sim_common::{errors, load, num, project};
use sim_core::{Simulation, Value};

/// Fish that wander among algae; `{RULE}` is the consequent of `when Fish isCloseTo Algae`.
const FISH: &str = "# BLUEPRINT Fish
# PROGRAM DEFINE
useFeature Global
addFeature Movement
featProp Movement movementType setTo 'wander'
featProp Movement distance setTo 20
featCall Movement setRandomPosition
addProp energy Number 0
prop energy setMax 40
# PROGRAM EVENT
when Fish isCloseTo Algae 200 [[
{RULE}
]]
";

const ALGAE: &str = "# BLUEPRINT Algae
# PROGRAM DEFINE
addFeature Costume
addFeature Movement
featCall Movement setRandomPosition
addProp food Number 100
";

const POND: &str = "# BLUEPRINT Pond
# PROGRAM DEFINE
useFeature Global
featCall Global addGlobalProp meals Number 0
featCall Global addGlobalProp tally Number 0
featCall Global globalProp tally setMax 25
featCall Global addGlobalProp note String ''
";

/// The pond model with `rule` as the consequent, run for `ticks` from seed 3.
fn pond(rule: &str, ticks: u32) -> Simulation {
    pond_with(rule, ticks, &Run::default())
}

/// How [`pond_with`] runs the pond.
#[derive(Default)]
struct Run {
    /// The most statements a tick may run, when not the default.
    limit: Option<u64>,
    /// Whether the reference interpreter runs it.
    reference: bool,
    /// The Algae blueprint's text, when not [`ALGAE`].
    algae: Option<&'static str>,
}

/// [`pond`], run as `run` says.
fn pond_with(rule: &str, ticks: u32, run: &Run) -> Simulation {
    let fish = FISH.replace("{RULE}", rule);
    let mut instances = vec![("Pond", "pond", "")];
    let names: Vec<String> = (0..30).map(|i| format!("f{i}")).collect();
    instances.extend(names.iter().map(|n| ("Fish", n.as_str(), "")));
    let algae: Vec<String> = (0..30).map(|i| format!("a{i}")).collect();
    instances.extend(algae.iter().map(|n| ("Algae", n.as_str(), "")));
    let project = project(
        &[
            ("Fish", &fish),
            ("Algae", run.algae.unwrap_or(ALGAE)),
            ("Pond", POND),
            ("Spare", sim_common::SPARE),
        ],
        &instances,
        true,
    );
    let mut sim = if run.reference {
        Simulation::load_reference(project, 3).expect("the pond loads")
    } else {
        load(&project, 3)
    };
    if let Some(limit) = run.limit {
        sim.set_work_limit(limit);
    }
    for _ in 0..ticks {
        sim.step();
    }
    sim
}

/// Runs `rule` both ways and checks the runs agree; answers the direct run.
fn same_both_ways(rule: &str) -> Simulation {
    let direct = pond(rule, 45);
    let interpreted = pond(&format!("{rule}\n  exprPush {{{{ 0 }}}}"), 45);
    assert_eq!(direct.state_hash(), interpreted.state_hash(), "{rule}");
    assert_eq!(direct.globals(), interpreted.globals(), "{rule}");
    // The added statement sits after the rule's, so every error is on the same line.
    assert_eq!(errors(&direct), errors(&interpreted), "{rule}");
    direct
}

fn meals(sim: &Simulation) -> f64 {
    sim.globals()
        .into_iter()
        .find(|(name, _)| name == "meals")
        .and_then(|(_, v)| v.as_number())
        .expect("the pond makes meals")
}

#[test]
fn counting_scoring_and_feeding_give_the_interpreters_results() {
    let sim = same_both_ways(
        "  featCall Global globalProp meals add 1
  prop Fish.energy add 3
  prop Algae.food sub 0.5
  featProp Algae.Costume glow setTo 1
  featProp agent.Movement distance setTo 12",
    );
    assert!(meals(&sim) > 0.0, "fish met algae");
    // The limit set in the blueprint holds on the direct path too.
    let energies: Vec<f64> = (0..30)
        .map(|i| num(&sim, &format!("Fish/f{i}"), "energy"))
        .collect();
    assert!(energies.iter().all(|e| *e <= 40.0), "{energies:?}");
    assert!(energies.contains(&40.0), "{energies:?}");
    assert!(errors(&sim).is_empty(), "{:?}", errors(&sim));
}

#[test]
fn a_change_the_world_cannot_make_is_the_interpreters_to_report() {
    // `spare` is declared by a script but no agent makes it, so the change fails as it runs.
    let sim = same_both_ways(
        "  prop Fish.energy add 1
  featCall Global globalProp spare add 1
  featCall Global globalProp meals sub 1",
    );
    let found = errors(&sim);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with("Fish:13:3:"), "{found:?}");
    assert!(found[0].contains("no global property 'spare'"), "{found:?}");
    assert!(
        meals(&sim) < 0.0,
        "the statement after the failing one still ran"
    );
}

#[test]
fn a_counting_rule_counts_as_the_interpreter_does() {
    // Only Global props change, so the pairs run in the order found, not in agent order.
    // The Global prop `spare` is never made: its line fails for every pair, and the lines
    // after it still run.
    let sim = same_both_ways(
        "  featCall Global globalProp meals add 0.1
  featCall Global globalProp spare add 1
  featCall Global globalProp meals sub 0.025",
    );
    assert!(meals(&sim) > 0.0, "fish met algae");
    let found = errors(&sim);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with("Fish:13:3:"), "{found:?}");
}

#[test]
fn random_numbers_are_drawn_as_the_interpreter_draws_them() {
    // Each consequent draws numbers; a failing line has drawn one before it fails (a Global
    // prop nothing made, a division by zero), and the lines after it draw more.
    let sim = same_both_ways(
        "  prop Fish.energy add {{ Math.random() * 3 }}
  featCall Global globalProp meals add {{ Math.random() }}
  featCall Global globalProp spare add {{ Math.random() }}
  featProp Algae.Costume glow setTo {{ Math.random() / 0 }}
  prop Algae.food sub {{ Math.random() }}",
    );
    assert!(meals(&sim) > 0.0, "fish met algae");
    let found = errors(&sim);
    assert_eq!(found.len(), 2, "{found:?}");
}

#[test]
fn a_rule_that_counts_in_one_global_prop_counts_as_the_interpreter_does() {
    // One change of one Global prop is stepped in a loop of its own; the limit holds as it
    // goes.
    let sim = same_both_ways("  featCall Global globalProp tally add 1");
    assert_eq!(global(&sim, "tally"), Value::Number(25.0));
    // A Global prop that holds text is not stepped: the interpreter's `add` appends, for
    // every pair.
    let sim = same_both_ways("  featCall Global globalProp note add 1");
    let Value::String(note) = global(&sim, "note") else {
        panic!("note is text");
    };
    assert!(note.len() > 25, "{note}");
    assert!(note.chars().all(|c| c == '1'), "{note}");
}

fn global(sim: &Simulation, name: &str) -> Value {
    sim.globals()
        .into_iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v)
        .unwrap_or(Value::Boolean(false))
}

/// Runs `rule` as `run` says, by the engine and by the reference interpreter, and checks the
/// runs agree; answers the engine's.
fn same_as_the_reference(rule: &str, run: Run) -> Simulation {
    let engine = pond_with(rule, 45, &run);
    let reference = pond_with(
        rule,
        45,
        &Run {
            reference: true,
            ..run
        },
    );
    assert_eq!(engine.state_hash(), reference.state_hash(), "{rule}");
    let log = |sim: &Simulation| -> Vec<String> {
        (sim.log().iter())
            .map(|e| format!("{}:{}:{}: {}", e.blueprint, e.line, e.col, e.message))
            .collect()
    };
    assert_eq!(log(&engine), log(&reference), "{rule}");
    engine
}

#[test]
fn steps_of_both_agents_by_written_numbers_are_counted_as_the_interpreter_steps_them() {
    // Only steps of the pair's added Numbers by numbers written out: each agent is stepped
    // once per pair it is in, in the order written, its limit settling each step.
    let rule = "  prop Fish.energy add 3
  prop Algae.food sub 0.3
  prop Fish.energy sub 0.1
  prop Algae.food add 0.05";
    let sim = same_as_the_reference(rule, Run::default());
    same_both_ways(rule);
    let energies: Vec<f64> = (0..30)
        .map(|i| num(&sim, &format!("Fish/f{i}"), "energy"))
        .collect();
    // At the limit of 40 after the last pair's add, then 0.1 under it.
    assert!(energies.iter().all(|e| *e <= 40.0), "{energies:?}");
    assert!(energies.contains(&39.9), "{energies:?}");
    let food: Vec<f64> = (0..30)
        .map(|i| num(&sim, &format!("Algae/a{i}"), "food"))
        .collect();
    assert!(food.iter().any(|f| *f < 100.0), "{food:?}");
    assert!(errors(&sim).is_empty(), "{:?}", errors(&sim));
    // A setTo among them, and one side only.
    same_as_the_reference(
        "  prop Algae.food setTo 7\n  prop Algae.food sub 0.5",
        Run::default(),
    );
    same_as_the_reference("  prop Fish.energy sub 0.7", Run::default());
}

/// Algae of which only those that start on the right make `energy`.
const SOME_ALGAE: &str = "# BLUEPRINT Algae
# PROGRAM DEFINE
addFeature Costume
addFeature Movement
featCall Movement setRandomPosition
addProp food Number 100
ifExpr {{ agent.x > 0 }} [[
  addProp energy Number 5
]]
";

#[test]
fn a_counted_rule_an_agent_cannot_run_is_run_pair_by_pair() {
    // Some algae have no `energy`: their pairs' line fails, worded by the interpreter, pair
    // by pair, and the fish's line before it still runs.
    let run = || Run {
        algae: Some(SOME_ALGAE),
        ..Run::default()
    };
    let rule = "  prop Fish.energy add 1\n  prop Algae.energy sub 1";
    let sim = same_as_the_reference(rule, run());
    let found = errors(&sim);
    assert!(!found.is_empty(), "some algae lack energy");
    assert!(
        found.iter().all(|e| e.starts_with("Fish:13:3:")),
        "{found:?}"
    );
    let fish: f64 = (0..30)
        .map(|i| num(&sim, &format!("Fish/f{i}"), "energy"))
        .sum();
    assert!(fish > 0.0, "the fish's line ran");
}

#[test]
fn a_counted_rule_the_budget_cannot_finish_stops_where_the_interpreter_stops() {
    // So little work a tick that the rule's pairs run out of it part way through.
    let rule = "  prop Fish.energy add 1\n  prop Algae.food sub 1";
    let limited = || Run {
        limit: Some(150),
        ..Run::default()
    };
    let sim = same_as_the_reference(rule, limited());
    let stopped =
        |sim: &Simulation| (sim.log().iter()).any(|e| e.message.contains("Fish isCloseTo Algae"));
    assert!(stopped(&sim), "{:?}", errors(&sim));
    // With room for every pair the rule runs in full.
    assert!(!stopped(&same_as_the_reference(rule, Run::default())));
}
