//! Hot swap: edited blueprint scripts reach a running model without a reset; agents keep
//! their state except for what the edit changed, and other blueprints' agents are untouched.

mod sim_common;

use sim_common::{count, errors, load, num, project, prop, run_seconds};
use sim_core::{Project, Simulation, SwapError, Value};

const FISH: &str = "# BLUEPRINT Fish\n# PROGRAM DEFINE\naddProp energy Number 5\n\
                    # PROGRAM UPDATE\nprop x add 1\nprop energy add 1\n";
const ALGAE: &str = "# BLUEPRINT Algae\n# PROGRAM UPDATE\nprop y add 2\n";

fn pond(fish: &str, algae: &str) -> Project {
    project(
        &[("Fish", fish), ("Algae", algae)],
        &[
            ("Fish", "Nemo", "prop x setTo 10"),
            ("Fish", "Dory", "prop x setTo -10"),
            ("Algae", "Green", "prop y setTo 50"),
        ],
        false,
    )
}

fn position(sim: &Simulation, path: &str) -> (f64, f64) {
    let id = sim.lookup(path).expect("the agent exists");
    sim.agent(id).expect("the agent is visible").position()
}

fn has_prop(sim: &Simulation, path: &str, name: &str) -> bool {
    let id = sim.lookup(path).expect("the agent exists");
    sim.agent_props(id)
        .expect("the agent exists")
        .iter()
        .any(|row| row.name == name)
}

#[test]
fn an_edited_program_runs_from_the_next_tick_and_agents_keep_their_state() {
    let mut sim = load(&pond(FISH, ALGAE), 1);
    run_seconds(&mut sim, 1);
    let (nemo, green) = (position(&sim, "Fish/Nemo"), position(&sim, "Algae/Green"));
    let energy = num(&sim, "Fish/Nemo", "energy");
    assert_eq!(energy, 35.0, "30 ticks from 5");
    let faster = FISH.replace("prop x add 1", "prop x add 3");
    let swapped = sim.hot_swap(pond(&faster, ALGAE)).expect("swaps");
    assert_eq!(swapped.blueprints, ["Fish"]);
    assert_eq!(swapped.agents, 2);
    assert_eq!(
        position(&sim, "Fish/Nemo"),
        nemo,
        "the swap itself moves nothing"
    );
    assert_eq!(
        num(&sim, "Fish/Nemo", "energy"),
        energy,
        "props keep their values"
    );
    assert_eq!(sim.tick_count(), 30, "the clock goes on");
    sim.step();
    assert_eq!(
        position(&sim, "Fish/Nemo").0,
        nemo.0 + 3.0,
        "the new program runs"
    );
    assert_eq!(num(&sim, "Fish/Nemo", "energy"), energy + 1.0);
    assert_eq!(
        position(&sim, "Algae/Green").1,
        green.1 + 2.0,
        "Algae runs as before"
    );
}

#[test]
fn a_changed_start_value_is_taken_and_added_and_removed_props_follow_define() {
    let mut sim = load(&pond(FISH, ALGAE), 1);
    run_seconds(&mut sim, 1);
    let edited = FISH
        .replace("addProp energy Number 5", "addProp speed Number 3")
        .replace("prop energy add 1", "");
    sim.hot_swap(pond(&edited, ALGAE)).expect("swaps");
    assert!(
        !has_prop(&sim, "Fish/Dory", "energy"),
        "removed from DEFINE"
    );
    assert_eq!(
        num(&sim, "Fish/Dory", "speed"),
        3.0,
        "added with its start value"
    );
    let restarted = edited.replace("addProp speed Number 3", "addProp speed Number 8");
    sim.hot_swap(pond(&restarted, ALGAE)).expect("swaps");
    assert_eq!(
        num(&sim, "Fish/Dory", "speed"),
        8.0,
        "the edit changed its start"
    );
    assert!(errors(&sim).is_empty(), "{:?}", errors(&sim));
}

#[test]
fn an_added_feature_is_attached_with_its_defaults_and_a_removed_one_detached() {
    let mut sim = load(&pond(FISH, ALGAE), 1);
    run_seconds(&mut sim, 1);
    let costumed = FISH.replace(
        "addProp energy Number 5",
        "addProp energy Number 5\naddFeature Costume",
    );
    sim.hot_swap(pond(&costumed, ALGAE)).expect("swaps");
    let nemo = sim.lookup("Fish/Nemo").unwrap();
    assert!(sim.agent_props(nemo).unwrap().iter().any(|r| matches!(
        &r.group, sim_core::PropGroup::Feature(f) if f == "Costume")));
    sim.hot_swap(pond(FISH, ALGAE)).expect("swaps");
    assert!(!sim.agent_props(nemo).unwrap().iter().any(|r| matches!(
        &r.group, sim_core::PropGroup::Feature(f) if f == "Costume")));
    assert_eq!(num(&sim, "Fish/Nemo", "energy"), 35.0);
}

