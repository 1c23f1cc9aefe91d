//! Wizard edits: each one rewrites the script's units, prints them as canonical text, and is
//! refused if the new text brings a compile error the old one did not have. The text stays
//! the one source of truth; the wizard re-reads it after every accepted edit.

use super::lines::{lines_of, Line, LinePath};
use super::rewrite::{apply_to, keyword_of, unit_at};
use super::template::complete_line;
use crate::authoring::vocab::Vocabulary;
use sim_core::{
    script::{compile_blueprint, print_units, tokenize},
    CompileError, ScriptUnit, Symbols, Token,
};
use std::cell::OnceCell;
use std::fmt;
use std::ops::Range;
use std::rc::Rc;

/// One change the student makes with the wizard's controls.
#[derive(Debug, Clone, PartialEq)]
pub enum Edit {
    /// Gives the slot covering `tokens` of the line at `path` the typed or chosen `value`.
    SetSlot {
        /// The line.
        path: LinePath,
        /// The slot's tokens in the line.
        tokens: Range<usize>,
        /// The new text of the slot (`energy`, `10`, `'wander'`, `{{ x + 1 }}`).
        value: String,
    },
    /// Makes the line at `path` a fresh line of `keyword` (an empty name: a blank line).
    SetKeyword {
        /// The line.
        path: LinePath,
        /// The keyword.
        keyword: String,
    },
    /// Adds a blank line after the line at `path`.
    AddAfter(LinePath),
    /// Adds a blank line at the end of block number `block` of the line at `path`.
    AddInside {
        /// The line.
        path: LinePath,
        /// Which of its blocks.
        block: usize,
    },
    /// Deletes the line at `path`.
    Delete(LinePath),
    /// Adds an optional argument to the line at `path`: `token`, before its token `at`.
    AddArg {
        /// The line.
        path: LinePath,
        /// Where in the line's tokens.
        at: usize,
        /// The argument's starting value.
        token: Token,
    },
    /// Removes the argument (a word or a block) that is token `at` of the line at `path`.
    RemoveArg {
        /// The line.
        path: LinePath,
        /// Which of its tokens.
        at: usize,
    },
    /// Swaps the line at `path` with the one before (`up`) or after it in the same block.
    Move {
        /// The line.
        path: LinePath,
        /// Towards the top.
        up: bool,
    },
}

/// Why the wizard refused an edit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WizardError {
    /// The script's text cannot be read, so only the text editor can change it.
    Unreadable(String),
    /// The edit names a line or word that is not there (the script changed underneath).
    NoSuchLine,
    /// The typed value is not one word, number, string or expression.
    BadValue(String),
    /// The new text would not compile.
    Breaks(String),
}

impl fmt::Display for WizardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WizardError::Unreadable(why) => write!(
                f,
                "the script cannot be read ({why}): fix it in the text view"
            ),
            WizardError::NoSuchLine => write!(f, "that line is no longer there"),
            WizardError::BadValue(value) => write!(f, "'{value}' is not a single value"),
            WizardError::Breaks(why) => write!(f, "that change would break the script: {why}"),
        }
    }
}

/// The blueprint being edited and the project around it.
#[derive(Debug, Clone)]
pub struct Script {
    /// The blueprint's name.
    pub name: String,
    /// Its current text.
    pub text: String,
    /// What the project declares (its other blueprints, shared props).
    pub symbols: Symbols,
    /// What every edit tried on this text starts from, worked out once: drawing the wizard
    /// tries each optional argument's addition and removal, and each try would otherwise
    /// read and compile the whole current text again.
    base: Rc<OnceCell<Base>>,
}

/// The current text read once: its units, its names and its compile errors.
#[derive(Debug)]
struct Base {
    units: Result<Vec<ScriptUnit>, String>,
    vocab: Vocabulary,
    errors: Vec<CompileError>,
}

impl Script {
    /// The script `text` of blueprint `name` in a project declaring `symbols`.
    pub fn new(name: String, text: String, symbols: Symbols) -> Script {
        Script {
            name,
            text,
            symbols,
            base: Rc::default(),
        }
    }

