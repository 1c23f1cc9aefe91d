//! Behaviour of the script compiler on real GEMSTEP models (read from ../shared when present),
//! on our own example models, and on scripts with mistakes.

use std::path::{Path, PathBuf};

use sim_core::{
    script::compiler::{compile_statements, CompiledProject},
    script::unparse::{print_blueprint, print_stmts},
    script::{compile_blueprint, compile_project, compile_standalone, print_units, tokenize},
    Project, Symbols,
};

fn shared(relative: &str) -> Option<PathBuf> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared")
        .join(relative);
    path.exists().then_some(path)
}

/// The real GEMSTEP models, or none when ../shared is absent.
fn real_models() -> Vec<(String, Project)> {
    let Some(dir) = shared("gemstep-models") else {
        eprintln!("../shared/gemstep-models is absent: skipping");
        return Vec::new();
    };
    models_in(&dir)
}

fn models_in(dir: &Path) -> Vec<(String, Project)> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "gemprj"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, Project::from_json(&text).unwrap())
        })
        .collect()
}

fn our_models() -> Vec<(String, Project)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../static/models");
    let models = models_in(&dir);
    assert!(!models.is_empty(), "static/models has no example models");
    models
}

fn compile_ok(name: &str, project: &Project) -> CompiledProject {
    compile_project(project).unwrap_or_else(|errors| {
        let lines: Vec<String> = errors.iter().map(|e| format!("{name}:{e}")).collect();
        panic!("{name} does not compile:\n{}", lines.join("\n"))
    })
}

#[test]
fn every_real_gemstep_model_compiles_without_error() {
    for (name, project) in real_models() {
        let compiled = compile_ok(&name, &project);
        assert_eq!(
            compiled.blueprints.len(),
            project.blueprints.len(),
            "{name}"
        );
        for instance in &project.instances {
            let init = compiled.instance_init(instance);
            assert!(init.is_ok(), "{name}: {}", instance.label);
        }
        assert_eq!(compiled.rounds.len(), project.rounds.len(), "{name}");
    }
}

#[test]
fn the_real_morgan_dino_blueprint_compiles_on_its_own() {
    let Some(path) = shared("gemstep-tests/morgan-dino.gemscript") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let bp = compile_standalone(&text, "morgan-dino").unwrap();
    assert_eq!(bp.name, "Tyrannosaurus");
    assert_eq!(bp.tags.len(), 3);
    assert_eq!(bp.conditions.len(), 9);
    assert_eq!(bp.timers.len(), 1);
    assert!(bp.declares_prop("hp") && bp.declares_prop("state"));
}

#[test]
fn our_example_models_compile_without_error() {
    for (name, project) in our_models() {
        compile_ok(&name, &project);
    }
}

/// Layout round trip: text → units → canonical text → units gives the same units, and
/// canonical text lays out to itself.
fn assert_layout_round_trips(script: &str, what: &str) {
    let units = tokenize(script).unwrap();
    let canonical = print_units(&units);
    assert_eq!(tokenize(&canonical).unwrap(), units, "{what}");
    assert_eq!(
        print_units(&tokenize(&canonical).unwrap()),
        canonical,
        "{what}"
    );
}

/// Every script of a project: (what, text).
fn scripts(project: &Project) -> Vec<(String, String)> {
    let bps = project
        .blueprints
        .iter()
        .map(|b| (b.name.clone(), b.script_text.clone()));
    let instances = project
        .instances
        .iter()
        .map(|i| (format!("instance {}", i.label), i.init_script.clone()));
    let rounds = project.rounds.iter().flat_map(|r| {
        [
            (format!("round {} init", r.id), r.init_script.clone()),
            (format!("round {} end", r.id), r.end_script.clone()),
        ]
    });
    bps.chain(instances).chain(rounds).collect()
}

