//! Compiling a whole project: every blueprint, every instance's init script (in the context
//! of its blueprint) and every round's scripts, with one pass first to learn what each
//! blueprint declares so scripts can be checked against each other.

use super::error::CompileError;
use super::reading::read_script;
use super::symbols::Symbols;
use super::{compile_blueprint_units, compile_statements, compile_statements_as, Warnings};
use crate::project::{InstanceDef, Project, Round};
use crate::script::program::{CompiledBlueprint, Stmt};
use crate::script::Pos;

/// A round's compiled scripts.
#[derive(Debug, Clone, PartialEq)]
pub struct CompiledRound {
    /// The round's id.
    pub id: String,
    /// Runs when the round starts.
    pub init: Vec<Stmt>,
    /// Runs when the round ends.
    pub end: Vec<Stmt>,
}

/// Everything a project compiles to.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CompiledProject {
    /// The blueprints, in project order.
    pub blueprints: Vec<CompiledBlueprint>,
    /// The rounds, in project order.
    pub rounds: Vec<CompiledRound>,
    /// What the project declares, to compile the instances' init scripts with.
    pub symbols: Symbols,
}

impl CompiledProject {
    /// `instance`'s init script compiled (the project's starting agent it was compiled
    /// with, so it compiles again; an error would say the project changed under it).
    ///
    /// Compiling a project only checks the init scripts: each is compiled again here, when
    /// its agent is made. It runs once per start, and kept compiled, the init scripts of a
    /// model of 10,000 starting agents held 16 MB for the whole run.
    pub fn instance_init(&self, instance: &InstanceDef) -> Result<Vec<Stmt>, Vec<CompileError>> {
        compile_for_agent(
            &instance.init_script,
            &instance_script(instance),
            &instance.bpid,
            &self.symbols,
        )
    }
}

/// How errors and the log name an instance's init script.
fn instance_script(instance: &InstanceDef) -> String {
    format!("instance {}", instance.label)
}

/// Collects a script's result into `out`, or its errors into `errors`.
fn keep<T>(result: Result<T, Vec<CompileError>>, errors: &mut Vec<CompileError>) -> Option<T> {
    result.map_err(|e| errors.extend(e)).ok()
}

/// Learns what every script of `project` declares: each blueprint's props and features and
/// the Global props, as the compiler checks names against them (an experiment checks the
/// props it varies and measures against them too).
pub fn project_symbols(project: &Project) -> Symbols {
    let mut symbols = Symbols::complete();
    for bp in &project.blueprints {
        symbols.add_blueprint(&bp.name, &read_script(&bp.script_text, &bp.name).units);
    }
    let others = project.instances.iter().map(|i| &i.init_script).chain(
        project
            .rounds
            .iter()
            .flat_map(|r| [&r.init_script, &r.end_script]),
    );
    for text in others {
        symbols.add_globals_from(&read_script(text, "").units);
    }
    symbols
}

/// Compiles every script of `project`, returning all errors found in all of them.
pub fn compile_project(project: &Project) -> Result<CompiledProject, Vec<CompileError>> {
    compile_parts(project, true)
}

/// Compiles every script of `project` but its starting agents' init scripts, which only a
/// fresh start runs (a restored run has no use for them until it is reset); the compiled
/// project has no instances.
pub fn compile_project_scripts(project: &Project) -> Result<CompiledProject, Vec<CompileError>> {
    compile_parts(project, false)
}

fn compile_parts(
    project: &Project,
    with_instances: bool,
) -> Result<CompiledProject, Vec<CompileError>> {
    let symbols = project_symbols(project);
    let mut errors = Vec::new();
    let mut out = CompiledProject::default();
    for bp in &project.blueprints {
        let read = read_script(&bp.script_text, &bp.name);
        let compiled = compile_blueprint_units(&read.units, &bp.name, &symbols);
        out.blueprints
            .extend(keep(read.finish(compiled), &mut errors));
    }
    let instances = if with_instances {
        project.instances.as_slice()
    } else {
        &[]
    };
    for instance in instances {
        keep(check_instance(instance, &symbols), &mut errors);
    }
    for round in &project.rounds {
        out.rounds
            .extend(keep(compile_round(round, &symbols), &mut errors));
    }
    if errors.is_empty() {
        out.symbols = symbols;
        Ok(out)
    } else {
        Err(errors)
    }
}

