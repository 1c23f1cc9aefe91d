//! `onEvent Event [[ ... ]]`: runs lines when something happens in the simulation: Start,
//! Tick, RoundInit, RoundStop, Costumes.

use super::{Compiled, Keyword};
use crate::script::args::{ArgKind, ArgSpec};
use crate::script::compiler::scope::{Checked, Cx};
use crate::script::compiler::CompileErrorKind;
use crate::script::program::{EventProgram, SimEvent};
use crate::script::unparse::{block_token, word};
use crate::script::{ScriptUnit, Token, TokenKind};
use crate::suggest::closest;

const EVENTS: &[&str] = &["Start", "Tick", "RoundInit", "RoundStop", "Costumes"];

const ARGS: &[ArgSpec] = &[
    ArgSpec::one(
        "event",
        ArgKind::Choice,
        "When to run: Start (a round starts playing), Tick (once every second of simulation \
         time, not every tick), RoundInit (a round is prepared), RoundStop (a round ended; runs \
         as the next round starts) or Costumes (before the first tick).",
    )
    .choice(EVENTS),
    ArgSpec::one("then", ArgKind::Block, "The lines to run."),
];

/// The keyword.
pub(crate) const KEYWORD: Keyword = Keyword {
    name: "onEvent",
    aliases: &[],
    help: "Runs the lines below it when something happens, like the simulation starting (Start) or once every second (Tick).",
    args: ARGS,
    compile,
};

fn compile(cx: &mut Cx<'_>, head: &Token, args: &[Token]) -> Checked<Compiled> {
    cx.check_count(KEYWORD.name, ARGS, head, args.len())?;
    let [event_tok, block_tok] = args else {
        return Err(cx.expected(head, "event", "an event and a block"));
    };
    let event = match &event_tok.kind {
        TokenKind::Identifier(name) => SimEvent::from_name(name).ok_or_else(|| {
            let suggestion = closest(name, EVENTS.iter().copied()).map(str::to_owned);
            cx.report_at(
                event_tok,
                CompileErrorKind::UnknownEvent {
                    event: name.clone(),
                    suggestion,
                },
            )
        }),
        _ => Err(cx.expected(event_tok, "event", "an event name, like Start")),
    };
    let TokenKind::Block(units) = &block_tok.kind else {
        return Err(cx.expected(block_tok, "then", ArgKind::Block.describe()));
    };
    let body = cx.block(units);
    Ok(Compiled::Event(EventProgram {
        event: event?,
        body,
    }))
}

/// `onEvent Event [[ ... ]]`.
pub(crate) fn print(handler: &EventProgram) -> ScriptUnit {
    vec![
        word(KEYWORD.name),
        word(handler.event.name()),
        block_token(&handler.body),
    ]
}

#[cfg(test)]
mod tests {
    use super::super::testing::{assert_error, assert_ok, compile};
    use crate::script::program::SimEvent;

    #[test]
    fn on_event_names_a_known_event_and_a_block() {
        assert_ok("onEvent Start [[\n  prop x setTo 0\n]]\nonEvent tick [[\n]]");
        assert_eq!(
            compile("onEvent Tick [[\n]]").unwrap().events[0].event,
            SimEvent::Tick
        );
        assert_error("onEvent Start", "onEvent expects 2 arguments, got 1");
        assert_error(
            "onEvent Strat [[\n]]",
            "unknown event 'Strat' — did you mean 'Start'?",
        );
        assert_error(
            "onEvent Start 5",
            "onEvent: 'then' must be a block in [[ ]], not the number 5",
        );
    }
}
