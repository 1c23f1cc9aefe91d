//! Hand-ins on the teacher's page: the projects students handed in during the session, each
//! checked (a student of the room, one hand-in every 10 s per device, 2 MB, at most 200 a
//! session, a project that reads), listed, and kept in the library's database with the
//! room, so a reload of the teacher's page loses none. One zip of them all: every project
//! as `.gemprj`, named by student.

use serde::{Deserialize, Serialize};
use sim_core::session::follow::unpack_project;
use sim_core::session::protocol::HandIn;
use std::collections::BTreeMap;

/// The least time between two hand-ins of one device, milliseconds.
pub const HANDIN_GAP_MS: f64 = 10_000.0;
/// The most hand-ins a session keeps.
pub const MAX_HANDINS: usize = 200;

/// One project handed in (its packed bytes are kept apart, by `n`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Handed {
    /// Its number in the session, from 0.
    pub n: u32,
    /// The device that handed it in, and its hand-in number there.
    pub device: String,
    /// See [`Handed::device`].
    pub id: u32,
    /// The student's name.
    pub name: String,
    /// The project's title.
    pub title: String,
    /// When it arrived, milliseconds since 1970.
    pub wall_ms: f64,
    /// Its size packed, bytes.
    pub bytes: usize,
}

/// The session's hand-ins.
#[derive(Debug, Default)]
pub struct Tray {
    list: Vec<Handed>,
    last: BTreeMap<String, f64>,
}

impl Tray {
    /// The hand-ins, in the order they came.
    pub fn list(&self) -> &[Handed] {
        &self.list
    }

    /// Puts the list kept before a reload back (when nothing came since).
    pub fn restore(&mut self, kept: Vec<Handed>) {
        if self.list.is_empty() {
            self.list = kept.into_iter().take(MAX_HANDINS).collect();
        }
    }

    /// The list as JSON, as it is kept.
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.list).unwrap_or_default()
    }

    /// Takes `h` from student `name` at `now_ms` (page clock; `wall_ms` for the list): the
    /// new entry, the one it repeats (a device that did not hear the answer), or why not.
    pub fn take(
        &mut self,
        h: &HandIn,
        name: &str,
        (now_ms, wall_ms): (f64, f64),
    ) -> Result<Taken, String> {
        if let Some(kept) = self
            .list
            .iter()
            .find(|x| x.device == h.device && x.id == h.id)
        {
            return Ok(Taken::Again(kept.clone()));
        }
        if self
            .last
            .get(&h.device)
            .is_some_and(|at| now_ms - at < HANDIN_GAP_MS)
        {
            return Err("one hand-in every 10 seconds: hand it in again in a moment".into());
        }
        if self.list.len() >= MAX_HANDINS {
            return Err(format!(
                "the teacher has {MAX_HANDINS} hand-ins already, the most a session keeps"
            ));
        }
        unpack_project(&h.project).map_err(|why| format!("the project does not read: {why}"))?;
        if self.last.len() >= 4 * MAX_HANDINS {
            self.last.retain(|_, at| now_ms - *at < HANDIN_GAP_MS);
        }
        self.last.insert(h.device.clone(), now_ms);
        let handed = Handed {
            n: self.list.len() as u32,
            device: h.device.clone(),
            id: h.id,
            name: name.to_string(),
            title: h.title.clone(),
            wall_ms,
            bytes: h.project.len(),
        };
        self.list.push(handed.clone());
        Ok(Taken::New(handed))
    }
}

/// What [`Tray::take`] did.
#[derive(Debug, Clone, PartialEq)]
pub enum Taken {
    /// A new hand-in: keep its bytes.
    New(Handed),
    /// One already taken.
    Again(Handed),
}

/// A file name part made of `text`: letters, digits, `-` and `_` (others become `_`).
fn file_part(text: &str) -> String {
    let safe: String = text
        .chars()
        .take(60)
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if safe.is_empty() {
        "project".into()
    } else {
        safe
    }
}

/// The `.gemprj` file name of a hand-in: the student's name, the project's title.
pub fn file_name(h: &Handed) -> String {
    format!("{}-{}.gemprj", file_part(&h.name), file_part(&h.title))
}

/// A local date and time as a zip's file times have them: year, month, day, hour, minute,
/// second.
pub type LocalTime = (u16, u8, u8, u8, u8, u8);

/// One file of a zip: its name, its text, and when it was made (local time; a file without
/// one is dated as zip's earliest, 1980).
pub type ZipFile = (String, String, Option<LocalTime>);

