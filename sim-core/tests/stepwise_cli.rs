//! Behaviour of the `stepwise` command as a user runs it.

mod common;

use common::cli::{stepwise, temp_file};

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
        format!("{file}:2:10: string is never closed: add the closing quote")
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
