//! [`Compiling`]: the compiler's working state while compiling one script — where errors go, what
//! the project declares, and whose agent the current statements run on.

use super::error::{CompileError, CompileErrorKind};
use super::symbols::{builtin_prop, BlueprintSymbols, Symbols};
use crate::script::{Pos, Token, TokenKind};
use crate::suggest::closest;
use crate::vars::VarType;

/// Whose agent the statements being compiled run on, and which other agents they can name.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Frame {
    /// The blueprint of the running agent; `None` when it is not known: in round scripts,
    /// which run outside any character, and in blocks that run on characters of any
    /// blueprint (see [`Frame::each`]).
    pub agent: Option<String>,
    /// Set when the statements run on each of the characters a method visits, of whatever
    /// blueprint (`tellAllCharacters`): GEMSTEP looks a prop up on each character it runs
    /// on, when it runs. `None` in round scripts.
    pub each: Option<EachCharacter>,
    /// Blueprints a surrounding `when` names, usable as `Bp.prop`.
    pub pair: Vec<String>,
}

/// Where a block that runs on characters of any blueprint is written, for its messages.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct EachCharacter {
    /// The method whose block it is (`tellAllCharacters`).
    pub method: &'static str,
    /// The blueprint (or script) whose line calls the method.
    pub caller: String,
}

impl Frame {
    /// The frame of a block that runs on each character `method` visits, of any blueprint,
    /// called from the statements in `outer` of script `script`.
    pub fn each_character(outer: &Frame, script: &str, method: &'static str) -> Frame {
        let caller = match (&outer.agent, &outer.each) {
            (Some(bp), _) => bp.clone(),
            (None, Some(each)) => each.caller.clone(),
            (None, None) => script.to_owned(),
        };
        Frame {
            agent: None,
            each: Some(EachCharacter { method, caller }),
            pair: Vec::new(),
        }
    }

    /// Whether `name` is a blueprint that, as `name.prop`, names the running agent here:
    /// in a block that runs on characters of any blueprint, GEMSTEP binds each character's
    /// own blueprint name to it, so `Fish.energy` is the energy of each Fish it runs on.
    pub fn binds_own_blueprint(&self, name: &str, symbols: &Symbols) -> bool {
        self.agent.is_none() && self.each.is_some() && symbols.blueprint(name).is_some()
    }
}

/// A failure already reported to [`Compiling::errors`]; the caller just stops compiling the unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Reported;

/// Shorthand for results whose error has been reported.
pub(crate) type Checked<T> = Result<T, Reported>;

/// The compiler's state while compiling one script.
#[derive(Debug)]
pub(crate) struct Compiling<'a> {
    /// What the project declares.
    pub symbols: &'a Symbols,
    /// The script's name in error messages.
    pub script: String,
    /// Errors found so far.
    pub errors: Vec<CompileError>,
    /// Warnings found so far: what GEMSTEP would quietly ignore.
    pub warnings: Vec<CompileError>,
    /// The next free `every` timer number.
    pub next_timer: usize,
    /// Whose agent the current statements run on.
    pub frame: Frame,
    /// The keyword of the unit being compiled, for argument errors.
    pub current_keyword: String,
}

