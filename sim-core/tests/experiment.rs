//! Experiments: props start at the values a run is given, a sweep numbers its runs and
//! measures them into BehaviorSpace's table shape, each run is reproducible from its values
//! and seed alone, and a bad definition is refused with every problem named.

mod sim_common;

use sim_common::project;
use sim_core::{
    experiment::table, ExperimentDef, Project, Simulation, StartTarget, Starting, Sweep, Value,
    VaryDef,
};
use std::path::PathBuf;

/// Fish whose DEFINE gives `energyUse` 1 and whose INIT program doubles `energy`; each
/// second one Fish has a child, which runs DEFINE again. A `Counter` makes the Global `rate`.
const FISH: &str = "# BLUEPRINT Fish
# PROGRAM DEFINE
addProp energyUse Number 0
prop energyUse setTo 1
addProp energy Number 10
prop energy setMax 50
addProp hungry Boolean false
addProp kind String 'fish'
# PROGRAM INIT
prop energy setTo {{ agent.getProp('energy').value * 2 }}
";

const COUNTER: &str = "# BLUEPRINT Counter
# PROGRAM DEFINE
useFeature Global
featCall Global addGlobalProp rate Number 0.5
# PROGRAM UPDATE
featCall Global globalProp rate add 1
";

fn fish_project() -> Project {
    project(
        &[("Fish", FISH), ("Counter", COUNTER)],
        &[("Fish", "a", ""), ("Fish", "b", ""), ("Counter", "c", "")],
        true,
    )
}

fn prop(sim: &Simulation, name: &str) -> Vec<f64> {
    sim.prop_numbers("Fish", name).collect()
}

fn starting(blueprint: &str, prop: &str, value: Value) -> Starting {
    Starting {
        target: StartTarget::Prop {
            blueprint: blueprint.into(),
            prop: prop.into(),
        },
        value,
    }
}

#[test]
fn props_start_at_the_given_values_after_define_and_before_init() {
    let given = vec![
        starting("Fish", "energyUse", Value::Number(3.0)),
        // INIT doubles it afterwards, as it would the script's own value.
        starting("Fish", "energy", Value::Number(20.0)),
        Starting {
            target: StartTarget::Global("rate".into()),
            value: Value::Number(7.0),
        },
    ];
    let mut sim = Simulation::load_starting(fish_project(), 1, given).unwrap();
    assert_eq!(prop(&sim, "energyUse"), [3.0, 3.0]);
    // 20 doubled is 40; the prop's own limit (50) still holds for what INIT sets.
    assert_eq!(prop(&sim, "energy"), [40.0, 40.0]);
    assert_eq!(sim.global("rate"), Some(Value::Number(7.0)));
    sim.step();
    assert_eq!(sim.global("rate"), Some(Value::Number(8.0)));
    // A reset starts from the same values.
    sim.reset();
    assert_eq!(prop(&sim, "energyUse"), [3.0, 3.0]);
    assert_eq!(sim.global("rate"), Some(Value::Number(7.0)));
    // Without starting values the scripts' own hold.
    let plain = Simulation::load(fish_project(), 1).unwrap();
    assert_eq!(prop(&plain, "energyUse"), [1.0, 1.0]);
    assert_eq!(prop(&plain, "energy"), [20.0, 20.0]);
    assert_eq!(plain.global("rate"), Some(Value::Number(0.5)));
}

#[test]
fn agents_made_during_the_run_start_at_the_given_values_too() {
    let spawning = format!(
        "{FISH}# PROGRAM UPDATE
every 1 [[
  featCall Population createAgent Fish
]]
"
    )
    .replace("# PROGRAM INIT", "useFeature Population\n# PROGRAM INIT");
    let p = project(&[("Fish", &spawning)], &[("Fish", "a", "")], true);
    let given = vec![starting("Fish", "energyUse", Value::Number(4.0))];
    let mut sim = Simulation::load_starting(&p, 1, given).unwrap();
    for _ in 0..20 {
        sim.step();
    }
    // A run restored from a snapshot keeps its starting values for the agents made later.
    let mut restored = Simulation::restore(&p, &sim.snapshot()).unwrap();
    for _ in 0..50 {
        sim.step();
        restored.step();
    }
    let uses = prop(&sim, "energyUse");
    assert!(uses.len() > 1, "no Fish was made: {:?}", sim.log());
    assert!(uses.iter().all(|u| *u == 4.0), "{uses:?}");
    assert_eq!(prop(&restored, "energyUse"), uses);
    assert_eq!(restored.state_hash(), sim.state_hash());
}

