//! The script reference: one entry for every keyword, `#` heading, `when` test, feature, feature
//! property and method, and GVar method — what it does, its arguments, an example, and the
//! other names GEMSTEP writes it with.
//!
//! Nothing here is written twice: each entry is read from the table that defines the word
//! (the keyword's file, the feature catalog, the GVar method tables), so the wizard, the text
//! editor's hover, the app's Reference panel and `stepwise reference` all show the same text,
//! and the tests below check that every word has its help and an example that compiles.

mod at;
mod text;

pub use at::{entry_at, entry_of_line};
pub use text::listing;

use std::sync::OnceLock;

use crate::args::{ArgSpec, Arity};
use crate::features::{DefaultValue, Feature, FEATURES};
use crate::script::keywords::{KEYWORDS, PRAGMAS, WHEN_TESTS};
use crate::vars::{self, VarType};

/// What kind of word an entry explains; the Reference panel groups entries by it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Section {
    /// A line's first word (`featCall`).
    Keyword,
    /// A `#` line (`# PROGRAM`).
    Heading,
    /// A test of a `when` rule (`touches`).
    WhenTest,
    /// A feature (`Movement`).
    Feature,
    /// A property a feature adds (`Movement distance`).
    FeatureProp,
    /// A method a feature offers to `featCall` (`Movement setRandomDirection`).
    FeatureMethod,
    /// A method of a Number, String, Boolean or Dictionary property (`add`).
    Method,
}

impl Section {
    /// Every section, in the order the reference lists them.
    pub const ALL: [Section; 7] = [
        Section::Keyword,
        Section::Heading,
        Section::WhenTest,
        Section::Feature,
        Section::FeatureProp,
        Section::FeatureMethod,
        Section::Method,
    ];

    /// The section's heading, in the plural.
    pub fn title(self) -> &'static str {
        match self {
            Section::Keyword => "Keywords",
            Section::Heading => "# lines",
            Section::WhenTest => "when tests",
            Section::Feature => "Features",
            Section::FeatureProp => "Feature properties",
            Section::FeatureMethod => "Feature methods",
            Section::Method => "Property methods",
        }
    }
}

/// One argument, as the reference lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryArg {
    /// Its name.
    pub name: &'static str,
    /// What it means.
    pub help: &'static str,
    /// "optional", "any number", or empty for a required argument.
    pub how_many: &'static str,
}

/// One reference entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// What kind of word it explains.
    pub section: Section,
    /// The name `stepwise reference NAME` and the panel find it by: the word itself
    /// (`featCall`, `touches`, `Movement`), or owner and word (`Movement.distance`,
    /// `Number.add`) for a feature's prop or method and a property method.
    pub key: String,
    /// The word as a script writes it (`distance`, `add`, `# PROGRAM`).
    pub name: &'static str,
    /// The feature or property type it belongs to, if any (`Movement`, `Number`).
    pub owner: Option<&'static str>,
    /// What it does, in a student's words.
    pub summary: &'static str,
    /// For a property: its type and starting value ("Number, starts at 0").
    pub value: Option<String>,
    /// What it gives back, for a method that answers a question.
    pub answers: Option<String>,
    /// Its arguments.
    pub args: Vec<EntryArg>,
    /// A line or a few that use it; each compiles.
    pub example: &'static str,
    /// The other names GEMSTEP writes it with (`useFeature`, `createAgent`).
    pub gemstep: Vec<&'static str>,
}

/// Every entry, in the order [`Section::ALL`] lists them (read once from the tables).
pub fn entries() -> &'static [Entry] {
    static ENTRIES: OnceLock<Vec<Entry>> = OnceLock::new();
    ENTRIES.get_or_init(build)
}

/// The entries `name` names: an exact key (`Number.add`, ignoring case, with a space or a dot
/// between owner and word), or else every entry whose word or other GEMSTEP name it is
/// (`add` finds the `add` of each property type that has one).
pub fn find(name: &str) -> Vec<&'static Entry> {
    let wanted = name.trim().trim_start_matches('#').trim().replace(' ', ".");
    let exact: Vec<&Entry> = entries()
        .iter()
        .filter(|e| e.key.eq_ignore_ascii_case(&wanted))
        .collect();
    if !exact.is_empty() {
        return exact;
    }
    entries()
        .iter()
        .filter(|e| {
            e.name
                .trim_start_matches("# ")
                .eq_ignore_ascii_case(&wanted)
                || e.gemstep.iter().any(|g| g.eq_ignore_ascii_case(&wanted))
        })
        .collect()
}

/// The entry name closest to a misspelt `name` (`featcal` → `featCall`), for "did you mean".
pub fn closest_name(name: &str) -> Option<&'static str> {
    crate::suggest::closest(name, entries().iter().map(|e| e.key.as_str()))
        .or_else(|| crate::suggest::closest(name, entries().iter().map(|e| e.name)))
}