impl<'a> Compiling<'a> {
    /// A context for compiling `script` in `frame`.
    pub fn new(symbols: &'a Symbols, script: &str, frame: Frame) -> Compiling<'a> {
        Compiling {
            symbols,
            script: script.to_owned(),
            errors: Vec::new(),
            warnings: Vec::new(),
            next_timer: 0,
            frame,
            current_keyword: String::new(),
        }
    }

    /// Records an error at `pos` about `text`.
    pub fn report(&mut self, pos: Pos, text: &str, kind: CompileErrorKind) -> Reported {
        self.errors.push(CompileError {
            script: self.script.clone(),
            pos,
            text: text.to_owned(),
            kind,
        });
        Reported
    }

    /// Records a warning about `token`: the script still compiles.
    pub fn warn_at(&mut self, token: &Token, kind: CompileErrorKind) {
        self.warnings.push(CompileError {
            script: self.script.clone(),
            pos: token.pos,
            text: token_text(token),
            kind,
        });
    }

    /// Records an error about `token`.
    pub fn report_at(&mut self, token: &Token, kind: CompileErrorKind) -> Reported {
        self.report(token.pos, &token_text(token), kind)
    }

    /// Runs `f` with `frame` as the current frame, then restores the old one.
    pub fn with_frame<T>(&mut self, frame: Frame, f: impl FnOnce(&mut Compiling<'a>) -> T) -> T {
        let saved = std::mem::replace(&mut self.frame, frame);
        let out = f(self);
        self.frame = saved;
        out
    }

    /// The declarations of blueprint `name`, if known. An unknown name is an error when the
    /// project is complete and accepted (unchecked) when the script stands alone.
    pub fn blueprint(&mut self, name: &str, at: &Token) -> Checked<Option<&'a BlueprintSymbols>> {
        let symbols = self.symbols;
        if let Some(bp) = symbols.blueprint(name) {
            return Ok(Some(bp));
        }
        if !symbols.complete {
            return Ok(None);
        }
        Err(self.report(at.pos, name, symbols.unknown_blueprint(name)))
    }

    /// Checks that a blueprint name used as an argument (`monitor Algae`) exists.
    pub fn check_blueprint_name(&mut self, name: &str, at: &Token) -> Checked<()> {
        self.blueprint(name, at).map(|_| ())
    }

    /// Looks up `prop` on blueprint `bp` (`None`: the running agent). Returns its type when
    /// known, `None` when it cannot be checked, or reports it as unknown.
    pub fn prop_type(
        &mut self,
        bp: Option<&str>,
        prop: &str,
        at: &Token,
    ) -> Checked<Option<VarType>> {
        let Some(bp_name) = bp.or(self.frame.agent.as_deref()).map(str::to_owned) else {
            if let Some(ty) = builtin_prop(prop) {
                return Ok(Some(ty));
            }
            if let Some(each) = self.frame.each.clone() {
                return self.prop_on_each(&each, prop, at);
            }
            return Err(self.report(
                at.pos,
                prop,
                CompileErrorKind::PropNeedsAgent {
                    prop: prop.to_owned(),
                },
            ));
        };
        let Some(symbols) = self.blueprint(&bp_name, at)? else {
            return Ok(builtin_prop(prop));
        };
        if let Some(ty) = symbols.prop(prop) {
            return Ok(Some(ty));
        }
        let suggestion = closest(prop, symbols.prop_names()).map(str::to_owned);
        Err(self.report(
            at.pos,
            prop,
            CompileErrorKind::UnknownProp {
                prop: prop.to_owned(),
                blueprint: bp_name,
                suggestion,
            },
        ))
    }

    /// Looks up a prop (not a built-in one) in a block that runs on characters of any
    /// blueprint: GEMSTEP looks it up on each character when it runs, and one without it
    /// fails that line. A name some blueprint declares is accepted, with a warning naming
    /// the blueprints that lack it; a name none declares means nothing and is an error. Its
    /// type is known when every blueprint that declares it agrees.
    fn prop_on_each(
        &mut self,
        each: &EachCharacter,
        prop: &str,
        at: &Token,
    ) -> Checked<Option<VarType>> {
        let symbols = self.symbols;
        let mut types = symbols
            .blueprints
            .values()
            .filter_map(|bp| bp.props.get(prop));
        let Some(&first) = types.next() else {
            if !symbols.complete {
                return Ok(None);
            }
            let names = symbols.blueprints.values().flat_map(|bp| bp.prop_names());
            let suggestion = closest(prop, names).map(str::to_owned);
            let kind = CompileErrorKind::PropOnNoCharacter {
                prop: prop.to_owned(),
                method: each.method.to_owned(),
                caller: each.caller.clone(),
                suggestion,
            };
            return Err(self.report(at.pos, prop, kind));
        };
        let ty = types.all(|&t| t == first).then_some(first);
        let lacking: Vec<String> = (symbols.blueprints.iter())
            .filter(|(_, bp)| !bp.props.contains_key(prop))
            .map(|(name, _)| name.clone())
            .collect();
        if symbols.complete && !lacking.is_empty() {
            let kind = CompileErrorKind::PropNotOnEveryCharacter {
                prop: prop.to_owned(),
                method: each.method.to_owned(),
                lacking,
            };
            self.warn_at(at, kind);
        }
        Ok(ty)
    }

    /// Reports `name`, used as `name.prop`, as naming no agent here: a blueprint that no
    /// surrounding `when` names, or no blueprint at all.
    pub fn out_of_scope(&mut self, name: &str, at: &Token) -> Reported {
        let symbols = self.symbols;
        let kind = if symbols.blueprint(name).is_some() || !symbols.complete {
            CompileErrorKind::BlueprintOutOfScope {
                name: name.to_owned(),
            }
        } else {
            symbols.unknown_blueprint(name)
        };
        self.report(at.pos, name, kind)
    }
}

/// A token as the student wrote it, for error messages.
pub(crate) fn token_text(token: &Token) -> String {
    match &token.kind {
        TokenKind::Identifier(w) | TokenKind::Comment(w) => w.clone(),
        TokenKind::String(s) => format!("'{s}'"),
        TokenKind::Value(v) => match v {
            crate::script::Literal::Number(n) => n.to_string(),
            crate::script::Literal::Boolean(b) => b.to_string(),
            crate::script::Literal::Null => "null".to_owned(),
        },
        TokenKind::ObjRef(parts) => parts.join("."),
        TokenKind::Expr(src) => format!("{{{{ {} }}}}", src.text),
        TokenKind::Block(_) => "[[ ... ]]".to_owned(),
        TokenKind::Program(name) => format!("[[ {name} ]]"),
        TokenKind::Directive => "#".to_owned(),
        TokenKind::Line => String::new(),
    }
}

/// How a token reads in "needs X, not Y" messages.
pub(crate) fn describe_token(token: &Token) -> String {
    match &token.kind {
        TokenKind::Identifier(w) => format!("the name '{w}'"),
        TokenKind::String(s) => format!("the text '{s}'"),
        TokenKind::Value(crate::script::Literal::Number(n)) => format!("the number {n}"),
        TokenKind::Value(crate::script::Literal::Boolean(b)) => format!("{b}"),
        TokenKind::Value(crate::script::Literal::Null) => "null".to_owned(),
        TokenKind::ObjRef(parts) => format!("the name '{}'", parts.join(".")),
        TokenKind::Expr(_) => "an expression in {{ }}".to_owned(),
        TokenKind::Block(_) => "a [[ ]] block".to_owned(),
        TokenKind::Program(name) => {
            let written = match name.trim() {
                "" => "[[ ]]".to_owned(),
                name => format!("[[ {name} ]]"),
            };
            format!(
                "'{written}' on one line (put its lines on their own lines, between a '[[' \
                 that ends this line and a ']]')"
            )
        }
        TokenKind::Directive => "'#'".to_owned(),
        TokenKind::Comment(_) => "a comment".to_owned(),
        TokenKind::Line => "a blank line".to_owned(),
    }
}
