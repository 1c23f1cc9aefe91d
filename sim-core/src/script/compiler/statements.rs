//! Compiling one line: find its keyword (or say which one was meant), let the keyword compile
//! its arguments, and keep the line's position. Blocks compile their lines the same way.

use super::error::CompileErrorKind;
use super::scope::{describe_token, Compiling};
use crate::script::keywords::{keyword, keyword_names, Compiled};
use crate::script::program::Stmt;
use crate::script::{Pos, ScriptUnit, Token, TokenKind};
use crate::suggest::closest;

/// One compiled line: where it starts, its keyword's name, and what it compiled to.
pub(crate) struct Line {
    /// Where the keyword is.
    pub pos: Pos,
    /// The keyword's canonical name.
    pub keyword: &'static str,
    /// The result.
    pub compiled: Compiled,
}

/// Compiles one unit. Blank lines, comments and units with errors give `None` (errors are
/// reported to `cx`). A `#` line is the caller's business and is reported here as misplaced.
pub(crate) fn compile_unit(cx: &mut Compiling<'_>, unit: &[Token]) -> Option<Line> {
    let (head, args) = unit.split_first()?;
    let word = match &head.kind {
        TokenKind::Comment(_) | TokenKind::Line => return None,
        TokenKind::Identifier(word) => word,
        TokenKind::Directive => {
            cx.report_at(
                head,
                CompileErrorKind::NotAllowedHere {
                    keyword: "#".to_owned(),
                    reason: "lines can only be in a blueprint's script, outside any [[ ]]"
                        .to_owned(),
                },
            );
            return None;
        }
        _ => {
            let found = describe_token(head);
            cx.report_at(head, CompileErrorKind::NotAKeyword { found });
            return None;
        }
    };
    let Some(kw) = keyword(word) else {
        // GEMSTEP compiles a word it does not know as a keyword to nothing (its keywordErr)
        // and runs the rest: the line is skipped, with a warning.
        let suggestion = closest(word, keyword_names()).map(str::to_owned);
        cx.warn_at(
            head,
            CompileErrorKind::UnknownKeyword {
                word: word.clone(),
                suggestion,
            },
        );
        return None;
    };
    let args = without_comment(args);
    let outer = std::mem::replace(&mut cx.current_keyword, kw.name.to_owned());
    let compiled = (kw.compile)(cx, head, args);
    cx.current_keyword = outer;
    match compiled.ok()? {
        Compiled::Skipped => None,
        compiled => Some(Line {
            pos: head.pos,
            keyword: kw.name,
            compiled,
        }),
    }
}

/// The arguments before a trailing `// comment` (`]] // if spawning`), which is not one.
fn without_comment(args: &[Token]) -> &[Token] {
    match args
        .iter()
        .position(|t| matches!(t.kind, TokenKind::Comment(_)))
    {
        Some(end) => args.get(..end).unwrap_or_default(),
        None => args,
    }
}

/// Makes a statement at `pos`.
pub(crate) fn stmt_at(pos: Pos, kind: crate::script::program::StmtKind) -> Stmt {
    Stmt {
        line: pos.line,
        col: pos.col,
        kind,
    }
}

impl Compiling<'_> {
    /// Compiles the lines of a `[[ ]]` block in the current frame. `when` and `onEvent`
    /// cannot be nested: they are reported.
    pub fn block(&mut self, units: &[ScriptUnit]) -> Vec<Stmt> {
        let mut out = Vec::new();
        for unit in units {
            let Some(line) = compile_unit(self, unit) else {
                continue;
            };
            match line.compiled {
                Compiled::Stmt(kind) => out.push(stmt_at(line.pos, kind)),
                Compiled::When(_) | Compiled::Event(_) => self.not_nested(line.pos, line.keyword),
                Compiled::Skipped => {}
            }
        }
        out
    }

    fn not_nested(&mut self, pos: Pos, keyword: &str) {
        self.report(
            pos,
            keyword,
            CompileErrorKind::NotAllowedHere {
                keyword: keyword.to_owned(),
                reason: "cannot be inside [[ ]]: write it on a line of its own, outside any block"
                    .to_owned(),
            },
        );
    }
}
