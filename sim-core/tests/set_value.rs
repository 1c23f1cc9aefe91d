//! A widget moved while the model runs: a Global prop, or a prop of every agent of a
//! blueprint, changes at once, stays the prop's starting value for agents made later and for a
//! reset, and replays exactly from the input log.

mod sim_common;

use sim_common::project;
use sim_core::{
    sim::{replay, InputError},
    Project, Simulation, StartTarget, Value,
};

const FISH: &str = "# BLUEPRINT Fish
# PROGRAM DEFINE
addProp energyUse Number 1
useFeature Population
# PROGRAM UPDATE
every 1 [[
  featCall Population createAgent Fish
]]
";

const KEEPER: &str = "# BLUEPRINT Keeper
# PROGRAM DEFINE
useFeature Global
featCall Global addGlobalProp rate Number 1
featCall Global addGlobalProp on Boolean false
";

fn model() -> Project {
    project(
        &[("Fish", FISH), ("Keeper", KEEPER)],
        &[("Fish", "a", ""), ("Fish", "b", ""), ("Keeper", "k", "")],
        true,
    )
}

fn uses(sim: &Simulation) -> Vec<f64> {
    sim.prop_numbers("Fish", "energyUse").collect()
}

#[test]
fn a_set_value_changes_the_model_now_and_stays_for_new_agents_and_a_reset() {
    let p = model();
    let mut sim = Simulation::load(&p, 1).unwrap();
    let energy = StartTarget::parse("Fish.energyUse").unwrap();
    assert_eq!(sim.set_value(&energy, Value::Number(4.0)), Ok(2));
    assert_eq!(uses(&sim), [4.0, 4.0]);
    let rate = StartTarget::parse("Global.rate").unwrap();
    assert_eq!(sim.set_value(&rate, Value::Number(0.25)), Ok(1));
    assert_eq!(sim.global("rate"), Some(Value::Number(0.25)));
    for _ in 0..40 {
        sim.step();
    }
    assert!(uses(&sim).len() > 2, "Fish were made");
    assert!(uses(&sim).iter().all(|u| *u == 4.0), "{:?}", uses(&sim));
    let again = replay(&p, 1, sim.input_log().entries(), sim.tick_count()).unwrap();
    assert_eq!(again.state_hash(), sim.state_hash());
    sim.reset();
    assert_eq!(uses(&sim), [4.0, 4.0]);
    assert_eq!(sim.global("rate"), Some(Value::Number(0.25)));
}

#[test]
fn a_value_the_prop_refuses_changes_nothing_and_says_why() {
    let mut sim = Simulation::load(model(), 1).unwrap();
    let on = StartTarget::parse("Global.on").unwrap();
    assert!(matches!(
        sim.set_value(&on, Value::String("very".into())),
        Err(InputError::Rejected(_))
    ));
    assert_eq!(sim.global("on"), Some(Value::Boolean(false)));
    assert_eq!(sim.input_log().entries().len(), 0);
    let missing = StartTarget::parse("Global.speed").unwrap();
    assert!(sim.set_value(&missing, Value::Number(1.0)).is_err());
    let nobody = StartTarget::parse("Shark.energyUse").unwrap();
    assert_eq!(
        sim.set_value(&nobody, Value::Number(1.0)),
        Err(InputError::NoSuchBlueprint("Shark".into()))
    );
    assert!(StartTarget::parse("energyUse").is_err());
    assert!(StartTarget::parse("Global.").is_err());
}
