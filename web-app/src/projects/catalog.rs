//! The catalog of the project library: one [`Entry`] per project the student keeps in the
//! browser, and the [`Slot`] saying which project the app reopens. Plain data and rules
//! (ordering, names for copies, fresh ids, the size limit), with no browser dependency, so
//! they are tested natively; [`super::library`] keeps the catalog in step with IndexedDB.

use serde::{Deserialize, Serialize};

/// The most projects the library keeps. Every project is at most the import limit (a few
/// megabytes), so 200 of them stay well inside the storage a browser gives a site, and the
/// list stays short enough to read; past it the student deletes one to keep another.
pub const MAX_PROJECTS: usize = 200;
/// The longest project name kept; a longer label is cut to it in the list.
pub const MAX_NAME_CHARS: usize = 120;

/// One project in the library, as the list shows it (the project's text is stored apart, so
/// listing the library never reads every project).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// The library's key for the project; never shown, never reused.
    pub id: String,
    /// The project's title when it was last saved.
    pub name: String,
    /// When it was last saved, in milliseconds since 1970 (the page clock).
    pub modified: f64,
    /// The bundled model it began as, if it did.
    #[serde(default)]
    pub bundled: Option<String>,
    /// Deleted by the student and kept only until the page closes, so Undo can bring it back.
    #[serde(default)]
    pub deleted: bool,
    /// The size of its stored text, in bytes.
    #[serde(default)]
    pub bytes: usize,
}

/// What the app reopens on its next start, kept in local storage (it is read before the
/// library opens, and it is tiny).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Slot {
    /// A project in the library, by id.
    Saved(String),
    /// A bundled model not edited yet (it is not copied into the library until it is).
    Bundled(String),
    /// An empty project from New, not edited yet.
    Blank,
}

impl Slot {
    /// The text the slot is stored as.
    pub fn key(&self) -> String {
        match self {
            Slot::Saved(id) => format!("saved:{id}"),
            Slot::Bundled(id) => format!("bundled:{id}"),
            Slot::Blank => "blank".into(),
        }
    }

    /// The slot stored as `key`, or `None` for anything this app did not write.
    pub fn parse(key: &str) -> Option<Slot> {
        if key == "blank" {
            return Some(Slot::Blank);
        }
        let (kind, id) = key.split_once(':')?;
        if id.is_empty() {
            return None;
        }
        match kind {
            "saved" => Some(Slot::Saved(id.into())),
            "bundled" => Some(Slot::Bundled(id.into())),
            _ => None,
        }
    }
}

/// Every entry of the library, including those deleted but still undoable.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Catalog {
    entries: Vec<Entry>,
}

impl Catalog {
    /// The catalog of the stored entry records (JSON texts); a record that cannot be read is
    /// left out and described in the second list, so one damaged record hides nothing else.
    pub fn from_records(records: &[String]) -> (Catalog, Vec<String>) {
        let mut catalog = Catalog::default();
        let mut problems = Vec::new();
        for record in records {
            match serde_json::from_str::<Entry>(record) {
                Ok(entry) => catalog.put(entry),
                Err(error) => problems.push(format!("a library entry could not be read: {error}")),
            }
        }
        (catalog, problems)
    }

    /// The projects to list, most recently saved first (deleted ones are not listed).
    pub fn listed(&self) -> Vec<&Entry> {
        let mut listed: Vec<&Entry> = self.entries.iter().filter(|e| !e.deleted).collect();
        listed.sort_by(|a, b| b.modified.total_cmp(&a.modified).then(a.name.cmp(&b.name)));
        listed
    }

    /// The entries deleted and not restored, which a new start removes for good.
    pub fn deleted(&self) -> impl Iterator<Item = &Entry> {
        self.entries.iter().filter(|e| e.deleted)
    }

    /// The entry with `id`, deleted or not.
    pub fn get(&self, id: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.id == id)
    }

    /// Adds `entry`, or replaces the one with its id.
    pub fn put(&mut self, entry: Entry) {
        match self.entries.iter_mut().find(|e| e.id == entry.id) {
            Some(slot) => *slot = entry,
            None => self.entries.push(entry),
        }
    }

    /// Forgets the entry with `id`.
    pub fn remove(&mut self, id: &str) {
        self.entries.retain(|e| e.id != id);
    }

    /// Whether a new project would pass [`MAX_PROJECTS`]. Deleted ones count until they are
    /// gone for good, since their records are still stored.
    pub fn is_full(&self) -> bool {
        self.entries.len() >= MAX_PROJECTS
    }

    /// An id no entry has, made from the page clock `now` (milliseconds).
    pub fn fresh_id(&self, now: f64) -> String {
        // The clock is whole and positive in every browser; a wrong one still gives an id.
        let stamp = if now.is_finite() && now > 0.0 {
            now as u64
        } else {
            0
        };
        (0u32..)
            .map(|n| format!("p{stamp:x}-{n}"))
            .find(|id| self.get(id).is_none())
            .unwrap_or_default()
    }

    /// The name for a copy of `name`: "Fish (copy)", then "Fish (copy 2)" and so on, the
    /// first that no listed project has.
    pub fn copy_name(&self, name: &str) -> String {
        let taken = |candidate: &str| self.listed().iter().any(|e| e.name == candidate);
        let base = clip_name(name);
        (1u32..)
            .map(|n| {
                if n == 1 {
                    format!("{base} (copy)")
                } else {
                    format!("{base} (copy {n})")
                }
            })
            .find(|candidate| !taken(candidate))
            .unwrap_or_default()
    }
}

