//! `stepwise`: Stepwise's headless command, for checking and inspecting scripts outside the app.
//!
//! ```text
//! stepwise tokenize FILE    print FILE's ScriptUnits as JSON, in GEMSTEP's shape
//! stepwise check FILE       compile every script of a .gemprj (or one .gemscript) and list
//!                           each error as file:script:line:col: message
//! stepwise run FILE.gemprj --seconds S --seed N [--csv out.csv]
//!               [--snapshot-at T --snapshot-out PATH] [--from PATH] [--inputs LOG.jsonl]
//!                           run a model headless to S seconds of simulation time; print
//!                           per-blueprint counts and the state hash; --csv writes
//!                           per-second counts and Global props; --snapshot-at writes a
//!                           snapshot at T seconds on the way; --from starts from one;
//!                           --inputs applies a log of controller frames (JSON lines)
//! stepwise run --replay FILE.stepwise-run
//!                           replay a saved class run, checking the lesson's state hashes;
//!                           print each part and the final state hash
//! stepwise sweep FILE.gemprj [--experiment NAME] [--vary 'Fish.energyUse=1,2,3']...
//!               [--seeds N] [--seconds S] [--measure 'count Fish']... [--every TICKS]
//!               [--csv out.csv] [--threads N]
//!                           run an experiment (the project's saved one, or one made of
//!                           the options) on every core; write its table as CSV
//! stepwise reference [NAME]  print the script reference: every keyword, # line, when test,
//!                           feature, feature prop and method, and property method, with
//!                           its arguments and an example (NAME: only its entries, as
//!                           `featCall`, `Movement.distance`, `Number.add` or `add`)
//! stepwise fmt FILE         print FILE's script in canonical layout (for a .gemprj, the
//!                           project JSON with every script laid out canonically)
//! ```
//!
//! Errors go to stderr, and the exit status is 1.

use std::io::Write;
#[path = "stepwise/replay.rs"]
mod replay;
#[path = "stepwise/run.rs"]
mod run;
#[path = "stepwise/sweep.rs"]
mod sweep;

use std::path::Path;
use std::process::ExitCode;

use sim_core::{
    experiment::{alive_problems, widget_problems},
    script::{compile_project, compile_standalone, print_units, tokenize},
    CompileError, Project,
};

const USAGE: &str = "usage: stepwise tokenize FILE | stepwise check FILE | stepwise fmt FILE | stepwise reference [NAME] | stepwise run FILE.gemprj --seconds S --seed N [--csv out.csv] [--snapshot-at T --snapshot-out PATH] [--from PATH] [--inputs LOG.jsonl] | stepwise run --replay FILE.stepwise-run | stepwise sweep FILE.gemprj [--vary P=VALUES]... [--measure M]... [--seeds N] [--seconds S] [--csv out.csv]";

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
        [command, file] if command == "check" => check_file(file),
        [command, file] if command == "fmt" => fmt_file(file),
        [command] if command == "reference" => Ok(sim_core::reference::listing()),
        [command, name] if command == "reference" => reference_of(name),
        [command, flag, file] if command == "run" && flag == "--replay" => replay::run(file),
        [command, rest @ ..] if command == "run" => run::run(rest),
        [command, rest @ ..] if command == "sweep" => sweep::run(rest),
        _ => Err(USAGE.to_owned()),
    }
}

/// `stepwise reference NAME`: the entries NAME names, or a "did you mean" when none does.
fn reference_of(name: &str) -> Result<String, String> {
    let found = sim_core::reference::find(name);
    if found.is_empty() {
        let hint = sim_core::reference::closest_name(name)
            .map(|n| format!(" — did you mean '{n}'?"))
            .unwrap_or_default();
        return Err(format!("the reference has no entry named '{name}'{hint}"));
    }
    Ok(found
        .iter()
        .map(|e| e.to_text())
        .collect::<Vec<_>>()
        .join("\n"))
}

/// `stepwise tokenize FILE`: the ScriptUnits of FILE as GEMSTEP's JSON.
fn tokenize_file(file: &str) -> Result<String, String> {
    let text = read(file)?;
    let units =
        tokenize(&text).map_err(|e| format!("{file}:{}:{}: {}", e.pos.line, e.pos.col, e.kind))?;
    serde_json::to_string(&units).map_err(|e| format!("{file}: cannot write JSON: {e}"))
}

