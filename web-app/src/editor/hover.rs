//! The text editor's hover card: which reference entry the word under the pointer is about.
//! A line is read on its own, as the highlighter reads text that does not tokenize: a
//! statement starts at the line's start and after each `[[` or `]]`.

use super::scan::{scan_line, Lex, Lexeme};
use crate::authoring::vocab::Vocabulary;
use sim_core::reference::{entry_at, Entry};

/// The word under the pointer and the entry that explains it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hovered {
    /// Its line (0-based).
    pub line: usize,
    /// The characters of the word, `start..end`.
    pub start: usize,
    /// Just past its last character.
    pub end: usize,
    /// The entry.
    pub entry: &'static Entry,
}

/// The entry for character `col` of line `line` (its characters `chars`), if it is on a word
/// the reference explains (a value gives its statement's entry; a blank or a comment none).
pub fn hovered(chars: &[char], line: usize, col: usize, vocab: &Vocabulary) -> Option<Hovered> {
    let lexemes = scan_line(chars);
    let at = lexemes.iter().position(|l| l.start <= col && col < l.end)?;
    if matches!(
        lexemes[at].kind,
        Lex::Comment | Lex::BlockOpen | Lex::BlockClose | Lex::Other
    ) {
        return None;
    }
    let from = lexemes[..at]
        .iter()
        .rposition(|l| matches!(l.kind, Lex::BlockOpen | Lex::BlockClose))
        .map_or(0, |i| i + 1);
    let statement: Vec<&Lexeme> = lexemes[from..]
        .iter()
        .take_while(|l| !matches!(l.kind, Lex::BlockOpen | Lex::BlockClose | Lex::Comment))
        .collect();
    let words: Vec<String> = statement.iter().map(|l| word(chars, l)).collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let entry = entry_at(&words, at - from, &|name| vocab.prop_type(name))?;
    Some(Hovered {
        line,
        start: lexemes[at].start,
        end: lexemes[at].end,
        entry,
    })
}

/// A lexeme as the word the reference reads: names as written, `#` for a pragma's hash, and
/// an empty word for a value.
fn word(chars: &[char], l: &Lexeme) -> String {
    match l.kind {
        Lex::Word => chars
            .get(l.start..l.end)
            .unwrap_or_default()
            .iter()
            .collect(),
        Lex::Hash => "#".to_owned(),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sim_core::Symbols;

    fn key_at(text: &str, col: usize) -> Option<String> {
        let vocab = Vocabulary::new("addProp energy Number 5\n", "Fish", &Symbols::complete());
        let chars: Vec<char> = text.chars().collect();
        hovered(&chars, 0, col, &vocab).map(|h| h.entry.key.clone())
    }

    #[test]
    fn each_word_finds_what_it_means_in_its_statement() {
        let line = "featProp Costume scale setTo 2";
        assert_eq!(key_at(line, 2).as_deref(), Some("featProp"));
        assert_eq!(key_at(line, 10).as_deref(), Some("Costume"));
        assert_eq!(key_at(line, 18).as_deref(), Some("Costume.scale"));
        assert_eq!(key_at(line, 24).as_deref(), Some("Number.setTo"));
        assert_eq!(key_at(line, 8), None, "a blank explains nothing");
        assert_eq!(
            key_at("prop energy add 1", 13).as_deref(),
            Some("Number.add")
        );
    }

    #[test]
    fn a_block_on_the_line_starts_a_statement_of_its_own() {
        let line = "ifExpr {{ true }} [[ featCall Movement setRandomDirection ]]";
        assert_eq!(key_at(line, 2).as_deref(), Some("ifExpr"));
        assert_eq!(key_at(line, 24).as_deref(), Some("featCall"));
        assert_eq!(
            key_at(line, 45).as_deref(),
            Some("Movement.setRandomDirection")
        );
        assert_eq!(key_at("prop x add 1 // add more", 20), None);
    }
}
