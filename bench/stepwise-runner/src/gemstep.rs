//! GEMSTEP's shipped models (`../shared/gemstep-models`) scaled up to any number of agents at
//! their own density, for the realistic suite.
//!
//! A model ships a handful of instances on an 800 × 800 stage; in class, students add the
//! characters it has no instances of (aquatic ships algae, and every student adds a fish). So:
//!
//! - the *characters* are the blueprints with a Costume: each counts with its shipped
//!   instances, or as one when it has none;
//! - the other instances (timers, meters, labels, graphs) are kept as shipped, once;
//! - the characters are multiplied, in their shipped proportions, until the model has `n`
//!   agents in all, and the stage grows by the same area, so there are as many agents per
//!   unit of area as in the shipped model;
//! - each copy runs the init script of the instance it copies, then starts at a random place
//!   (drawn from a fixed seed, so every system and every run gets the same world).
//!
//! Scripts are unchanged: whatever a model does with fixed coordinates (aquatic's sunbeam
//! crosses from x = -400 to 400) it still does. Rounds loop (`roundsCanLoop`), as a teacher
//! starts the model again: a benchmark of a model whose last round has ended would measure
//! ticks that run nothing.

use serde_json::Value;
use sim_core::Project;
use std::path::PathBuf;

/// The shipped models the suite scales, by file name without `.gemprj`.
pub const MODELS: &[&str] = &[
    "aquatic",
    "moths",
    "decomposition",
    "moths-sandbox",
    "iu-sandbox",
];

/// Where the models are: `STEPWISE_MODELS`, or `../shared/gemstep-models` beside the project.
pub fn models_dir() -> PathBuf {
    std::env::var_os("STEPWISE_MODELS").map_or_else(
        || {
            PathBuf::from(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../../shared/gemstep-models"
            ))
        },
        PathBuf::from,
    )
}

/// Model `name` from [`models_dir`] scaled to `n` agents; `None` when `name` is not one of
/// [`MODELS`].
pub fn project(name: &str, n: usize) -> Option<Result<Project, String>> {
    if !MODELS.contains(&name) {
        return None;
    }
    let path = models_dir().join(format!("{name}.gemprj"));
    Some(
        std::fs::read_to_string(&path)
            .map_err(|e| format!("{}: {e}", path.display()))
            .and_then(|text| scale(&text, n))
            .and_then(|json| Project::from_json(&json).map_err(|e| e.to_string())),
    )
}

/// The `.gemprj` text `text` scaled to `n` agents, as `.gemprj` text.
pub fn scale(text: &str, n: usize) -> Result<String, String> {
    let mut model: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let characters: Vec<String> = model["blueprints"]
        .as_array()
        .ok_or("the model has no blueprints")?
        .iter()
        .filter(|bp| has_costume(bp["scriptText"].as_str().unwrap_or("")))
        .filter_map(|bp| bp["name"].as_str().map(String::from))
        .collect();
    let shipped = model["instances"].as_array().cloned().unwrap_or_default();
    let is_character = |i: &Value| characters.iter().any(|c| i["bpid"].as_str() == Some(c));
    let (mut templates, kept): (Vec<Value>, Vec<Value>) =
        shipped.into_iter().partition(|i| is_character(i));
    for name in &characters {
        if !templates.iter().any(|i| i["bpid"].as_str() == Some(name)) {
            templates.push(serde_json::json!({"id": name, "label": name, "bpid": name,
                                              "initScript": ""}));
        }
    }
    if templates.is_empty() {
        return Err("the model has no characters to scale".into());
    }
    let wanted = n.saturating_sub(kept.len()).max(templates.len());
    let grow = (wanted as f64 / templates.len() as f64).sqrt();
    let meta = &mut model["metadata"];
    let bound = |v: &Value| v.as_f64().unwrap_or(0.0) * grow;
    let (top, right, bottom, left) = (
        bound(&meta["top"]),
        bound(&meta["right"]),
        bound(&meta["bottom"]),
        bound(&meta["left"]),
    );
    meta["top"] = top.into();
    meta["right"] = right.into();
    meta["bottom"] = bottom.into();
    meta["left"] = left.into();
    meta["roundsCanLoop"] = true.into();
    let mut random = bench_protocol::ScalePlaces::default();
    let mut instances = kept;
    instances.extend((0..wanted).map(|k| {
        let template = &templates[k % templates.len()];
        let x = left + (right - left) * random.unit();
        let y = top + (bottom - top) * random.unit();
        let init = template["initScript"].as_str().unwrap_or("");
        let bpid = template["bpid"].as_str().unwrap_or("");
        serde_json::json!({
            "id": format!("scaled-{k}"),
            "label": format!("{bpid} {k}"),
            "bpid": bpid,
            "initScript": format!("{init}\nprop x setTo {x:.1}\nprop y setTo {y:.1}\n"),
        })
    }));
    model["instances"] = Value::Array(instances);
    Ok(model.to_string())
}

/// Whether a blueprint's script gives it a Costume (it is drawn as a character).
fn has_costume(script: &str) -> bool {
    script.lines().any(|line| {
        let mut words = line.split_whitespace();
        matches!(words.next(), Some("useFeature" | "addFeature")) && words.next() == Some("Costume")
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Runner;

    fn available() -> bool {
        let there = models_dir().join("aquatic.gemprj").exists();
        if !there {
            eprintln!("skipped: {} is absent", models_dir().display());
        }
        there
    }

    #[test]
    fn every_model_scales_to_n_agents_and_runs() {
        if !available() {
            return;
        }
        for name in MODELS {
            let project = project(name, 1_000).unwrap().unwrap();
            let mut runner = Runner::new(project, 1).unwrap();
            assert_eq!(runner.agent_count(), 1_000, "{name}");
            let before = runner.state_hash();
            runner.step(30);
            assert_ne!(runner.state_hash(), before, "{name} does nothing");
            // Past the end of the shipped rounds (moths' two last 70 s), it still runs.
            runner.step(30 * 75);
            let later = runner.state_hash();
            runner.step(1);
            assert_ne!(runner.state_hash(), later, "{name} stopped");
        }
    }

    #[test]
    fn aquatic_keeps_its_density_and_widgets_and_adds_the_fish() {
        if !available() {
            return;
        }
        let text = std::fs::read_to_string(models_dir().join("aquatic.gemprj")).unwrap();
        let scaled: Value = serde_json::from_str(&scale(&text, 10_004).unwrap()).unwrap();
        let count = |bp: &str| {
            scaled["instances"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|i| i["bpid"] == bp)
                .count()
        };
        // Timer is kept once; fish, algae, the sunbeam and three flowers (8) fill the rest.
        assert_eq!(count("Timer"), 1);
        assert!(
            (3_750..=3_753).contains(&count("Algae")),
            "{}",
            count("Algae")
        );
        assert!(
            (1_250..=1_251).contains(&count("Fish")),
            "{}",
            count("Fish")
        );
        assert_eq!(scaled["metadata"]["roundsCanLoop"], true);
        let side = scaled["metadata"]["right"].as_f64().unwrap() * 2.0;
        let density = 10_003.0 / (side * side);
        assert!((density - 8.0 / 640_000.0).abs() < 1e-9, "{density}");
    }
}