/// One zip of `files`, stored without compression, every name unique, each file dated.
pub fn zip_of(files: &[ZipFile]) -> Result<Vec<u8>, String> {
    use std::io::Write;
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let stored =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    let mut used = std::collections::BTreeSet::new();
    for (name, text, made) in files {
        let dated = made.and_then(|(y, mo, d, h, mi, s)| {
            zip::DateTime::from_date_and_time(y, mo, d, h, mi, s).ok()
        });
        let options = dated.map_or(stored, |t| stored.last_modified_time(t));
        let mut unique = name.clone();
        let mut k = 2;
        while !used.insert(unique.clone()) {
            unique = name.replace(".gemprj", &format!(" ({k}).gemprj"));
            k += 1;
        }
        zip.start_file(unique, options).map_err(|e| e.to_string())?;
        zip.write_all(text.as_bytes()).map_err(|e| e.to_string())?;
    }
    let cursor = zip.finish().map_err(|e| e.to_string())?;
    Ok(cursor.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use sim_core::session::follow::pack_project;

    fn handin(device: &str, id: u32) -> HandIn {
        let project = sim_core::Project::from_json(
            r#"{"id":"p","label":"Pond","metadata":{"top":-400,"right":400,"bottom":400,"left":-400},"blueprints":[],"instances":[]}"#,
        )
        .expect("a project");
        HandIn {
            device: device.into(),
            secret: "s".into(),
            id,
            title: "Pond".into(),
            project: pack_project(&project),
        }
    }

    #[test]
    fn hand_ins_are_taken_once_each_and_one_every_ten_seconds() {
        let mut tray = Tray::default();
        assert!(matches!(
            tray.take(&handin("a", 1), "Ana", (0.0, 0.0)),
            Ok(Taken::New(_))
        ));
        assert!(matches!(
            tray.take(&handin("a", 1), "Ana", (100.0, 0.0)),
            Ok(Taken::Again(_))
        ));
        assert!(tray
            .take(&handin("a", 2), "Ana", (5_000.0, 0.0))
            .is_err_and(|e| e.contains("10 seconds")));
        assert!(matches!(
            tray.take(&handin("a", 3), "Ana", (10_000.0, 0.0)),
            Ok(Taken::New(_))
        ));
        let mut broken = handin("b", 1);
        broken.project = vec![1, 2, 3];
        assert!(tray
            .take(&broken, "Bo", (0.0, 0.0))
            .is_err_and(|e| e.contains("does not read")));
        assert_eq!(tray.list().len(), 2);
        let json = tray.to_json();
        let mut again = Tray::default();
        again.restore(serde_json::from_str(&json).unwrap());
        assert_eq!(again.list(), tray.list());
    }

    #[test]
    fn a_session_keeps_at_most_two_hundred() {
        let mut tray = Tray::default();
        for i in 0..MAX_HANDINS {
            assert!(tray
                .take(&handin(&format!("d{i}"), 1), "S", (0.0, 0.0))
                .is_ok());
        }
        assert!(tray
            .take(&handin("late", 1), "S", (0.0, 0.0))
            .is_err_and(|e| e.contains("200")));
    }

    #[test]
    fn the_zip_holds_every_file_under_a_name_of_its_own() {
        let files = vec![
            (
                "Ana-Pond.gemprj".to_string(),
                "{}".to_string(),
                Some((2026, 12, 7, 9, 41, 30)),
            ),
            ("Ana-Pond.gemprj".to_string(), "{\"a\":1}".to_string(), None),
        ];
        let bytes = zip_of(&files).expect("a zip");
        let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("reads back");
        assert_eq!(archive.len(), 2);
        let made = archive
            .by_name("Ana-Pond.gemprj")
            .unwrap()
            .last_modified()
            .unwrap();
        assert_eq!(
            (
                made.year(),
                made.month(),
                made.day(),
                made.hour(),
                made.minute(),
                made.second()
            ),
            (2026, 12, 7, 9, 41, 30),
            "dated when it was handed in, not 1980"
        );
        let names: Vec<String> = archive
            .file_names()
            .map(|n| n.expect("a name").to_string())
            .collect();
        assert!(names.contains(&"Ana-Pond.gemprj".to_string()));
        assert!(names.contains(&"Ana-Pond (2).gemprj".to_string()));
        let mut text = String::new();
        std::io::Read::read_to_string(
            &mut archive.by_name("Ana-Pond (2).gemprj").unwrap(),
            &mut text,
        )
        .unwrap();
        assert_eq!(text, "{\"a\":1}");
        assert_eq!(
            file_name(&Handed {
                n: 0,
                device: "d".into(),
                id: 1,
                name: "Ana B.".into(),
                title: "My/pond".into(),
                wall_ms: 0.0,
                bytes: 0
            }),
            "Ana_B_-My_pond.gemprj"
        );
    }
}