#[test]
fn swapping_in_the_same_scripts_changes_nothing_at_all() {
    let mut swapped = load(&pond(FISH, ALGAE), 7);
    let mut plain = load(&pond(FISH, ALGAE), 7);
    run_seconds(&mut swapped, 1);
    run_seconds(&mut plain, 1);
    let mut relabelled = pond(FISH, ALGAE);
    relabelled.label = "another title".into();
    let report = swapped.hot_swap(&relabelled).expect("swaps");
    assert!(report.blueprints.is_empty() && report.agents == 0);
    assert_eq!(swapped.state_hash(), plain.state_hash());
    run_seconds(&mut swapped, 3);
    run_seconds(&mut plain, 3);
    assert_eq!(swapped.state_hash(), plain.state_hash());
}

#[test]
fn a_swap_with_random_define_values_leaves_the_models_random_stream_alone() {
    let random = "# BLUEPRINT Fish\n# PROGRAM DEFINE\naddProp size Number 0\nprop size setTo {{ Math.random() }}\n\
                  # PROGRAM UPDATE\nprop x add {{ Math.random() }}\n";
    let mut swapped = load(&pond(random, ALGAE), 3);
    let mut plain = load(&pond(random, ALGAE), 3);
    run_seconds(&mut swapped, 1);
    run_seconds(&mut plain, 1);
    let size = num(&swapped, "Fish/Nemo", "size");
    let edited = random.replace("# PROGRAM UPDATE", "addProp age Number 1\n# PROGRAM UPDATE");
    swapped.hot_swap(pond(&edited, ALGAE)).expect("swaps");
    assert_eq!(
        num(&swapped, "Fish/Nemo", "size"),
        size,
        "same random code: kept"
    );
    run_seconds(&mut swapped, 2);
    run_seconds(&mut plain, 2);
    assert_eq!(
        position(&swapped, "Fish/Nemo"),
        position(&plain, "Fish/Nemo"),
        "the swap drew no random numbers of the model"
    );
}

#[test]
fn a_script_that_does_not_compile_is_refused_and_the_model_runs_on() {
    let mut sim = load(&pond(FISH, ALGAE), 1);
    run_seconds(&mut sim, 1);
    let hash = sim.state_hash();
    let broken = FISH.replace("prop x add 1", "prop x ad 1");
    let err = sim.hot_swap(pond(&broken, ALGAE)).unwrap_err();
    assert!(
        matches!(&err, SwapError::Compile(e) if e.len() == 1),
        "{err:?}"
    );
    assert_eq!(err.to_string(), "the scripts have a compile error");
    assert_eq!(sim.state_hash(), hash);
    sim.step();
    assert_eq!(
        num(&sim, "Fish/Nemo", "energy"),
        36.0,
        "the old program still runs"
    );
}

#[test]
fn changes_beyond_scripts_are_refused_with_what_changed() {
    let mut sim = load(&pond(FISH, ALGAE), 1);
    let hash = sim.state_hash();
    let renamed = project(
        &[("Trout", &FISH.replace("Fish", "Trout")), ("Algae", ALGAE)],
        &[],
        false,
    );
    let mut moved = pond(FISH, ALGAE);
    moved.instances[0].init_script = "prop x setTo 99".into();
    let mut wider = pond(FISH, ALGAE);
    wider.metadata.right = 900.0;
    for (project, reason) in [
        (renamed, "a blueprint was removed or renamed"),
        (moved, "the starting agents changed"),
        (wider, "the stage settings changed"),
    ] {
        let err = sim.hot_swap(&project).unwrap_err();
        assert_eq!(err, SwapError::Structure(reason));
        assert_eq!(err.to_string(), reason);
    }
    assert_eq!(sim.state_hash(), hash);
}

#[test]
fn reset_after_a_swap_starts_the_new_scripts_from_the_beginning() {
    let mut sim = load(&pond(FISH, ALGAE), 1);
    run_seconds(&mut sim, 1);
    let fresh = FISH.replace("addProp energy Number 5", "addProp energy Number 50");
    sim.hot_swap(pond(&fresh, ALGAE)).expect("swaps");
    sim.reset();
    assert_eq!(num(&sim, "Fish/Nemo", "energy"), 50.0);
    assert_eq!(count(&sim, "Fish"), 2);
    assert_eq!(prop(&sim, "Fish/Nemo", "x"), Value::Number(10.0));
}

