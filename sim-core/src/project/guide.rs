//! [`Guide`]: a model's lesson guide as the project file keeps it — what the model shows, how
//! to teach with it, what to notice and ask, what to try, the science behind it — and the
//! populations that must still be alive after ten minutes, which `stepwise check` and the
//! tests hold every bundled model to.
//!
//! GEMSTEP has no guide; the field is left out of the file when there is none, and GEMSTEP
//! ignores it when there is, so a project still opens there.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The most text a guide keeps, in bytes over all its fields: a generous lesson plan is a
/// few kilobytes, and a hostile file must not make every library card carry megabytes.
pub const MAX_GUIDE_BYTES: usize = 64 * 1024;

/// The most entries in one of a guide's lists (steps, things to notice, questions, things to
/// try, alive checks).
pub const MAX_GUIDE_ITEMS: usize = 40;

/// The subjects the library sorts models under, in the order it shows them.
pub const SUBJECTS: [&str; 4] = [
    "Life science",
    "Physical science",
    "Earth science",
    "Social science",
];

/// A model's lesson guide.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Guide {
    /// One line for the library card ("Rabbits eat grass, foxes eat rabbits").
    pub summary: String,
    /// One of [`SUBJECTS`] (another is shown as written, under "Other").
    pub subject: String,
    /// The grade band it was written for ("6–8").
    pub grades: String,
    /// What the model shows, in a few sentences.
    pub shows: String,
    /// How to use it in class: the steps of a 40-minute lesson with a live session.
    pub steps: Vec<String>,
    /// What to notice while it runs.
    pub notice: Vec<String>,
    /// Questions for students.
    pub questions: Vec<String>,
    /// Things to try: the prop or the line to change, and what happens.
    pub try_this: Vec<String>,
    /// The science behind it, in a few sentences.
    pub science: String,
    /// What must hold after ten minutes of the model running on its own: the populations
    /// that should still be alive. Checked headless by the tests; shown nowhere.
    pub alive: Vec<AliveCheck>,
    /// Fields Stepwise does not use, kept so saving does not lose them.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// A measure that must be at least a number after ten minutes (`count Rabbit` ≥ 3).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct AliveCheck {
    /// A measure as a monitor writes it (`count Rabbit`, `sum Fish.alive`).
    pub measure: String,
    /// The least it may be.
    pub at_least: f64,
}

impl Guide {
    /// The guide's text, field by field, in the order the Info view shows it.
    fn texts(&self) -> impl Iterator<Item = &str> {
        let lists = [&self.steps, &self.notice, &self.questions, &self.try_this];
        [
            &self.summary,
            &self.subject,
            &self.grades,
            &self.shows,
            &self.science,
        ]
        .into_iter()
        .map(String::as_str)
        .chain(lists.into_iter().flatten().map(String::as_str))
    }

    /// How many words the guide has for a reader (the summary and everything shown).
    pub fn words(&self) -> usize {
        self.texts().map(|t| t.split_whitespace().count()).sum()
    }

    /// Why the guide is too big to keep, if it is.
    pub(super) fn too_big(&self) -> Option<String> {
        let bytes: usize = self.texts().map(str::len).sum();
        let longest = [
            ("steps", self.steps.len()),
            ("notice", self.notice.len()),
            ("questions", self.questions.len()),
            ("tryThis", self.try_this.len()),
            ("alive", self.alive.len()),
        ]
        .into_iter()
        .max_by_key(|(_, n)| *n)
        .filter(|(_, n)| *n > MAX_GUIDE_ITEMS);
        if let Some((list, n)) = longest {
            Some(format!(
                "guide.{list}: {n} entries; a guide's list may have {MAX_GUIDE_ITEMS}"
            ))
        } else {
            (bytes > MAX_GUIDE_BYTES).then(|| {
                format!(
                    "guide: {bytes} bytes of text; a guide may have {} KB",
                    MAX_GUIDE_BYTES >> 10
                )
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_count_every_shown_field() {
        let guide = Guide {
            summary: "Two words".into(),
            steps: vec!["one two three".into()],
            try_this: vec!["four".into()],
            science: "five six".into(),
            ..Guide::default()
        };
        assert_eq!(guide.words(), 2 + 3 + 1 + 2);
    }

    #[test]
    fn a_guide_too_long_or_too_many_items_is_refused() {
        let mut guide = Guide {
            shows: "x".repeat(MAX_GUIDE_BYTES + 1),
            ..Guide::default()
        };
        assert!(guide.too_big().unwrap().contains("64 KB"));
        guide.shows.clear();
        assert_eq!(guide.too_big(), None);
        guide.questions = vec!["why?".into(); MAX_GUIDE_ITEMS + 1];
        assert!(guide.too_big().unwrap().starts_with("guide.questions: 41"));
    }

    #[test]
    fn field_names_are_camel_case_and_unknown_fields_are_kept() {
        let json = r#"{"tryThis":["a"],"alive":[{"measure":"count Fish","atLeast":2}],"x":1}"#;
        let guide: Guide = serde_json::from_str(json).unwrap();
        assert_eq!(guide.try_this, ["a"]);
        assert_eq!(guide.alive[0].at_least, 2.0);
        let back = serde_json::to_value(&guide).unwrap();
        assert_eq!(back["x"], 1);
        assert_eq!(back["tryThis"][0], "a");
    }
}
