//! `onEvent Event [[ ... ]]`: runs lines when something happens in the simulation: Start,
//! Tick, RoundInit, RoundStop, Costumes.

use super::{Compiled, Keyword};
use crate::args::{ArgKind, ArgSpec};
use crate::script::compiler::scope::{Checked, Compiling};
use crate::script::compiler::CompileErrorKind;
use crate::script::program::{EventProgram, SimEvent};
use crate::script::unparse::{block_token, word};
use crate::script::{ScriptUnit, Token, TokenKind};
use crate::suggest::closest;

pub(crate) const EVENTS: &[&str] = &["Start", "Tick", "RoundInit", "RoundStop", "Costumes"];

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

/// The arguments as counted: GEMSTEP accepts a line without its block (and runs nothing).
const COUNTED: &[ArgSpec] = &[
    ARGS[0],
    ArgSpec::optional("then", ArgKind::Block, "The lines to run."),
];

/// The keyword.
pub(crate) const KEYWORD: Keyword = Keyword {
    name: "onEvent",
    aliases: &[],
    help: "Runs the lines below it when something happens, like the simulation starting (Start) or once every second (Tick).",
    example: "onEvent Start [[\n  prop energy setTo 50\n]]",
    args: ARGS,
    compile,
};

fn compile(cx: &mut Compiling<'_>, head: &Token, args: &[Token]) -> Checked<Compiled> {
    let args = cx.keyword_args(KEYWORD.name, COUNTED, head, args)?;
    // GEMSTEP subscribes the lines to whatever name is written and runs them when that
    // event is raised; it raises only its own events, so another name never runs.
    let event_tok = &args[0];
    let event = match &event_tok.kind {
        TokenKind::Identifier(name) => match SimEvent::from_name(name) {
            Some(event) => event,
            None => {
                let suggestion = closest(name, EVENTS.iter().copied()).map(str::to_owned);
                let kind = CompileErrorKind::EventNeverRaised {
                    event: name.clone(),
                    suggestion,
                };
                cx.warn_at(event_tok, kind);
                return Ok(Compiled::Skipped);
            }
        },
        _ => return Err(cx.expected(event_tok, "event", "an event name, like Start")),
    };
    let Some(block_tok) = args.get(1) else {
        let kind = CompileErrorKind::NothingToRun {
            keyword: KEYWORD.name.to_owned(),
        };
        cx.warn_at(head, kind);
        return Ok(Compiled::Skipped);
    };
    let TokenKind::Block(units) = &block_tok.kind else {
        return Err(cx.expected(block_tok, "then", ArgKind::Block.describe()));
    };
    let body = cx.block(units);
    Ok(Compiled::Event(EventProgram { event, body }))
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
        assert_error(
            "onEvent",
            "onEvent needs 1 or 2 arguments (event and maybe then), but this line gives it none",
        );
        assert_error(
            "onEvent Start 5",
            "'then' in onEvent must be lines in a [[ ]] block, not the number 5",
        );
    }
}
