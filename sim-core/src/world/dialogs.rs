//! What a model shows the whole class: `showMessage` texts and the rounds' intro and outro,
//! GEMSTEP's message dialog. The stage shows the newest until the teacher dismisses it.
//!
//! Bounded: a script calling `showMessage` every tick for every agent keeps only the last
//! [`MAX_DIALOGS`] messages, each cut to [`MAX_DIALOG_CHARS`] characters.

/// How many messages are kept; older ones are dropped first.
pub const MAX_DIALOGS: usize = 8;

/// The longest message kept, in characters; a longer one is cut and ends with "…".
pub const MAX_DIALOG_CHARS: usize = 2_000;

/// A message the model showed.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Dialog {
    /// Counts every message shown since the model started (1 for the first), so a screen
    /// can tell a new message from one it already showed, even one with the same text.
    pub serial: u64,
    /// The text.
    pub text: String,
}

/// The messages kept, oldest first.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Dialogs {
    kept: Vec<Dialog>,
    shown: u64,
}

impl Dialogs {
    /// Shows `text`, cut to [`MAX_DIALOG_CHARS`], dropping the oldest beyond [`MAX_DIALOGS`].
    pub fn show(&mut self, text: &str) {
        self.shown += 1;
        let text = match text.char_indices().nth(MAX_DIALOG_CHARS) {
            Some((end, _)) => format!("{}…", &text[..end]),
            None => text.to_owned(),
        };
        if self.kept.len() >= MAX_DIALOGS {
            self.kept.remove(0);
        }
        self.kept.push(Dialog {
            serial: self.shown,
            text,
        });
    }

    /// The messages kept, oldest first.
    pub fn list(&self) -> &[Dialog] {
        &self.kept
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_newest_are_kept_and_long_texts_are_cut() {
        let mut dialogs = Dialogs::default();
        for i in 0..20 {
            dialogs.show(&format!("m{i}"));
        }
        let list = dialogs.list();
        assert_eq!(list.len(), MAX_DIALOGS);
        assert_eq!(list[0].text, "m12");
        assert_eq!(list.last().map(|d| d.serial), Some(20));
        dialogs.show(&"é".repeat(MAX_DIALOG_CHARS + 5));
        let last = &dialogs.list()[MAX_DIALOGS - 1].text;
        assert_eq!(last.chars().count(), MAX_DIALOG_CHARS + 1);
        assert!(last.ends_with('…'));
    }
}
