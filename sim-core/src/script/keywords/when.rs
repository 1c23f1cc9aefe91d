//! `when A test B [[ ... ]]`: a rule checked every tick for every pair of an A and a B (or,
//! in the single form `when A test [[ ... ]]`, every A); the block runs for the agents that
//! pass, and can name both (`prop Algae.energy sub 10`).

use super::{Compiled, Keyword};
use crate::args::{ArgKind, ArgSpec};
use crate::script::compiler::scope::{Checked, Compiling};
use crate::script::compiler::CompileErrorKind;
use crate::script::program::WhenRule;
use crate::script::unparse::{arg_token, block_token, word};
use crate::script::{ScriptUnit, Token, TokenKind};
use crate::suggest::closest;

/// A `when` test: its name, whether it compares two agents, and what it means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WhenTest {
    /// The name scripts use.
    pub name: &'static str,
    /// Whether it needs a second blueprint.
    pub pair: bool,
    /// What it checks, for the wizard.
    pub help: &'static str,
    /// A `when` rule that uses it, for the reference (each compiles: see `reference`'s tests).
    pub example: &'static str,
}

const fn pair(name: &'static str, help: &'static str) -> WhenTest {
    WhenTest {
        name,
        pair: true,
        help,
        example: "",
    }
}

impl WhenTest {
    /// This test with its reference example (see [`WhenTest::example`]).
    const fn eg(self, example: &'static str) -> WhenTest {
        WhenTest { example, ..self }
    }
}

/// Every `when` test.
pub static WHEN_TESTS: &[WhenTest] = &[
    pair("touches", "The two characters' edges overlap.")
        .eg("when Fish touches Algae [[\n  prop Fish.energy add 10\n]]"),
    pair(
        "centerTouches",
        "The first one's centre is on the second one.",
    )
    .eg("when Fish centerTouches Algae [[\n  prop Algae.energy sub 1\n]]"),
    pair("centerTouchesCenter", "The two centres meet.")
        .eg("when Fish centerTouchesCenter Algae [[\n  featProp Fish.Costume glow setTo 1\n]]"),
    pair("isInside", "The first one is completely inside the second.")
        .eg("when Fish isInside Algae [[\n  prop Fish.nickname setTo 'hiding'\n]]"),
    pair("firstTouches", "The edges started to overlap this tick.")
        .eg("when Fish firstTouches Algae [[\n  featCall Global globalProp algaeEaten add 1\n]]"),
    pair(
        "centerFirstTouches",
        "The first one's centre just landed on the second.",
    )
    .eg("when Fish centerFirstTouches Algae [[\n  prop Fish.energy add 5\n]]"),
    pair("centerFirstTouchesCenter", "The two centres just met.")
        .eg("when Fish centerFirstTouchesCenter Algae [[\n  dbgOut 'a fish reached the middle of the algae'\n]]"),
    pair("lastTouches", "The edges stopped overlapping this tick.")
        .eg("when Fish lastTouches Algae [[\n  prop Fish.hungry setTo true\n]]"),
    pair(
        "centerLastTouches",
        "The first one's centre just left the second.",
    )
    .eg("when Fish centerLastTouches Algae [[\n  featProp Fish.Costume glow setTo 0\n]]"),
    pair("centerLastTouchesCenter", "The two centres just parted.")
        .eg("when Fish centerLastTouchesCenter Algae [[\n  prop Fish.nickname setTo 'swimming away'\n]]"),
    pair(
        "isCenteredOn",
        "The first one sits right on the second one's centre.",
    )
    .eg("when Fish isCenteredOn Algae [[\n  prop Algae.energy sub 2\n]]"),
    pair(
        "isCloseTo",
        "The two are near each other (no Physics needed).",
    )
    .eg("when Fish isCloseTo Algae 50 [[\n  prop Fish.hungry setTo true\n]]"),
    pair("sees", "The first one can see the second (needs Vision).")
        .eg("when Fish sees Algae [[\n  featCall Fish.Movement seekNearest Algae\n]]"),
    pair("doesNotSee", "The first one cannot see the second.")
        .eg("when Fish doesNotSee Algae [[\n  featCall Fish.Movement setRandomDirection\n]]"),
    pair(
        "seesCamouflaged",
        "The first one sees the second even though it blends in.",
    )
    .eg("when Fish seesCamouflaged Algae [[\n  featProp Fish.Costume glow setTo 1\n]]"),
    WhenTest {
        name: "dies",
        pair: false,
        help: "The character's foodLevel has run out.",
        example: "when Fish dies [[\n  featCall Fish.Population removeCharacter\n]]",
    },
];

/// The test with this name, ignoring case (GEMSTEP's own help lists them in lower case).
pub fn when_test(name: &str) -> Option<&'static WhenTest> {
    WHEN_TESTS
        .iter()
        .find(|t| t.name.eq_ignore_ascii_case(name))
}

const ARGS: &[ArgSpec] = &[
    ArgSpec::one("first", ArgKind::Blueprint, "The first kind of character."),
    ArgSpec::one(
        "test",
        ArgKind::Choice,
        "What to check, like touches or sees.",
    ),
    ArgSpec::optional(
        "second",
        ArgKind::Blueprint,
        "The second kind of character.",
    ),
    ArgSpec::rest(
        "then",
        ArgKind::Block,
        "Lines that run when the test passes (last).",
    ),
];

