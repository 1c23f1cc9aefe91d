//! Behaviour of `stepwise check` and `stepwise fmt` as a user runs them.

mod common;

use common::cli::{stepwise, temp_file, text};
use std::path::{Path, PathBuf};

#[test]
fn check_lists_every_error_as_file_blueprint_line_col_and_exits_1() {
    let path = temp_file(
        "fish.gemscript",
        "# BLUEPRINT Fish\naddProp energy Number 1\n5 setTo 1\nprop enrgy setTo 1",
    );
    let file = path.to_str().unwrap();
    let out = stepwise(&["check", file]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr).trim_end(),
        format!(
            "{file}:Fish:3:1: a line must start with a keyword, such as prop or featCall, not with the number 5\n{file}:Fish:4:6: Fish has no property 'enrgy' — did you mean 'energy'?"
        )
    );
}

#[test]
fn check_lists_warnings_but_passes_a_script_gemstep_runs() {
    let path = temp_file(
        "extra.gemscript",
        "# BLUEPRINT Fish\naddProp energy Number 1\nprop energy setTo 1 2",
    );
    let file = path.to_str().unwrap();
    let out = stepwise(&["check", file]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout).trim_end(),
        format!(
            "{file}:Fish:3:21: warning: setTo takes 1 argument, but this line gives it 2; the extra one is ignored\n{file}: ok"
        )
    );
}

#[test]
fn check_exits_0_on_a_clean_script_and_a_clean_project() {
    let path = temp_file(
        "ok.gemscript",
        "# BLUEPRINT Fish\naddProp energy Number 1\nprop energy add 1",
    );
    let out = stepwise(&["check", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let project = Path::new(env!("CARGO_MANIFEST_DIR")).join("../static/models/wander.gemprj");
    let out = stepwise(&["check", project.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
}

#[test]
fn check_exits_0_on_every_real_model() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared");
    let Ok(entries) = std::fs::read_dir(dir.join("gemstep-models")) else {
        return;
    };
    let mut files: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
    files.retain(|p| p.extension().is_some_and(|e| e == "gemprj"));
    files.push(dir.join("gemstep-tests/morgan-dino.gemscript"));
    for file in files {
        let out = stepwise(&["check", file.to_str().unwrap()]);
        assert!(
            out.status.success(),
            "{}: {}",
            file.display(),
            text(&out.stderr)
        );
    }
}

#[test]
fn check_reports_a_malformed_project_instead_of_crashing() {
    let path = temp_file("bad.gemprj", "{ \"blueprints\": [ { \"name\": 3 } ] }");
    let out = stepwise(&["check", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).starts_with(path.to_str().unwrap()));
}

#[test]
fn fmt_prints_canonical_text_that_fmt_leaves_alone() {
    let path = temp_file(
        "messy.gemscript",
        "# BLUEPRINT Fish\nevery   1 [[\n      prop x add \"1\"   // note\n]]",
    );
    let out = stepwise(&["fmt", path.to_str().unwrap()]);
    assert!(out.status.success());
    let canonical = text(&out.stdout);
    assert_eq!(
        canonical.trim_end(),
        "# BLUEPRINT Fish\nevery 1 [[\n  prop x add '1' // note\n]]"
    );
    let again = temp_file("canonical.gemscript", canonical.trim_end());
    let out = stepwise(&["fmt", again.to_str().unwrap()]);
    assert_eq!(text(&out.stdout), canonical);
}

#[test]
fn fmt_of_a_project_lays_out_every_script_and_keeps_it_loadable() {
    let project = Path::new(env!("CARGO_MANIFEST_DIR")).join("../static/models/wander.gemprj");
    let out = stepwise(&["fmt", project.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let formatted = temp_file("formatted.gemprj", &text(&out.stdout));
    let out = stepwise(&["check", formatted.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
}

#[test]
fn check_warns_of_widgets_and_guide_checks_that_cannot_work_with_the_model() {
    let project = serde_json::json!({
        "id": "w", "label": "W",
        "blueprints": [{ "name": "Fish", "scriptText": "# BLUEPRINT Fish\n# PROGRAM DEFINE\naddProp energy Number 1" }],
        "widgets": [
            { "kind": "slider", "label": "Speed", "target": "Fish.sped" },
            { "kind": "monitor", "target": "mean Fish.energy" }
        ],
        "guide": { "alive": [{ "measure": "count Fsh", "atLeast": 1 }] }
    });
    let path = temp_file("widgets.gemprj", &project.to_string());
    let file = path.to_str().unwrap();
    let out = stepwise(&["check", file]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert!(
        lines[0].starts_with(&format!("{file}: warning: widgets[0] 'Speed': ")),
        "{}",
        lines[0]
    );
    assert!(lines[0].contains("sped"), "{}", lines[0]);
    assert_eq!(
        lines[1],
        format!("{file}: warning: guide.alive[0]: the model has no blueprint 'Fsh' (did you mean Fish?)")
    );
    assert_eq!(lines[2], format!("{file}: ok"));
}
