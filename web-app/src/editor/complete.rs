//! Completion: the names that fit where the caret is, read from the keyword metadata.
//!
//! The caret's statement is read back to its start (the line start or the last `[[`). The
//! first word is completed from the keywords. After it, the keyword's own argument
//! descriptions ([`ArgSpec`]s) say what each place holds: a feature, then that feature's props
//! or methods; a prop, then the methods of the prop's GVar type; a blueprint; a type; one of a
//! fixed list. `# ` lines complete the pragmas and their arguments the same way.

use super::scan::{scan_line, Lex};
use crate::authoring::vocab::Vocabulary;
use sim_core::{
    script::{feature, keyword, ArgKind, ArgSpec, Arity, KEYWORDS, PRAGMAS, WHEN_TESTS},
    VarType, FEATURES,
};

/// What a completion item names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ItemKind {
    /// A statement keyword.
    Keyword,
    /// A pragma word after `#`.
    Pragma,
    /// A feature.
    Feature,
    /// A prop of the blueprint or of a feature.
    Prop,
    /// A GVar or feature method.
    Method,
    /// A blueprint of the project.
    Blueprint,
    /// A GVar type, a test name or another fixed choice.
    Choice,
}

impl ItemKind {
    /// A short label for the popup.
    pub fn label(self) -> &'static str {
        match self {
            ItemKind::Keyword => "keyword",
            ItemKind::Pragma => "pragma",
            ItemKind::Feature => "feature",
            ItemKind::Prop => "prop",
            ItemKind::Method => "method",
            ItemKind::Blueprint => "blueprint",
            ItemKind::Choice => "choice",
        }
    }
}

/// One name offered.
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    /// The name inserted.
    pub label: String,
    /// What it is.
    pub kind: ItemKind,
    /// Its help text, in a student's words.
    pub help: String,
}

impl Item {
    fn new(label: &str, kind: ItemKind, help: impl Into<String>) -> Item {
        Item {
            label: label.to_owned(),
            kind,
            help: help.into(),
        }
    }
}

/// The names offered at a caret and the characters `start..end` of the text they replace
/// (the part of the word already typed).
#[derive(Debug, Clone, PartialEq)]
pub struct Completion {
    /// Character index where the typed part of the word starts.
    pub start: usize,
    /// Character index of the caret.
    pub end: usize,
    /// The names that fit and start with the typed part (ignoring case).
    pub items: Vec<Item>,
}

/// The completion at character index `caret` of `text`, or `None` when nothing fits (inside
/// a string, an expression or a comment; after a word the place takes no name; when the only
/// name that fits is already typed in full).
pub fn complete(text: &str, caret: usize, vocab: &Vocabulary) -> Option<Completion> {
    let before: Vec<char> = text.chars().take(caret).collect();
    let line_start = before.iter().rposition(|&c| c == '\n').map_or(0, |i| i + 1);
    let line = before.get(line_start..).unwrap_or_default();
    let lexemes = scan_line(line);
    let (typed_start, typed) = match lexemes.last() {
        Some(l) if l.end == line.len() => match l.kind {
            Lex::Word => (l.start, line.get(l.start..l.end).unwrap_or_default()),
            _ => return None,
        },
        _ => (line.len(), &[][..]),
    };
    let statement_start = lexemes
        .iter()
        .rposition(|l| l.kind == Lex::BlockOpen && l.end <= typed_start)
        .map_or(0, |i| i + 1);
    let words: Vec<String> = lexemes
        .get(statement_start..)
        .unwrap_or_default()
        .iter()
        .take_while(|l| l.start < typed_start)
        .map(|l| {
            line.get(l.start..l.end)
                .unwrap_or_default()
                .iter()
                .collect()
        })
        .collect();
    let typed: String = typed.iter().collect();
    let items: Vec<Item> = candidates(&words, vocab)
        .into_iter()
        .filter(|item| starts_with_ignoring_case(&item.label, &typed))
        .collect();
    if items.is_empty() || (items.len() == 1 && items.first().is_some_and(|i| i.label == typed)) {
        return None;
    }
    Some(Completion {
        start: line_start + typed_start,
        end: caret,
        items,
    })
}

