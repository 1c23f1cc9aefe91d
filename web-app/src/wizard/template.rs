//! Starting values for a line: when a student picks a keyword (or a feature, prop or method
//! that changes what follows), the wizard fills the rest of the line with the first sensible
//! choice for each required argument, so that the new line compiles whenever it can.

use crate::authoring::vocab::Vocabulary;
use sim_core::{
    script::{feature, keyword, ArgKind, ArgSpec, Arity, ExprSource, Literal, WHEN_TESTS},
    Pos, ScriptUnit, Token, TokenKind, ValueKind, VarType,
};

/// A token with no position (the printer does not need one).
fn tok(kind: TokenKind) -> Token {
    Token::new(kind, Pos::START)
}

/// A bare word.
pub fn word(text: &str) -> Token {
    tok(TokenKind::Identifier(text.to_owned()))
}

/// What the keyword drop-down calls a `# PROGRAM` line.
pub const PROGRAM_CHOICE: &str = "# PROGRAM";

/// A `# PROGRAM UPDATE` line: the lines after it run every tick.
pub fn program_line() -> ScriptUnit {
    vec![tok(TokenKind::Directive), word("PROGRAM"), word("UPDATE")]
}

/// The line `keyword` with the argument tokens of `prefix` kept and every later required
/// argument filled in; `None` for a name that is no keyword.
pub fn complete_line(name: &str, prefix: &[Token], vocab: &Vocabulary) -> Option<ScriptUnit> {
    let kw = keyword(name)?;
    let mut filler = Filler {
        vocab,
        keyword: kw.name,
        prefix,
        out: vec![word(name)],
        feature: None,
        prop_type: None,
        last: None,
    };
    for spec in kw.args {
        if !filler.fill(spec) {
            break;
        }
    }
    Some(filler.out)
}

struct Filler<'a> {
    vocab: &'a Vocabulary,
    keyword: &'static str,
    prefix: &'a [Token],
    out: Vec<Token>,
    /// The feature named last, for the feature prop or method after it.
    feature: Option<String>,
    /// The type of the prop named last, for the method after it.
    prop_type: Option<VarType>,
    /// The kind of the spec filled last.
    last: Option<ArgKind>,
}

