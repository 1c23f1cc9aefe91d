//! [`PuppetNames`]: whose characters are whose in a live session, for the labels on the
//! stage and the names in the agent list and the inspector. Only what shows: the simulation
//! names a student's character after its device (`student:{id} m0`), never after the student,
//! so names never reach the state every device computes alike.

use sim_core::session::room::puppet_device;
use std::collections::BTreeMap;

/// The students' names by the device their characters carry, and whether the stage shows
/// them.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PuppetNames {
    by_device: BTreeMap<String, String>,
    /// Whether the stage draws the names by the characters (the teacher's switch).
    pub shown: bool,
}

impl PuppetNames {
    /// The names of `students` (`(device id, name)`), shown on the stage or not.
    pub fn new(students: impl IntoIterator<Item = (String, String)>, shown: bool) -> Self {
        PuppetNames {
            by_device: students
                .into_iter()
                .map(|(device, name)| (puppet_device(&device), name))
                .collect(),
            shown,
        }
    }

    /// The name to show for the agent named `agent`: its student's name for a student's
    /// first character (`student:{id} m0` → `Ana`), numbered for the others (`m1` → `Ana 2`);
    /// `None` for an agent no student drives.
    pub fn of(&self, agent: &str) -> Option<String> {
        // Asked for every agent drawn: most are no student's.
        if self.by_device.is_empty() || !agent.starts_with("student:") {
            return None;
        }
        let (device, marker) = agent.rsplit_once(' ')?;
        let name = self.by_device.get(device)?;
        match marker.strip_prefix('m').and_then(|n| n.parse::<u32>().ok()) {
            Some(n) if n > 0 => Some(format!("{name} {}", n.saturating_add(1))),
            _ => Some(name.clone()),
        }
    }

    /// Whether these are the names of `students` (`(device id, name)` in the order of their
    /// devices) with `shown`, compared without making any.
    pub fn same_as<'a>(
        &self,
        mut students: impl ExactSizeIterator<Item = (&'a str, &'a str)>,
        shown: bool,
    ) -> bool {
        self.shown == shown
            && students.len() == self.by_device.len()
            && self.by_device.iter().all(|(key, name)| {
                students.next().is_some_and(|(device, n)| {
                    key.strip_prefix("student:") == Some(device) && name == n
                })
            })
    }

    /// The students' names, in the order of their devices.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.by_device.values().map(String::as_str)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_students_characters_show_their_name_and_others_none() {
        let names = PuppetNames::new([("tab1".to_string(), "Ana".to_string())], true);
        assert_eq!(names.of("student:tab1 m0").as_deref(), Some("Ana"));
        assert_eq!(names.of("student:tab1 m2").as_deref(), Some("Ana 3"));
        assert_eq!(names.of("student:tab2 m0"), None);
        assert_eq!(names.of("Fish"), None);
        assert_eq!(names.of("tab1 m0"), None, "only a student's device");
    }

    #[test]
    fn names_compare_with_a_roster_without_making_one() {
        let names = PuppetNames::new(
            [("a".into(), "Ana".into()), ("b".into(), "Ben".into())],
            true,
        );
        let roster = [("a", "Ana"), ("b", "Ben")];
        assert!(names.same_as(roster.iter().copied(), true));
        assert!(!names.same_as(roster.iter().copied(), false), "the switch");
        assert!(!names.same_as([("a", "Ana")].iter().copied(), true));
        assert!(!names.same_as([("a", "Ana"), ("b", "Bea")].iter().copied(), true));
    }
}
