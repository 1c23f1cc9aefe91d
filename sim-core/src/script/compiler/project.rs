//! Compiling a whole project: every blueprint, every instance's init script (in the context
//! of its blueprint) and every round's scripts, with one pass first to learn what each
//! blueprint declares so scripts can be checked against each other.

use super::error::{CompileError, CompileErrorKind};
use super::symbols::Symbols;
use super::{compile_blueprint_units, compile_statements, read_units};
use crate::project::Project;
use crate::script::program::{CompiledBlueprint, Stmt};
use crate::script::Pos;
use crate::suggest::closest;

/// An instance's compiled init script.
#[derive(Debug, Clone, PartialEq)]
pub struct CompiledInstance {
    /// The instance's label (`Algae 1`).
    pub label: String,
    /// The blueprint it is made from.
    pub blueprint: String,
    /// Its init script.
    pub init: Vec<Stmt>,
}

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
    /// The instances, in project order.
    pub instances: Vec<CompiledInstance>,
    /// The rounds, in project order.
    pub rounds: Vec<CompiledRound>,
}

/// Collects a script's result into `out`, or its errors into `errors`.
fn keep<T>(result: Result<T, Vec<CompileError>>, errors: &mut Vec<CompileError>) -> Option<T> {
    result.map_err(|e| errors.extend(e)).ok()
}

/// Learns what every script of `project` declares.
fn gather(project: &Project) -> Symbols {
    let mut symbols = Symbols::complete();
    for bp in &project.blueprints {
        if let Ok(units) = crate::script::tokenize(&bp.script_text) {
            symbols.add_blueprint(&bp.name, &units);
        } else {
            symbols.add_blueprint(&bp.name, &[]);
        }
    }
    let others = project.instances.iter().map(|i| &i.init_script).chain(
        project
            .rounds
            .iter()
            .flat_map(|r| [&r.init_script, &r.end_script]),
    );
    for text in others {
        if let Ok(units) = crate::script::tokenize(text) {
            symbols.add_globals_from(&units);
        }
    }
    symbols
}

/// Compiles every script of `project`, returning all errors found in all of them.
pub fn compile_project(project: &Project) -> Result<CompiledProject, Vec<CompileError>> {
    let symbols = gather(project);
    let mut errors = Vec::new();
    let mut out = CompiledProject::default();
    for bp in &project.blueprints {
        let compiled = read_units(&bp.script_text, &bp.name)
            .and_then(|units| compile_blueprint_units(&units, &bp.name, &symbols));
        out.blueprints.extend(keep(compiled, &mut errors));
    }
    for instance in &project.instances {
        let script = format!("instance {}", instance.label);
        if symbols.blueprint(&instance.bpid).is_none() {
            errors.push(unknown_instance_blueprint(
                &script,
                &instance.bpid,
                &symbols,
            ));
            continue;
        }
        let init = compile_statements(
            &instance.init_script,
            &script,
            Some(&instance.bpid),
            &symbols,
        );
        out.instances
            .extend(keep(init, &mut errors).map(|init| CompiledInstance {
                label: instance.label.clone(),
                blueprint: instance.bpid.clone(),
                init,
            }));
    }
    for round in &project.rounds {
        let init = compile_statements(
            &round.init_script,
            &format!("round {} init", round.id),
            None,
            &symbols,
        );
        let end = compile_statements(
            &round.end_script,
            &format!("round {} end", round.id),
            None,
            &symbols,
        );
        let (init, end) = (keep(init, &mut errors), keep(end, &mut errors));
        if let (Some(init), Some(end)) = (init, end) {
            out.rounds.push(CompiledRound {
                id: round.id.clone(),
                init,
                end,
            });
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

fn unknown_instance_blueprint(script: &str, name: &str, symbols: &Symbols) -> CompileError {
    CompileError {
        script: script.to_owned(),
        pos: Pos::START,
        text: name.to_owned(),
        kind: CompileErrorKind::UnknownBlueprint {
            name: name.to_owned(),
            suggestion: closest(name, symbols.blueprint_names()).map(str::to_owned),
        },
    }
}
