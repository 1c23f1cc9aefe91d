//! Running the `stepwise` command on files, for the tests of what a user sees from it.

use std::path::PathBuf;
use std::process::{Command, Output};

/// Writes `text` to a file of its own in the temp directory and returns its path. The name
/// holds the process id, so test runs at the same time do not share files.
pub fn temp_file(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("stepwise-test-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

/// Runs the `stepwise` binary this package builds, with `args`.
pub fn stepwise(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_stepwise"))
        .args(args)
        .output()
        .unwrap()
}

/// Output bytes as text (the command writes UTF-8).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}
