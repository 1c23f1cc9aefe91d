//! Reading a script into units while finding every line that cannot be read, not just the
//! first: the tokenizer stops at its first error, so that line is blanked out (line numbers
//! stay the same) and the text read again. The units of the rest still compile, so one check
//! reports a leftover merge conflict marker and a misspelt keyword together.

use super::error::{CompileError, CompileErrorKind};
use crate::script::{tokenize, ScriptUnit, TokenizeError};

/// The most unreadable lines reported for one script before giving up on it.
const MAX_UNREADABLE_LINES: usize = 20;

/// A script's units (with unreadable lines left out) and the errors of those lines.
#[derive(Debug, Default)]
pub(crate) struct ReadScript {
    /// Units of the readable lines.
    pub units: Vec<ScriptUnit>,
    /// One error per unreadable line, in the order found.
    pub errors: Vec<CompileError>,
}

impl ReadScript {
    /// Combines the reading errors with the result of compiling the units: any error from
    /// either makes the whole an error, listed in text order.
    pub fn finish<T>(self, compiled: Result<T, Vec<CompileError>>) -> Result<T, Vec<CompileError>> {
        if self.errors.is_empty() {
            return compiled;
        }
        let mut errors = self.errors;
        errors.extend(compiled.err().unwrap_or_default());
        errors.sort_by_key(|e| e.pos);
        Err(errors)
    }
}

/// Reads `text` (the script named `script` in errors) into units.
pub(crate) fn read_script(text: &str, script: &str) -> ReadScript {
    let mut lines: Vec<&str> = text.split('\n').collect();
    let mut errors = Vec::new();
    while errors.len() < MAX_UNREADABLE_LINES {
        let e = match tokenize(&lines.join("\n")) {
            Ok(units) => return ReadScript { units, errors },
            Err(e) => e,
        };
        errors.push(tokenize_error(script, &e));
        let index = usize::try_from(e.pos.line)
            .unwrap_or(usize::MAX)
            .wrapping_sub(1);
        match lines.get_mut(index) {
            Some(line) if !line.trim().is_empty() => *line = "",
            // Nothing left to blank out (an unclosed block at the end): give up on the units.
            _ => break,
        }
    }
    ReadScript {
        units: Vec::new(),
        errors,
    }
}

fn tokenize_error(script: &str, e: &TokenizeError) -> CompileError {
    CompileError {
        script: script.to_owned(),
        pos: e.pos,
        text: String::new(),
        kind: CompileErrorKind::Tokenize(e.kind.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_unreadable_line_is_reported_and_the_rest_still_reads() {
        let text =
            "prop x setTo 1\n<<<<<<< HEAD\nprop y setTo 2\n=======\n>>>>>>> theirs\ndbgOut 'ok'";
        let read = read_script(text, "Fish");
        let lines: Vec<u32> = read.errors.iter().map(|e| e.pos.line).collect();
        assert_eq!(lines, [2, 4, 5]);
        let keywords = read.units.iter().filter(|u| u.len() > 1).count();
        assert_eq!(keywords, 3);
    }

    #[test]
    fn a_clean_script_reads_without_errors() {
        let read = read_script("prop x setTo 1", "Fish");
        assert!(read.errors.is_empty());
        assert_eq!(read.units.len(), 1);
    }
}