/// The entries the Reference panel shows for what a student typed: those whose key, other
/// names or summary hold every word of `query` (ignoring case), the ones whose name matches
/// first. An empty query gives every entry.
pub fn search(query: &str) -> Vec<&'static Entry> {
    let words: Vec<String> = query.split_whitespace().map(str::to_lowercase).collect();
    let mut hits: Vec<(u8, &Entry)> = entries()
        .iter()
        .filter_map(|e| {
            let names = format!("{} {}", e.key, e.gemstep.join(" ")).to_lowercase();
            let all = format!("{names} {}", e.summary.to_lowercase());
            words.iter().all(|w| all.contains(w.as_str())).then(|| {
                (
                    u8::from(!words.iter().all(|w| names.contains(w.as_str()))),
                    e,
                )
            })
        })
        .collect();
    hits.sort_by_key(|(rank, _)| *rank);
    hits.into_iter().map(|(_, e)| e).collect()
}

fn build() -> Vec<Entry> {
    let mut out = Vec::new();
    for k in KEYWORDS {
        out.push(Entry {
            gemstep: k.aliases.to_vec(),
            args: keyword_args(k.args),
            ..entry(Section::Keyword, k.name, None, k.help, k.example)
        });
    }
    for p in PRAGMAS {
        out.push(Entry {
            key: p.name.to_owned(),
            args: keyword_args(p.args),
            ..entry(
                Section::Heading,
                heading_name(p.name),
                None,
                p.help,
                p.example,
            )
        });
    }
    for t in WHEN_TESTS {
        out.push(entry(Section::WhenTest, t.name, None, t.help, t.example));
    }
    for Feature { spec: f, .. } in FEATURES {
        out.push(Entry {
            gemstep: f.aliases.to_vec(),
            ..entry(Section::Feature, f.name, None, f.help, f.example)
        });
    }
    for Feature { spec: f, .. } in FEATURES {
        for p in f.props {
            out.push(Entry {
                value: Some(prop_value(p.ty, p.default)),
                gemstep: p.aliases.to_vec(),
                ..entry(
                    Section::FeatureProp,
                    p.name,
                    Some(f.name),
                    p.help,
                    p.example,
                )
            });
        }
    }
    for Feature { spec: f, .. } in FEATURES {
        for m in f.methods {
            out.push(Entry {
                answers: m.answer.map(str::to_owned),
                args: keyword_args(m.args),
                gemstep: m.aliases.to_vec(),
                ..entry(
                    Section::FeatureMethod,
                    m.name,
                    Some(f.name),
                    m.help,
                    m.example,
                )
            });
        }
    }
    for ty in VarType::ALL {
        for m in ty.methods() {
            out.push(Entry {
                answers: m.returns.map(|kind| kind.to_string()),
                args: method_args(m.args),
                gemstep: ty
                    .aliases()
                    .iter()
                    .filter(|a| a.method == m.name)
                    .map(|a| a.spelling)
                    .collect(),
                ..entry(Section::Method, m.name, Some(ty.name()), m.help, m.example)
            });
        }
    }
    out
}

fn entry(
    section: Section,
    name: &'static str,
    owner: Option<&'static str>,
    summary: &'static str,
    example: &'static str,
) -> Entry {
    Entry {
        section,
        key: owner.map_or_else(|| name.to_owned(), |o| format!("{o}.{name}")),
        name,
        owner,
        summary,
        value: None,
        answers: None,
        args: Vec::new(),
        example,
        gemstep: Vec::new(),
    }
}

/// `# BLUEPRINT` for `BLUEPRINT` (the pragma table holds the bare word).
fn heading_name(word: &str) -> &'static str {
    match word {
        "BLUEPRINT" => "# BLUEPRINT",
        "PROGRAM" => "# PROGRAM",
        "TAG" => "# TAG",
        _ => "#",
    }
}

fn keyword_args(args: &[ArgSpec]) -> Vec<EntryArg> {
    args.iter()
        .map(|a| EntryArg {
            name: a.name,
            help: a.help,
            how_many: match a.arity {
                Arity::One => "",
                Arity::Optional => "optional",
                Arity::Rest => "any number",
            },
        })
        .collect()
}

fn method_args(args: &[vars::ArgSpec]) -> Vec<EntryArg> {
    args.iter()
        .map(|a| EntryArg {
            name: a.name,
            help: a.help,
            how_many: if a.optional { "optional" } else { "" },
        })
        .collect()
}

fn prop_value(ty: VarType, default: DefaultValue) -> String {
    let start = match default {
        DefaultValue::Number(n) => format!("{n}"),
        DefaultValue::Text("") => "empty".to_owned(),
        DefaultValue::Text(t) => format!("'{t}'"),
        DefaultValue::Boolean(b) => b.to_string(),
    };
    format!("{}, starts at {start}", ty.name())
}

#[cfg(test)]
mod tests;