fn is_project(file: &str) -> bool {
    Path::new(file)
        .extension()
        .is_some_and(|ext| ext.eq_ignore_ascii_case("gemprj"))
}

fn load_project(file: &str, text: &str) -> Result<Project, String> {
    Project::from_json(text).map_err(|e| format!("{file}: {e}"))
}

/// `stepwise check FILE`: every compile error, one per line (exit 1); warnings, what GEMSTEP
/// would quietly ignore, are listed too but do not fail it, and so are a project's widgets
/// and lesson-guide checks that cannot work with its model.
fn check_file(file: &str) -> Result<String, String> {
    let text = read(file)?;
    let result = if is_project(file) {
        let project = load_project(file, &text)?;
        compile_project(&project).map(|compiled| {
            let scripts = compiled.blueprints.into_iter().flat_map(|b| b.warnings);
            let mut lines: Vec<String> = scripts
                .map(|w| format!("{file}:{}:{}: warning: {}", w.script, w.pos, w.kind))
                .collect();
            lines.extend(project_warnings(file, &project));
            lines
        })
    } else {
        let stem = Path::new(file)
            .file_stem()
            .map_or_else(|| file.to_owned(), |s| s.to_string_lossy().into_owned());
        compile_standalone(&text, &stem).map(|b| {
            b.warnings
                .iter()
                .map(|w| format!("{file}:{}:{}: warning: {}", w.script, w.pos, w.kind))
                .collect()
        })
    };
    match result {
        // Warnings alone do not fail the check: GEMSTEP runs such a script.
        Ok(mut lines) => {
            lines.push(format!("{file}: ok"));
            Ok(lines.join("\n"))
        }
        Err(errors) => Err(list_errors(file, &errors)),
    }
}

/// The warnings about `project`'s widgets and lesson guide, one line each.
fn project_warnings(file: &str, project: &Project) -> Vec<String> {
    let widgets = widget_problems(project).into_iter().enumerate();
    let widgets = widgets.filter_map(|(i, why)| {
        let label = project.widgets[i].shown_label();
        why.map(|why| format!("{file}: warning: widgets[{i}] '{label}': {why}"))
    });
    let alive = alive_problems(project).into_iter();
    let alive = alive.map(|(i, why)| format!("{file}: warning: guide.alive[{i}]: {why}"));
    widgets.chain(alive).collect()
}

fn list_errors(file: &str, errors: &[CompileError]) -> String {
    let lines: Vec<String> = errors.iter().map(|e| format!("{file}:{e}")).collect();
    lines.join("\n")
}

/// `stepwise fmt FILE`: the canonical layout of FILE's script(s).
fn fmt_file(file: &str) -> Result<String, String> {
    let text = read(file)?;
    let layout = |script: &str, name: &str| {
        tokenize(script)
            .map(|units| print_units(&units))
            .map_err(|e| format!("{file}:{name}:{}: {}", e.pos, e.kind))
    };
    if !is_project(file) {
        return layout(&text, "script");
    }
    let mut project = load_project(file, &text)?;
    for bp in &mut project.blueprints {
        bp.script_text = layout(&bp.script_text, &bp.name)?;
    }
    for instance in &mut project.instances {
        instance.init_script = layout(&instance.init_script, &instance.label)?;
    }
    for round in &mut project.rounds {
        round.init_script = layout(&round.init_script, &round.id)?;
        round.end_script = layout(&round.end_script, &round.id)?;
    }
    project.to_json_pretty().map_err(|e| format!("{file}: {e}"))
}

/// The text of script or project file `file`, refused unread when it is larger than the app
/// accepts (see [`sim_core::MAX_PROJECT_BYTES`]), with the app's message.
fn read(file: &str) -> Result<String, String> {
    let bytes = std::fs::metadata(file)
        .map_err(|e| format!("{file}: cannot read: {e}"))?
        .len();
    if let Some(why) = sim_core::project::too_large(file, bytes) {
        return Err(why);
    }
    std::fs::read_to_string(file).map_err(|e| format!("{file}: cannot read: {e}"))
}