impl Filler<'_> {
    /// The prefix token at the next position, if the prefix reaches it.
    fn kept(&self) -> Option<&Token> {
        self.prefix.get(self.out.len() - 1)
    }

    /// Adds the kept token or `default`, and returns the one added.
    fn take(&mut self, default: impl FnOnce(&Self) -> Token) -> Token {
        let token = self.kept().cloned().unwrap_or_else(|| default(self));
        self.out.push(token.clone());
        token
    }

    /// Fills one spec; `false` once nothing more follows.
    fn fill(&mut self, spec: &ArgSpec) -> bool {
        let rest_kept = self.kept().is_some();
        let last = self.last.replace(spec.kind);
        match spec.arity {
            Arity::One => {}
            Arity::Optional if last == Some(ArgKind::VarType) => {
                let ty = self.out.last().and_then(name_of);
                let token = match ty.as_deref().map(str::to_ascii_lowercase).as_deref() {
                    Some("string") => tok(TokenKind::String(String::new())),
                    Some("boolean") => tok(TokenKind::Value(Literal::Boolean(false))),
                    _ => tok(TokenKind::Value(Literal::Number(0.0))),
                };
                self.take(|_| token);
                return true;
            }
            Arity::Optional | Arity::Rest if last == Some(ArgKind::Method) => {
                self.fill_method_args(spec.arity == Arity::Rest);
                return spec.arity != Arity::Rest;
            }
            Arity::Optional | Arity::Rest => {
                // A `when` compares two kinds and runs a block, unless told otherwise.
                let wanted = spec.kind == ArgKind::Blueprint
                    || (spec.kind == ArgKind::Block && spec.arity == Arity::Rest);
                if rest_kept || wanted {
                    self.fill_one(spec);
                }
                return spec.arity != Arity::Rest;
            }
        }
        self.fill_one(spec);
        true
    }

    fn fill_one(&mut self, spec: &ArgSpec) {
        match spec.kind {
            ArgKind::Feature => {
                let token = self.take(|f| word(&f.default_feature()));
                self.feature = name_of(&token);
            }
            ArgKind::FeatPropRef => self.fill_feat_prop(),
            ArgKind::PropRef | ArgKind::PropName => {
                let token = self.take(|f| word(f.vocab.props.keys().next().map_or("x", |p| p)));
                self.prop_type = name_of(&token).and_then(|n| self.vocab.prop_type(&n));
            }
            ArgKind::Method => {
                let method = self.default_method();
                self.take(|_| word(method.unwrap_or("setTo")));
            }
            kind => {
                let token = default_token(spec, kind, self.vocab, self.keyword);
                self.take(|_| token);
            }
        }
    }

    fn default_feature(&self) -> String {
        let added = &self.vocab.features;
        let first = if self.keyword == "addFeature" {
            sim_core::FEATURES
                .iter()
                .map(|f| f.spec.name)
                .find(|f| !added.contains(f))
        } else {
            added.first().copied()
        };
        first.unwrap_or("Movement").to_owned()
    }

    fn fill_feat_prop(&mut self) {
        if matches!(self.kept().map(|t| &t.kind), Some(TokenKind::ObjRef(_))) {
            self.take(|_| word("x"));
            return;
        }
        let token = self.take(|f| word(&f.default_feature()));
        let spec = name_of(&token).and_then(|n| feature(&n));
        let prop = self.take(|_| word(spec.and_then(|s| s.props.first()).map_or("x", |p| p.name)));
        self.prop_type = spec
            .zip(name_of(&prop))
            .and_then(|(s, p)| s.prop(&p))
            .map(|p| p.ty);
        self.feature = None;
    }

    /// `setTo` (or, for an `if`, the first test) of the last prop's type, or the first method
    /// of the last feature.
    fn default_method(&self) -> Option<&'static str> {
        if let Some(spec) = self.feature.as_deref().and_then(feature) {
            return spec.methods.first().map(|m| m.name);
        }
        let methods = self.prop_type.unwrap_or(VarType::Number).methods();
        let testing = self.keyword.starts_with("if");
        methods
            .iter()
            .find(|m| {
                if testing {
                    m.returns == Some(ValueKind::Boolean)
                } else {
                    m.name == "setTo"
                }
            })
            .or(methods.first())
            .map(|m| m.name)
    }

    /// The arguments the method just named needs; with `keep_rest`, any kept extra ones too.
    fn fill_method_args(&mut self, keep_rest: bool) {
        let method = self.out.last().and_then(name_of).unwrap_or_default();
        let kinds: Vec<ArgKind> = match self.feature.as_deref().and_then(feature) {
            Some(spec) => spec
                .method(&method)
                .map(|m| {
                    m.args
                        .iter()
                        .filter(|a| a.arity == Arity::One)
                        .map(|a| a.kind)
                        .collect()
                })
                .unwrap_or_default(),
            None => self
                .prop_type
                .unwrap_or(VarType::Number)
                .method(&method)
                .map(|m| {
                    m.args
                        .iter()
                        .filter(|a| !a.optional)
                        .map(|a| value_arg(a.kind))
                        .collect()
                })
                .unwrap_or_default(),
        };
        for kind in kinds {
            let spec = ArgSpec::one("", kind, "");
            let token = default_token(&spec, kind, self.vocab, self.keyword);
            self.take(|_| token);
        }
        while keep_rest && self.kept().is_some() {
            self.take(|_| word("x"));
        }
    }
}

/// The argument kind standing for a GVar method argument's value kind.
fn value_arg(kind: ValueKind) -> ArgKind {
    match kind {
        ValueKind::Number => ArgKind::Number,
        ValueKind::String => ArgKind::Text,
        ValueKind::Boolean => ArgKind::Boolean,
        ValueKind::Any => ArgKind::Any,
    }
}

/// The name a word token holds.
fn name_of(token: &Token) -> Option<String> {
    match &token.kind {
        TokenKind::Identifier(name) | TokenKind::String(name) => Some(name.clone()),
        _ => None,
    }
}