#[test]
fn a_value_the_prop_refuses_is_logged() {
    let given = vec![starting("Fish", "hungry", Value::String("very".into()))];
    let sim = Simulation::load_starting(fish_project(), 1, given).unwrap();
    assert!(
        sim.log().iter().any(|e| e.message.contains("very")),
        "{:?}",
        sim.log()
    );
}

fn def(
    vary: &[(&str, &str)],
    measures: &[&str],
    seeds: u32,
    seconds: u32,
    every: u32,
) -> ExperimentDef {
    ExperimentDef {
        name: "test".into(),
        vary: vary
            .iter()
            .map(|(prop, values)| VaryDef {
                prop: (*prop).into(),
                values: (*values).into(),
            })
            .collect(),
        seeds,
        seconds,
        every,
        measures: measures.iter().map(|m| (*m).to_string()).collect(),
        ..ExperimentDef::default()
    }
}

/// The whole table of `sweep`, its runs in order.
fn whole_table(sweep: &Sweep) -> String {
    let mut csv = sweep.header();
    for n in 1..=sweep.run_count() {
        csv.push_str(&table::rows(&sweep.run(n).unwrap()));
    }
    csv
}

#[test]
fn runs_are_numbered_with_the_first_prop_slowest_and_the_seeds_fastest() {
    let d = def(
        &[("Fish.energyUse", "1,2,3"), ("Global.rate", "0.1..0.3:0.1")],
        &["count Fish", "mean Fish.energyUse", "Global.rate"],
        2,
        1,
        0,
    );
    let sweep = Sweep::new(&fish_project(), &d).unwrap();
    assert_eq!(sweep.run_count(), 18);
    let spec = |n| sweep.run_spec(n).unwrap();
    assert_eq!(spec(1).values, [Value::Number(1.0), Value::Number(0.1)]);
    assert_eq!((spec(1).seed, spec(2).seed), (1, 2));
    assert_eq!(spec(3).values, [Value::Number(1.0), Value::Number(0.2)]);
    assert_eq!(spec(18).values, [Value::Number(3.0), Value::Number(0.3)]);
    assert!(sweep.run_spec(0).is_none() && sweep.run_spec(19).is_none());
    let csv = whole_table(&sweep);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "[run number],Fish.energyUse,Global.rate,[seed],[step],count Fish,mean Fish.energyUse,Global.rate"
    );
    assert_eq!(lines.len(), 1 + 18, "one row per run at its end:\n{csv}");
    // Run 3: energyUse 1, rate 0.2 (+1 a tick for 30 ticks), seed 1, measured at tick 30.
    assert_eq!(lines[3], "3,1,0.2,1,30,2,1,30.2");
    assert_eq!(lines[18], "18,3,0.3,2,30,2,3,30.3");
}

#[test]
fn measuring_every_n_ticks_gives_a_row_at_zero_each_n_and_the_end() {
    let d = def(&[("Fish.energyUse", "5")], &["Global.rate"], 1, 1, 7);
    let sweep = Sweep::new(&fish_project(), &d).unwrap();
    let run = sweep.run(1).unwrap();
    let ticks: Vec<u64> = run.rows.iter().map(|(t, _)| *t).collect();
    assert_eq!(ticks, [0, 7, 14, 21, 28, 30]);
    assert_eq!(run.rows[1].1, [Some(7.5)]);
}

#[test]
fn a_run_is_the_same_alone_as_in_its_sweep_and_a_statistic_of_no_agents_is_empty() {
    let d = def(
        &[("Fish.energy", "0,10")],
        &[
            "mean Fish.energy",
            "max Fish.energy",
            "count Counter",
            "min Counter2.n",
        ],
        3,
        2,
        20,
    );
    let with_empty = project(
        &[
            ("Fish", FISH),
            ("Counter", COUNTER),
            ("Counter2", "# PROGRAM DEFINE\naddProp n Number 1"),
        ],
        &[("Fish", "a", ""), ("Counter", "c", "")],
        true,
    );
    let sweep = Sweep::new(&with_empty, &d).unwrap();
    let all = whole_table(&sweep);
    let again = whole_table(&Sweep::new(&with_empty, &d).unwrap());
    assert_eq!(all, again, "a sweep gives the same table every time");
    let fifth = table::rows(&sweep.run(5).unwrap());
    assert!(
        all.contains(&fifth),
        "run 5 alone:\n{fifth}\nin the sweep:\n{all}"
    );
    assert!(fifth.lines().all(|l| l.ends_with(",1,")), "{fifth}");
    assert!(fifth.starts_with("5,10,2,0,20,20,1,"), "{fifth}");
    // Every empty cell is explained: how many, and why the first is empty.
    let runs: Vec<_> = (1..=sweep.run_count())
        .map(|n| sweep.run(n).unwrap())
        .collect();
    let notes = table::blank_notes(&sweep, runs.iter().map(|r| (r.spec.number, &r.blanks[..])));
    let rows = all.lines().count() - 1;
    assert!(all.lines().skip(1).all(|l| l.ends_with(",1,")), "{all}");
    assert_eq!(
        notes,
        [format!("'min Counter2.n' has {rows} empty cells; the first, run 1 at tick 0: there are no Counter2")]
    );
}

