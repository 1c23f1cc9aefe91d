//! `every N [runAtStart] [[ ... ]]`: runs lines every N seconds of simulation time (and at
//! the start too, with runAtStart).

use super::{Compiled, Keyword};
use crate::script::args::{ArgKind, ArgSpec};
use crate::script::compiler::scope::{Checked, Cx};
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
    args: ARGS,
    compile,
};

fn compile(cx: &mut Cx<'_>, head: &Token, args: &[Token]) -> Checked<Compiled> {
    cx.check_count(KEYWORD.name, ARGS, head, args.len())?;
    let (seconds, option, block) = match args {
        [s, b] => (s, None, b),
        [s, o, b] => (s, Some(o), b),
        _ => return Err(cx.expected(head, "seconds", "seconds, maybe runAtStart, and a block")),
    };
    let period = period(cx, seconds);
    let run_at_start = match option {
        Some(o) => cx.name_arg(o, &ARGS[1]).map(|_| true),
        None => Ok(false),
    };
    let TokenKind::Block(units) = &block.kind else {
        return Err(cx.expected(block, "then", ArgKind::Block.describe()));
    };
    let timer = cx.next_timer;
    cx.next_timer += 1;
    let body = cx.block(units);
    let every = Every {
        timer,
        period: period?,
        run_at_start: run_at_start?,
        body,
    };
    Ok(Compiled::Stmt(StmtKind::Every(every)))
}

/// The seconds as written. Any finite number is what GEMSTEP runs: 0 or less fires on every
/// run of the statement after the first.
fn period(cx: &mut Cx<'_>, token: &Token) -> Checked<f64> {
    match token.kind {
        TokenKind::Value(Literal::Number(n)) if n.is_finite() => Ok(n),
        _ => Err(cx.expected(token, "seconds", "a number of seconds")),
    }
}

/// `every N [runAtStart] [[ ... ]]`.
pub(crate) fn print(every: &Every) -> ScriptUnit {
    let seconds = token(TokenKind::Value(Literal::Number(every.period)));
    let mut unit = vec![word(KEYWORD.name), seconds];
    if every.run_at_start {
        unit.push(word("runAtStart"));
    }
    unit.push(block_token(&every.body));
    unit
}

#[cfg(test)]
mod tests {
    use super::super::testing::{assert_error, assert_ok, compile};

    #[test]
    fn every_takes_seconds_an_option_and_a_block() {
        assert_ok("every 0.5 [[\n  prop x add 1\n]]\nevery 1 runAtStart [[\n]]");
        let bp = compile("every 2 runAtStart [[\n]]\nevery 1 [[\n]]").unwrap();
        assert_eq!(bp.timers.len(), 2);
        assert!(bp.timers[0].run_at_start && !bp.timers[1].run_at_start);
        assert_eq!((bp.timers[0].timer, bp.timers[1].timer), (0, 1));
        assert_error("every 1", "every expects 2 to 3 arguments, got 1");
        assert_ok("every 0 [[\n]]\nevery -1 [[\n]]");
        assert_error(
            "every 'often' [[\n]]",
            "every: 'seconds' must be a number of seconds, not the text 'often'",
        );
        assert_error(
            "every 1 atStart [[\n]]",
            "'atStart' is not a valid option; use one of: runAtStart",
        );
    }
}
