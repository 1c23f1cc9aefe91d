//! Keywords: one file each. A keyword is plain data — its name, older spellings, help text
//! and argument descriptions for the wizard — plus the function that compiles a line that
//! starts with it, and (in the same file) the function that prints a compiled statement back
//! to a ScriptUnit.

use super::compiler::scope::{Checked, Compiling};
use super::program::{EventProgram, StmtKind, WhenRule};
use super::Token;
use crate::args::ArgSpec;

pub(crate) mod add_feature;
pub(crate) mod add_prop;
pub(crate) mod dbg_context;
pub(crate) mod dbg_error;
pub(crate) mod dbg_out;
pub(crate) mod dbg_stack;
pub(crate) mod dbg_tick;
pub(crate) mod every;
pub(crate) mod expr_push;
pub(crate) mod feat_call;
pub(crate) mod feat_prop;
pub(crate) mod feat_prop_pop;
pub(crate) mod feat_prop_push;
pub(crate) mod if_expr;
pub(crate) mod if_feat_prop;
pub(crate) mod if_keyword;
pub(crate) mod if_prop;
pub(crate) mod on_event;
pub mod pragma;
pub(crate) mod prop;
pub(crate) mod prop_pop;
pub(crate) mod prop_push;
pub(crate) mod random_pos;
pub(crate) mod shared;
pub(crate) mod stack_add;
pub(crate) mod stack_div;
pub(crate) mod stack_mul;
pub(crate) mod stack_sub;
pub(crate) mod when;

pub use pragma::{Pragma, PRAGMAS};
pub use when::{when_test, WhenTest, WHEN_TESTS};

/// What compiling one line gives: a statement, or a rule or handler the compiler files
/// separately.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Compiled {
    /// An ordinary statement.
    Stmt(StmtKind),
    /// A `when` rule.
    When(WhenRule),
    /// An `onEvent` handler.
    Event(EventProgram),
    /// Nothing: a line GEMSTEP accepts and that does nothing (it has been warned about).
    Skipped,
}

/// Compiles the arguments of a line: the keyword's token, then the rest of the line.
pub(crate) type CompileFn = fn(&mut Compiling<'_>, &Token, &[Token]) -> Checked<Compiled>;

/// A keyword: what the wizard shows and how a line starting with it compiles.
#[derive(Clone, Copy)]
pub struct Keyword {
    /// The keyword's name.
    pub name: &'static str,
    /// Older spellings that mean the same (`useFeature` for `addFeature`).
    pub aliases: &'static [&'static str],
    /// What it does, in a student's words.
    pub help: &'static str,
    /// A line or two that use it, for the reference (each compiles: see `reference`'s tests).
    pub example: &'static str,
    /// Its arguments, for the wizard and for simple count checks.
    pub args: &'static [ArgSpec],
    /// Compiles a line that starts with it.
    pub(crate) compile: CompileFn,
}

impl std::fmt::Debug for Keyword {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Keyword")
            .field("name", &self.name)
            .field("aliases", &self.aliases)
            .finish_non_exhaustive()
    }
}

/// Every keyword, in the order the wizard lists them.
pub static KEYWORDS: &[Keyword] = &[
    add_prop::KEYWORD,
    add_feature::KEYWORD,
    prop::KEYWORD,
    feat_prop::KEYWORD,
    feat_call::KEYWORD,
    prop_push::KEYWORD,
    prop_pop::KEYWORD,
    feat_prop_push::KEYWORD,
    feat_prop_pop::KEYWORD,
    expr_push::KEYWORD,
    if_expr::KEYWORD,
    if_keyword::KEYWORD,
    if_prop::KEYWORD,
    if_feat_prop::KEYWORD,
    when::KEYWORD,
    on_event::KEYWORD,
    every::KEYWORD,
    dbg_out::KEYWORD,
    dbg_stack::KEYWORD,
    dbg_tick::KEYWORD,
    dbg_context::KEYWORD,
    dbg_error::KEYWORD,
    random_pos::KEYWORD,
    stack_add::KEYWORD,
    stack_sub::KEYWORD,
    stack_mul::KEYWORD,
    stack_div::KEYWORD,
];

/// The keyword with this name or older spelling (exact case, as GEMSTEP matches them).
pub fn keyword(name: &str) -> Option<&'static Keyword> {
    KEYWORDS
        .iter()
        .find(|k| k.name == name || k.aliases.contains(&name))
}

