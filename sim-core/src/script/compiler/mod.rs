//! The compiler: ScriptText → [`CompiledBlueprint`]s (and the statement lists of instance and
//! round scripts), checking every keyword, argument and reference it can and collecting every
//! error rather than stopping at the first.
//!
//! ```
//! use sim_core::script::compiler::{compile_blueprint, Symbols};
//!
//! let text = "# BLUEPRINT Fish\naddProp energy Number 5\nprop enrgy add 1";
//! let errors = compile_blueprint(text, "Fish", &Symbols::partial()).unwrap_err();
//! assert_eq!(errors[0].to_string(), "Fish:3:6: Fish has no property 'enrgy' — did you mean 'energy'?");
//! ```

pub(crate) mod error;
mod expr_refs;
mod project;
mod reading;
mod refs;
pub(crate) mod scope;
mod statements;
mod symbols;
pub(crate) mod values;

pub(crate) use error::list_of;
pub use error::{CompileError, CompileErrorKind};
pub use project::{
    compile_agent_script, compile_command, compile_model_script, compile_project,
    compile_project_scripts, project_symbols, CompiledProject, CompiledRound,
};
pub use symbols::{builtin_prop, BlueprintSymbols, Symbols, BUILTIN_PROPS};

use crate::script::keywords::{pragma, Compiled};
use crate::script::program::{CompiledBlueprint, DeclaredProp, ProgramSlot, Stmt, StmtKind};
use crate::script::{Pos, ScriptUnit, Token};
use reading::read_script;
use scope::{Compiling, Frame};
use statements::{compile_unit, stmt_at};

/// Compiles one blueprint's script. `name` is the blueprint's name in the project (the
/// `# BLUEPRINT` line names it too); `symbols` says what the rest of the project declares —
/// use [`Symbols::partial`] for a script on its own.
pub fn compile_blueprint(
    text: &str,
    name: &str,
    symbols: &Symbols,
) -> Result<CompiledBlueprint, Vec<CompileError>> {
    let read = read_script(text, name);
    let mut own = symbols.clone();
    if own.blueprint(name).is_none() {
        own.add_blueprint(name, &read.units);
    }
    let compiled = compile_blueprint_units(&read.units, name, &own);
    read.finish(compiled)
}

/// Compiles a blueprint script read on its own (a `.gemscript` file), named by its
/// `# BLUEPRINT` line or, without one, by `fallback`. Other blueprints it names cannot be
/// checked, so they are accepted.
pub fn compile_standalone(
    text: &str,
    fallback: &str,
) -> Result<CompiledBlueprint, Vec<CompileError>> {
    let read = read_script(text, fallback);
    let name = pragma::blueprint_name(&read.units).unwrap_or_else(|| fallback.to_owned());
    let mut symbols = Symbols::partial();
    symbols.add_blueprint(&name, &read.units);
    let compiled = compile_blueprint_units(&read.units, &name, &symbols);
    read.finish(compiled)
}

/// Compiles a blueprint already read into units.
pub(crate) fn compile_blueprint_units(
    units: &[ScriptUnit],
    name: &str,
    symbols: &Symbols,
) -> Result<CompiledBlueprint, Vec<CompileError>> {
    let frame = Frame {
        agent: Some(name.to_owned()),
        ..Frame::default()
    };
    let mut cx = Compiling::new(symbols, name, frame);
    let mut bp = CompiledBlueprint {
        name: name.to_owned(),
        ..CompiledBlueprint::default()
    };
    let mut slot = ProgramSlot::Define;
    for unit in units {
        if let Some(rest) = directive_words(unit) {
            pragma::apply(&mut cx, rest, &mut bp, &mut slot);
            continue;
        }
        let Some(line) = compile_unit(&mut cx, unit) else {
            continue;
        };
        match line.compiled {
            Compiled::Stmt(kind) => file_stmt(
                &mut cx,
                &mut bp,
                slot,
                line.keyword,
                stmt_at(line.pos, kind),
            ),
            Compiled::When(rule) => bp.conditions.push(rule),
            Compiled::Event(handler) => bp.events.push(handler),
            Compiled::Skipped => {}
        }
    }
    bp.warnings = std::mem::take(&mut cx.warnings);
    finish(cx, bp)
}

/// The words after the `#` of a pragma line; `None` for other lines.
fn directive_words(unit: &[Token]) -> Option<&[Token]> {
    let (head, rest) = unit.split_first()?;
    matches!(head.kind, crate::script::TokenKind::Directive).then_some(rest)
}

/// Puts a top-level statement where it belongs: timers and declarations are noted on the
/// blueprint, the rest goes to the current program.
fn file_stmt(
    cx: &mut Compiling<'_>,
    bp: &mut CompiledBlueprint,
    slot: ProgramSlot,
    keyword: &str,
    stmt: Stmt,
) {
    match stmt.kind {
        StmtKind::Every(every) => return bp.timers.push(every),
        StmtKind::AddProp {
            ref name,
            ty,
            ref initial,
        } => bp.props.push(DeclaredProp {
            name: name.clone(),
            ty,
            initial: initial.clone(),
        }),
        StmtKind::AddFeature(ref f) if !bp.features.contains(f) => bp.features.push(f.clone()),
        _ => {}
    }
    match bp.program_mut(slot) {
        Some(program) => program.push(stmt),
        None => {
            let only = if slot == ProgramSlot::Event {
                "onEvent"
            } else {
                "when"
            };
            let reason = format!(
                "cannot be in # PROGRAM {}: only '{only}' lines go there",
                slot.name()
            );
            let kind = CompileErrorKind::NotAllowedHere {
                keyword: keyword.to_owned(),
                reason,
            };
            cx.report(
                Pos {
                    line: stmt.line,
                    col: stmt.col,
                },
                keyword,
                kind,
            );
        }
    }
}

fn finish<T>(cx: Compiling<'_>, value: T) -> Result<T, Vec<CompileError>> {
    if cx.errors.is_empty() {
        Ok(value)
    } else {
        Err(cx.errors)
    }
}

/// Compiles a script of plain statements (an instance's init script, a round's scripts):
/// no pragmas, no `when`, no `onEvent`. `agent` is the blueprint of the agent it runs on, or
/// `None` for round scripts.
pub fn compile_statements(
    text: &str,
    script: &str,
    agent: Option<&str>,
    symbols: &Symbols,
) -> Result<Vec<Stmt>, Vec<CompileError>> {
    compile_statements_as(text, script, agent, symbols, Warnings::Allowed)
}

/// What compiling plain statements does with what GEMSTEP runs but quietly ignores.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Warnings {
    /// Kept aside: the statements compile (a script, which GEMSTEP would run).
    Allowed,
    /// Refused like errors (a command typed to run once, now: a line that would do nothing,
    /// or fail when it runs, is better fixed before it is sent).
    Refused,
}

/// [`compile_statements`], with `warnings` saying whether a warning refuses the text.
pub(crate) fn compile_statements_as(
    text: &str,
    script: &str,
    agent: Option<&str>,
    symbols: &Symbols,
    warnings: Warnings,
) -> Result<Vec<Stmt>, Vec<CompileError>> {
    let read = read_script(text, script);
    let frame = Frame {
        agent: agent.map(str::to_owned),
        ..Frame::default()
    };
    let mut cx = Compiling::new(symbols, script, frame);
    let stmts = cx.block(&read.units);
    if warnings == Warnings::Refused {
        let refused = std::mem::take(&mut cx.warnings);
        cx.errors.extend(refused);
        cx.errors.sort_by_key(|e| e.pos);
    }
    read.finish(finish(cx, stmts))
}