/// The first choice for an argument of this kind.
pub(super) fn default_token(
    spec: &ArgSpec,
    kind: ArgKind,
    vocab: &Vocabulary,
    keyword: &str,
) -> Token {
    let number = |n: f64| tok(TokenKind::Value(Literal::Number(n)));
    match kind {
        ArgKind::Number | ArgKind::Any => number(if keyword == "every" { 1.0 } else { 0.0 }),
        ArgKind::Text => tok(TokenKind::String("hello".to_owned())),
        ArgKind::Costume => tok(TokenKind::String("circle.json".to_owned())),
        ArgKind::Boolean => tok(TokenKind::Value(Literal::Boolean(false))),
        ArgKind::Choice => word(
            spec.allowed
                .first()
                .or(WHEN_TESTS.first().map(|t| &t.name))
                .map_or("touches", |n| n),
        ),
        ArgKind::NewName => word(&fresh_name(vocab)),
        ArgKind::Blueprint => word(vocab.blueprints.first().map_or("Agent", |b| b)),
        ArgKind::VarType => word("Number"),
        ArgKind::Expr => tok(TokenKind::Expr(ExprSource {
            text: "true".to_owned(),
            text_pos: Pos::START,
        })),
        ArgKind::Block => tok(TokenKind::Block(Vec::new())),
        ArgKind::Feature
        | ArgKind::PropName
        | ArgKind::PropRef
        | ArgKind::FeatPropRef
        | ArgKind::Method => word("x"),
    }
}

/// `newProp`, or `newProp2`, `newProp3` ... the first not yet declared.
fn fresh_name(vocab: &Vocabulary) -> String {
    (1..)
        .map(|n| {
            if n == 1 {
                "newProp".to_owned()
            } else {
                format!("newProp{n}")
            }
        })
        .find(|name| vocab.prop_type(name).is_none())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use sim_core::{script::print_units, Symbols};

    fn line(name: &str, prefix: &str, script: &str) -> String {
        let vocab = Vocabulary::new(script, "Fish", &Symbols::complete());
        let prefix = sim_core::script::tokenize(prefix)
            .unwrap()
            .pop()
            .unwrap_or_default();
        let prefix: Vec<Token> = prefix
            .into_iter()
            .filter(|t| t.kind != TokenKind::Line)
            .collect();
        print_units(&[complete_line(name, &prefix, &vocab).unwrap()])
    }

    #[test]
    fn a_new_line_gets_a_first_choice_for_every_required_argument() {
        assert_eq!(line("addProp", "", ""), "addProp newProp Number 0");
        assert_eq!(
            line("addProp", "", "addProp newProp Number 1"),
            "addProp newProp2 Number 0"
        );
        assert_eq!(
            line("addFeature", "", "addFeature Costume"),
            "addFeature Movement"
        );
        assert_eq!(line("when", "", ""), "when Fish touches Fish [[\n]]");
        assert_eq!(line("ifExpr", "", ""), "ifExpr {{ true }} [[\n]]");
        assert_eq!(line("every", "", ""), "every 1 [[\n]]");
    }

    #[test]
    fn what_follows_depends_on_the_kept_feature_prop_or_method() {
        let script = "addFeature Movement\naddFeature Costume\naddProp label String 'a'";
        assert_eq!(
            line("featProp", "Movement", script),
            "featProp Movement movementType setTo 'hello'"
        );
        assert_eq!(
            line("featProp", "Costume", script),
            "featProp Costume costumeName setTo 'hello'"
        );
        assert_eq!(
            line("featCall", "Costume", script),
            "featCall Costume setCostume 'circle.json'",
            "a new costume line wears a costume, not a placeholder"
        );
        assert_eq!(line("prop", "label", script), "prop label setTo 'hello'");
        assert_eq!(line("prop", "x add", script), "prop x add 0");
        assert_eq!(line("prop", "x setTo 5", script), "prop x setTo 5");
        assert!(line("ifProp", "x", script).starts_with("ifProp x "));
    }
}