/// Meaning round trip: compiled → printed → compiled again prints the same text, for every
/// blueprint, instance and round script of the project.
fn assert_meaning_round_trips(name: &str, project: &Project) {
    let first = compile_ok(name, project);
    let mut printed = project.clone();
    for (def, bp) in printed.blueprints.iter_mut().zip(&first.blueprints) {
        def.script_text = print_blueprint(bp);
    }
    for def in printed.instances.iter_mut() {
        def.init_script = print_stmts(&first.instance_init(def).unwrap());
    }
    for (def, round) in printed.rounds.iter_mut().zip(&first.rounds) {
        def.init_script = print_stmts(&round.init);
        def.end_script = print_stmts(&round.end);
    }
    let second = compile_ok(&format!("{name} (printed)"), &printed);
    for (a, b) in first.blueprints.iter().zip(&second.blueprints) {
        assert_eq!(print_blueprint(a), print_blueprint(b), "{name}: {}", a.name);
        assert_eq!(a.props, b.props, "{name}: {}", a.name);
        assert_eq!(a.features, b.features, "{name}: {}", a.name);
        assert_eq!(a.conditions.len(), b.conditions.len(), "{name}: {}", a.name);
    }
    for (a, b) in project.instances.iter().zip(&printed.instances) {
        assert_eq!(
            print_stmts(&first.instance_init(a).unwrap()),
            print_stmts(&second.instance_init(b).unwrap()),
            "{name}: {}",
            a.label
        );
    }
    for (a, b) in first.rounds.iter().zip(&second.rounds) {
        assert_eq!(
            print_stmts(&a.init),
            print_stmts(&b.init),
            "{name}: {}",
            a.id
        );
        assert_eq!(print_stmts(&a.end), print_stmts(&b.end), "{name}: {}", a.id);
    }
}

#[test]
fn every_shipped_script_round_trips_through_units_and_through_compiled_programs() {
    let models = real_models().into_iter().chain(our_models());
    for (name, project) in models {
        for (what, text) in scripts(&project) {
            assert_layout_round_trips(&text, &format!("{name}: {what}"));
        }
        assert_meaning_round_trips(&name, &project);
    }
    if let Some(path) = shared("gemstep-tests/morgan-dino.gemscript") {
        let text = std::fs::read_to_string(path).unwrap();
        assert_layout_round_trips(&text, "morgan-dino");
        let printed = print_blueprint(&compile_standalone(&text, "x").unwrap());
        let again = print_blueprint(&compile_standalone(&printed, "x").unwrap());
        assert_eq!(printed, again);
    }
}

#[test]
fn printing_a_compiled_blueprint_keeps_its_meaning_in_current_spelling() {
    let text = "# BLUEPRINT Fish\n# PROGRAM DEFINE\nuseFeature Movement\naddProp energy Number 5\n# PROGRAM UPDATE\nevery 0.1 runAtStart [[\n  prop energy sub 1\n]]";
    let bp = compile_standalone(text, "Fish").unwrap();
    assert_eq!(
        print_blueprint(&bp),
        "# BLUEPRINT Fish\n# PROGRAM DEFINE\naddFeature Movement\naddProp energy Number 5\n# PROGRAM UPDATE\nevery 0.1 runAtStart [[\n  prop energy sub 1\n]]"
    );
}

fn messages(text: &str, symbols: &Symbols) -> Vec<String> {
    let errors = compile_blueprint(text, "Fish", symbols).unwrap_err();
    errors.iter().map(ToString::to_string).collect()
}

#[test]
fn all_errors_of_a_script_are_reported_with_blueprint_line_and_column() {
    let text = "# BLUEPRINT Fish\naddProp energy Number 5\nFish.energy add 1\nprop enrgy add 1\nprop energy setTo 1\nwhen Fish touches Algae [[\n]]";
    let mut symbols = Symbols::complete();
    symbols.add_blueprint("Fish", &tokenize(text).unwrap());
    assert_eq!(
        messages(text, &symbols),
        [
            "Fish:3:1: a line must start with a keyword, such as prop or featCall, not with the name 'Fish.energy'",
            "Fish:4:6: Fish has no property 'enrgy' — did you mean 'energy'?",
            "Fish:6:19: there is no blueprint 'Algae'",
        ]
    );
}

#[test]
fn props_of_other_blueprints_are_checked_across_the_project() {
    let fish = "# BLUEPRINT Fish\n# PROGRAM UPDATE\nwhen Fish touches Algae [[\n  prop Algae.energyLevel sub 1\n  ifExpr {{ true }} [[\n    prop Algae.energy sub 1\n  ]]\n]]";
    let mut symbols = Symbols::complete();
    symbols.add_blueprint("Fish", &tokenize(fish).unwrap());
    symbols.add_blueprint("Algae", &tokenize("addProp energyLevel Number 1").unwrap());
    assert_eq!(
        messages(fish, &symbols),
        ["Fish:6:10: Algae has no property 'energy' (make it with addProp in # PROGRAM DEFINE)"]
    );
}

#[test]
fn a_lone_script_accepts_blueprints_it_cannot_see_but_checks_its_own() {
    let text = "# BLUEPRINT Rex\naddProp hp Number 1\nwhen Rex sees Prey [[\n  prop Prey.spooked setTo true\n  prop Rex.hpp add 1\n]]";
    let errors = compile_standalone(text, "rex").unwrap_err();
    let found: Vec<String> = errors.iter().map(ToString::to_string).collect();
    assert_eq!(
        found,
        ["Rex:5:8: Rex has no property 'hpp' — did you mean 'hp'?"]
    );
}

