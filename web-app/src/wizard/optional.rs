//! Optional arguments: the ones a keyword or a feature method may take but a line leaves out
//! (`every 2 runAtStart`, the frame of `setCostume`, the `otherwise` block of an `if`). The
//! wizard lists them under a line to add, and marks the slots and blocks a line may lose. An
//! addition or removal is an ordinary wizard edit, checked to compile like any other.

use super::lines::{Slot, SlotKind};
use super::template::default_token;
use crate::authoring::vocab::Vocabulary;
use sim_core::{
    script::{feature, spec_for, ArgKind, ArgSpec, Arity, Literal},
    Pos, Token, TokenKind,
};

/// An argument a line may gain.
#[derive(Debug, Clone, PartialEq)]
pub struct Extra {
    /// What the argument is, from its keyword's or method's description.
    pub spec: &'static ArgSpec,
    /// The index of the token it goes before, in the line's tokens.
    pub at: usize,
}

/// Notes as extras the optional specs among `specs[from..to]`, which the line's tokens skipped
/// at token index `at`.
pub(super) fn skipped(
    specs: &'static [ArgSpec],
    from: usize,
    to: usize,
    at: usize,
    out: &mut Vec<Extra>,
) {
    let range = specs.get(from..to.min(specs.len())).unwrap_or_default();
    out.extend(
        range
            .iter()
            .filter(|s| s.arity == Arity::Optional)
            .map(|spec| Extra { spec, at }),
    );
}

/// A keyword's repeating last argument (`dbgOut`'s values), which a line may always take one
/// more of at token index `end`. The values of a method (`featCall`, `prop` ...) and repeated
/// blocks are not offered here: a method's own specs say what it takes.
pub(super) fn rest_extra(specs: &'static [ArgSpec], end: usize) -> Option<Extra> {
    let last = specs.last()?;
    let after_method = specs.iter().any(|s| s.kind == ArgKind::Method);
    let offered = last.arity == Arity::Rest && last.kind != ArgKind::Block && !after_method;
    offered.then_some(Extra {
        spec: last,
        at: end,
    })
}

/// The argument specs of the feature method the slot at `method` names.
fn method_specs(slots: &[Slot], method: usize) -> Option<&'static [ArgSpec]> {
    let slot = slots.get(method)?;
    match &slot.kind {
        SlotKind::FeatureMethod(name) => Some(feature(name)?.method(&slot.value)?.args),
        _ => None,
    }
}

/// After a method slot, marks which of the method's values may be left out (the specs say
/// so; a prop method's values never may), and returns the next value the method could take,
/// added at token index `end`.
pub(super) fn method_extra(slots: &mut [Slot], end: usize) -> Option<Extra> {
    let method = slots
        .iter()
        .rposition(|s| matches!(s.kind, SlotKind::PropMethod | SlotKind::FeatureMethod(_)))?;
    let specs = method_specs(slots, method);
    let values = slots.get_mut(method + 1..).unwrap_or_default();
    for (i, slot) in values.iter_mut().enumerate() {
        slot.optional = specs
            .and_then(|s| spec_for(s, i))
            .is_some_and(|s| s.arity != Arity::One);
    }
    let next = spec_for(specs?, values.len())?;
    (next.arity != Arity::One).then_some(Extra {
        spec: next,
        at: end,
    })
}

/// What an added argument starts as: the first sensible value of its kind. A prop's
/// starting value follows the type written before it (`addProp name String ''`).
pub fn starting_token(extra: &Extra, slots: &[Slot], vocab: &Vocabulary, keyword: &str) -> Token {
    let spec = extra.spec;
    let typed = slots
        .iter()
        .rfind(|s| s.kind == SlotKind::Arg(ArgKind::VarType))
        .filter(|_| spec.kind == ArgKind::Any);
    let kind = match typed.map(|s| s.value.to_ascii_lowercase()).as_deref() {
        Some("string") => TokenKind::String(String::new()),
        Some("boolean") => TokenKind::Value(Literal::Boolean(false)),
        Some(_) => TokenKind::Value(Literal::Number(0.0)),
        None => return default_token(spec, spec.kind, vocab, keyword),
    };
    Token::new(kind, Pos::START)
}

#[cfg(test)]
mod tests {
    use crate::wizard::edit::{Edit, Script};
    use crate::wizard::lines::{Line, LineKind};
    use sim_core::Symbols;

    use super::*;

    fn script(text: &str) -> Script {
        Script::new("Fish".into(), text.into(), Symbols::complete())
    }

