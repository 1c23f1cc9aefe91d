//! Marks laid over the coloured text: compile errors (a wavy underline over the offending
//! token) and the partner of the bracket at the caret. Positions are 0-based line indexes and
//! character columns; the compiler's [`Pos`] is 1-based and converted here.

use super::scan::{lexeme_at, scan_line, Lex};
use sim_core::{script::compile_blueprint, CompileError, Pos, Symbols};

/// The errors, and when there are none the warnings (what GEMSTEP would quietly ignore),
/// compiling `text` as blueprint `name` gives, in the project `symbols` describe. The
/// project's record of this blueprint is dropped first, so what the text declares now (a
/// prop just added) counts rather than what it declared when last applied.
pub fn compile_report(
    text: &str,
    name: &str,
    symbols: &Symbols,
) -> (Vec<CompileError>, Vec<CompileError>) {
    let mut others = symbols.clone();
    others.blueprints.remove(name);
    match compile_blueprint(text, name, &others) {
        Ok(blueprint) => (Vec::new(), blueprint.warnings),
        Err(errors) => (errors, Vec::new()),
    }
}

/// A compile error placed on the text.
#[derive(Debug, Clone, PartialEq)]
pub struct ErrorMark {
    /// 0-based line index.
    pub line: usize,
    /// First character underlined.
    pub start: usize,
    /// Just past the last character underlined; past the line's end when the error is at the
    /// end of the line (the underline then covers one blank cell).
    pub end: usize,
    /// 1-based line and column as the list shows them.
    pub pos: Pos,
    /// What was wrong.
    pub message: String,
}

/// Places compile errors on the lines of the text.
pub fn error_marks(lines: &[Vec<char>], errors: &[CompileError]) -> Vec<ErrorMark> {
    errors
        .iter()
        .map(|e| error_mark(lines, e.pos, &e.text, e.kind.to_string()))
        .collect()
}

/// Places one error: it underlines `text` when the line holds it at `pos`, else the lexeme
/// starting there, else one cell. Positions beyond the text are pulled back onto it.
pub fn error_mark(lines: &[Vec<char>], pos: Pos, text: &str, message: String) -> ErrorMark {
    let last = lines.len().saturating_sub(1);
    let line = (pos.line as usize).saturating_sub(1).min(last);
    let chars = lines.get(line).map(Vec::as_slice).unwrap_or_default();
    let start = (pos.col as usize).saturating_sub(1).min(chars.len());
    let wanted: Vec<char> = text.chars().collect();
    let len = if !wanted.is_empty() && chars.get(start..start + wanted.len()) == Some(&wanted) {
        wanted.len()
    } else {
        lexeme_at(chars, start).map_or(1, |l| l.end - l.start)
    };
    ErrorMark {
        line,
        start,
        end: start + len,
        pos: Pos {
            line: u32::try_from(line + 1).unwrap_or(u32::MAX),
            col: u32::try_from(start + 1).unwrap_or(u32::MAX),
        },
        message,
    }
}

/// Where a two-character bracket (`[[`, `]]`, `{{`, `}}`) starts: line index and column.
pub type BracketAt = (usize, usize);

/// An opening bracket and its closing partner.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BracketPair {
    /// The `[[` or `{{`.
    pub open: BracketAt,
    /// The matching `]]` or `}}`.
    pub close: BracketAt,
}

/// Every matched pair: `[[ ]]` across lines, `{{ }}` within a line. Brackets inside strings
/// and comments do not count; unmatched ones pair with nothing.
pub fn bracket_pairs(lines: &[Vec<char>]) -> Vec<BracketPair> {
    let mut pairs = Vec::new();
    let mut open_blocks = Vec::new();
    for (line, chars) in lines.iter().enumerate() {
        for l in scan_line(chars) {
            match l.kind {
                Lex::BlockOpen => open_blocks.push((line, l.start)),
                Lex::BlockClose => {
                    if let Some(open) = open_blocks.pop() {
                        pairs.push(BracketPair {
                            open,
                            close: (line, l.start),
                        });
                    }
                }
                Lex::Expr
                    if l.end >= l.start + 4 && chars.get(l.end - 2..l.end) == Some(&['}', '}']) =>
                {
                    pairs.push(BracketPair {
                        open: (line, l.start),
                        close: (line, l.end - 2),
                    });
                }
                _ => {}
            }
        }
    }
    pairs
}