/// Whether an instance's init script compiles for an agent of its blueprint (its
/// statements are made again when the agent is: [`CompiledProject::instance_init`]).
fn check_instance(instance: &InstanceDef, symbols: &Symbols) -> Result<(), Vec<CompileError>> {
    compile_for_agent(
        &instance.init_script,
        &instance_script(instance),
        &instance.bpid,
        symbols,
    )
    .map(drop)
}

/// Compiles statements that run on one agent of `blueprint` in a running model (a message
/// sent to it), checked against everything `project` declares, exactly as an instance's init
/// script is. `script` names the text in errors and in the log.
pub fn compile_agent_script(
    project: &Project,
    blueprint: &str,
    text: &str,
    script: &str,
) -> Result<Vec<Stmt>, Vec<CompileError>> {
    compile_for_agent(text, script, blueprint, &project_symbols(project))
}

/// Compiles statements that run outside any character, as a round's scripts do (a command
/// the teacher sends the model as a whole), checked against everything `project` declares.
pub fn compile_model_script(
    project: &Project,
    text: &str,
    script: &str,
) -> Result<Vec<Stmt>, Vec<CompileError>> {
    compile_statements(text, script, None, &project_symbols(project))
}

/// A command for an agent of `blueprint` (`None`: the model as a whole), compiled as
/// [`compile_agent_script`] or [`compile_model_script`] compile it; with
/// [`Warnings::Refused`] (a line typed at the command line) what a script may hold with a
/// warning (an unknown keyword, a missing argument) is refused with its line and column,
/// since the command would do nothing or fail when it runs.
pub fn compile_command(
    project: &Project,
    blueprint: Option<&str>,
    text: &str,
    script: &str,
    warnings: Warnings,
) -> Result<Vec<Stmt>, Vec<CompileError>> {
    let symbols = project_symbols(project);
    match blueprint {
        None => compile_statements_as(text, script, None, &symbols, warnings),
        Some(bp) => compile_for_agent_as(text, script, bp, &symbols, warnings),
    }
}

/// Plain statements for an agent of `blueprint`, refused whole when no such blueprint exists.
fn compile_for_agent(
    text: &str,
    script: &str,
    blueprint: &str,
    symbols: &Symbols,
) -> Result<Vec<Stmt>, Vec<CompileError>> {
    compile_for_agent_as(text, script, blueprint, symbols, Warnings::Allowed)
}

/// [`compile_for_agent`], with `warnings` saying whether a warning refuses the text.
fn compile_for_agent_as(
    text: &str,
    script: &str,
    blueprint: &str,
    symbols: &Symbols,
    warnings: Warnings,
) -> Result<Vec<Stmt>, Vec<CompileError>> {
    if symbols.blueprint(blueprint).is_none() {
        return Err(vec![unknown_instance_blueprint(script, blueprint, symbols)]);
    }
    compile_statements_as(text, script, Some(blueprint), symbols, warnings)
}

/// A round's scripts, which run outside any character; errors of both are kept.
fn compile_round(round: &Round, symbols: &Symbols) -> Result<CompiledRound, Vec<CompileError>> {
    let init = compile_statements(
        &round.init_script,
        &format!("round {} init", round.id),
        None,
        symbols,
    );
    let end = compile_statements(
        &round.end_script,
        &format!("round {} end", round.id),
        None,
        symbols,
    );
    match (init, end) {
        (Ok(init), Ok(end)) => Ok(CompiledRound {
            id: round.id.clone(),
            init,
            end,
        }),
        (init, end) => Err(init.err().into_iter().chain(end.err()).flatten().collect()),
    }
}

fn unknown_instance_blueprint(script: &str, name: &str, symbols: &Symbols) -> CompileError {
    CompileError {
        script: script.to_owned(),
        pos: Pos::START,
        text: name.to_owned(),
        kind: symbols.unknown_blueprint(name),
    }
}
