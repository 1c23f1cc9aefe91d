//! Property tests for the script tokenizer, printer and expression parser: no input makes them
//! panic, and any well-formed script survives text → units → text → units unchanged.

mod common;

use common::fuzz::cases;
use proptest::prelude::*;
use sim_core::{
    script::expr::parse_expr,
    script::{print_units, tokenize, Literal},
    Pos, ScriptUnit, Token, TokenKind,
};

/// Text made mostly of the characters that matter to the tokenizer, so the odd corners
/// (nested brackets, quotes at line ends, signs, dots) come up often.
fn scriptish() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "[[", "]]", "{{", "}}", "[", "]", "{", "}", "'", "\"", "\\", "\n", "\n", " ", " ", "#",
        "//", ".", "-", "+", "1", "2.5", "e", "a", "Fish", "true", "null", "(", ")", "é", "\t",
        "\r", "==", "=", "&&", "|", "!", "?", ":", ",", ";", "Math", "Math.abs", "%",
    ]);
    prop::collection::vec(pieces, 0..60).prop_map(|p| p.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn tokenizer_never_panics_on_any_text(text in any::<String>()) {
        let _ = tokenize(&text);
    }

    #[test]
    fn script_like_text_never_panics_and_what_reads_round_trips(text in scriptish()) {
        if let Ok(units) = tokenize(&text) {
            // Whatever reads, prints to text that reads back to the same units.
            prop_assert_eq!(tokenize(&print_units(&units)).unwrap(), units);
        }
    }

    #[test]
    fn expression_parser_never_panics_on_any_text(text in any::<String>()) {
        let _ = parse_expr(&text, Pos::START);
    }

    #[test]
    fn expression_parser_never_panics_on_expression_like_text(text in scriptish()) {
        let _ = parse_expr(&text, Pos::START);
    }

    #[test]
    fn structured_scripts_round_trip_through_text(units in script()) {
        let text = print_units(&units);
        let reread = tokenize(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&reread, &units, "text:\n{}", text);
        prop_assert_eq!(print_units(&reread), text);
    }
}

fn token(kind: TokenKind) -> Token {
    Token::new(kind, Pos::START)
}

fn name() -> impl Strategy<Value = String> {
    "[a-zA-Z_$][a-zA-Z0-9_$]{0,7}".prop_filter("not a literal word", |n| {
        !matches!(n.as_str(), "true" | "false" | "null")
    })
}

/// Any token that fits on one line and is not a comment.
fn simple_token() -> impl Strategy<Value = TokenKind> {
    prop_oneof![
        name().prop_map(TokenKind::Identifier),
        any::<String>().prop_map(TokenKind::String),
        any::<f64>()
            .prop_filter("finite", |n| n.is_finite())
            .prop_map(|n| TokenKind::Value(Literal::Number(n))),
        (-1000i32..1000).prop_map(|n| TokenKind::Value(Literal::Number(f64::from(n)))),
        any::<bool>().prop_map(|b| TokenKind::Value(Literal::Boolean(b))),
        Just(TokenKind::Value(Literal::Null)),
        prop::collection::vec(name(), 2..4).prop_map(TokenKind::ObjRef),
        "[a-z0-9 +*().'<>=!]{0,20}".prop_map(|t| TokenKind::Expr(sim_core::script::ExprSource {
            text: t.trim().to_owned(),
            text_pos: Pos::START,
        })),
        "[a-zA-Z ]{0,10}".prop_map(|t| TokenKind::Program(t.trim().to_owned())),
    ]
}

fn comment() -> impl Strategy<Value = TokenKind> {
    "[^\n]{0,20}".prop_map(|t| TokenKind::Comment(t.trim().to_owned()))
}

/// A statement: a keyword, arguments (blocks among them), maybe a trailing comment; or a
/// blank line, a comment line or a pragma.
fn unit(block: BoxedStrategy<TokenKind>) -> impl Strategy<Value = ScriptUnit> {
    let arg = prop_oneof![4 => simple_token(), 1 => block];
    let statement = (
        name(),
        prop::collection::vec(arg, 0..4),
        prop::option::of(comment()),
        any::<bool>(),
    )
        .prop_map(|(keyword, args, trailing, pragma)| {
            let mut unit = Vec::new();
            if pragma {
                unit.push(token(TokenKind::Directive));
            }
            unit.push(token(TokenKind::Identifier(keyword)));
            unit.extend(args.into_iter().map(token));
            unit.extend(trailing.map(token));
            unit
        });
    prop_oneof![
        6 => statement,
        1 => Just(vec![token(TokenKind::Line)]),
        1 => comment().prop_map(|c| vec![token(c)]),
    ]
}

fn script() -> impl Strategy<Value = Vec<ScriptUnit>> {
    let leaf = Just(TokenKind::Block(Vec::new())).boxed();
    let block = leaf.prop_recursive(3, 24, 4, |inner| {
        prop::collection::vec(unit(inner), 0..4)
            .prop_map(TokenKind::Block)
            .boxed()
    });
    prop::collection::vec(unit(block.boxed()), 1..8)
}