    /// The names of the extras the line at `index` offers.
    fn extras_of(lines: &[Line], index: usize) -> Vec<(&'static str, usize)> {
        match &lines[index].kind {
            LineKind::Statement { extras, .. } => {
                extras.iter().map(|e| (e.spec.name, e.at)).collect()
            }
            _ => Vec::new(),
        }
    }

    /// Adds the line's first extra and returns the new text.
    fn add_first(text: &str, index: usize) -> Result<String, String> {
        let s = script(text);
        let lines = s.lines().unwrap();
        let LineKind::Statement {
            keyword,
            slots,
            extras,
            ..
        } = &lines[index].kind
        else {
            panic!("not a statement")
        };
        let extra = extras.first().ok_or("no extra")?;
        let token = starting_token(extra, slots, s.vocab(), keyword);
        s.apply(&Edit::AddArg {
            path: lines[index].path.clone(),
            at: extra.at,
            token,
        })
        .map_err(|e| e.to_string())
    }

    #[test]
    fn left_out_keyword_arguments_are_offered_where_they_belong() {
        let text = "addProp energy Number\nevery 2 [[\n]]\nifExpr {{ true }} [[\n]]\nwhen Fish touches [[\n]]\nrandomPos 0 10 true";
        let lines = script(text).lines().unwrap();
        assert_eq!(extras_of(&lines, 0), [("initial", 3)]);
        assert_eq!(extras_of(&lines, 1), [("option", 2)]);
        assert_eq!(extras_of(&lines, 2), [("otherwise", 3)]);
        assert_eq!(extras_of(&lines, 3), [("second", 3)]);
        assert_eq!(extras_of(&lines, 4), []);
        let lines = script("dbgOut\ndbgOut 'a' 1\nprop x setTo 1")
            .lines()
            .unwrap();
        assert_eq!(extras_of(&lines, 0), [("values", 1)]);
        assert_eq!(extras_of(&lines, 1), [("values", 3)]);
        assert_eq!(extras_of(&lines, 2), []);
    }

    #[test]
    fn adding_an_optional_argument_writes_text_that_compiles() {
        assert_eq!(
            add_first("every 2 [[\n]]", 0).unwrap(),
            "every 2 runAtStart [[\n]]"
        );
        assert_eq!(
            add_first("addProp label String", 0).unwrap(),
            "addProp label String ''"
        );
        assert_eq!(
            add_first("ifExpr {{ true }} [[\n]]", 0).unwrap(),
            "ifExpr {{ true }} [[\n]] [[\n]]"
        );
        assert_eq!(add_first("dbgOut", 0).unwrap(), "dbgOut 0");
        assert_eq!(
            add_first(
                "addFeature Costume\nfeatCall Costume setCostume 'fish.png'",
                1
            )
            .unwrap(),
            "addFeature Costume\nfeatCall Costume setCostume 'fish.png' 0"
        );
    }

    #[test]
    fn optional_slots_and_blocks_are_marked_and_can_be_removed() {
        let text = "addFeature Costume\nfeatCall Costume setCostume 'fish.png' 0\nevery 2 runAtStart [[\n]]\nifExpr {{ true }} [[\n]] [[\n]]";
        let s = script(text);
        let lines = s.lines().unwrap();
        let LineKind::Statement { slots, .. } = &lines[1].kind else {
            panic!()
        };
        let optional: Vec<bool> = slots.iter().map(|s| s.optional).collect();
        assert_eq!(optional, [false, false, false, true]);
        let LineKind::Statement { slots, blocks, .. } = &lines[2].kind else {
            panic!()
        };
        assert!(slots[1].optional && !slots[0].optional && !blocks[0].optional);
        let removed = s
            .apply(&Edit::RemoveArg {
                path: vec![2],
                at: slots[1].tokens.start,
            })
            .unwrap();
        assert!(removed.contains("\nevery 2 [[\n]]"), "{removed}");
        let LineKind::Statement { blocks, .. } = &lines[3].kind else {
            panic!()
        };
        assert!(blocks[1].optional);
        let removed = s
            .apply(&Edit::RemoveArg {
                path: vec![3],
                at: blocks[1].token,
            })
            .unwrap();
        assert!(removed.ends_with("ifExpr {{ true }} [[\n]]"), "{removed}");
    }

    #[test]
    fn removing_a_required_argument_is_refused() {
        let s = script("every 2 [[\n]]");
        assert!(s
            .apply(&Edit::RemoveArg {
                path: vec![0],
                at: 1,
            })
            .is_err());
    }
}