#[test]
fn a_blueprint_added_anywhere_leaves_the_running_agents_going() {
    let mut sim = load(&pond(FISH, ALGAE), 1);
    run_seconds(&mut sim, 1);
    let nemo = position(&sim, "Fish/Nemo");
    let wider = project(
        &[
            ("Shark", "# BLUEPRINT Shark"),
            ("Fish", FISH),
            ("Algae", ALGAE),
        ],
        &[
            ("Fish", "Nemo", "prop x setTo 10"),
            ("Fish", "Dory", "prop x setTo -10"),
            ("Algae", "Green", "prop y setTo 50"),
        ],
        false,
    );
    let swapped = sim.hot_swap(&wider).expect("swaps");
    assert!(swapped.blueprints.is_empty());
    assert_eq!(count(&sim, "Fish"), 2);
    assert_eq!(count(&sim, "Shark"), 0);
    assert_eq!(sim.blueprint_names(), ["Shark", "Fish", "Algae"]);
    assert_eq!(sim.profile().blueprints.len(), 3);
    sim.step();
    assert_eq!(
        position(&sim, "Fish/Nemo").0,
        nemo.0 + 1.0,
        "Fish runs its own program"
    );
    assert_eq!(num(&sim, "Fish/Nemo", "energy"), 36.0);
}

#[test]
fn an_edited_blueprint_numbered_anew_keeps_its_agents_props() {
    let mut sim = load(&pond(FISH, ALGAE), 1);
    run_seconds(&mut sim, 1);
    let edited = FISH.replace(
        "addProp energy Number 5",
        "addProp energy Number 5\naddProp size Number 2",
    );
    let wider = project(
        &[
            ("Shark", "# BLUEPRINT Shark"),
            ("Algae", ALGAE),
            ("Fish", &edited),
        ],
        &[
            ("Fish", "Nemo", "prop x setTo 10"),
            ("Fish", "Dory", "prop x setTo -10"),
            ("Algae", "Green", "prop y setTo 50"),
        ],
        false,
    );
    let swapped = sim.hot_swap(&wider).expect("swaps");
    assert_eq!(swapped.blueprints, ["Fish"]);
    assert_eq!(sim.blueprint_names(), ["Shark", "Algae", "Fish"]);
    assert_eq!(
        num(&sim, "Fish/Nemo", "energy"),
        35.0,
        "kept through the renumbering"
    );
    assert_eq!(num(&sim, "Fish/Nemo", "size"), 2.0, "added by the edit");
    assert!(!has_prop(&sim, "Algae/Green", "energy"));
    sim.step();
    assert_eq!(num(&sim, "Fish/Dory", "energy"), 36.0);
}

#[test]
fn a_blueprint_added_with_starting_agents_makes_them_now_and_after_a_reset() {
    let mut sim = load(&pond(FISH, ALGAE), 1);
    run_seconds(&mut sim, 1);
    let nemo = position(&sim, "Fish/Nemo");
    let mut with_sharks = pond(FISH, ALGAE);
    with_sharks.blueprints.push(
        project(
            &[(
                "Shark",
                "# BLUEPRINT Shark\n# PROGRAM UPDATE\nprop x add 2\n",
            )],
            &[],
            false,
        )
        .blueprints
        .remove(0),
    );
    let sharks = project(
        &[("Shark", "# BLUEPRINT Shark")],
        &[
            ("Shark", "Jaws", "prop x setTo 100\nprop y setTo 20"),
            ("Shark", "Bruce", "prop x setTo -100"),
        ],
        false,
    );
    with_sharks.instances.extend(sharks.instances);
    sim.hot_swap(&with_sharks)
        .expect("agents of a new blueprint swap in");
    assert_eq!(count(&sim, "Shark"), 2, "made on the spot");
    assert_eq!(position(&sim, "Shark/Jaws"), (100.0, 20.0));
    assert_eq!(
        position(&sim, "Fish/Nemo"),
        nemo,
        "the others are untouched"
    );
    sim.step();
    assert_eq!(
        position(&sim, "Shark/Jaws").0,
        102.0,
        "and run their program"
    );
    sim.reset();
    assert_eq!(count(&sim, "Shark"), 2, "a reset makes them again");
    // An agent of a blueprint that was already running is a change of the starting agents.
    let mut more_fish = with_sharks.clone();
    more_fish.instances.push(more_fish.instances[0].clone());
    more_fish.instances.last_mut().unwrap().id = "999".into();
    assert_eq!(
        sim.hot_swap(&more_fish).unwrap_err(),
        SwapError::Structure("the starting agents changed")
    );
}
