//! The wizard's picture of a script: one [`Line`] per ScriptUnit, its words cut into
//! [`Slot`]s described by the keyword's argument specs, blocks as nested lines. It is derived
//! from the text after every change and never edited itself: edits go through
//! [`super::edit`], which rewrites the units and prints them as text.

use super::optional::{method_extra, rest_extra, skipped, Extra};
use sim_core::reference::{entry_of_line, Entry};
use sim_core::{
    script::{feature, keyword, print_units, ArgKind, ArgSpec, Arity, PRAGMAS},
    ScriptUnit, Token, TokenKind, VarType,
};
use std::ops::Range;

/// Where a line sits: its unit's index at the top level, then for each block it is inside,
/// the block's number among its line's blocks and the unit's index inside that block.
pub type LinePath = Vec<usize>;

/// What a slot holds, which decides the control the wizard shows for it.
#[derive(Debug, Clone, PartialEq)]
pub enum SlotKind {
    /// An argument of the kind the keyword's spec gives.
    Arg(ArgKind),
    /// One of a fixed list of names (when tests, program names, `runAtStart` ...).
    Choice(&'static [&'static str]),
    /// A `when` test (`touches`, `isCloseTo` ...).
    WhenTest,
    /// A property of the named feature.
    FeatureProp(String),
    /// A method of the named feature (for `featCall`).
    FeatureMethod(String),
    /// A method of the property in the slot before (for `prop`, `featProp`, `ifProp` ...).
    PropMethod,
}

/// One word (or two, for a `Feature prop` pair's halves) of a line, as the wizard edits it.
#[derive(Debug, Clone, PartialEq)]
pub struct Slot {
    /// The argument's name ("prop", "method" ...).
    pub name: &'static str,
    /// What the argument is for, in plain words.
    pub help: &'static str,
    /// What it holds.
    pub kind: SlotKind,
    /// Its current text, printed canonically (`'wander'`, `{{ x + 1 }}`, `3`).
    pub value: String,
    /// The tokens of the line it stands for.
    pub tokens: Range<usize>,
    /// Whether the line may leave it out (an optional argument).
    pub optional: bool,
}

/// A `[[ ]]` block of a line.
#[derive(Debug, Clone, PartialEq)]
pub struct Block {
    /// What the block is for ("then", "else" ...).
    pub name: &'static str,
    /// Its lines.
    pub lines: Vec<Line>,
    /// Whether the line may leave it out (an `otherwise` block).
    pub optional: bool,
    /// The index of its token in the line.
    pub token: usize,
}

/// What a line is.
#[derive(Debug, Clone, PartialEq)]
pub enum LineKind {
    /// An empty line: the wizard offers every keyword for it.
    Blank,
    /// A `//` comment on its own line.
    Comment(String),
    /// A `#` line (`# PROGRAM UPDATE`).
    Pragma {
        /// The pragma's name as written.
        name: String,
        /// Its arguments.
        slots: Vec<Slot>,
    },
    /// A keyword line.
    Statement {
        /// The keyword as written.
        keyword: String,
        /// Its arguments, blocks aside.
        slots: Vec<Slot>,
        /// Its `[[ ]]` blocks.
        blocks: Vec<Block>,
        /// A `//` comment at its end.
        comment: Option<String>,
        /// The optional arguments it leaves out, which the student may add.
        extras: Vec<Extra>,
    },
    /// A line the wizard cannot show as controls (an unknown keyword ...): read-only text.
    Raw(String),
}

/// One line of the script as the wizard shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// Where its unit is.
    pub path: LinePath,
    /// Its line number in the text.
    pub line: u32,
    /// What it is.
    pub kind: LineKind,
    /// What its keyword does, for the help box.
    pub help: &'static str,
    /// The reference entry that explains it best (the method a `featCall` calls, the test of
    /// a `when` ...), shown under the help.
    pub about: Option<&'static Entry>,
}

/// Gives the type of one of the blueprint's own properties, so that a line's reference entry
/// can be the method it calls (`add` of a Number).
pub type PropTypes<'a> = &'a dyn Fn(&str) -> Option<VarType>;

/// The wizard lines of a tokenized script.
pub fn lines_of(units: &[ScriptUnit], types: PropTypes) -> Vec<Line> {
    lines_at(units, &[], types)
}

fn lines_at(units: &[ScriptUnit], parent: &[usize], types: PropTypes) -> Vec<Line> {
    units
        .iter()
        .enumerate()
        .map(|(i, unit)| {
            let mut path = parent.to_vec();
            path.push(i);
            line_of(unit, path, types)
        })
        .collect()
}

fn line_of(unit: &[Token], path: LinePath, types: PropTypes) -> Line {
    let line = unit.first().map_or(0, |t| t.pos.line);
    let (kind, help) = match unit {
        []
        | [Token {
            kind: TokenKind::Line,
            ..
        }] => (LineKind::Blank, "An empty line: choose what it should do."),
        [Token {
            kind: TokenKind::Comment(text),
            ..
        }] => (
            LineKind::Comment(text.clone()),
            "A note for people: the program skips it.",
        ),
        [Token {
            kind: TokenKind::Directive,
            ..
        }, rest @ ..] => pragma_line(unit, rest),
        _ => statement_line(unit, &path, types),
    };
    Line {
        path,
        line,
        kind,
        help,
        about: entry_of_line(unit, types),
    }
}