/// `name` trimmed and cut to [`MAX_NAME_CHARS`] characters.
pub fn clip_name(name: &str) -> String {
    name.trim().chars().take(MAX_NAME_CHARS).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(id: &str, name: &str, modified: f64) -> Entry {
        Entry {
            id: id.into(),
            name: name.into(),
            modified,
            bundled: None,
            deleted: false,
            bytes: 10,
        }
    }

    fn catalog(entries: &[Entry]) -> Catalog {
        let records: Vec<String> = entries
            .iter()
            .map(|e| serde_json::to_string(e).unwrap())
            .collect();
        Catalog::from_records(&records).0
    }

    #[test]
    fn the_list_shows_the_newest_first_and_hides_deleted_projects() {
        let mut gone = entry("c", "Gone", 3.0);
        gone.deleted = true;
        let c = catalog(&[entry("a", "Old", 1.0), entry("b", "New", 2.0), gone]);
        let names: Vec<&str> = c.listed().iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["New", "Old"]);
        assert_eq!(
            c.deleted().map(|e| e.id.as_str()).collect::<Vec<_>>(),
            ["c"]
        );
    }

    #[test]
    fn a_damaged_record_is_reported_and_the_others_still_list() {
        let good = serde_json::to_string(&entry("a", "Fish", 1.0)).unwrap();
        let (c, problems) = Catalog::from_records(&[good, "{ not json".into(), "[]".into()]);
        assert_eq!(c.listed().len(), 1);
        assert_eq!(problems.len(), 2);
        assert!(problems[0].starts_with("a library entry could not be read"));
    }

    #[test]
    fn putting_an_entry_again_replaces_it() {
        let mut c = catalog(&[entry("a", "Fish", 1.0)]);
        c.put(entry("a", "Fish and Algae", 2.0));
        assert_eq!(c.listed().len(), 1);
        assert_eq!(c.get("a").unwrap().name, "Fish and Algae");
        c.remove("a");
        assert!(c.get("a").is_none());
    }

    #[test]
    fn copies_get_the_first_free_name() {
        let c = catalog(&[entry("a", "Fish", 1.0), entry("b", "Fish (copy)", 2.0)]);
        assert_eq!(c.copy_name("Fish"), "Fish (copy 2)");
        assert_eq!(c.copy_name("  Moths "), "Moths (copy)");
        let long = "x".repeat(500);
        assert_eq!(
            c.copy_name(&long).chars().count(),
            MAX_NAME_CHARS + " (copy)".len()
        );
    }

    #[test]
    fn fresh_ids_never_repeat_even_at_the_same_instant() {
        let mut c = Catalog::default();
        for _ in 0..5 {
            let id = c.fresh_id(1_700_000_000_000.0);
            assert!(c.get(&id).is_none());
            c.put(entry(&id, "P", 1.0));
        }
        assert_eq!(c.listed().len(), 5);
        assert!(!c.fresh_id(f64::NAN).is_empty());
    }

    #[test]
    fn the_library_is_full_at_its_limit_counting_deleted_records() {
        let mut c = Catalog::default();
        for n in 0..MAX_PROJECTS {
            let mut e = entry(&format!("p{n}"), "P", 1.0);
            e.deleted = n == 0;
            c.put(e);
        }
        assert!(c.is_full());
        c.remove("p0");
        assert!(!c.is_full());
    }

    #[test]
    fn slots_round_trip_and_foreign_text_is_refused() {
        for slot in [
            Slot::Saved("p1-0".into()),
            Slot::Bundled("moths".into()),
            Slot::Blank,
        ] {
            assert_eq!(Slot::parse(&slot.key()), Some(slot));
        }
        for key in ["", "saved:", "other:x", "blank2", "moths"] {
            assert_eq!(Slot::parse(key), None, "{key}");
        }
    }
}
