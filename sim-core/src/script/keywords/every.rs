//! `every N [runAtStart] [[ ... ]]`: runs lines every N seconds of simulation time (and at
//! the start too, with runAtStart).

use super::{Compiled, Keyword};
use crate::script::args::{ArgKind, ArgSpec};
use crate::script::compiler::scope::{Checked, Cx};
use crate::script::compiler::CompileErrorKind;
use crate::script::program::{Every, StmtKind};
use crate::script::unparse::{block_token, token, word};
use crate::script::{Literal, ScriptUnit, Token, TokenKind};
use crate::time::SimTime;

const ARGS: &[ArgSpec] = &[
    ArgSpec::one(
        "seconds",
        ArgKind::Number,
        "How many seconds between runs; 0.5 is twice a second.",
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

/// A positive number of seconds that fits in simulation time.
fn period(cx: &mut Cx<'_>, token: &Token) -> Checked<SimTime> {
    let TokenKind::Value(Literal::Number(n)) = token.kind else {
        return Err(cx.expected(token, "seconds", "a number of seconds"));
    };
    match SimTime::from_f64(n) {
        Ok(t) if t > SimTime::ZERO => Ok(t),
        _ => Err(cx.report_at(
            token,
            CompileErrorKind::ArgType {
                name: KEYWORD.name.to_owned(),
                arg: "seconds".to_owned(),
                expected: "more than 0 seconds".to_owned(),
                got: format!("the number {n}"),
            },
        )),
    }
}

/// `every N [runAtStart] [[ ... ]]`.
pub(crate) fn print(every: &Every) -> ScriptUnit {
    let seconds = token(TokenKind::Value(Literal::Number(short_seconds(
        every.period,
    ))));
    let mut unit = vec![word(KEYWORD.name), seconds];
    if every.run_at_start {
        unit.push(word("runAtStart"));
    }
    unit.push(block_token(&every.body));
    unit
}

/// The shortest decimal (up to 6 places) that reads back as `period`, so `every 0.1` prints
/// as `0.1` rather than as the nearest fixed-point value.
fn short_seconds(period: SimTime) -> f64 {
    let exact = period.to_f64();
    (0..=6)
        .map(|places| {
            let scale = 10f64.powi(places);
            (exact * scale).round() / scale
        })
        .find(|&short| SimTime::from_f64(short) == Ok(period))
        .unwrap_or(exact)
}

#[cfg(test)]
mod tests {
    use super::super::testing::{assert_error, assert_ok, compile};
    use super::*;

    #[test]
    fn every_takes_positive_seconds_an_option_and_a_block() {
        assert_ok("every 0.5 [[\n  prop x add 1\n]]\nevery 1 runAtStart [[\n]]");
        let bp = compile("every 2 runAtStart [[\n]]\nevery 1 [[\n]]").unwrap();
        assert_eq!(bp.timers.len(), 2);
        assert!(bp.timers[0].run_at_start && !bp.timers[1].run_at_start);
        assert_eq!((bp.timers[0].timer, bp.timers[1].timer), (0, 1));
        assert_error("every 1", "every expects 2 to 3 arguments, got 1");
        assert_error(
            "every 0 [[\n]]",
            "every: 'seconds' must be more than 0 seconds, not the number 0",
        );
        assert_error(
            "every 'often' [[\n]]",
            "every: 'seconds' must be a number of seconds, not the text 'often'",
        );
        assert_error(
            "every 1 atStart [[\n]]",
            "'atStart' is not a valid option; use one of: runAtStart",
        );
    }

    #[test]
    fn periods_print_as_the_decimal_written() {
        let period = SimTime::from_f64(0.1).unwrap();
        assert_eq!(short_seconds(period), 0.1);
        assert_eq!(short_seconds(SimTime::from_secs(3)), 3.0);
    }
}