fn pragma_line(unit: &[Token], rest: &[Token]) -> (LineKind, &'static str) {
    let Some((
        Token {
            kind: TokenKind::Identifier(name),
            ..
        },
        args,
    )) = rest.split_first()
    else {
        return (LineKind::Raw(print_units(&[unit.to_vec()])), "");
    };
    let Some(pragma) = PRAGMAS.iter().find(|p| p.name.eq_ignore_ascii_case(name)) else {
        return (LineKind::Raw(print_units(&[unit.to_vec()])), "");
    };
    match cut_slots(pragma.args, args, 2) {
        Some(cut) if cut.blocks.is_empty() && cut.comment.is_none() => (
            LineKind::Pragma {
                name: name.clone(),
                slots: cut.slots,
            },
            pragma.help,
        ),
        _ => (LineKind::Raw(print_units(&[unit.to_vec()])), pragma.help),
    }
}

fn statement_line(unit: &[Token], path: &[usize], types: PropTypes) -> (LineKind, &'static str) {
    let raw = || LineKind::Raw(print_units(&[unit.to_vec()]));
    let Some((
        Token {
            kind: TokenKind::Identifier(word),
            ..
        },
        args,
    )) = unit.split_first()
    else {
        return (raw(), "");
    };
    let Some(kw) = keyword(word) else {
        return (raw(), "");
    };
    let Some(cut) = cut_slots(kw.args, args, 1) else {
        return (raw(), kw.help);
    };
    let blocks = cut
        .blocks
        .into_iter()
        .enumerate()
        .map(|(b, block)| {
            let mut parent = path.to_vec();
            parent.push(b);
            Block {
                name: block.name,
                lines: lines_at(block.units, &parent, types),
                optional: block.optional,
                token: block.token,
            }
        })
        .collect();
    let kind = LineKind::Statement {
        keyword: word.clone(),
        slots: cut.slots,
        blocks,
        comment: cut.comment,
        extras: cut.extras,
    };
    (kind, kw.help)
}

/// A `[[ ]]` block as the line's tokens hold it.
struct BlockCut<'u> {
    /// Its spec's name.
    name: &'static str,
    units: &'u [ScriptUnit],
    optional: bool,
    /// The index of its token in the line.
    token: usize,
}

/// A line's slots, its blocks, its end comment and the optional arguments it leaves out.
struct Cut<'u> {
    slots: Vec<Slot>,
    blocks: Vec<BlockCut<'u>>,
    comment: Option<String>,
    extras: Vec<Extra>,
}

/// A line's argument tokens without its end comment, and the comment's text.
fn end_comment(args: &[Token]) -> (&[Token], Option<String>) {
    match args.split_last() {
        Some((
            Token {
                kind: TokenKind::Comment(text),
                ..
            },
            rest,
        )) => (rest, Some(text.clone())),
        _ => (args, None),
    }
}

/// A line's argument tokens cut into slots and blocks, with its end comment and what it could
/// add; `None` when the tokens do not fit the specs well enough to show as controls. `offset`
/// is the index of the first argument token in the unit.
fn cut_slots<'u>(specs: &'static [ArgSpec], args: &'u [Token], offset: usize) -> Option<Cut<'u>> {
    let (args, comment) = end_comment(args);
    let mut slots = Vec::new();
    let mut blocks = Vec::new();
    let mut extras = Vec::new();
    let mut at = 0;
    let mut next = 0;
    while let Some(token) = args.get(at) {
        if let TokenKind::Block(units) = &token.kind {
            let found = specs
                .iter()
                .enumerate()
                .skip(next)
                .find(|(_, s)| s.kind == ArgKind::Block);
            let (name, optional) = found.map_or(("then", false), |(_, s)| {
                (s.name, s.arity == Arity::Optional)
            });
            if let Some((i, spec)) = found {
                skipped(specs, next, i, offset + at, &mut extras);
                next = if spec.arity == Arity::Rest { i } else { i + 1 };
            }
            blocks.push(BlockCut {
                name,
                units: units.as_slice(),
                optional,
                token: offset + at,
            });
            at += 1;
            continue;
        }
        let spec = match specs.get(next) {
            Some(spec) => spec,
            None => specs.last().filter(|s| s.arity == Arity::Rest)?,
        };
        if spec.kind == ArgKind::Block {
            return None;
        }
        at += push_slots(spec, args, at, offset, &mut slots, specs);
        if spec.arity != Arity::Rest {
            next += 1;
        }
    }
    let end = offset + args.len();
    skipped(specs, next, specs.len(), end, &mut extras);
    extras.extend(rest_extra(specs, end));
    extras.extend(method_extra(&mut slots, end));
    Some(Cut {
        slots,
        blocks,
        comment,
        extras,
    })
}

