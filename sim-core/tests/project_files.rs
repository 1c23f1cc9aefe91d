//! Behaviour tests for `.gemprj` files: GEMSTEP's own models and the examples
//! Stepwise ships load, and survive a save without losing or changing anything.

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;
use sim_core::Project;

/// GEMSTEP's models live outside the project (test data only, never copied in).
fn gemstep_models() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/gemstep-models")
}

fn bundled_models() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../static/models")
}

fn project_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|ext| ext == "gemprj"));
    files.sort();
    files
}

/// Loads `path`, saves it, loads the save; returns the project after checking that
/// both loads agree and that the saved JSON equals the original JSON.
fn load_save_load(path: &Path) -> Project {
    let text = fs::read_to_string(path).unwrap();
    let name = path.display();
    let project = Project::from_json(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    let saved = project.to_json_pretty().unwrap();
    let again = Project::from_json(&saved).unwrap_or_else(|e| panic!("{name} (saved): {e}"));
    assert_eq!(
        again, project,
        "{name}: load → save → load changed the project"
    );
    let original: Value = serde_json::from_str(&text).unwrap();
    let written: Value = serde_json::from_str(&saved).unwrap();
    assert_eq!(written, original, "{name}: saving changed the JSON");
    project
}

#[test]
fn every_gemstep_model_loads_and_saves_unchanged() {
    let files = project_files(&gemstep_models());
    if files.is_empty() {
        println!(
            "skipped: no GEMSTEP models at {}",
            gemstep_models().display()
        );
        return;
    }
    for path in &files {
        let project = load_save_load(path);
        assert!(!project.blueprints.is_empty(), "{}", path.display());
        assert!(!project.instances.is_empty(), "{}", path.display());
        for instance in &project.instances {
            assert!(
                project.blueprint(&instance.bpid).is_some(),
                "{}: {}",
                path.display(),
                instance.bpid
            );
        }
    }
    println!("checked {} GEMSTEP models", files.len());
}

#[test]
fn gemstep_moths_model_reads_rounds_and_stage() {
    let path = gemstep_models().join("moths.gemprj");
    let Ok(text) = fs::read_to_string(&path) else {
        println!("skipped: {} is absent", path.display());
        return;
    };
    let project = Project::from_json(&text).unwrap();
    assert_eq!(project.rounds.len(), 2);
    assert_eq!(project.rounds[1].time, 60);
    assert!(!project.metadata.rounds_can_loop);
    assert_eq!(
        (project.metadata.top, project.metadata.bottom),
        (-400.0, 400.0)
    );
    assert_eq!(project.instances_of("Moth").count(), 3);
}

#[test]
fn every_bundled_example_loads_and_saves_unchanged() {
    let files = project_files(&bundled_models());
    let names: Vec<String> = files
        .iter()
        .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect();
    // Every model in the folder is in the library's index, and the reverse.
    let index = fs::read_to_string(bundled_models().join("index.json")).unwrap();
    let index: Vec<serde_json::Value> = serde_json::from_str(&index).unwrap();
    let mut listed: Vec<String> = index
        .iter()
        .map(|m| m["file"].as_str().unwrap().to_string())
        .collect();
    listed.sort();
    assert_eq!(names, listed);
    assert!(names.len() >= 13, "{names:?}");
    for path in &files {
        let project = load_save_load(path);
        assert!(project.problems().is_empty(), "{}", path.display());
        assert!(
            !project.description.is_empty(),
            "{}: describe the model",
            path.display()
        );
    }
}

/// The examples teach the current language, so they avoid the older spellings that
/// Stepwise accepts only for GEMSTEP's own models.
#[test]
fn bundled_examples_use_the_current_keyword_set() {
    const OLDER: [&str; 6] = [
        "useFeature",
        "AgentWidgets",
        "setGlow",
        "setPose",
        "agentsReproduce",
        "removeAgent",
    ];
    for path in project_files(&bundled_models()) {
        let project = Project::from_json(&fs::read_to_string(&path).unwrap()).unwrap();
        let scripts = project
            .blueprints
            .iter()
            .map(|b| &b.script_text)
            .chain(project.instances.iter().map(|i| &i.init_script))
            .chain(
                project
                    .rounds
                    .iter()
                    .flat_map(|r| [&r.init_script, &r.end_script]),
            );
        for script in scripts {
            for word in OLDER {
                assert!(!script.contains(word), "{}: uses '{word}'", path.display());
            }
        }
    }
}

#[test]
fn wander_example_has_one_blueprint_and_many_agents() {
    let text = fs::read_to_string(bundled_models().join("wander.gemprj")).unwrap();
    let project = Project::from_json(&text).unwrap();
    assert_eq!(project.blueprints.len(), 1);
    assert_eq!(project.instances_of("Wanderer").count(), 12);
}
