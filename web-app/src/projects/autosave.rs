//! The autosave entry of Stepwise before the project library: the current project and where
//! it came from, kept in one local-storage slot. It is only read now, once, to move it into
//! the library ([`super::library`]); restoring it goes through the same checks as an import.

use super::current::Origin;
use super::load::parse_project;
use crate::browser::LoadError;
use serde::Deserialize;
#[cfg(test)]
use serde::Serialize;
use sim_core::Project;

/// The local-storage key the old autosave lived under.
pub const STORAGE_KEY: &str = "stepwise.autosave";
/// Marks an entry as ours; anything else under the key is ignored with a message.
const FORMAT: &str = "stepwise-autosave-1";
/// How the autosave names itself in messages.
const SOURCE: &str = "the autosaved project";

#[derive(Deserialize)]
#[cfg_attr(test, derive(Serialize))]
struct Entry {
    format: String,
    /// The bundled model's id, when the project is one.
    #[serde(default)]
    bundled: Option<String>,
    /// The project's JSON text.
    project: String,
}

/// The project and origin an entry holds, or why it cannot be used.
pub fn decode(entry: &str) -> Result<(Project, Origin), LoadError> {
    let entry: Entry = serde_json::from_str(entry).map_err(|e| LoadError::Autosave {
        message: e.to_string(),
    })?;
    if entry.format != FORMAT {
        return Err(LoadError::Autosave {
            message: format!("it was written in an unknown format '{}'", entry.format),
        });
    }
    let project = parse_project(SOURCE, &entry.project)?;
    let origin = entry.bundled.map_or(Origin::Other, Origin::Bundled);
    Ok((project, origin))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An entry as the app before the library wrote it.
    fn encode(project: &Project, origin: &Origin) -> Result<String, LoadError> {
        let text = project.to_json_pretty().map_err(|e| LoadError::Autosave {
            message: e.to_string(),
        })?;
        let bundled = match origin {
            Origin::Bundled(id) => Some(id.clone()),
            Origin::Other => None,
        };
        let entry = Entry {
            format: FORMAT.to_string(),
            bundled,
            project: text,
        };
        serde_json::to_string(&entry).map_err(|e| LoadError::Autosave {
            message: e.to_string(),
        })
    }

    fn sample() -> Project {
        Project::from_json(
            r##"{ "id": "fish", "label": "Fish", "custom": [1, 2],
                  "blueprints": [{ "name": "Fish", "scriptText": "# BLUEPRINT Fish" }] }"##,
        )
        .unwrap()
    }

    #[test]
    fn a_project_and_its_origin_survive_the_round_trip() {
        for origin in [Origin::Other, Origin::Bundled("wander".into())] {
            let entry = encode(&sample(), &origin).unwrap();
            assert_eq!(decode(&entry).unwrap(), (sample(), origin));
        }
    }

    #[test]
    fn a_corrupt_entry_is_an_autosave_error() {
        for entry in ["", "garbage", "{}", r#"{"format": 3}"#, "[]"] {
            let err = decode(entry).unwrap_err();
            assert!(
                matches!(err, LoadError::Autosave { .. }),
                "{entry}: {err:?}"
            );
        }
    }

    #[test]
    fn an_entry_in_another_format_is_refused() {
        let entry = r#"{ "format": "someone-else", "project": "{}" }"#;
        let err = decode(entry).unwrap_err().to_string();
        assert!(err.contains("unknown format 'someone-else'"), "{err}");
    }

    #[test]
    fn a_damaged_project_inside_names_the_autosave() {
        let entry = r#"{ "format": "stepwise-autosave-1", "project": "{ \"blueprints\": 5 }" }"#;
        let err = decode(entry).unwrap_err().to_string();
        assert!(
            err.starts_with("the autosaved project is not a valid project: blueprints"),
            "{err}"
        );
    }
}