    fn base(&self) -> &Base {
        self.base.get_or_init(|| Base {
            units: tokenize(&self.text).map_err(|e| e.to_string()),
            vocab: Vocabulary::new(&self.text, &self.name, &self.symbols),
            errors: self.errors_of(&self.text),
        })
    }

    /// The compile errors of the current text (see [`Script::errors_of`]).
    pub fn errors(&self) -> &[CompileError] {
        &self.base().errors
    }

    /// The wizard lines of the text, or why it cannot be read.
    pub fn lines(&self) -> Result<Vec<Line>, WizardError> {
        let units = self.units()?;
        let vocab = self.vocab();
        Ok(lines_of(&units, &|name| vocab.prop_type(name)))
    }

    fn units(&self) -> Result<Vec<ScriptUnit>, WizardError> {
        self.base().units.clone().map_err(WizardError::Unreadable)
    }

    /// The names the script may use, as its current text declares them.
    pub fn vocab(&self) -> &Vocabulary {
        &self.base().vocab
    }

    /// The compile errors of `text` as this blueprint, with the project's symbols updated
    /// to what `text` declares.
    pub fn errors_of(&self, text: &str) -> Vec<CompileError> {
        let mut symbols = self.symbols.clone();
        if let Ok(units) = tokenize(text) {
            symbols.add_blueprint(&self.name, &units);
        }
        compile_blueprint(text, &self.name, &symbols)
            .err()
            .unwrap_or_default()
    }

    /// The new text after `edit`, or why it is refused.
    pub fn apply(&self, edit: &Edit) -> Result<String, WizardError> {
        let mut units = self.units()?;
        let vocab = self.vocab();
        let retry = apply_to(&mut units, edit, vocab)?;
        let first = self.check(&units);
        match (first, retry) {
            (Ok(text), _) => Ok(text),
            (Err(error), Some((path, keep))) => {
                let line = unit_at(&mut units, &path).ok_or(WizardError::NoSuchLine)?;
                let name = keyword_of(line).unwrap_or_default();
                let prefix: Vec<Token> = line.iter().skip(1).take(keep).cloned().collect();
                *line = complete_line(&name, &prefix, vocab).ok_or(WizardError::NoSuchLine)?;
                self.check(&units).map_err(|_| error)
            }
            (Err(error), None) => Err(error),
        }
    }