/// Every keyword name and older spelling, for "did you mean".
pub fn keyword_names() -> impl Iterator<Item = &'static str> {
    KEYWORDS
        .iter()
        .flat_map(|k| std::iter::once(k.name).chain(k.aliases.iter().copied()))
}

/// A small project for keyword tests: Fish (energy, label, hungry; Costume, Movement, Graphing,
/// Population, Global) and Algae (energyLevel; Costume), and a shared `darkMoths`.
#[cfg(test)]
pub(crate) mod testing {
    use crate::script::compiler::{compile_blueprint, CompileError, Symbols};
    use crate::script::program::CompiledBlueprint;
    use crate::script::tokenize;

    const FISH: &str = "# BLUEPRINT Fish
addProp energy Number 50
addProp label String 'fish'
addProp hungry Boolean false
addFeature Costume
addFeature Movement
addFeature Graphing
addFeature Population
addFeature Global
featCall Global addGlobalProp darkMoths Number 0
# PROGRAM UPDATE
";

    /// The line number (in the compiled text) of the first line a test adds.
    pub const FIRST_LINE: u32 = 12;

    fn symbols(text: &str) -> Symbols {
        let mut symbols = Symbols::complete();
        symbols.add_blueprint("Fish", &tokenize(text).unwrap_or_default());
        let algae = "addProp energyLevel Number 10\naddFeature Costume";
        symbols.add_blueprint("Algae", &tokenize(algae).unwrap());
        symbols
    }

    /// Compiles `lines` as the UPDATE program of Fish.
    pub fn compile(lines: &str) -> Result<CompiledBlueprint, Vec<CompileError>> {
        let text = format!("{FISH}{lines}");
        compile_blueprint(&text, "Fish", &symbols(&text))
    }

    /// The messages of the errors compiling `lines` gives (none when it compiles).
    pub fn errors(lines: &str) -> Vec<String> {
        compile(lines)
            .err()
            .unwrap_or_default()
            .iter()
            .map(|e| e.kind.to_string())
            .collect()
    }

    /// Asserts that `lines` compiles cleanly.
    pub fn assert_ok(lines: &str) {
        assert_eq!(errors(lines), Vec::<String>::new(), "{lines}");
    }

    /// Asserts that `lines` gives exactly one error, with this message.
    pub fn assert_error(lines: &str, message: &str) {
        assert_eq!(errors(lines), vec![message.to_owned()], "{lines}");
    }

    /// Asserts that `lines` compiles with exactly one warning, with this message.
    pub fn assert_warning(lines: &str, message: &str) {
        let warnings: Vec<String> = match compile(lines) {
            Ok(bp) => bp.warnings.iter().map(|w| w.kind.to_string()).collect(),
            Err(errors) => panic!("{lines} does not compile: {errors:?}"),
        };
        assert_eq!(warnings, vec![message.to_owned()], "{lines}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_aliases_are_unique() {
        let mut names: Vec<_> = keyword_names().collect();
        let n = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), n);
    }

    #[test]
    fn errors_point_at_the_offending_word_and_all_are_collected() {
        let errors =
            testing::compile("5 setTo 1\nprop energy setTo\nprop Fosh.x setTo 1").unwrap_err();
        let found: Vec<_> = errors
            .iter()
            .map(|e| (e.pos.line, e.pos.col, e.text.as_str()))
            .collect();
        assert_eq!(
            found,
            [
                (testing::FIRST_LINE, 1, "5"),
                (testing::FIRST_LINE + 2, 6, "Fosh")
            ]
        );
        let warned = testing::compile("featPorp Movement direction setTo 1").unwrap();
        assert_eq!(
            warned.warnings[0].kind.to_string(),
            "'featPorp' is not a keyword, so this line is skipped — did you mean 'featProp'?"
        );
    }

    #[test]
    fn older_spellings_find_the_current_keyword() {
        assert_eq!(keyword("useFeature").map(|k| k.name), Some("addFeature"));
        assert_eq!(keyword("call").map(|k| k.name), Some("prop"));
        assert!(keyword("featPorp").is_none());
        assert!(keyword("FeatProp").is_none());
    }

    #[test]
    fn every_keyword_has_help_and_named_arguments() {
        for k in KEYWORDS {
            assert!(!k.help.is_empty(), "{}", k.name);
            for a in k.args {
                assert!(!a.name.is_empty() && !a.help.is_empty(), "{}", k.name);
            }
        }
    }
}