fn starts_with_ignoring_case(label: &str, typed: &str) -> bool {
    label.to_lowercase().starts_with(&typed.to_lowercase())
}

/// Replaces the typed part of the word with `label`, as code editors do (no space after it:
/// the student types the space, which offers the next word); gives the new text and the
/// caret after the inserted name.
pub fn apply(text: &str, completion: &Completion, label: &str) -> (String, usize) {
    let chars: Vec<char> = text.chars().collect();
    let head = chars.get(..completion.start).unwrap_or(&chars);
    let tail = chars.get(completion.end..).unwrap_or_default();
    let mut out: String = head.iter().collect();
    out.push_str(label);
    let caret = out.chars().count();
    out.extend(tail);
    (out, caret)
}

/// Whether the typed part of the word is already exactly `label`: Enter then means a new
/// line, not "accept".
pub fn typed_in_full(text: &str, completion: &Completion, label: &str) -> bool {
    let typed: String = text
        .chars()
        .skip(completion.start)
        .take(completion.end.saturating_sub(completion.start))
        .collect();
    typed == label
}

/// Everything that fits after the statement's `words`.
fn candidates(words: &[String], vocab: &Vocabulary) -> Vec<Item> {
    let Some(head) = words.first() else {
        return KEYWORDS
            .iter()
            .map(|k| Item::new(k.name, ItemKind::Keyword, k.help))
            .collect();
    };
    if head == "#" {
        return pragma_candidates(words);
    }
    let Some(k) = keyword(head) else {
        return Vec::new();
    };
    let slots = slots(k.args);
    let place = words.len() - 1;
    match slot_at(&slots, place) {
        Some(slot) => slot_candidates(k.name, slot, &slots, place, words, vocab),
        None => Vec::new(),
    }
}

fn pragma_candidates(words: &[String]) -> Vec<Item> {
    let Some(name) = words.get(1) else {
        return PRAGMAS
            .iter()
            .map(|p| Item::new(p.name, ItemKind::Pragma, p.help))
            .collect();
    };
    let Some(pragma) = PRAGMAS.iter().find(|p| p.name.eq_ignore_ascii_case(name)) else {
        return Vec::new();
    };
    match pragma.args.get(words.len() - 2) {
        Some(arg) => choices(arg),
        None => Vec::new(),
    }
}

fn choices(arg: &ArgSpec) -> Vec<Item> {
    arg.allowed
        .iter()
        .map(|c| Item::new(c, ItemKind::Choice, arg.help))
        .collect()
}

/// One word's place in a statement, as the keyword's arguments describe it.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Slot {
    /// An argument that is one word of this kind.
    Arg(ArgSpec),
    /// The prop half of a `Feature prop` reference.
    FeatProp,
}

/// The places of a keyword's arguments; a feature prop reference takes two words.
fn slots(args: &[ArgSpec]) -> Vec<Slot> {
    args.iter()
        .flat_map(|a| match a.kind {
            ArgKind::FeatPropRef => vec![
                Slot::Arg(ArgSpec::one(a.name, ArgKind::Feature, a.help)),
                Slot::FeatProp,
            ],
            _ => vec![Slot::Arg(*a)],
        })
        .collect()
}

/// The slot of the `place`-th argument word (0-based); a last `Rest` argument repeats.
fn slot_at(slots: &[Slot], place: usize) -> Option<Slot> {
    slots.get(place).copied().or_else(|| match slots.last() {
        Some(Slot::Arg(a)) if a.arity == Arity::Rest => Some(Slot::Arg(*a)),
        _ => None,
    })
}