#[test]
fn built_in_props_are_measured_and_a_measure_that_cannot_be_taken_says_why() {
    use sim_core::Measure;
    let mut sim = Simulation::load(fish_project(), 1).unwrap();
    sim.play_rounds_to(3);
    let read = |text: &str| Measure::parse(text).unwrap().sample(&sim);
    let xs: Vec<f64> = sim
        .agents()
        .filter(|a| a.blueprint() == "Fish")
        .map(|a| a.position().0)
        .collect();
    assert_eq!(xs.len(), 2);
    assert_eq!(read("mean Fish.x"), Ok((xs[0] + xs[1]) / 2.0));
    assert_eq!(read("min Fish.alpha"), Ok(1.0));
    assert_eq!(
        read("Global.speed"),
        Err("Global.speed is not made yet".to_string())
    );
    assert_eq!(read("mean Counter.x").map(|_| ()), Ok(()));
    assert_eq!(
        read("sum Fish.kind"),
        Err("no Fish has a number in 'kind'".to_string())
    );
}

#[test]
fn a_bad_experiment_names_every_problem() {
    let d = def(
        &[
            ("Fsh.energyUse", "1"),
            ("Fish.enrgyUse", "1"),
            ("Fish.energyUse", "lots"),
            ("Fish.hungry", "1,2"),
            ("Global.rat", "1"),
            ("energyUse", "1"),
        ],
        &["count Fsh", "mean Fish.kind", "Fish.energy"],
        0,
        0,
        0,
    );
    let errors = Sweep::new(&fish_project(), &d).unwrap_err();
    let all = errors.join("\n");
    for says in [
        "vary 1 (Fsh.energyUse): the model has no blueprint 'Fsh' (did you mean Fish?)",
        "vary 2 (Fish.enrgyUse): the model has no prop 'enrgyUse' on Fish (made with addProp) (did you mean energyUse?)",
        "vary 3 (Fish.energyUse): Fish.energyUse is a Number; 'lots' is not a number",
        "vary 4 (Fish.hungry): Fish.hungry is a Boolean; '1' is not true or false",
        "vary 5 (Global.rat): the model has no Global prop 'rat' (did you mean rate?)",
        "vary 6 (energyUse): 'energyUse' should name a prop",
        "measure 1 (count Fsh): the model has no blueprint 'Fsh' (did you mean Fish?)",
        "measure 2 (mean Fish.kind): Fish.kind is String, not a Number",
        "measure 3 (Fish.energy): 'Fish.energy' needs a statistic in front",
        "seeds: each combination runs 1 to 1000 times",
        "seconds: a run lasts 1 to 3600 seconds",
    ] {
        assert!(all.contains(says), "missing «{says}» in:\n{all}");
    }
    let too_many = def(
        &[("Fish.energyUse", "0..99"), ("Global.rate", "0..99")],
        &["count Fish"],
        2,
        1,
        0,
    );
    let errors = Sweep::new(&fish_project(), &too_many).unwrap_err();
    assert!(errors[0].contains("20000 runs"), "{errors:?}");
    let broken = project(
        &[(
            "Fish",
            &format!("{FISH}# PROGRAM UPDATE\nprop energyUse frobnicate 1\n"),
        )],
        &[("Fish", "a", "")],
        true,
    );
    let fine = def(&[("Fish.energyUse", "1")], &["count Fish"], 1, 1, 0);
    let errors = Sweep::new(&broken, &fine).unwrap_err();
    assert!(
        errors[0].starts_with("the model does not compile (1 error; the first: "),
        "{errors:?}"
    );
    let too_long = def(&[("Fish.energyUse", "0..99")], &["count Fish"], 10, 3600, 1);
    let errors = Sweep::new(&fish_project(), &too_long).unwrap_err();
    assert!(errors[0].contains("rows"), "{errors:?}");
}

