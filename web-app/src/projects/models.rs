//! The bundled example models: `static/models/index.json` lists them in picker order, and
//! the first one is what a new visitor sees.

use crate::browser::LoadError;
use serde::Deserialize;

/// Where the site keeps the example models.
pub const MODELS_DIR: &str = "static/models/";
/// The list of example models.
pub const INDEX_URL: &str = "static/models/index.json";

/// One example model in the picker.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct ModelEntry {
    /// The id the picker and the autosave use (`wander`).
    pub id: String,
    /// The name shown in the picker.
    pub label: String,
    /// The file name inside the models folder (`wander.gemprj`).
    pub file: String,
    /// A blank starting point rather than a lesson: it has no guide, and the library lists
    /// it apart.
    #[serde(default)]
    pub starter: bool,
}

impl ModelEntry {
    /// The address to fetch this model from, relative to the page.
    pub fn url(&self) -> String {
        format!("{MODELS_DIR}{}", self.file)
    }
}

/// Reads the model list, refusing one that is empty or names a file outside the models
/// folder.
pub fn parse_index(text: &str) -> Result<Vec<ModelEntry>, LoadError> {
    let entries: Vec<ModelEntry> = serde_json::from_str(text).map_err(|e| LoadError::Index {
        message: e.to_string(),
    })?;
    if entries.is_empty() {
        return Err(LoadError::Index {
            message: "it lists no models".into(),
        });
    }
    if let Some(bad) = entries.iter().find(|e| !is_plain_file_name(&e.file)) {
        return Err(LoadError::Index {
            message: format!("'{}' is not a file in the models folder", bad.file),
        });
    }
    Ok(entries)
}

fn is_plain_file_name(name: &str) -> bool {
    !name.is_empty() && !name.contains(['/', '\\', ':', '?', '#']) && !name.starts_with('.')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_index_lists_models_in_order() {
        let models = parse_index(
            r#"[{ "id": "wander", "label": "Wander", "file": "wander.gemprj" },
                { "id": "moths", "label": "Moths", "file": "moths.gemprj" }]"#,
        )
        .unwrap();
        assert_eq!(models.len(), 2);
        assert_eq!(models[0].url(), "static/models/wander.gemprj");
        assert_eq!(models[1].id, "moths");
    }

    #[test]
    fn the_bundled_index_names_files_that_exist() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../static/models/");
        let text = std::fs::read_to_string(format!("{dir}index.json")).unwrap();
        let models = parse_index(&text).unwrap();
        assert_eq!(models[0].id, "wander");
        for model in models {
            let project = std::fs::read_to_string(format!("{dir}{}", model.file)).unwrap();
            let project = super::super::load::parse_project(&model.file, &project).unwrap();
            assert_eq!(project.id, model.id);
        }
    }

    #[test]
    fn bad_indexes_are_refused() {
        for text in [
            "",
            "{}",
            "[]",
            r#"[{ "id": "x" }]"#,
            r#"[{ "id": "x", "label": "X", "file": "../secret" }]"#,
        ] {
            assert!(
                matches!(parse_index(text), Err(LoadError::Index { .. })),
                "{text}"
            );
        }
    }
}
