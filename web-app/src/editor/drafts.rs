//! Drafts: script text typed in the editor but not applied, kept per project and blueprint in
//! local storage, so switching blueprint, closing the drawer or reloading the page loses
//! nothing. A draft remembers the applied text it was typed over and comes back only onto
//! that same text: once the script changed some other way, the stale draft is dropped.

use crate::fingerprint::fingerprint;
use serde::{Deserialize, Serialize};

/// The local-storage key holding every draft.
const STORAGE_KEY: &str = "stepwise-drafts";
/// The most drafts kept; the oldest goes first past it.
const MAX_DRAFTS: usize = 16;
/// The longest draft kept, in bytes; a longer one is not saved (the editor still holds it).
/// With [`MAX_DRAFTS`], drafts take at most 1 MB of the few the browser gives the page, so
/// they never crowd out the project's own autosave.
const MAX_DRAFT_BYTES: usize = 64 * 1024;

/// The key of the draft of `blueprint` in `project` (a project id, or a room's).
pub fn key(project: &str, blueprint: &str) -> String {
    format!("{project}\u{1f}{blueprint}")
}

/// One unapplied text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Draft {
    /// Which project and blueprint it belongs to.
    key: String,
    /// A fingerprint of the applied text it was typed over.
    base: String,
    /// The text typed.
    text: String,
}

/// Every kept draft, oldest first.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Drafts(Vec<Draft>);

impl Drafts {
    /// The draft for `key` typed over `base`, if there is one.
    pub fn get(&self, key: &str, base: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|d| d.key == key && d.base == fingerprint(base))
            .map(|d| d.text.as_str())
    }

    /// Keeps `text` as the draft for `key` over `base` (the newest), or forgets the draft
    /// when `text` is `base` again; false when it is too long to keep.
    pub fn put(&mut self, key: &str, base: &str, text: &str) -> bool {
        self.remove(key);
        if text == base {
            return true;
        }
        if text.len() > MAX_DRAFT_BYTES {
            return false;
        }
        self.0.push(Draft {
            key: key.to_string(),
            base: fingerprint(base),
            text: text.to_string(),
        });
        let excess = self.0.len().saturating_sub(MAX_DRAFTS);
        self.0.drain(..excess);
        true
    }

    /// Forgets the draft for `key`.
    pub fn remove(&mut self, key: &str) {
        self.0.retain(|d| d.key != key);
    }
}

/// The drafts in local storage (none when there are none or they cannot be read).
pub fn load() -> Drafts {
    crate::browser::storage_get(STORAGE_KEY)
        .ok()
        .flatten()
        .and_then(|json| serde_json::from_str(&json).ok())
        .unwrap_or_default()
}

/// Writes the drafts to local storage; why it failed (full storage) otherwise.
pub fn save(drafts: &Drafts) -> Result<(), String> {
    let json = serde_json::to_string(drafts).map_err(|e| e.to_string())?;
    crate::browser::storage_set(STORAGE_KEY, &json).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_draft_comes_back_only_over_the_text_it_was_typed_on() {
        let mut drafts = Drafts::default();
        assert!(drafts.put("p/Fish", "old", "old + typed"));
        assert_eq!(drafts.get("p/Fish", "old"), Some("old + typed"));
        assert_eq!(drafts.get("p/Fish", "changed elsewhere"), None);
        assert_eq!(drafts.get("p/Algae", "old"), None);
        drafts.put("p/Fish", "old", "old");
        assert_eq!(
            drafts.get("p/Fish", "old"),
            None,
            "typing back the applied text forgets it"
        );
    }

    #[test]
    fn drafts_are_bounded() {
        let mut drafts = Drafts::default();
        for i in 0..MAX_DRAFTS + 5 {
            drafts.put(&format!("p/B{i}"), "", "x");
        }
        assert_eq!(drafts.0.len(), MAX_DRAFTS);
        assert_eq!(drafts.get("p/B0", ""), None, "the oldest went first");
        assert!(!drafts.put("p/Big", "", &"x".repeat(MAX_DRAFT_BYTES + 1)));
        let json = serde_json::to_string(&drafts).unwrap();
        assert_eq!(serde_json::from_str::<Drafts>(&json).unwrap(), drafts);
    }
}
