//! The lesson models the app bundles (`static/models/`, listed in its `index.json`) are
//! lesson-ready: each compiles with no warning, has a lesson guide a teacher can teach from,
//! a character students can steer, widgets and alive checks that work with it. That each then
//! lasts ten simulated minutes with its populations alive is checked with the release
//! `stepwise run` (bench/tests/lesson-models.test.mjs): unoptimised, those runs take minutes.

use sim_core::experiment::{alive_problems, widget_problems};
use sim_core::project::SUBJECTS;
use sim_core::{Project, Simulation};
use std::path::PathBuf;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../static/models")
}

/// The bundled lesson models, in the library's order, with their file names (the blank
/// starting point, marked `starter` in the index, is not a lesson and has no guide).
fn models() -> Vec<(String, Project)> {
    let index = std::fs::read_to_string(dir().join("index.json")).unwrap();
    let index: Vec<serde_json::Value> = serde_json::from_str(&index).unwrap();
    index
        .iter()
        .filter(|entry| entry["starter"] != true)
        .map(|entry| {
            let file = entry["file"].as_str().unwrap().to_string();
            let text = std::fs::read_to_string(dir().join(&file)).unwrap();
            let project = Project::from_json(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
            (file, project)
        })
        .collect()
}

#[test]
fn the_library_has_a_dozen_models_over_every_subject() {
    let models = models();
    assert!(models.len() >= 12, "{} models", models.len());
    for subject in SUBJECTS {
        let n = models
            .iter()
            .filter(|(_, p)| p.guide.as_ref().is_some_and(|g| g.subject == subject))
            .count();
        assert!(n >= 1, "no model for {subject}");
    }
}

#[test]
fn every_model_carries_a_guide_a_teacher_can_teach_from() {
    for (file, project) in models() {
        let guide = project
            .guide
            .as_ref()
            .unwrap_or_else(|| panic!("{file}: no guide"));
        assert!(guide.words() >= 250, "{file}: {} words", guide.words());
        assert!(
            SUBJECTS.contains(&guide.subject.as_str()),
            "{file}: subject"
        );
        for (what, text) in [
            ("summary", &guide.summary),
            ("grades", &guide.grades),
            ("shows", &guide.shows),
            ("science", &guide.science),
        ] {
            assert!(!text.trim().is_empty(), "{file}: no {what}");
        }
        for (what, list) in [
            ("steps", &guide.steps),
            ("notice", &guide.notice),
            ("questions", &guide.questions),
            ("tryThis", &guide.try_this),
        ] {
            assert!(!list.is_empty(), "{file}: no {what}");
        }
        assert!(!guide.alive.is_empty(), "{file}: no alive check");
    }
}

#[test]
fn every_model_compiles_cleanly_with_a_character_and_working_widgets() {
    for (file, project) in models() {
        let sim = Simulation::load(&project, 1).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(sim.warnings(), [], "{file}: warnings");
        let steerable = sim.controllable_blueprints();
        assert!(
            !steerable.is_empty(),
            "{file}: no blueprint students can steer"
        );
        assert!(project.widgets.len() >= 2, "{file}: fewer than two widgets");
        let broken: Vec<_> = widget_problems(&project).into_iter().flatten().collect();
        assert_eq!(broken, Vec::<String>::new(), "{file}: widgets");
        assert_eq!(alive_problems(&project), [], "{file}: alive checks");
    }
}
