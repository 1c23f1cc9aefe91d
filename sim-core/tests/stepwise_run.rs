//! `stepwise run` runs a model headless: counts per blueprint, the state hash (the same for
//! the same seed), and a CSV of per-second counts and Global props.

use std::path::PathBuf;
use std::process::Command;

fn example(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../static/models")
        .join(name)
}

fn run(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_stepwise"))
        .args(args)
        .output()
        .expect("stepwise runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs `stepwise` with `args`, which must succeed; its standard output.
fn run_ok(args: &[&str]) -> String {
    let (ok, out, err) = run(args);
    assert!(ok, "stepwise {args:?} failed: {err}");
    out
}

fn hash_line(stdout: &str) -> String {
    stdout
        .lines()
        .find(|l| l.starts_with("state hash "))
        .expect("a hash line")
        .to_string()
}

#[test]
fn run_prints_counts_and_a_hash_that_repeats_for_the_same_seed() {
    let file = example("moths.gemprj");
    let file = file.to_str().unwrap();
    let (ok, first, err) = run(&["run", file, "--seconds", "5", "--seed", "9"]);
    assert!(ok, "{err}");
    assert!(first.contains("time 5.000 s, 150 ticks"), "{first}");
    assert!(first.lines().any(|l| l.starts_with("Moth: ")), "{first}");
    let (_, second, _) = run(&["run", file, "--seconds", "5", "--seed", "9"]);
    assert_eq!(hash_line(&first), hash_line(&second));
    let (_, other, _) = run(&["run", file, "--seconds", "5", "--seed", "10"]);
    assert_ne!(hash_line(&first), hash_line(&other));
}

#[test]
fn run_writes_per_second_counts_and_global_props_as_csv() {
    let csv = std::env::temp_dir().join(format!("stepwise-run-{}.csv", std::process::id()));
    let file = example("moths.gemprj");
    let (ok, _, err) = run(&[
        "run",
        file.to_str().unwrap(),
        "--seconds",
        "3",
        "--seed",
        "1",
        "--csv",
        csv.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let text = std::fs::read_to_string(&csv).unwrap();
    let _ = std::fs::remove_file(&csv);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "a header and one row per second: {text}");
    assert!(lines[0].starts_with("second,Moth,"), "{text}");
    assert!(
        lines[0].contains("global:"),
        "the model's Global props are columns: {text}"
    );
    assert!(lines[3].starts_with("3,"));
}

#[test]
fn a_run_with_rounds_plays_each_round_ends_the_last_and_prints_the_round_reached() {
    let dir = std::env::temp_dir().join(format!("stepwise-rounds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("rounds.gemprj");
    let project = serde_json::json!({
        "id": "r", "label": "r", "blueprints": [{"name": "A", "scriptText": "# BLUEPRINT A\n"}],
        "instances": [{"id": "1", "label": "a", "bpid": "A", "initScript": ""}],
        "rounds": [
            {"id": "r1", "label": "First", "time": 2, "intro": "", "outtro": "", "initScript": "", "endScript": ""},
            {"id": "r2", "label": "Second", "time": 3, "intro": "", "outtro": "", "initScript": "", "endScript": ""}
        ]
    });
    std::fs::write(&file, project.to_string()).unwrap();
    let file = file.to_str().unwrap();
    let (ok, out, err) = run(&["run", file, "--seconds", "60"]);
    assert!(ok, "{err}");
    assert!(out.contains("time 5.000 s, 150 ticks"), "{out}");
    assert!(
        out.contains("round 2 of 2 (Second): all rounds done"),
        "{out}"
    );
    let (_, partway, _) = run(&["run", file, "--seconds", "3"]);
    assert!(
        partway.contains("round 2 of 2 (Second): running"),
        "{partway}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn run_explains_bad_options() {
    let (ok, _, err) = run(&["run", "x.gemprj", "--seconds", "many"]);
    assert!(!ok);
    assert!(
        err.contains("--seconds: 'many' is not a whole number"),
        "{err}"
    );
    let (ok, _, err) = run(&["run", "/no/such/file.gemprj"]);
    assert!(!ok);
    assert!(err.contains("/no/such/file.gemprj"), "{err}");
}

#[test]
fn a_run_split_at_a_snapshot_prints_the_summary_of_the_run_that_never_stopped() {
    let dir = std::env::temp_dir().join(format!("stepwise-snap-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let snap = dir.join("at10.snap");
    let snap = snap.to_str().unwrap();
    for model in ["moths.gemprj", "fish-and-algae.gemprj"] {
        let file = example(model);
        let file = file.to_str().unwrap();
        let (ok, straight, err) = run(&["run", file, "--seconds", "20", "--seed", "4"]);
        assert!(ok, "{err}");
        let (ok, writing, err) = run(&[
            "run",
            file,
            "--seconds",
            "20",
            "--seed",
            "4",
            "--snapshot-at",
            "10",
            "--snapshot-out",
            snap,
        ]);
        assert!(ok, "{err}");
        assert_eq!(
            writing, straight,
            "{model}: writing a snapshot changed the run"
        );
        let (ok, resumed, err) = run(&["run", file, "--seconds", "20", "--from", snap]);
        assert!(ok, "{err}");
        assert_eq!(hash_line(&resumed), hash_line(&straight), "{model}");
        assert!(resumed.contains("time 20.000 s, 600 ticks"), "{resumed}");
    }
    // A cut snapshot: a message and exit code 1.
    let bytes = std::fs::read(snap).unwrap();
    let cut = dir.join("cut.snap");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    let file = example("fish-and-algae.gemprj");
    let (ok, _, err) = run(&[
        "run",
        file.to_str().unwrap(),
        "--seconds",
        "20",
        "--from",
        cut.to_str().unwrap(),
    ]);
    assert!(!ok);
    assert!(
        err.contains("the snapshot is damaged: it ends early"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_input_log_drives_the_run_the_same_with_or_without_a_snapshot_between() {
    let dir = std::env::temp_dir().join(format!("stepwise-inputs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let model = dir.join("ctl.gemprj");
    let fish = "# BLUEPRINT Fish\n# TAG isCharControllable true\n# PROGRAM DEFINE\naddFeature Movement\nfeatProp Movement movementType setTo 'wander'\n";
    let project = serde_json::json!({"id": "ctl", "label": "ctl", "blueprints": [{"name": "Fish", "scriptText": fish}]});
    std::fs::write(&model, project.to_string()).unwrap();
    let mut lines = Vec::new();
    for t in (1..400).step_by(11) {
        let x = f64::from(t % 97) / 97.0 - 0.5;
        lines.push(serde_json::json!({"tick": t, "device": "s1", "blueprint": "Fish", "markers": [{"id": "a", "x": x, "y": -x}]}).to_string());
        if t < 200 {
            lines.push(serde_json::json!({"tick": t, "device": "s2", "blueprint": "Fish", "markers": [{"id": "b", "x": -x, "y": 0.1}]}).to_string());
        }
    }
    lines.push(serde_json::json!({"tick": 420, "device": "s1", "leave": true}).to_string());
    let log = dir.join("inputs.jsonl");
    std::fs::write(&log, lines.join("\n")).unwrap();
    let snap = dir.join("at10.snap");
    let (model, log, snap) = (
        model.to_str().unwrap(),
        log.to_str().unwrap(),
        snap.to_str().unwrap(),
    );

    let without = run_ok(&["run", model, "--seconds", "8", "--seed", "2"]);
    assert!(without.contains("Fish: 0"), "{without}");
    let straight = run_ok(&[
        "run",
        model,
        "--seconds",
        "20",
        "--seed",
        "2",
        "--inputs",
        log,
    ]);
    // s2's last frame is of tick 188: its puppet goes at tick 308.
    let (ok, mid, _) = run(&[
        "run",
        model,
        "--seconds",
        "11",
        "--seed",
        "2",
        "--inputs",
        log,
    ]);
    assert!(
        ok && mid.contains("Fish: 1"),
        "s2 went quiet and was let go; s1 drives one:\n{mid}"
    );
    let _ = run_ok(&[
        "run",
        model,
        "--seconds",
        "20",
        "--seed",
        "2",
        "--inputs",
        log,
        "--snapshot-at",
        "10",
        "--snapshot-out",
        snap,
    ]);
    let resumed = run_ok(&[
        "run",
        model,
        "--seconds",
        "20",
        "--from",
        snap,
        "--inputs",
        log,
    ]);
    assert_eq!(resumed, straight);
    assert!(
        straight.contains("Fish: 0"),
        "s1 left at tick 420:\n{straight}"
    );
    let bad = dir.join("bad.jsonl");
    std::fs::write(&bad, "{\"tick\": 1, \"device\": \"s1\"}\n").unwrap();
    let (ok, _, err) = run(&[
        "run",
        model,
        "--seconds",
        "1",
        "--inputs",
        bad.to_str().unwrap(),
    ]);
    assert!(
        !ok && err.contains("bad.jsonl: line 1: a frame needs a blueprint"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
