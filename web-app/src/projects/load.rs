//! Turning text from anywhere (an imported file, a bundled model, a share link, the
//! autosave) into a [`Project`], with the checks every source shares.

use crate::browser::{check_size, LoadError};
use sim_core::Project;

/// Reads project text that came from `source` (a file name or a description such as
/// `the share link`), naming the source and the JSON path in any error.
pub fn parse_project(source: &str, text: &str) -> Result<Project, LoadError> {
    check_size(source, text.len())?;
    Project::from_json(text).map_err(|error| LoadError::Project {
        source: source.to_string(),
        error,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sim_core::{ProjectError, MAX_PROJECT_BYTES};

    #[test]
    fn a_valid_project_loads() {
        let project = parse_project("a.gemprj", r#"{ "id": "a", "label": "A" }"#).unwrap();
        assert_eq!(project.label, "A");
    }

    #[test]
    fn broken_json_names_the_file_and_the_place() {
        let err = parse_project("broken.gemprj", r#"{ "id": "a", "blueprints": [ }"#).unwrap_err();
        assert!(
            matches!(&err, LoadError::Project { source, error: ProjectError::Json { .. } } if source == "broken.gemprj"),
            "{err:?}"
        );
        assert!(err.to_string().contains("line 1"), "{err}");
    }

    #[test]
    fn hostile_inputs_give_errors() {
        for text in [
            "",
            "[1, 2]",
            "null",
            "\u{feff}",
            "{\"blueprints\": 7}",
            &"[".repeat(100_000),
            &"{\"a\":".repeat(100_000),
        ] {
            assert!(parse_project("x", text).is_err(), "accepted {text:.20}");
        }
    }

    #[test]
    fn oversized_input_is_refused_before_parsing() {
        assert_eq!(
            check_size("huge.gemprj", MAX_PROJECT_BYTES + 1),
            Err(LoadError::TooLarge {
                source: "huge.gemprj".into(),
                bytes: MAX_PROJECT_BYTES + 1
            })
        );
        assert_eq!(check_size("ok.gemprj", MAX_PROJECT_BYTES), Ok(()));
    }

    #[test]
    fn inconsistent_projects_are_refused() {
        let err = parse_project(
            "dup.gemprj",
            r#"{ "blueprints": [{ "name": "A" }, { "name": "A" }] }"#,
        )
        .unwrap_err();
        assert!(err.to_string().contains("both named 'A'"), "{err}");
    }
}