#[test]
fn an_expression_measure_combines_counts_statistics_and_global_props() {
    use sim_core::Measure;
    let mut sim = Simulation::load(fish_project(), 1).unwrap();
    sim.play_rounds_to(7);
    let read = |sim: &Simulation, text: &str| Measure::parse(text).unwrap().sample(sim).ok();
    // The same figures as the plain measures, and arithmetic on them.
    for (expression, plain) in [
        ("{{ Fish.count }}", "count Fish"),
        ("{{Fish.mean('energy')}}", "mean Fish.energy"),
        ("{{ Global.rate }}", "Global.rate"),
        ("{{ global.getProp('rate').value }}", "Global.rate"),
        ("{{ global.prop.rate.value }}", "Global.rate"),
        ("{{ Fish.max('x') }}", "max Fish.x"),
    ] {
        assert_eq!(read(&sim, expression), read(&sim, plain), "{expression}");
        assert!(read(&sim, plain).is_some(), "{plain} measures something");
    }
    let rate = sim.global("rate").unwrap().as_number().unwrap();
    assert_eq!(
        read(
            &sim,
            "{{ (Fish.count + Counter.count) * 10 / Global.rate }}"
        ),
        Some(30.0 / rate)
    );
    assert_eq!(read(&sim, "{{ Fish.sum('energy') > 30 }}"), Some(1.0));
    assert_eq!(
        read(&sim, "{{ Math.max(Fish.min('energyUse'), 4) }}"),
        Some(4.0)
    );
    // A failure while reading measures nothing rather than something wrong.
    assert_eq!(read(&sim, "{{ Fish.count / (Fish.count - 2) }}"), None);
    // Reading never changes the run.
    let before = sim.state_hash();
    read(&sim, "{{ Fish.mean('energy') + Global.rate }}");
    assert_eq!(sim.state_hash(), before);
    // In a sweep, beside the plain measures.
    let d = def(
        &[("Global.rate", "1,2")],
        &["{{ Fish.count / Global.rate }}", "count Fish"],
        1,
        1,
        0,
    );
    let csv = whole_table(&Sweep::new(&fish_project(), &d).unwrap());
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "[run number],Global.rate,[seed],[step],{{ Fish.count / Global.rate }},count Fish"
    );
    assert_eq!(lines[1], "1,1,1,30,0.06451612903225806,2");
}

#[test]
fn a_bad_expression_measure_says_where_and_why() {
    let d = def(
        &[("Fish.energyUse", "1")],
        &[
            "{{ Fsh.count }}",
            "{{ Fish.mean('kind') }}",
            "{{ Fish.avg('energy') }}",
            "{{ Global.rat * 2 }}",
            "{{ Fish.count * Math.random() }}",
            "{{ Fish }}",
            "{{ 'Fish: ' + Fish.count }}",
            "{{ Fish.count = 2 }}",
            "{{ agent.x }}",
            "{{ Fish.count > 1 ? 'many' : 3 }}",
            "x {{ Fish.count }}",
        ],
        1,
        1,
        0,
    );
    let errors = Sweep::new(&fish_project(), &d).unwrap_err().join("\n");
    for says in [
        "measure 1 ({{ Fsh.count }}): column 4: the model has no blueprint 'Fsh' (did you mean Fish?)",
        "measure 2 ({{ Fish.mean('kind') }}): column 4: Fish.kind is String, not a Number",
        "measure 3 ({{ Fish.avg('energy') }}): column 4: Fish has no 'avg'",
        "measure 4 ({{ Global.rat * 2 }}): column 4: the model has no Global prop 'rat' (did you mean rate?)",
        "measure 5 ({{ Fish.count * Math.random() }}): column 17: a measure cannot use Math.random()",
        "measure 6 ({{ Fish }}): column 4: 'Fish' is not a value",
        "measure 7 ({{ 'Fish: ' + Fish.count }}): a measure must be a number, and this is text",
        "measure 8 ({{ Fish.count = 2 }}): column 15: '=' cannot be used here",
        "measure 9 ({{ agent.x }}): column 4: a measure reads the model as a whole, not one agent",
        "measure 10 ({{ Fish.count > 1 ? 'many' : 3 }}): a measure must be a number, and this is not always a number",
        "measure 11 (x {{ Fish.count }}): an expression measure is written '{{ … }}'",
    ] {
        assert!(errors.contains(says), "missing «{says}» in:\n{errors}");
    }
}

