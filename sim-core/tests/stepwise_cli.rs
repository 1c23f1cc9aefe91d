//! Behaviour of the `stepwise` command as a user runs it.

mod common;

use common::cli::{stepwise, temp_file, text};

#[test]
fn tokenize_prints_gemstep_json() {
    let path = temp_file("ok.gemscript", "when Bee touches Bee [[\n  dbgOut 'hi'\n]]");
    let out = stepwise(&["tokenize", path.to_str().unwrap()]);
    assert!(out.status.success());
    let expected = r#"[[{"identifier":"when"},{"identifier":"Bee"},{"identifier":"touches"},{"identifier":"Bee"},{"block":[[{"identifier":"dbgOut"},{"string":"hi"}]]}]]"#;
    assert_eq!(String::from_utf8(out.stdout).unwrap().trim_end(), expected);
}

#[test]
fn tokenize_reports_errors_as_file_line_col_and_exits_1() {
    let path = temp_file("bad.gemscript", "prop x setTo 1\n  dbgOut 'oops");
    let file = path.to_str().unwrap();
    let out = stepwise(&["tokenize", file]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        stderr.trim_end(),
        format!(
            "{file}:2:10: this text in quotes is never closed: add the same quote mark at its end"
        )
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn missing_files_and_unknown_commands_exit_1_with_a_message() {
    let out = stepwise(&["tokenize", "/nonexistent/x.gemscript"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .starts_with("/nonexistent/x.gemscript: cannot read"));
    let out = stepwise(&["frobnicate"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("usage: stepwise"));
}

/// A project of one blueprint `H` with one agent, whose UPDATE is `update`.
fn hostile_project(name: &str, define: &str, update: &str) -> std::path::PathBuf {
    let script = format!("# BLUEPRINT H\n# PROGRAM DEFINE\n{define}\n# PROGRAM UPDATE\n{update}\n");
    let json = serde_json::json!({
        "id": name, "label": name,
        "blueprints": [{ "name": "H", "scriptText": script }],
        "instances": [{ "id": "1", "label": "h", "bpid": "H" }],
    });
    temp_file(&format!("{name}.gemprj"), &json.to_string())
}

/// Models that grow a text, a dictionary or the log without end run their ten seconds under
/// a 1 GB address-space limit (before the limits they took gigabytes in a second and the
/// command aborted), and the command reports where each limit was reached.
#[test]
fn hostile_models_run_within_a_memory_limit() {
    let s = "agent.getProp('s').value";
    let cases = [
        (
            "doubling-text",
            "addProp s String 'ab'".to_string(),
            format!("exprPush {{{{ {s} + {s} }}}}\npropPop s"),
            "H:6:1",
        ),
        (
            "growing-dictionary",
            "addProp d Dictionary\naddProp n Number 0".to_string(),
            "prop n add 1\nprop d updateItem {{ 'k' + agent.getProp('n').value }} 1".to_string(),
            "H:7:1",
        ),
        (
            "huge-debug-lines",
            "addProp s String 'ab'".to_string(),
            format!("exprPush {{{{ {s} + {s} }}}}\npropPop s\ndbgOut {{{{ {s} }}}}"),
            "H:6:1",
        ),
    ];
    for (name, define, update, place) in cases {
        let path = hostile_project(name, &define, &update);
        let command = format!(
            "ulimit -v 1048576 && exec '{}' run '{}' --seconds 40 --seed 1",
            env!("CARGO_BIN_EXE_stepwise"),
            path.display()
        );
        let out = std::process::Command::new("sh")
            .args(["-c", &command])
            .output()
            .unwrap();
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        assert!(out.status.success(), "{name}: {stderr}{stdout}");
        assert!(
            stdout.contains(place) || stderr.contains(place),
            "{name} names where the limit was reached ({place}):\n{stdout}{stderr}"
        );
    }
}

#[test]
fn a_file_larger_than_the_app_accepts_is_refused_unread_with_the_apps_message() {
    let big = " ".repeat(sim_core::MAX_PROJECT_BYTES + 1);
    let path = temp_file("huge.gemprj", &big);
    let file = path.to_str().unwrap();
    for args in [
        vec!["check", file],
        vec!["run", file, "--seconds", "1"],
        vec!["sweep", file],
    ] {
        let command = args[0];
        let out = stepwise(&args);
        assert_eq!(out.status.code(), Some(1), "{command}");
        assert_eq!(
            text(&out.stderr).trim_end(),
            format!(
                "{file} is too large to be a project ({} bytes; a project may have at most 8 MB)",
                big.len()
            ),
            "{command}"
        );
    }
    std::fs::remove_file(path).ok();
}

#[test]
fn a_tick_that_would_never_end_stops_and_run_exits_1_naming_the_place() {
    let mut update = "prop zIndex add 1".to_string();
    for _ in 0..8 {
        update = format!("featCall Population tellAllCharacters [[\n{update}\n]]");
    }
    let script = format!(
        "# BLUEPRINT Fish\n# PROGRAM DEFINE\naddFeature Population\n# PROGRAM UPDATE\n{update}\n"
    );
    let instances: Vec<serde_json::Value> = (0..30)
        .map(|i| serde_json::json!({"id": i.to_string(), "label": format!("f{i}"), "bpid": "Fish", "initScript": ""}))
        .collect();
    let project = serde_json::json!({
        "id": "endless", "label": "endless",
        "blueprints": [{"name": "Fish", "label": "Fish", "scriptText": script}],
        "instances": instances,
    });
    let path = temp_file("endless.gemprj", &project.to_string());
    let file = path.to_str().unwrap();
    let out = stepwise(&["run", file, "--seconds", "5"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains(&format!(
            "{file}: Tick 1 stopped at Fish:13:1: it did more than 4,000,000"
        )),
        "{stderr}"
    );
    assert!(stderr.contains("time 0.033 s, 1 ticks"), "{stderr}");
}

/// `stepwise reference` lists an entry, with an example, for every keyword, feature method
/// and property method the engine knows (read from the engine's own tables, so a word added
/// without its entry fails here); `stepwise reference NAME` prints one, and a misspelt name
/// gets a "did you mean".
#[test]
fn reference_lists_every_keyword_feature_method_and_property_method() {
    use sim_core::script::{KEYWORDS, PRAGMAS, WHEN_TESTS};
    use sim_core::{VarType, FEATURES};
    let out = stepwise(&["reference"]);
    assert!(out.status.success());
    let listing = text(&out.stdout);
    let has = |title: &str| listing.contains(&format!("\n{title} — "));
    let mut missing = Vec::new();
    for k in KEYWORDS {
        if !has(k.name) {
            missing.push(k.name.to_owned());
        }
    }
    for p in PRAGMAS {
        if !has(&format!("# {}", p.name)) {
            missing.push(format!("# {}", p.name));
        }
    }
    for t in WHEN_TESTS {
        if !has(&format!("when … {} …", t.name)) {
            missing.push(t.name.to_owned());
        }
    }
    for f in FEATURES.iter().map(|f| &f.spec) {
        let props = f.props.iter().map(|p| p.name);
        for name in props.chain(f.methods.iter().map(|m| m.name)) {
            if !has(&format!("{} {name}", f.name)) {
                missing.push(format!("{}.{name}", f.name));
            }
        }
    }
    for ty in VarType::ALL {
        for m in ty.methods() {
            if !has(&format!("{} ({} property)", m.name, ty.name())) {
                missing.push(format!("{}.{}", ty.name(), m.name));
            }
        }
    }
    assert!(missing.is_empty(), "no reference entry for {missing:?}");
    assert!(
        !listing.contains("  Example:\n\n"),
        "an entry has an empty example"
    );

    let one = stepwise(&["reference", "Movement.setRandomDirection"]);
    assert!(one.status.success());
    let entry = text(&one.stdout);
    assert!(
        entry.starts_with("Movement setRandomDirection — feature method\n"),
        "{entry}"
    );
    let example = entry.split("  Example:\n").nth(1).unwrap_or_default();
    assert!(
        example.contains("featCall Movement setRandomDirection"),
        "{entry}"
    );

    let older = text(&stepwise(&["reference", "createAgent"]).stdout);
    assert!(
        older.contains("GEMSTEP also writes: createAgent"),
        "{older}"
    );

    let wrong = stepwise(&["reference", "featCal"]);
    assert_eq!(wrong.status.code(), Some(1));
    assert_eq!(
        text(&wrong.stderr).trim_end(),
        "the reference has no entry named 'featCal' — did you mean 'featCall'?"
    );
}