    /// The text of `units` if it brings no compile error that the current text lacks.
    fn check(&self, units: &[ScriptUnit]) -> Result<String, WizardError> {
        let text = print_units(units);
        let mut before: Vec<String> = self.errors().iter().map(|e| e.kind.to_string()).collect();
        for error in self.errors_of(&text) {
            let message = error.kind.to_string();
            match before.iter().position(|m| *m == message) {
                Some(i) => {
                    before.swap_remove(i);
                }
                None => return Err(WizardError::Breaks(message)),
            }
        }
        Ok(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wizard::template::PROGRAM_CHOICE;

    const WANDER: &str = "# BLUEPRINT Wanderer\n# PROGRAM DEFINE\naddFeature Costume\nfeatCall Costume setCostume 'circle.json' 0\n\n// TRY THIS\naddFeature Movement\nfeatProp Movement movementType setTo 'wander'\nfeatProp Movement distance setTo 3";

    fn script(text: &str) -> Script {
        Script::new("Wanderer".into(), text.into(), Symbols::complete())
    }

    fn set(path: LinePath, tokens: Range<usize>, value: &str) -> Edit {
        Edit::SetSlot {
            path,
            tokens,
            value: value.into(),
        }
    }

    #[test]
    fn units_to_lines_to_text_round_trips_to_the_canonical_text() {
        let messy = "# BLUEPRINT   Wanderer\naddProp  energy Number  10.0\nwhen Wanderer touches Wanderer [[ prop energy add 1 ]]";
        let s = script(messy);
        let canonical = print_units(&tokenize(messy).unwrap());
        assert_eq!(
            s.apply(&Edit::Move {
                path: vec![1],
                up: true
            })
            .and_then(|t| script(&t).apply(&Edit::Move {
                path: vec![1],
                up: true
            })),
            Ok(canonical)
        );
    }

    #[test]
    fn adding_a_line_and_filling_it_builds_addprop() {
        let s = script(WANDER);
        let text = s.apply(&Edit::AddAfter(vec![8])).unwrap();
        assert!(text.ends_with("distance setTo 3\n"));
        let text = script(&text)
            .apply(&Edit::SetKeyword {
                path: vec![9],
                keyword: "addProp".into(),
            })
            .unwrap();
        assert!(text.ends_with("\naddProp newProp Number 0"));
        let text = script(&text).apply(&set(vec![9], 1..2, "energy")).unwrap();
        let text = script(&text).apply(&set(vec![9], 3..4, "10")).unwrap();
        assert!(text.ends_with("\naddProp energy Number 10"), "{text}");
    }

    #[test]
    fn delete_move_and_nested_lines() {
        let s = script("addProp a Number 1\naddProp b Number 2\nevery 1 [[\n]]");
        assert_eq!(
            s.apply(&Edit::Delete(vec![0])).unwrap(),
            "addProp b Number 2\nevery 1 [[\n]]"
        );
        assert_eq!(
            s.apply(&Edit::Move {
                path: vec![1],
                up: true
            })
            .unwrap(),
            "addProp b Number 2\naddProp a Number 1\nevery 1 [[\n]]"
        );
        assert_eq!(
            s.apply(&Edit::Move {
                path: vec![0],
                up: true
            }),
            Err(WizardError::NoSuchLine)
        );
        let inside = s
            .apply(&Edit::AddInside {
                path: vec![2],
                block: 0,
            })
            .unwrap();
        assert_eq!(
            inside,
            "addProp a Number 1\naddProp b Number 2\nevery 1 [[\n\n]]"
        );
        let program = s.apply(&Edit::SetKeyword {
            path: vec![1],
            keyword: PROGRAM_CHOICE.into(),
        });
        assert_eq!(
            program.unwrap(),
            "addProp a Number 1\n# PROGRAM UPDATE\nevery 1 [[\n]]"
        );
        let filled = script(&inside)
            .apply(&Edit::SetKeyword {
                path: vec![2, 0, 0],
                keyword: "prop".into(),
            })
            .unwrap();
        assert_eq!(
            filled,
            "addProp a Number 1\naddProp b Number 2\nevery 1 [[\n  prop a setTo 0\n]]"
        );
    }

    #[test]
    fn an_edit_that_breaks_compilation_is_refused_with_the_reason() {
        let s = script(WANDER);
        let refused = s.apply(&set(vec![8], 3..4, "setToo"));
        assert!(
            matches!(&refused, Err(WizardError::Breaks(m)) if m.contains("setToo")),
            "{refused:?}"
        );
        assert!(
            s.apply(&Edit::Delete(vec![6])).is_err(),
            "Movement is still used below"
        );
    }

    #[test]
    fn an_existing_error_does_not_block_other_edits_and_can_be_fixed() {
        let broken = "addProp a Number 1\nprop b setTo 1";
        let s = script(broken);
        assert!(!s.errors_of(broken).is_empty());
        assert_eq!(
            s.apply(&Edit::AddAfter(vec![0])).unwrap(),
            "addProp a Number 1\n\nprop b setTo 1"
        );
        assert_eq!(
            s.apply(&set(vec![1], 1..2, "a")).unwrap(),
            "addProp a Number 1\nprop a setTo 1"
        );
    }

    #[test]
    fn changing_a_feature_refills_the_words_that_depend_on_it() {
        let s = script(WANDER);
        let text = s.apply(&set(vec![8], 1..2, "Costume")).unwrap();
        assert!(
            text.ends_with("\nfeatProp Costume costumeName setTo 'hello'"),
            "{text}"
        );
    }

    #[test]
    fn unreadable_text_and_bad_values_are_reported() {
        assert!(matches!(
            script("prop x setTo 'open").apply(&Edit::Delete(vec![0])),
            Err(WizardError::Unreadable(_))
        ));
        assert_eq!(
            script(WANDER).apply(&set(vec![8], 4..5, "[[ x")),
            Err(WizardError::BadValue("[[ x".into()))
        );
        assert_eq!(
            script(WANDER).apply(&Edit::Delete(vec![40])),
            Err(WizardError::NoSuchLine)
        );
    }

    /// Every edit the wizard could offer on the lines of `lines`, optional arguments added
    /// and removed among them.
    fn every_edit(lines: &[Line], vocab: &Vocabulary, out: &mut Vec<Edit>) {
        use super::super::lines::LineKind;
        use super::super::optional::starting_token;
        for line in lines {
            let path = line.path.clone();
            out.push(Edit::Delete(path.clone()));
            out.push(Edit::AddAfter(path.clone()));
            out.push(Edit::Move {
                path: path.clone(),
                up: true,
            });
            out.push(Edit::Move {
                path: path.clone(),
                up: false,
            });
            for keyword in ["", "addProp", "featProp", "when", "ifExpr"] {
                out.push(Edit::SetKeyword {
                    path: path.clone(),
                    keyword: keyword.into(),
                });
            }
            let (slots, blocks) = match &line.kind {
                LineKind::Statement { slots, blocks, .. } => (slots.as_slice(), blocks.as_slice()),
                LineKind::Pragma { slots, .. } => (slots.as_slice(), &[][..]),
                _ => (&[][..], &[][..]),
            };
            for slot in slots {
                for value in ["1", "x", "Movement", "two words"] {
                    out.push(set(path.clone(), slot.tokens.clone(), value));
                }
                out.push(Edit::RemoveArg {
                    path: path.clone(),
                    at: slot.tokens.start,
                });
            }
            if let LineKind::Statement {
                keyword, extras, ..
            } = &line.kind
            {
                out.extend(extras.iter().map(|extra| Edit::AddArg {
                    path: path.clone(),
                    at: extra.at,
                    token: starting_token(extra, slots, vocab, keyword),
                }));
            }
            for (i, block) in blocks.iter().enumerate() {
                out.push(Edit::AddInside {
                    path: path.clone(),
                    block: i,
                });
                out.push(Edit::RemoveArg {
                    path: path.clone(),
                    at: block.token,
                });
                every_edit(&block.lines, vocab, out);
            }
        }
    }

    const WORDS: &[&str] = &[
        "addProp",
        "energy",
        "Number",
        "String",
        "10",
        "'hi'",
        "addFeature",
        "Movement",
        "featProp",
        "distance",
        "setTo",
        "prop",
        "x",
        "add",
        "when",
        "Wanderer",
        "touches",
        "[[\n  prop x add 1\n]]",
        "[[\n]] [[\n  dbgOut 1\n]]",
        "{{ x + 1 }}",
        "ifExpr",
        "every",
        "runAtStart",
        "featCall",
        "Costume",
        "setCostume",
        "# PROGRAM",
        "UPDATE",
        "// note",
        "\n",
        "\n",
        "\n",
    ];

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

        /// Whatever the script, no wizard edit panics, and an accepted one gives text that
        /// reads back and brings no new compile error.
        #[test]
        fn no_edit_panics_and_accepted_edits_compile(
            words in proptest::collection::vec(proptest::sample::select(WORDS), 0..24)
        ) {
            let text = words.join(" ").replace(" \n ", "\n");
            let s = script(&text);
            let lines = s.lines();
            proptest::prop_assume!(lines.is_ok());
            let lines = lines.unwrap_or_default();
            let mut edits = Vec::new();
            every_edit(&lines, s.vocab(), &mut edits);
            let before = s.errors_of(&text).len();
            for edit in edits {
                if let Ok(new) = s.apply(&edit) {
                    proptest::prop_assert!(tokenize(&new).is_ok());
                    proptest::prop_assert!(s.errors_of(&new).len() <= before, "{edit:?} gave {new}");
                }
            }
        }
    }
}