/// The keyword.
pub(crate) const KEYWORD: Keyword = Keyword {
    name: "when",
    aliases: &[],
    help: "Checks every tick whether characters touch, see each other ..., and runs the lines below for those that do.",
    example: "when Fish touches Algae [[\n  prop Fish.energy add 10\n  prop Algae.energy sub 10\n]]",
    args: ARGS,
    compile,
};

fn name_of(cx: &mut Compiling<'_>, token: &Token, arg: &str) -> Checked<String> {
    match &token.kind {
        TokenKind::Identifier(w) => Ok(w.clone()),
        _ => Err(cx.expected(token, arg, ArgKind::Blueprint.describe())),
    }
}

fn compile(cx: &mut Compiling<'_>, head: &Token, args: &[Token]) -> Checked<Compiled> {
    let [a_tok, test_tok, rest @ .., block_tok] = args else {
        return Err(cx.report_at(
            head,
            CompileErrorKind::ArgCount {
                name: KEYWORD.name.to_owned(),
                expected: "a blueprint, a test, maybe a second blueprint, and [[ ]] lines to run"
                    .to_owned(),
                got: args.len(),
            },
        ));
    };
    let a = name_of(cx, a_tok, "first")?;
    cx.check_blueprint_name(&a, a_tok)?;
    let test = find_test(cx, test_tok)?;
    let (b, extra) = match (test.pair, rest) {
        (true, [b_tok, extra @ ..]) => (Some(name_of(cx, b_tok, "second")?), extra),
        (true, []) => {
            return Err(cx.expected(block_tok, "second", "a second blueprint's name, like Algae"))
        }
        (false, extra) => (None, extra),
    };
    if let (Some(b), Some(b_tok)) = (&b, rest.first()) {
        cx.check_blueprint_name(b, b_tok)?;
    }
    let any = ArgSpec::rest("value", ArgKind::Any, "");
    let frame = cx.frame.clone();
    let extra = cx.args(test.name, &[any], test_tok, extra, &frame)?;
    let TokenKind::Block(units) = &block_tok.kind else {
        return Err(cx.expected(block_tok, "then", ArgKind::Block.describe()));
    };
    let mut frame = cx.frame.clone();
    frame.pair = std::iter::once(a.clone()).chain(b.clone()).collect();
    let consequent = cx.with_frame(frame, |cx| cx.block(units));
    Ok(Compiled::When(WhenRule {
        a,
        test: test.name.to_owned(),
        b,
        args: extra,
        consequent,
        line: head.pos.line,
        col: head.pos.col,
    }))
}

fn find_test(cx: &mut Compiling<'_>, token: &Token) -> Checked<&'static WhenTest> {
    let name = match &token.kind {
        TokenKind::Identifier(w) => w.clone(),
        _ => return Err(cx.expected(token, "test", "a test name, like touches")),
    };
    when_test(&name).ok_or_else(|| {
        let suggestion = closest(&name, WHEN_TESTS.iter().map(|t| t.name)).map(str::to_owned);
        cx.report_at(
            token,
            CompileErrorKind::UnknownTest {
                test: name,
                suggestion,
            },
        )
    })
}

/// `when A test [B] [values] [[ ... ]]`.
pub(crate) fn print(rule: &WhenRule) -> ScriptUnit {
    let mut unit = vec![word(KEYWORD.name), word(&rule.a), word(&rule.test)];
    unit.extend(rule.b.as_deref().map(word));
    unit.extend(rule.args.iter().map(arg_token));
    unit.push(block_token(&rule.consequent));
    unit
}

#[cfg(test)]
mod tests {
    use super::super::testing::{assert_error, assert_ok, compile};

    #[test]
    fn when_names_known_blueprints_a_known_test_and_a_block() {
        assert_ok("when Fish touches Algae [[\n  prop Algae.energyLevel sub 1\n  prop Fish.energy add 1\n]]\nwhen Fish dies [[\n]]\nwhen Fish centerfirsttouches Algae [[\n]]");
        let bp = compile("when Fish touches Algae [[\n]]").unwrap();
        assert_eq!(
            (bp.conditions[0].a.as_str(), bp.conditions[0].b.as_deref()),
            ("Fish", Some("Algae"))
        );
        assert_error(
            "when Fish touches",
            "when needs a blueprint, a test, maybe a second blueprint, and [[ ]] lines to run, but this line gives it 2",
        );
        assert_error(
            "when Fish touches Algea [[\n]]",
            "there is no blueprint 'Algea' — did you mean 'Algae'?",
        );
        assert_error(
            "when Fish touchs Algae [[\n]]",
            "'touchs' is not a test 'when' knows — did you mean 'touches'?",
        );
        assert_error(
            "when Fish touches Algae [[\n  prop Algae.energy sub 1\n]]",
            "Algae has no property 'energy' (make it with addProp in # PROGRAM DEFINE)",
        );
        assert_error(
            "every 1 [[\n  when Fish touches Algae [[\n  ]]\n]]",
            "'when' cannot be inside [[ ]]: write it on a line of its own, outside any block",
        );
    }
}