fn slot_candidates(
    keyword: &str,
    slot: Slot,
    slots: &[Slot],
    place: usize,
    words: &[String],
    vocab: &Vocabulary,
) -> Vec<Item> {
    let previous = words.last().map(String::as_str).unwrap_or_default();
    let arg = match slot {
        Slot::FeatProp => return feature_props(previous),
        Slot::Arg(arg) => arg,
    };
    match arg.kind {
        ArgKind::Feature => features(keyword == "addFeature", vocab),
        ArgKind::PropName | ArgKind::PropRef => props(vocab),
        ArgKind::Method => {
            let before = place.checked_sub(1).and_then(|p| slots.get(p));
            let owner = words.len().checked_sub(2).and_then(|i| words.get(i));
            methods(before, owner.map(String::as_str), previous, vocab)
        }
        ArgKind::Blueprint => vocab
            .blueprints
            .iter()
            .map(|b| {
                Item::new(
                    b,
                    ItemKind::Blueprint,
                    "A kind of character in this project.",
                )
            })
            .collect(),
        ArgKind::VarType => VarType::ALL
            .iter()
            .map(|t| Item::new(t.name(), ItemKind::Choice, arg.help))
            .collect(),
        ArgKind::Boolean => ["true", "false"]
            .iter()
            .map(|b| Item::new(b, ItemKind::Choice, arg.help))
            .collect(),
        ArgKind::Choice if arg.allowed.is_empty() && keyword == "when" => WHEN_TESTS
            .iter()
            .map(|t| Item::new(t.name, ItemKind::Choice, t.help))
            .collect(),
        ArgKind::Choice => choices(&arg),
        _ => Vec::new(),
    }
}

fn features(all: bool, vocab: &Vocabulary) -> Vec<Item> {
    let names = if all {
        FEATURES.iter().map(|f| f.spec.name).collect()
    } else {
        vocab.offered_features()
    };
    names
        .into_iter()
        .filter_map(feature)
        .map(|f| Item::new(f.name, ItemKind::Feature, f.help))
        .collect()
}

fn feature_props(name: &str) -> Vec<Item> {
    feature(name).map_or_else(Vec::new, |f| {
        f.props
            .iter()
            .map(|p| {
                Item::new(
                    p.name,
                    ItemKind::Prop,
                    format!("{} ({})", p.help, p.ty.name()),
                )
            })
            .collect()
    })
}

fn props(vocab: &Vocabulary) -> Vec<Item> {
    vocab
        .all_props()
        .map(|(name, ty)| {
            let help = format!("A property of this character ({}).", ty.name());
            Item::new(name, ItemKind::Prop, help)
        })
        .collect()
}