#[test]
fn the_widget_editor_is_told_what_is_wrong_with_each_widget() {
    use sim_core::{experiment::widget_problems, WidgetDef, WidgetKind};
    let widget = |kind, target: &str, script: &str| WidgetDef {
        kind,
        target: target.into(),
        script: script.into(),
        ..WidgetDef::default()
    };
    let mut p = fish_project();
    p.widgets = vec![
        widget(WidgetKind::Slider, "Fish.energyUse", ""),
        widget(WidgetKind::Switch, "Fish.hungry", ""),
        widget(WidgetKind::Chooser, "Fish.kind", ""),
        widget(WidgetKind::Monitor, "{{ Fish.count / Global.rate }}", ""),
        widget(WidgetKind::Button, "Fish", "prop energy add 1"),
        widget(
            WidgetKind::Button,
            "",
            "featCall Global globalProp rate setTo 1",
        ),
        widget(WidgetKind::Slider, "Fish.kind", ""),
        widget(WidgetKind::Switch, "Global.rat", ""),
        widget(WidgetKind::Monitor, "mean Fish.enrgy", ""),
        widget(WidgetKind::Monitor, "{{ Fish.count + }}", ""),
        widget(WidgetKind::Button, "Fsh", "prop energy add 1"),
        widget(WidgetKind::Button, "Fish", "prop enrgy add 1"),
        widget(WidgetKind::Button, "", ""),
    ];
    let problems = widget_problems(&p);
    assert!(problems[..6].iter().all(Option::is_none), "{problems:?}");
    let wrong: Vec<String> = problems[6..].iter().flatten().cloned().collect();
    assert_eq!(wrong.len(), 7, "{problems:?}");
    for (got, says) in wrong.iter().zip([
        "a slider sets a Number; Fish.kind is String",
        "the model has no Global prop 'rat' (did you mean rate?)",
        "the model has no prop 'enrgy' on Fish (did you mean energy?)",
        "column 17: the expression ends too soon",
        "the model has no blueprint 'Fsh' (did you mean Fish?)",
        "button:1:6: Fish has no property 'enrgy'",
        "a button needs a line of script to run",
    ]) {
        assert!(got.contains(says), "«{got}» should say «{says}»");
    }
}

#[test]
fn a_project_keeps_its_experiments_and_leaves_the_field_out_without_any() {
    let mut p = fish_project();
    let plain = p.to_json_pretty().unwrap();
    assert!(!plain.contains("experiments"), "{plain}");
    p.experiments.push(def(
        &[("Fish.energyUse", "1,2")],
        &["count Fish"],
        3,
        10,
        30,
    ));
    let text = p.to_json_pretty().unwrap();
    assert!(text.contains("\"firstSeed\": 1"), "{text}");
    let back = Project::from_json(&text).unwrap();
    assert_eq!(back.experiments, p.experiments);
    let many = serde_json::json!({ "experiments": vec![serde_json::json!({}); 51] });
    let err = Project::from_json(&many.to_string()).unwrap_err();
    assert!(err.to_string().contains("a project may keep 50"), "{err}");
}

#[test]
fn a_gemstep_model_is_swept_over_a_prop_its_students_may_change() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/gemstep-models/decomposition.gemprj");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipped: {} is absent", path.display());
        return;
    };
    let p = Project::from_json(&text).unwrap();
    let d = def(
        &[
            ("Plant.energyLevel", "25,50,100"),
            ("Plant.nutrients", "4,8,16"),
        ],
        &["count Plant", "mean Plant.energyLevel"],
        2,
        5,
        0,
    );
    let sweep = Sweep::new(&p, &d).unwrap();
    let csv = whole_table(&sweep);
    assert_eq!(csv.lines().count(), 1 + 18, "{csv}");
    // Each run's plants start at its energy level (they have lost none 5 seconds in).
    for line in csv.lines().skip(1) {
        let cells: Vec<&str> = line.split(',').collect();
        assert_eq!(cells[1], cells[6], "{line}");
    }
}

#[test]
fn gemstep_models_get_a_widget_for_each_prop_their_students_may_change() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/gemstep-models");
    let Ok(text) = std::fs::read_to_string(path.join("aquatic.gemprj")) else {
        eprintln!("skipped: {} is absent", path.display());
        return;
    };
    let p = Project::from_json(&text).unwrap();
    let got = sim_core::experiment::suggest_widgets(&p);
    let marked: Vec<&str> = got
        .iter()
        .filter(|s| s.marked)
        .map(|s| s.widget.target.as_str())
        .collect();
    for want in ["Fish.type", "Fish.energyUse", "Fish.grows"] {
        assert!(marked.contains(&want), "{want} missing from {marked:?}");
    }
    // Every suggestion sets a prop the model declares, so each one checks as an experiment's.
    for s in &got {
        let d = def(&[(&s.widget.target, "1")], &["count Fish"], 1, 1, 0);
        let ok = Sweep::new(&p, &d).is_ok() || s.widget.kind != sim_core::WidgetKind::Slider;
        assert!(ok, "{}", s.widget.target);
    }
}
