//! `every N [runAtStart] [[ ... ]]`: runs lines every N seconds of simulation time (and at
//! the start too, with runAtStart).

use super::{Compiled, Keyword};
use crate::args::{ArgKind, ArgSpec};
use crate::script::compiler::scope::{Checked, Compiling};
use crate::script::compiler::CompileErrorKind;
use crate::script::program::{Every, StmtKind};
use crate::script::unparse::{block_token, token, word};
use crate::script::{Literal, ScriptUnit, Token, TokenKind};

const ARGS: &[ArgSpec] = &[
    ArgSpec::one(
        "seconds",
        ArgKind::Number,
        "How many seconds between runs; 0.5 is twice a second. As in GEMSTEP, it counts the \
         times this line runs: `every 1` runs its lines every 31st time.",
    ),
    ArgSpec::optional(
        "option",
        ArgKind::Choice,
        "Write runAtStart to run once right away too.",
    )
    .choice(&["runAtStart"]),
    ArgSpec::one("then", ArgKind::Block, "The lines to run."),
];

/// The keyword.
pub(crate) const KEYWORD: Keyword = Keyword {
    name: "every",
    aliases: &[],
    help: "Runs the lines below it again and again, every so many seconds.",
    example: "every 2 [[\n  prop energy sub 1\n]]",
    args: ARGS,
    compile,
};

fn compile(cx: &mut Compiling<'_>, head: &Token, args: &[Token]) -> Checked<Compiled> {
    let args = cx.keyword_args(KEYWORD.name, ARGS, head, args)?;
    let (seconds, option, block) = match args {
        [s, b] => (s, None, b),
        [s, o, b] => (s, Some(o), b),
        _ => {
            return Err(cx.missing(
                head,
                "seconds",
                "a number of seconds, maybe runAtStart, and a [[ ]] block",
            ))
        }
    };
    let period = period(cx, seconds);
    let run_at_start = match option {
        None => Ok(false),
        Some(o) => run_at_start(cx, o),
    };
    let TokenKind::Block(units) = &block.kind else {
        return Err(cx.expected(block, "then", ArgKind::Block.describe()));
    };
    let timer = cx.next_timer;
    cx.next_timer += 1;
    let body = cx.block(units);
    let word = match &seconds.kind {
        TokenKind::Identifier(w) | TokenKind::String(w) => Some(w.clone()),
        _ => None,
    };
    let every = Every {
        timer,
        word,
        period: period?,
        run_at_start: run_at_start?,
        body,
    };
    Ok(Compiled::Stmt(StmtKind::Every(every)))
}

/// Whether the option word is `runAtStart`. GEMSTEP compares it exactly and treats any other
/// word as no option: that is a warning here, and the line runs as without it.
fn run_at_start(cx: &mut Compiling<'_>, option: &Token) -> Checked<bool> {
    let word = match &option.kind {
        TokenKind::Identifier(w) | TokenKind::String(w) => w,
        _ => return Err(cx.expected(option, ARGS[1].name, "the word runAtStart")),
    };
    if word == "runAtStart" {
        return Ok(true);
    }
    let kind = CompileErrorKind::UnknownChoice {
        arg: ARGS[1].name.to_owned(),
        word: word.clone(),
        allowed: vec!["runAtStart".to_owned()],
    };
    cx.warn_at(option, kind);
    Ok(false)
}

/// The seconds as written. Any finite number is what GEMSTEP runs: 0 or less fires on every
/// run of the statement after the first. A word (`every second`, in GEMSTEP's own moths
/// models) is not a number to GEMSTEP either: its timer never fires, though `runAtStart`
/// still runs once; that is a warning.
fn period(cx: &mut Compiling<'_>, token: &Token) -> Checked<f64> {
    match &token.kind {
        TokenKind::Value(Literal::Number(n)) if n.is_finite() => Ok(*n),
        TokenKind::Identifier(_) | TokenKind::String(_) => {
            cx.warn_at(
                token,
                CompileErrorKind::NeverFires {
                    what: format!(
                        "every {}",
                        crate::script::compiler::scope::token_text(token)
                    ),
                },
            );
            Ok(f64::NAN)
        }
        _ => Err(cx.expected(token, "seconds", "a number of seconds, like 1 or 0.5")),
    }
}

/// A word as it was written: a bare word stays bare, other text is quoted.
fn word_or_text(text: &str) -> Token {
    let bare = !text.is_empty() && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if bare {
        word(text)
    } else {
        token(TokenKind::String(text.to_owned()))
    }
}

/// `every N [runAtStart] [[ ... ]]`.
pub(crate) fn print(every: &Every) -> ScriptUnit {
    let seconds = match &every.word {
        Some(word) => word_or_text(word),
        None => token(TokenKind::Value(Literal::Number(every.period))),
    };
    let mut unit = vec![word(KEYWORD.name), seconds];
    if every.run_at_start {
        unit.push(word("runAtStart"));
    }
    unit.push(block_token(&every.body));
    unit
}

#[cfg(test)]
mod tests {
    use super::super::testing::{assert_error, assert_ok, assert_warning, compile};

    #[test]
    fn every_takes_seconds_an_option_and_a_block() {
        assert_ok("every 0.5 [[\n  prop x add 1\n]]\nevery 1 runAtStart [[\n]]");
        let bp = compile("every 2 runAtStart [[\n]]\nevery 1 [[\n]]").unwrap();
        assert_eq!(bp.timers.len(), 2);
        assert!(bp.timers[0].run_at_start && !bp.timers[1].run_at_start);
        assert_eq!((bp.timers[0].timer, bp.timers[1].timer), (0, 1));
        assert_error("every 1", "every needs 2 or 3 arguments (seconds, maybe option and then), but this line gives it 1");
        assert_ok("every 0 [[\n]]\nevery -1 [[\n]]");
        assert_warning(
            "every second [[\n]]",
            "'every second' never runs its lines: write a number of seconds, like 'every 1'",
        );
        assert_error(
            "every [[\n]] [[\n]]",
            "'seconds' in every must be a number of seconds, like 1 or 0.5, not a [[ ]] block",
        );
        assert_warning(
            "every 1 atStart [[\n]]",
            "'atStart' does nothing as the option: the only option is runAtStart",
        );
        let bp = compile("every 1 runatstart [[\n]]").unwrap();
        assert!(
            !bp.timers[0].run_at_start,
            "GEMSTEP compares the word exactly"
        );
    }
}