/// Adds the slot (or the two slots of a `Feature prop` pair) starting at token `at`;
/// returns how many tokens they use.
fn push_slots(
    spec: &ArgSpec,
    args: &[Token],
    at: usize,
    offset: usize,
    slots: &mut Vec<Slot>,
    specs: &[ArgSpec],
) -> usize {
    let optional = spec.arity != Arity::One;
    let slot = |kind: SlotKind, token: &Token, i: usize, name: &'static str, help| Slot {
        name,
        help,
        kind,
        value: print_units(&[vec![token.clone()]]),
        tokens: offset + i..offset + i + 1,
        optional,
    };
    let Some(token) = args.get(at) else {
        return 1;
    };
    let previous_feature = slots.last().and_then(|s: &Slot| match s.kind {
        SlotKind::Arg(ArgKind::Feature) => Some(s.value.clone()),
        _ => None,
    });
    let kind = match spec.kind {
        ArgKind::Choice if spec.allowed.is_empty() => SlotKind::WhenTest,
        ArgKind::Choice => SlotKind::Choice(spec.allowed),
        ArgKind::Method => match previous_feature {
            Some(feature) if specs.first().is_some_and(|s| s.kind == ArgKind::Feature) => {
                SlotKind::FeatureMethod(feature)
            }
            _ => SlotKind::PropMethod,
        },
        ArgKind::FeatPropRef => {
            if let (TokenKind::Identifier(name), Some(next)) = (&token.kind, args.get(at + 1)) {
                if feature(name).is_some() {
                    let f = SlotKind::Arg(ArgKind::Feature);
                    slots.push(slot(
                        f,
                        token,
                        at,
                        "feature",
                        "The feature the property belongs to.",
                    ));
                    let p = SlotKind::FeatureProp(name.clone());
                    slots.push(slot(p, next, at + 1, "property", spec.help));
                    return 2;
                }
            }
            SlotKind::Arg(ArgKind::FeatPropRef)
        }
        kind => SlotKind::Arg(kind),
    };
    slots.push(slot(kind, token, at, spec.name, spec.help));
    1
}

#[cfg(test)]
mod tests {
    use super::*;
    use sim_core::script::tokenize;

    fn lines(text: &str) -> Vec<Line> {
        lines_of(&tokenize(text).unwrap(), &|_| None)
    }

    fn values(line: &Line) -> Vec<(&str, String)> {
        match &line.kind {
            LineKind::Statement { slots, .. } | LineKind::Pragma { slots, .. } => {
                slots.iter().map(|s| (s.name, s.value.clone())).collect()
            }
            _ => Vec::new(),
        }
    }

    #[test]
    fn each_unit_is_a_line_with_slots_from_its_keyword() {
        let all = lines("# PROGRAM DEFINE\naddProp energy Number 10\n\n// note\nfeatProp Movement distance setTo 3");
        assert_eq!(all.len(), 5);
        assert_eq!(values(&all[0]), [("program", "DEFINE".to_owned())]);
        assert_eq!(
            values(&all[1]),
            [
                ("name", "energy".to_owned()),
                ("type", "Number".to_owned()),
                ("initial", "10".to_owned())
            ]
        );
        assert_eq!(all[2].kind, LineKind::Blank);
        assert_eq!(all[3].kind, LineKind::Comment("note".into()));
        assert_eq!(all[4].line, 5);
        let LineKind::Statement { slots, .. } = &all[4].kind else {
            panic!()
        };
        assert_eq!(slots[0].kind, SlotKind::Arg(ArgKind::Feature));
        assert_eq!(slots[1].kind, SlotKind::FeatureProp("Movement".into()));
        assert_eq!(slots[2].kind, SlotKind::PropMethod);
        assert_eq!(slots[3].value, "3");
        assert_eq!(slots[3].tokens, 4..5);
    }

    #[test]
    fn blocks_become_nested_lines_with_their_paths() {
        let all = lines("when Fish touches Algae [[\n  prop energy add 1\n]]\nifExpr {{ true }} [[\n]] [[\n  dbgOut 'no'\n]]");
        let LineKind::Statement { slots, blocks, .. } = &all[0].kind else {
            panic!()
        };
        assert_eq!(slots.len(), 3);
        assert_eq!(slots[1].kind, SlotKind::WhenTest);
        assert_eq!(blocks[0].lines[0].path, vec![0, 0, 0]);
        assert_eq!(blocks[0].lines[0].line, 2);
        let LineKind::Statement { blocks, .. } = &all[1].kind else {
            panic!()
        };
        assert_eq!(blocks.len(), 2);
        assert_eq!(blocks[1].name, "otherwise");
        assert_eq!(blocks[1].lines[0].path, vec![1, 1, 0]);
    }

    #[test]
    fn featcall_methods_belong_to_the_feature_and_unknown_lines_are_raw() {
        let all = lines("featCall Costume setCostume 'circle.json' 0\nflyAway now");
        let LineKind::Statement { slots, .. } = &all[0].kind else {
            panic!()
        };
        assert_eq!(slots[1].kind, SlotKind::FeatureMethod("Costume".into()));
        assert_eq!(slots[2].value, "'circle.json'");
        assert_eq!(all[1].kind, LineKind::Raw("flyAway now".into()));
    }
}
