//! Which entry a word of a statement is about, for the text editor's hover: the keyword for
//! the first word, the feature, its prop or method for the words after `featProp` and
//! `featCall`, the property's method after `prop`, the test of a `when`.

use super::{find, Entry, Section};
use crate::features::feature;
use crate::script::keywords::keyword;
use crate::script::{Token, TokenKind};
use crate::vars::VarType;

/// The entry that best explains a whole statement (one unit of tokens), for the wizard's "click
/// a line to see what it does": the feature method a `featCall` calls, the feature prop a
/// `featProp` changes, the test of a `when`, the feature `addFeature` adds, the property
/// method a `prop` line calls (when `prop_type` knows the property), or else its keyword or
/// `#` line.
pub fn entry_of_line(
    unit: &[Token],
    prop_type: impl Fn(&str) -> Option<VarType>,
) -> Option<&'static Entry> {
    let words: Vec<String> = unit.iter().map(word_of).collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let general = entry_at(&words, 0, &prop_type);
    [2, 1]
        .into_iter()
        .filter_map(|i| entry_at(&words, i, &prop_type))
        .find(|e| Some(*e) != general)
        .or(general)
}

/// A token as the word [`entry_at`] reads (a value or a block as an empty word).
fn word_of(token: &Token) -> String {
    match &token.kind {
        TokenKind::Identifier(name) => name.clone(),
        TokenKind::ObjRef(parts) => parts.join("."),
        TokenKind::Directive => "#".to_owned(),
        _ => String::new(),
    }
}

/// The entry for word `index` of a statement whose words are `words` (a `[[ ]]` block starts a
/// statement of its own; `{{ }}` expressions and quoted text are one word each). `prop_type`
/// gives the type of one of the blueprint's own properties, so that `add` after `energy` finds
/// the Number method. A word that is a value rather than a name (a number, text) gives the entry
/// of the keyword or method it belongs to; a word nothing explains gives `None`.
pub fn entry_at(
    words: &[&str],
    index: usize,
    prop_type: &impl Fn(&str) -> Option<VarType>,
) -> Option<&'static Entry> {
    let first = *words.first()?;
    let word = *words.get(index)?;
    if first == "#" || first.starts_with('#') {
        let pragma = if first == "#" {
            words.get(1)?
        } else {
            &first[1..]
        };
        return one(Section::Heading, &pragma.to_uppercase());
    }
    let kw = keyword(first)?;
    if index == 0 {
        return one(Section::Keyword, kw.name);
    }
    if let Some(f) = feature(last_part(word)) {
        return one(Section::Feature, f.name);
    }
    let found = match kw.name {
        "featProp" | "ifFeatProp" | "featPropPush" | "featPropPop" => {
            feature_prop_word(words, index)
        }
        "featCall" => words.get(1).and_then(|f| {
            let f = feature(last_part(f))?;
            let m = f.method(words.get(2)?)?;
            one(Section::FeatureMethod, &format!("{}.{}", f.name, m.name))
        }),
        "prop" | "ifProp" if index >= 2 => words
            .get(1)
            .and_then(|p| prop_type(last_part(p)))
            .zip(words.get(2))
            .and_then(|(ty, m)| method_of(ty, m)),
        "when" => words
            .get(2..=3)
            .into_iter()
            .flatten()
            .find_map(|w| one(Section::WhenTest, w)),
        _ => None,
    };
    found.or_else(|| one(Section::Keyword, kw.name))
}

/// For a `featProp`-like statement: the feature prop, or its method once past the prop. The
/// prop is written `Feature prop` (two words) or `Bp.Feature.prop` (one).
fn feature_prop_word(words: &[&str], index: usize) -> Option<&'static Entry> {
    let target = words.get(1)?;
    let (feature_word, prop_word, method_at) = match target.rsplit_once('.') {
        Some((head, prop)) if feature(last_part(head)).is_some() => (head, prop, 2),
        _ => (*target, *words.get(2)?, 3),
    };
    let f = feature(last_part(feature_word))?;
    let p = f.prop(prop_word)?;
    if index >= method_at {
        if let Some(found) = words.get(method_at).and_then(|m| method_of(p.ty, m)) {
            return Some(found);
        }
    }
    one(Section::FeatureProp, &format!("{}.{}", f.name, p.name))
}

/// The method `name` (or an older spelling) of a property of type `ty`.
fn method_of(ty: VarType, name: &str) -> Option<&'static Entry> {
    let m = ty.method(name).ok()?;
    one(Section::Method, &format!("{}.{}", ty.name(), m.name))
}

/// The entry of `section` whose key is `key`.
fn one(section: Section, key: &str) -> Option<&'static Entry> {
    find(key).into_iter().find(|e| e.section == section)
}

/// `Costume` of `agent.Costume` or `Fish.Costume`.
fn last_part(word: &str) -> &str {
    word.rsplit('.').next().unwrap_or(word)
}
