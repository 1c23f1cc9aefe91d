//! `stepwise sweep` runs an experiment on a pool of threads and writes BehaviorSpace's table:
//! the same bytes on one thread as on several, from options or from the experiment saved in
//! the project.

mod common;

use common::cli::{stepwise, text};
use std::path::PathBuf;

fn example(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../static/models")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("stepwise-sweep-{}-{name}", std::process::id()))
}

/// `stepwise sweep` with `args`: whether it succeeded, its output and its errors.
fn sweep(args: &[&str]) -> (bool, String, String) {
    let out = stepwise(&[&["sweep"], args].concat());
    (out.status.success(), text(&out.stdout), text(&out.stderr))
}

const OPTIONS: [&str; 12] = [
    "--vary",
    "Fish.energyUse=1,3,5",
    "--vary",
    "Fish.energy=20..60:20",
    "--seeds",
    "2",
    "--seconds",
    "2",
    "--measure",
    "count Fish",
    "--measure",
    "mean Fish.energy",
];

#[test]
fn a_3_by_3_by_2_sweep_writes_18_rows_alike_on_one_thread_and_on_two() {
    let file = example("fish-and-algae.gemprj");
    let mut tables = Vec::new();
    for threads in ["1", "2"] {
        let csv = temp(&format!("{threads}.csv"));
        let csv_arg = csv.to_string_lossy().into_owned();
        let mut args = vec![file.as_str()];
        args.extend(OPTIONS);
        args.extend(["--threads", threads, "--csv", &csv_arg]);
        let (ok, out, err) = sweep(&args);
        assert!(ok, "{err}");
        assert!(out.starts_with("18 runs, 18 rows in "), "{out}");
        let unit = if threads == "1" { "thread" } else { "threads" };
        assert!(out.contains(&format!("on {threads} {unit};")), "{out}");
        tables.push(std::fs::read_to_string(&csv).unwrap());
        let _ = std::fs::remove_file(csv);
    }
    assert_eq!(tables[0], tables[1]);
    let lines: Vec<&str> = tables[0].lines().collect();
    assert_eq!(
        lines[0],
        "[run number],Fish.energyUse,Fish.energy,[seed],[step],count Fish,mean Fish.energy"
    );
    assert_eq!(lines.len(), 19);
    assert!(lines[1].starts_with("1,1,20,1,60,"), "{}", lines[1]);
    assert!(lines[18].starts_with("18,5,60,2,60,"), "{}", lines[18]);
}

#[test]
fn the_experiment_saved_in_the_project_runs_without_options() {
    let text = std::fs::read_to_string(example("fish-and-algae.gemprj")).unwrap();
    let mut project: serde_json::Value = serde_json::from_str(&text).unwrap();
    project["experiments"] = serde_json::json!([{
        "name": "energy use",
        "vary": [{"prop": "Fish.energyUse", "values": "1,5"}],
        "seeds": 1, "seconds": 1, "every": 15,
        "measures": ["mean Fish.energy"]
    }]);
    let file = temp("saved.gemprj");
    std::fs::write(&file, project.to_string()).unwrap();
    let file = file.to_string_lossy().into_owned();
    let (ok, saved, err) = sweep(&[&file]);
    assert!(ok, "{err}");
    let (ok, named, _) = sweep(&[&file, "--experiment", "energy use"]);
    assert!(ok);
    assert_eq!(saved, named);
    let (ok, by_hand, _) = sweep(&[
        &file,
        "--vary",
        "Fish.energyUse=1,5",
        "--seconds",
        "1",
        "--every",
        "15",
        "--measure",
        "mean Fish.energy",
    ]);
    assert!(ok);
    assert_eq!(saved, by_hand, "the options make the same experiment");
    // Ticks 0, 15 and 30 of each of 2 runs, under the header.
    assert_eq!(saved.lines().count(), 7, "{saved}");
    // Options replace the saved experiment's fields.
    let (ok, longer, _) = sweep(&[&file, "--seconds", "2"]);
    assert!(ok);
    assert_eq!(longer.lines().count(), 11, "{longer}");
    let (ok, _, err) = sweep(&[&file, "--experiment", "speed"]);
    assert!(!ok);
    assert!(
        err.contains("no experiment 'speed' in the project (it has: energy use)"),
        "{err}"
    );
    let _ = std::fs::remove_file(file);
}

#[test]
fn bad_options_fail_with_a_reason() {
    let file = example("fish-and-algae.gemprj");
    for (args, says) in [
        (vec![file.as_str()], "give --vary and --measure"),
        (
            vec![file.as_str(), "--vary", "Fish.energyUse"],
            "write it as Fish.energyUse=1,2,3",
        ),
        (
            vec![
                file.as_str(),
                "--vary",
                "Fish.energyUse=1",
                "--measure",
                "count Fsh",
            ],
            "measure 1 (count Fsh): the model has no blueprint 'Fsh' (did you mean Fish?)",
        ),
        (vec![file.as_str(), "--threads", "0"], "at least 1"),
        (
            vec![file.as_str(), "--seeds", "many"],
            "'many' is not a whole number",
        ),
        (vec!["--vary", "a=1"], "needs a .gemprj file"),
    ] {
        let (ok, _, err) = sweep(&args);
        assert!(!ok, "{args:?} succeeded");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
