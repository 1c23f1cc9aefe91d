//! `stepwise`: Stepwise's headless command, for checking and inspecting scripts outside the app.
//!
//! ```text
//! stepwise tokenize FILE    print FILE's ScriptUnits as JSON, in GEMSTEP's shape
//! ```
//!
//! Errors go to stderr as `file:line:col: message`, and the exit status is 1.

use std::io::Write;
use std::process::ExitCode;

use sim_core::script::tokenize;

const USAGE: &str = "usage: stepwise tokenize FILE";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        // Writing can fail (a closed pipe, as in `stepwise tokenize F | head`): fail quietly.
        Ok(output) => match writeln!(std::io::stdout().lock(), "{output}") {
            Ok(()) => ExitCode::SUCCESS,
            Err(_) => ExitCode::FAILURE,
        },
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}

/// Runs one command; returns what to print, or the error message.
fn run(args: &[String]) -> Result<String, String> {
    match args {
        [command, file] if command == "tokenize" => tokenize_file(file),
        _ => Err(USAGE.to_owned()),
    }
}

/// `stepwise tokenize FILE`: the ScriptUnits of FILE as GEMSTEP's JSON.
fn tokenize_file(file: &str) -> Result<String, String> {
    let text = read(file)?;
    let units =
        tokenize(&text).map_err(|e| format!("{file}:{}:{}: {}", e.pos.line, e.pos.col, e.kind))?;
    serde_json::to_string(&units).map_err(|e| format!("{file}: cannot write JSON: {e}"))
}

fn read(file: &str) -> Result<String, String> {
    std::fs::read_to_string(file).map_err(|e| format!("{file}: cannot read: {e}"))
}