#[test]
fn instance_scripts_are_checked_against_their_blueprint_and_rounds_against_built_ins() {
    let mut project = Project::from_json(
        r#"{"blueprints":[{"name":"Fish","scriptText":"addProp energy Number 1\naddFeature Costume"}],
            "instances":[{"id":"1","label":"Nemo","bpid":"Fish","initScript":"prop energy setTo 2\nprop enrgy setTo 3"}],
            "rounds":[{"id":"r1","initScript":"prop x setTo 1\nprop energy setTo 1","endScript":""}]}"#,
    )
    .unwrap();
    let errors = compile_project(&project).unwrap_err();
    let found: Vec<String> = errors.iter().map(ToString::to_string).collect();
    assert_eq!(
        found,
        [
            "instance Nemo:2:6: Fish has no property 'enrgy' — did you mean 'energy'?",
            "round r1 init:2:6: this script runs for no character, so it has no property 'energy'; use a global property here instead (made with addGlobalProp)",
        ]
    );
    project.instances[0].init_script = "featCall Costume setPose 1".to_owned();
    project.rounds[0].init_script =
        "featCall Population agentsForEach Fish [[\n  prop energy add 1\n]]".to_owned();
    let compiled = compile_project(&project).unwrap();
    assert_eq!(
        compiled.instance_init(&project.instances[0]).unwrap().len(),
        1
    );
}

#[test]
fn a_round_scripts_tell_all_characters_block_looks_props_up_on_the_characters() {
    let mut project = Project::from_json(
        r#"{"blueprints":[{"name":"Fish","scriptText":"addProp energy Number 1"},{"name":"Algae","scriptText":""}],
            "rounds":[{"id":"r1","initScript":"featCall Population tellAllCharacters [[\n  prop energy add 1\n]]","endScript":""}]}"#,
    )
    .unwrap();
    // Some characters have energy: the line runs on each one, as in GEMSTEP.
    assert!(compile_project(&project).is_ok());
    project.rounds[0].init_script =
        "featCall Population tellAllCharacters [[\n  prop enrgy add 1\n]]\nprop energy add 1"
            .to_owned();
    let errors = compile_project(&project).unwrap_err();
    let found: Vec<String> = errors.iter().map(ToString::to_string).collect();
    assert_eq!(
        found,
        [
            "round r1 init:2:8: no blueprint has a property 'enrgy' — did you mean \
             'energy'? (round r1 init's tellAllCharacters runs these lines on characters of every \
             blueprint)",
            "round r1 init:4:6: this script runs for no character, so it has no property 'energy'; use a global property here instead (made with addGlobalProp)",
        ]
    );
}

#[test]
fn statement_scripts_reject_rules_and_handlers() {
    let errors = compile_statements(
        "onEvent Start [[\n]]",
        "round r1 init",
        None,
        &Symbols::partial(),
    )
    .unwrap_err();
    assert_eq!(
        errors[0].to_string(),
        "round r1 init:1:1: 'onEvent' cannot be inside [[ ]]: write it on a line of its own, outside any block"
    );
}

#[test]
fn tokenizer_errors_become_compile_errors_at_their_position() {
    let errors = compile_standalone("prop x setTo 'open", "Fish").unwrap_err();
    assert_eq!(errors.len(), 1);
    assert_eq!((errors[0].pos.line, errors[0].pos.col), (1, 14));
}

#[test]
fn authors_slips_are_reported_at_exactly_their_lines_and_nothing_else() {
    let (_, mut project) = our_models().remove(0);
    let bp = &mut project.blueprints[0];
    let mut lines: Vec<String> = bp.script_text.lines().map(str::to_owned).collect();
    lines.insert(2, "Wanderer.x add 1".to_owned());
    lines.insert(4, "<<<<<<< HEAD".to_owned());
    lines.insert(6, "=======".to_owned());
    lines.insert(8, ">>>>>>> theirs".to_owned());
    bp.script_text = lines.join("\n");
    let name = bp.name.clone();
    let errors = compile_project(&project).unwrap_err();
    let found: Vec<(String, u32, u32)> = errors
        .iter()
        .map(|e| (e.script.clone(), e.pos.line, e.pos.col))
        .collect();
    let expected: Vec<(String, u32, u32)> = [3, 5, 7, 9]
        .iter()
        .map(|&line| (name.clone(), line, 1))
        .collect();
    assert_eq!(found, expected, "{errors:?}");
    assert!(
        errors[0]
            .kind
            .to_string()
            .starts_with("a line must start with a keyword"),
        "{}",
        errors[0].kind
    );
}