/// The pair one of whose brackets the caret (before character `col` of `line`) touches.
pub fn pair_at_caret(pairs: &[BracketPair], line: usize, col: usize) -> Option<BracketPair> {
    let touches = |(l, c): BracketAt| l == line && c <= col && col <= c + 2;
    pairs
        .iter()
        .find(|p| touches(p.open) || touches(p.close))
        .copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<Vec<char>> {
        text.split('\n').map(|l| l.chars().collect()).collect()
    }

    fn at(line: u32, col: u32) -> Pos {
        Pos { line, col }
    }

    fn mark(text: &str, pos: Pos, word: &str) -> (usize, usize, usize) {
        let m = error_mark(&lines(text), pos, word, "m".into());
        (m.line, m.start, m.end)
    }

    #[test]
    fn an_error_underlines_the_word_it_names() {
        assert_eq!(
            mark("a\nfeatPorp Movement", at(2, 1), "featPorp"),
            (1, 0, 8)
        );
        assert_eq!(mark("prop enrgy add 1", at(1, 6), "enrgy"), (0, 5, 10));
    }

    #[test]
    fn without_a_matching_word_the_lexeme_at_the_position_is_underlined() {
        assert_eq!(mark("prop x setTo 'abc", at(1, 14), ""), (0, 13, 17));
        assert_eq!(mark("x {{ 1 + }}", at(1, 3), "1 +"), (0, 2, 11));
    }

    #[test]
    fn an_error_at_or_past_the_end_of_a_line_underlines_one_cell_after_it() {
        assert_eq!(mark("prop x setTo", at(1, 13), ""), (0, 12, 13));
        assert_eq!(mark("prop x", at(1, 40), ""), (0, 6, 7));
        assert_eq!(mark("prop x", at(9, 6), "x"), (0, 5, 6));
        let m = error_mark(&lines("ab"), at(1, 40), "", "m".into());
        assert_eq!(m.pos, at(1, 3));
    }

    #[test]
    fn columns_are_characters_so_tabs_and_multi_byte_text_count_one_each() {
        assert_eq!(mark("\tprop enrgy add 1", at(1, 7), "enrgy"), (0, 6, 11));
        assert_eq!(mark("dbgOut 'ünï' enrgy", at(1, 14), "enrgy"), (0, 13, 18));
        assert_eq!(mark("prop 🐟 x", at(1, 8), "x"), (0, 7, 8));
    }

    #[test]
    fn compile_errors_map_to_their_token() {
        let text =
            "# BLUEPRINT Fish\naddProp energy Number 5\naddFeature Movement\n\tfeatProp Movement distanse setTo 1";
        let symbols = sim_core::Symbols::complete();
        let errors = sim_core::script::compile_blueprint(text, "Fish", &symbols).unwrap_err();
        let marks = error_marks(&lines(text), &errors);
        assert_eq!(marks.len(), 1);
        assert_eq!((marks[0].line, marks[0].start, marks[0].end), (3, 19, 27));
        assert!(
            marks[0].message.contains("distanse"),
            "{}",
            marks[0].message
        );
    }

    #[test]
    fn the_text_being_edited_declares_its_own_props_over_the_projects_old_record() {
        let mut symbols = Symbols::complete();
        let old = sim_core::script::tokenize("addProp old Number 1").unwrap();
        symbols.add_blueprint("Fish", &old);
        let text = "addProp fresh Number 1\nprop fresh add 1";
        assert_eq!(compile_report(text, "Fish", &symbols), (vec![], vec![]));
        let (errors, _) = compile_report("prop old add 1\nprop Shark.x add 1", "Fish", &symbols);
        assert_eq!(errors.len(), 2, "{errors:?}");
        let (errors, warnings) =
            compile_report("addProp n Number 1\nprop n add 1 2", "Fish", &symbols);
        assert!(
            errors.is_empty(),
            "an extra argument is GEMSTEP's to ignore"
        );
        assert_eq!(warnings.len(), 1, "{warnings:?}");
    }

    #[test]
    fn blocks_pair_across_lines_and_expressions_within_a_line() {
        let text = "if {{ a }} [[\n  ifExpr {{ b }} [[ x ]]\n]] // ]]\n'[[' ]]";
        let pairs = bracket_pairs(&lines(text));
        assert!(pairs.contains(&BracketPair {
            open: (0, 3),
            close: (0, 8)
        }));
        assert!(pairs.contains(&BracketPair {
            open: (1, 17),
            close: (1, 22)
        }));
        assert!(pairs.contains(&BracketPair {
            open: (0, 11),
            close: (2, 0)
        }));
        assert_eq!(pairs.len(), 4, "{pairs:?}");
    }

    #[test]
    fn the_caret_next_to_or_inside_a_bracket_finds_its_partner() {
        let pairs = bracket_pairs(&lines("x [[\n]]"));
        let pair = BracketPair {
            open: (0, 2),
            close: (1, 0),
        };
        assert_eq!(pair_at_caret(&pairs, 0, 2), Some(pair));
        assert_eq!(pair_at_caret(&pairs, 0, 4), Some(pair));
        assert_eq!(pair_at_caret(&pairs, 1, 2), Some(pair));
        assert_eq!(pair_at_caret(&pairs, 0, 1), None);
        assert_eq!(pair_at_caret(&bracket_pairs(&lines("{{ a")), 0, 0), None);
    }
}
