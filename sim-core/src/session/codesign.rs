//! Co-design: students write the class model's blueprints from their own devices and send
//! them to the teacher's page, which checks each change again and applies it (at once, or
//! after the teacher reviews it) through the same path as the teacher's own edits.
//!
//! What crosses the session for it: the teacher's [`Policy`] (who may edit what, and whether
//! each change waits for review), a device's [`Submit`] (a blueprint's new text and the
//! [revision] of the text it started from), what a student is [`Editing`] now (for
//! the roster), and the teacher's [`Outcome`] for each submission. A revision is a hash of
//! the blueprint's text, so every page computes it from the project the snapshots carry and
//! no counter has to survive a reload: a submission whose base is not the running text's
//! revision is a conflict, never a silent overwrite.

use serde::{Deserialize, Serialize};

/// The largest script a student may send, in bytes.
pub const MAX_SCRIPT_BYTES: usize = 48 * 1024;
/// The most starting agents a new blueprint asks for.
pub const MAX_NEW_AGENTS: u8 = 50;

/// Who may send blueprints to the class model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum EditPolicy {
    /// No student edits.
    Nobody,
    /// Each student only the blueprint of the character they steer.
    OwnCharacter,
    /// Any student any blueprint of the model.
    #[default]
    AnyBlueprint,
    /// Any blueprint, and new blueprints too.
    AnyAndNew,
}

impl EditPolicy {
    /// Every policy, in the order the teacher's menu lists them.
    pub const ALL: [EditPolicy; 4] = [
        EditPolicy::Nobody,
        EditPolicy::OwnCharacter,
        EditPolicy::AnyBlueprint,
        EditPolicy::AnyAndNew,
    ];

    /// The policy's name in pages and menus (`any`).
    pub fn key(self) -> &'static str {
        match self {
            EditPolicy::Nobody => "nobody",
            EditPolicy::OwnCharacter => "own",
            EditPolicy::AnyBlueprint => "any",
            EditPolicy::AnyAndNew => "new",
        }
    }

    /// The policy named `key`.
    pub fn from_key(key: &str) -> Option<EditPolicy> {
        EditPolicy::ALL.into_iter().find(|p| p.key() == key)
    }

    /// What the teacher's menu says.
    pub fn label(self) -> &'static str {
        match self {
            EditPolicy::Nobody => "nobody",
            EditPolicy::OwnCharacter => "each student their own character's blueprint",
            EditPolicy::AnyBlueprint => "any blueprint",
            EditPolicy::AnyAndNew => "any blueprint, and add new ones",
        }
    }
}

/// The teacher's rules for students' edits; every device hears them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Policy {
    /// Who may edit what.
    pub edit: EditPolicy,
    /// Whether each change waits for the teacher (otherwise one that compiles and does not
    /// conflict applies at once).
    pub review: bool,
}

impl Default for Policy {
    /// Any blueprint, each change reviewed: students write, the teacher decides.
    fn default() -> Policy {
        Policy {
            edit: EditPolicy::AnyBlueprint,
            review: true,
        }
    }
}

impl Policy {
    /// Whether a student steering `own` (if anyone) may change the existing `blueprint`.
    pub fn may_edit(&self, own: Option<&str>, blueprint: &str) -> bool {
        match self.edit {
            EditPolicy::Nobody => false,
            EditPolicy::OwnCharacter => own == Some(blueprint),
            EditPolicy::AnyBlueprint | EditPolicy::AnyAndNew => true,
        }
    }

    /// Whether students may add blueprints.
    pub fn may_add(&self) -> bool {
        self.edit == EditPolicy::AnyAndNew
    }
}

/// The revision of a blueprint's text: a 64-bit FNV-1a hash of its bytes, the same on every
/// page and after any reload.
pub fn revision(text: &str) -> u64 {
    crate::sim::bytes_hash(text.as_bytes())
}

/// Device → teacher: a blueprint's new text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Submit {
    /// The device's id.
    pub device: String,
    /// The secret it joined with.
    pub secret: String,
    /// This submission's number on the device (a resend carries the same).
    pub id: u32,
    /// The blueprint changed (or added).
    pub blueprint: String,
    /// Its whole new script.
    pub text: String,
    /// The [`revision`] of the class's text the student started from (0 for a new one).
    pub base: u64,
    /// For a new blueprint, how many agents of it start on the stage.
    pub new_agents: Option<u8>,
}

/// Device → teacher: which blueprint the student has open in the script drawer (none when
/// it is closed), for the roster.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Editing {
    /// The device's id.
    pub device: String,
    /// The secret it joined with.
    pub secret: String,
    /// The blueprint open, if any.
    pub blueprint: Option<String>,
}

/// Where a submission stands, as its student sees it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum SendState {
    /// Waiting for the teacher's review.
    Waiting,
    /// The class's text changed since the student started: it waits, marked, and the student
    /// may bring theirs up to date and send again.
    Conflict,
    /// Running in the class model.
    Applied,
    /// The teacher declined it, perhaps saying why.
    Declined(String),
    /// Refused without review (a rule of the room), and why.
    Refused(String),
}

/// Teacher → the room: what became of a device's submission.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    /// The device that sent it.
    pub device: String,
    /// Its number on the device.
    pub id: u32,
    /// The blueprint.
    pub blueprint: String,
    /// What became of it.
    pub state: SendState,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn policies_say_who_may_edit_what() {
        let p = |edit| Policy { edit, review: true };
        assert!(!p(EditPolicy::Nobody).may_edit(Some("Fish"), "Fish"));
        assert!(p(EditPolicy::OwnCharacter).may_edit(Some("Fish"), "Fish"));
        assert!(!p(EditPolicy::OwnCharacter).may_edit(Some("Fish"), "Algae"));
        assert!(!p(EditPolicy::OwnCharacter).may_edit(None, "Algae"));
        assert!(p(EditPolicy::AnyBlueprint).may_edit(None, "Algae"));
        assert!(!p(EditPolicy::AnyBlueprint).may_add());
        assert!(p(EditPolicy::AnyAndNew).may_add());
        assert_eq!(Policy::default(), p(EditPolicy::AnyBlueprint));
        for policy in EditPolicy::ALL {
            assert_eq!(EditPolicy::from_key(policy.key()), Some(policy));
        }
    }

    #[test]
    fn a_revision_tells_texts_apart() {
        assert_eq!(revision("prop x setTo 1"), revision("prop x setTo 1"));
        assert_ne!(revision("prop x setTo 1"), revision("prop x setTo 2"));
        assert_ne!(revision(""), 0, "0 means a new blueprint");
    }
}