/// The methods after `previous`: of a feature prop's type (after `Feature prop`), of a
/// prop's type (after a prop; `agent.energy` and `Fish.energy` name the prop `energy`), or of
/// a feature (after a feature name).
fn methods(
    before: Option<&Slot>,
    owner: Option<&str>,
    previous: &str,
    vocab: &Vocabulary,
) -> Vec<Item> {
    let prop_type = match before {
        Some(Slot::FeatProp) => owner
            .and_then(feature)
            .and_then(|f| f.prop(previous))
            .map(|p| p.ty),
        Some(Slot::Arg(a)) if a.kind == ArgKind::Feature => {
            return feature(previous).map_or_else(Vec::new, |f| {
                f.methods
                    .iter()
                    .map(|m| Item::new(m.name, ItemKind::Method, m.help))
                    .collect()
            });
        }
        _ => vocab.prop_type(previous.rsplit('.').next().unwrap_or(previous)),
    };
    prop_type.map_or_else(Vec::new, |ty| {
        ty.methods()
            .iter()
            .map(|m| Item::new(m.name, ItemKind::Method, m.help))
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sim_core::Symbols;

    const TEXT: &str = "addProp energy Number 5\naddFeature Movement\n";

    /// The labels offered with the caret at the end of `TEXT` + `line`.
    fn offered(line: &str) -> Vec<String> {
        let text = format!("{TEXT}{line}");
        let vocab = Vocabulary::new(&text, "Fish", &Symbols::complete());
        complete(&text, text.chars().count(), &vocab)
            .map(|c| c.items.into_iter().map(|i| i.label).collect())
            .unwrap_or_default()
    }

    #[test]
    fn the_first_word_completes_from_the_keywords() {
        let feat = offered("feat");
        assert!(feat.contains(&"featProp".to_owned()), "{feat:?}");
        assert!(feat.contains(&"featCall".to_owned()));
        assert!(feat.iter().all(|k| k.to_lowercase().starts_with("feat")));
        assert_eq!(offered("").len(), KEYWORDS.len());
        assert!(offered("  ifExpr {{ x }} [[ pro").contains(&"prop".to_owned()));
    }

    #[test]
    fn feat_prop_offers_the_blueprints_features_then_that_features_props_then_methods() {
        assert_eq!(offered("featProp "), ["Movement"]);
        let props = offered("featProp Movement ");
        assert!(props.contains(&"distance".to_owned()), "{props:?}");
        let methods = offered("featProp Movement distance s");
        assert!(methods.contains(&"setTo".to_owned()), "{methods:?}");
        let movement = feature("Movement").unwrap();
        assert_eq!(offered("featProp Movement ").len(), movement.props.len());
    }

    #[test]
    fn feat_call_offers_the_features_methods_and_add_feature_offers_every_feature() {
        let movement = feature("Movement").unwrap();
        let methods = offered("featCall Movement ");
        assert_eq!(methods.len(), movement.methods.len());
        assert_eq!(offered("addFeature ").len(), FEATURES.len());
    }

    #[test]
    fn prop_offers_the_blueprints_props_then_the_methods_of_their_type() {
        let props = offered("prop en");
        assert_eq!(props, ["energy"]);
        assert!(offered("prop ").contains(&"x".to_owned()));
        let number = offered("prop energy ");
        assert_eq!(number.len(), VarType::Number.methods().len());
        assert!(offered("prop agent.energy ").contains(&"add".to_owned()));
    }

    #[test]
    fn other_places_use_the_argument_descriptions() {
        assert_eq!(
            offered("addProp speed "),
            ["Number", "String", "Boolean", "Dictionary"]
        );
        assert_eq!(offered("addProp speed Number "), Vec::<String>::new());
        assert!(offered("when Fish ").contains(&"touches".to_owned()));
        assert_eq!(offered("when "), ["Fish"]);
        assert!(offered("# ").contains(&"PROGRAM".to_owned()));
        assert!(offered("# PROGRAM u").contains(&"UPDATE".to_owned()));
    }

    #[test]
    fn nothing_is_offered_inside_strings_expressions_or_after_a_complete_word() {
        assert!(offered("prop x setTo 'fe").is_empty());
        assert!(offered("prop x setTo {{ fe").is_empty());
        assert!(offered("// fe").is_empty());
        assert!(offered("featPropPush").is_empty());
        assert!(offered("nonsense ").is_empty());
    }

    #[test]
    fn applying_replaces_the_typed_part_and_adds_nothing_after_it() {
        let text = "prop x\nfea";
        let vocab = Vocabulary::new(text, "Fish", &Symbols::complete());
        let c = complete(text, 10, &vocab).unwrap();
        assert_eq!((c.start, c.end), (7, 10));
        assert_eq!(
            apply(text, &c, "featProp"),
            ("prop x\nfeatProp".to_owned(), 15)
        );
        assert!(!typed_in_full(text, &c, "featProp"));
        let text = "  ifExpr {{ 'é' }} [[ fea rest";
        let c = complete(text, 25, &vocab).unwrap();
        let applied = "  ifExpr {{ 'é' }} [[ featCall rest".to_owned();
        assert_eq!(apply(text, &c, "featCall"), (applied, 30));
    }

    #[test]
    fn a_word_typed_in_full_is_told_apart_from_a_prefix() {
        let text = "prop x\nfeatProp";
        let vocab = Vocabulary::new(text, "Fish", &Symbols::complete());
        let c = complete(text, text.chars().count(), &vocab).unwrap();
        assert!(typed_in_full(text, &c, "featProp"));
        assert!(!typed_in_full(text, &c, "featPropX"));
    }
}
