//! The project file: GEMSTEP's `.gemprj` JSON, read and written with serde.
//!
//! A project is everything a classroom model needs: the stage ([`StageMetadata`]),
//! the [`Round`]s, the blueprints ([`BlueprintDef`], each a ScriptText) and the
//! starting agents ([`InstanceDef`]). Stepwise reads the files GEMSTEP writes and
//! writes files GEMSTEP can read: field names are GEMSTEP's (camelCase), and fields
//! Stepwise does not know are kept at every level, so loading and saving never loses
//! anything. A file that cannot be loaded gives a [`ProjectError`] that names the
//! place (`blueprints[2].scriptText`, line and column) — never a panic.
//!
//! ```
//! use sim_core::project::Project;
//!
//! let project = Project::from_json(r##"{
//!     "id": "demo", "label": "Demo",
//!     "blueprints": [{ "name": "Fish", "scriptText": "# BLUEPRINT Fish" }],
//!     "instances": [{ "id": "1", "label": "Nemo", "bpid": "Fish" }]
//! }"##)?;
//! assert_eq!(project.metadata.right, 400.0);
//! assert_eq!(project.instances_of("Fish").count(), 1);
//! let err = Project::from_json(r#"{ "blueprints": [{ "name": 5 }] }"#).unwrap_err();
//! assert!(err.to_string().starts_with("blueprints[0].name: this should be text"), "{err}");
//! # Ok::<(), sim_core::project::ProjectError>(())
//! ```

mod check;
mod costume;
mod error;
mod experiment;
mod guide;
mod stage;
pub mod svg_check;
mod widget;

pub use costume::{
    costume_key, import_files, import_image, import_sheet, sheet_image_name, CostumeAsset,
    CostumeProblem, Frame, ImportFailure, MediaType, MAX_COSTUMES, MAX_FRAMES, MAX_IMAGE_BYTES,
    MAX_TOTAL_BYTES,
};
pub use error::{Problem, ProjectError};
pub use experiment::{ExperimentDef, VaryDef, MAX_EXPERIMENTS};
pub use guide::{AliveCheck, Guide, MAX_GUIDE_BYTES, MAX_GUIDE_ITEMS, SUBJECTS};
pub use stage::StageMetadata;
pub use widget::{WidgetDef, WidgetKind, MAX_WIDGETS};

/// The largest project text accepted from anywhere (a file, a share link, the autosave, a
/// live session's snapshot, the command line), in bytes: real GEMSTEP models are well under
/// a megabyte, and a project's costumes are at most 2 MB. Anything bigger is refused before
/// it is read.
pub const MAX_PROJECT_BYTES: usize = 8 * 1024 * 1024;

/// Why project text of `bytes` bytes from `source` is refused, when it is larger than
/// [`MAX_PROJECT_BYTES`]; the app and the command line say the same.
pub fn too_large(source: &str, bytes: u64) -> Option<String> {
    (bytes > MAX_PROJECT_BYTES as u64).then(|| {
        format!(
            "{source} is too large to be a project ({bytes} bytes; a project may have at most {} MB)",
            MAX_PROJECT_BYTES >> 20
        )
    })
}

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// A borrowed project given to a simulation to keep ([`crate::Simulation::load`]) is copied;
/// an `Rc<Project>` is shared instead.
impl From<&Project> for std::rc::Rc<Project> {
    fn from(project: &Project) -> std::rc::Rc<Project> {
        std::rc::Rc::new(project.clone())
    }
}

/// A whole model: stage, rounds, blueprints and starting agents.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Project {
    /// A short identifier (`aquatic`), used for file and link names.
    pub id: String,
    /// The name shown to people (`Aquatic Ecosystem`).
    pub label: String,
    /// A longer description for the teacher.
    pub description: String,
    /// The stage settings.
    pub metadata: StageMetadata,
    /// The rounds, in the order they run.
    pub rounds: Vec<Round>,
    /// The blueprints, one per kind of character.
    pub blueprints: Vec<BlueprintDef>,
    /// The agents placed on stage at the start.
    pub instances: Vec<InstanceDef>,
    /// The project's own costumes (imported pictures and sprite sheets), in import order.
    /// Left out of the file when there are none, so a GEMSTEP project saves unchanged.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub costumes: Vec<CostumeAsset>,
    /// The teacher's parameter sweeps (see [`ExperimentDef`]); left out of the file when
    /// there are none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub experiments: Vec<ExperimentDef>,
    /// The teacher's interface widgets (see [`WidgetDef`]), in the order shown; left out of the
    /// file when there are none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub widgets: Vec<WidgetDef>,
    /// The model's lesson guide (see [`Guide`]), shown in the Info view and the library; left
    /// out of the file when there is none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub guide: Option<Guide>,
    /// Fields Stepwise does not use, kept so saving does not lose them.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// One round of a classroom run: a time limit, text shown before and after, and
/// scripts run when it starts and ends.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Round {
    /// Identifies the round (`round1`).
    pub id: String,
    /// The name shown to people.
    pub label: String,
    /// How long the round lasts, in seconds of simulation time.
    pub time: u32,
    /// Text shown before the round starts.
    pub intro: String,
    /// Text shown after the round ends (GEMSTEP's spelling).
    pub outtro: String,
    /// ScriptText run when the round starts.
    pub init_script: String,
    /// ScriptText run when the round ends.
    pub end_script: String,
    /// Fields Stepwise does not use, kept so saving does not lose them.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// A blueprint: the ScriptText that defines one kind of character.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BlueprintDef {
    /// The blueprint's name, which scripts and instances refer to (`Fish`).
    pub name: String,
    /// The name shown to people (defaults to empty; the app shows `name` then).
    #[serde(default)]
    pub label: String,
    /// The script.
    #[serde(default)]
    pub script_text: String,
    /// Fields Stepwise does not use, kept so saving does not lose them.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl BlueprintDef {
    /// The name to show people: the label, or the name when the label is blank. Every view
    /// of the app lists blueprints by this, so a student sees one name for each.
    pub fn shown_label(&self) -> &str {
        if self.label.trim().is_empty() {
            &self.name
        } else {
            &self.label
        }
    }
}

/// One agent on stage at the start: which blueprint it is made from, and a script
/// run once to set it up (usually its position).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InstanceDef {
    /// Identifies the agent within the project (`501`).
    pub id: String,
    /// The agent's name (`Algae 1`).
    #[serde(default)]
    pub label: String,
    /// The name of its blueprint.
    pub bpid: String,
    /// ScriptText run once when the agent is created.
    #[serde(default)]
    pub init_script: String,
    /// Fields Stepwise does not use, kept so saving does not lose them.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl Project {
    /// Reads a project from `.gemprj` JSON and checks that it is consistent (unique
    /// blueprint names and instance ids, instances of existing blueprints, a stage
    /// with room in it). A byte-order mark at the start is ignored.
    pub fn from_json(text: &str) -> Result<Project, ProjectError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        match text.trim_start().chars().next() {
            None => return Err(ProjectError::Empty),
            Some('{') => {}
            Some(_) => return Err(ProjectError::NotAnObject),
        }
        let mut project = parse(text)?;
        // Read one at a time, the starting agents' list grew by doubling (to 16,384 places
        // for 10,000); the project is held as long as it is open.
        project.instances.shrink_to_fit();
        let problems = project.problems();
        if problems.is_empty() {
            Ok(project)
        } else {
            Err(ProjectError::Invalid { problems })
        }
    }

    /// Writes the project as indented JSON, the way GEMSTEP writes it.
    pub fn to_json_pretty(&self) -> Result<String, ProjectError> {
        serde_json::to_string_pretty(self).map_err(|e| ProjectError::Write {
            message: e.to_string(),
        })
    }

    /// Every consistency problem in the project (empty when there are none), for
    /// an editor that shows them while the project is being changed.
    pub fn problems(&self) -> Vec<Problem> {
        check::problems(self)
    }

    /// The blueprint called `name`.
    pub fn blueprint(&self, name: &str) -> Option<&BlueprintDef> {
        self.blueprints.iter().find(|b| b.name == name)
    }

    /// The blueprint called `name`, to edit it.
    pub fn blueprint_mut(&mut self, name: &str) -> Option<&mut BlueprintDef> {
        self.blueprints.iter_mut().find(|b| b.name == name)
    }

    /// The project's costume that `name` (`bunny.json`, `Bunny`) names, if it has one.
    pub fn costume(&self, name: &str) -> Option<&CostumeAsset> {
        let key = costume_key(name);
        self.costumes.iter().find(|c| c.name == key)
    }

    /// Adds an imported costume, or replaces the one of the same name; refused when the
    /// project would pass [`MAX_COSTUMES`] or [`MAX_TOTAL_BYTES`].
    pub fn put_costume(&mut self, asset: CostumeAsset) -> Result<(), CostumeProblem> {
        costume::put(&mut self.costumes, asset)
    }

    /// Removes the costume called `name`; false when there is none.
    pub fn remove_costume(&mut self, name: &str) -> bool {
        let before = self.costumes.len();
        self.costumes.retain(|c| c.name != name);
        self.costumes.len() != before
    }

    /// Adds a starting agent of `blueprint` running `init_script`, with a fresh id and a name
    /// not yet taken (`Fish 1`, `Fish 2` …); returns its index in the instance list.
    pub fn add_instance(&mut self, blueprint: &str, init_script: String) -> usize {
        let label = (1..)
            .map(|n| format!("{blueprint} {n}"))
            .find(|name| !self.instances.iter().any(|i| i.label == *name))
            .unwrap_or_default();
        // One more than the largest numeric id (GEMSTEP numbers them).
        let largest = self
            .instances
            .iter()
            .filter_map(|i| i.id.trim().parse::<u64>().ok())
            .max()
            .unwrap_or(0);
        let id = (largest.saturating_add(1)..)
            .map(|n| n.to_string())
            .find(|id| !self.instances.iter().any(|i| i.id == *id))
            .unwrap_or_default();
        self.instances.push(InstanceDef {
            id,
            label,
            bpid: blueprint.to_owned(),
            init_script,
            extra: Map::new(),
        });
        self.instances.len() - 1
    }

    /// The starting agents made from the blueprint called `name`, in file order.
    pub fn instances_of<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a InstanceDef> + 'a {
        self.instances.iter().filter(move |i| i.bpid == name)
    }
}

/// Parses JSON into a project, turning a failure into an error that names the path
/// inside the project and the line and column inside the text.
fn parse(text: &str) -> Result<Project, ProjectError> {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let project: Project = serde_path_to_error::deserialize(&mut deserializer)
        .map_err(|err| json_error(readable_path(&err.path().to_string()), err.inner()))?;
    deserializer
        .end()
        .map_err(|err| json_error(String::new(), &err))?;
    Ok(project)
}

/// The path as people read it: nothing for the file itself, no `?` for a place
/// serde could not name, and a very deep path cut short.
fn readable_path(path: &str) -> String {
    const LIMIT: usize = 80;
    let path = path.strip_suffix(".?").unwrap_or(path);
    if path == "." || path == "?" {
        return String::new();
    }
    match path.char_indices().nth(LIMIT) {
        Some((cut, _)) => format!("{}…", &path[..cut]),
        None => path.to_string(),
    }
}

fn json_error(path: String, err: &serde_json::Error) -> ProjectError {
    let full = err.to_string();
    let location = format!(" at line {} column {}", err.line(), err.column());
    let message = plain_json(full.strip_suffix(&location).unwrap_or(&full));
    ProjectError::Json {
        path,
        line: err.line(),
        column: err.column(),
        message,
    }
}

/// serde's message about a project's JSON, in plain words: what is there and what should be
/// (a message it words otherwise is kept as it is).
fn plain_json(message: &str) -> String {
    let wrong = |rest: &str| {
        let (found, expected) = rest.split_once(", expected ")?;
        Some(format!(
            "this should be {}, not {}",
            json_kind(expected),
            json_found(found)
        ))
    };
    let plain = if let Some(rest) = message.strip_prefix("invalid type: ") {
        wrong(rest)
    } else if let Some(rest) = message.strip_prefix("invalid value: ") {
        wrong(rest)
    } else if let Some(rest) = message.strip_prefix("invalid length ") {
        rest.split_once(", expected ").map(|(n, expected)| {
            let items = if n == "1" { "item" } else { "items" };
            let expected = match expected.strip_prefix("an array of length ") {
                Some(len) => format!("a list of {len}"),
                None => expected.to_owned(),
            };
            format!("this list has {n} {items}, but it should be {expected}")
        })
    } else if let Some(field) = message.strip_prefix("missing field ") {
        Some(format!("the field {} is missing", field.replace('`', "'")))
    } else if let Some(rest) = message.strip_prefix("unknown variant ") {
        rest.split_once(", expected ").map(|(found, expected)| {
            let expected = expected.strip_prefix("one of ").unwrap_or(expected);
            format!(
                "{} is not allowed here: use {}",
                found.replace('`', "'"),
                expected.replace('`', "'")
            )
        })
    } else {
        match message {
            "trailing comma" => Some("there is a comma with nothing after it: delete it".into()),
            "trailing characters" => {
                Some("there is more text after the project's last '}': delete it".into())
            }
            "number out of range" => Some("this number is too large".into()),
            "expected value" => Some("a value should be here".into()),
            "recursion limit exceeded" => {
                Some("lists or objects are put inside one another too deeply".into())
            }
            _ if message.starts_with("EOF while parsing") => Some(
                "the file ends too soon: something is missing at its end (a quote, '}' or ']')"
                    .into(),
            ),
            _ => None,
        }
    };
    plain.unwrap_or_else(|| message.to_owned())
}

/// A kind of JSON value serde names as expected, in plain words.
fn json_kind(expected: &str) -> String {
    match expected {
        "a string" | "a borrowed string" => "text in quotes".into(),
        "u8" => "a whole number from 0 to 255".into(),
        "u16" => "a whole number from 0 to 65535".into(),
        "u32" => "a whole number from 0 to 4294967295".into(),
        "u64" | "usize" => "a whole number, 0 or more".into(),
        "i8" | "i16" | "i32" | "i64" | "isize" => "a whole number".into(),
        "f32" | "f64" => "a number".into(),
        "a boolean" => "true or false".into(),
        "a sequence" => "a list in [ ]".into(),
        "a map" => "an object in { }".into(),
        _ if expected.starts_with("struct ") => "an object in { }".into(),
        other => other.to_owned(),
    }
}

/// The value serde found, in plain words.
fn json_found(found: &str) -> String {
    let quoted = |rest: &str| rest.trim_matches('`').to_owned();
    if let Some(n) = found.strip_prefix("integer ") {
        format!("the number {}", quoted(n))
    } else if let Some(n) = found.strip_prefix("floating point ") {
        format!("the number {}", quoted(n))
    } else if let Some(text) = found.strip_prefix("string ") {
        format!("the text {text}")
    } else if let Some(b) = found.strip_prefix("boolean ") {
        quoted(b)
    } else {
        match found {
            "map" => "an object".into(),
            "sequence" => "a list".into(),
            other => other.to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = r##"{
  "id": "demo",
  "label": "Demo",
  "description": "",
  "metadata": { "top": -300, "right": 300, "bottom": 300, "left": -300,
                "wrap": [true, false], "bounce": false, "bgcolor": 255, "roundsCanLoop": true },
  "rounds": [ { "id": "r1", "label": "Round 1", "time": 30, "intro": "Go", "outtro": "Done",
                "initScript": "dbgOut 'start'", "endScript": "" } ],
  "blueprints": [ { "name": "Fish", "label": "Fish", "scriptText": "# BLUEPRINT Fish" },
                  { "name": "Algae", "label": "Algae", "scriptText": "# BLUEPRINT Algae" } ],
  "instances": [ { "id": "1", "label": "Nemo", "bpid": "Fish", "initScript": "prop x setTo 5" },
                 { "id": "2", "label": "Dory", "bpid": "Fish", "initScript": "" },
                 { "id": "3", "label": "Green", "bpid": "Algae", "initScript": "" } ]
}"##;

    fn error(text: &str) -> String {
        match Project::from_json(text) {
            Ok(project) => panic!("loaded {project:?}"),
            Err(err) => err.to_string(),
        }
    }

    #[test]
    fn reads_every_field() {
        let project = Project::from_json(SMALL).unwrap();
        assert_eq!(
            (project.id.as_str(), project.label.as_str()),
            ("demo", "Demo")
        );
        assert_eq!(project.metadata.wrap, [true, false]);
        assert_eq!(project.metadata.bgcolor, 255);
        assert!(project.metadata.rounds_can_loop);
        assert_eq!(project.rounds[0].time, 30);
        assert_eq!(project.rounds[0].init_script, "dbgOut 'start'");
        assert_eq!(
            project.blueprint("Algae").map(|b| b.script_text.as_str()),
            Some("# BLUEPRINT Algae")
        );
        let fish: Vec<&str> = project
            .instances_of("Fish")
            .map(|i| i.label.as_str())
            .collect();
        assert_eq!(fish, ["Nemo", "Dory"]);
        assert!(project.blueprint("Shark").is_none());
    }

    #[test]
    fn missing_optional_fields_take_defaults() {
        let project = Project::from_json(
            r#"{"blueprints":[{"name":"A"}],"instances":[{"id":"1","bpid":"A"}]}"#,
        )
        .unwrap();
        assert_eq!(project.metadata, StageMetadata::default());
        assert!(project.rounds.is_empty());
        assert_eq!(project.blueprints[0].script_text, "");
        assert_eq!(project.instances[0].init_script, "");
    }

    #[test]
    fn saving_and_loading_gives_the_same_project() {
        let mut project = Project::from_json(SMALL).unwrap();
        if let Some(fish) = project.blueprint_mut("Fish") {
            fish.script_text.push_str("\naddProp energy Number 5");
        }
        let again = Project::from_json(&project.to_json_pretty().unwrap()).unwrap();
        assert_eq!(again, project);
    }

    #[test]
    fn costumes_travel_with_the_project_and_damaged_ones_are_named() {
        let mut project = Project::from_json(SMALL).unwrap();
        assert!(
            !project.to_json_pretty().unwrap().contains("costumes"),
            "a project without costumes saves as GEMSTEP wrote it"
        );
        let svg = br#"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"></svg>"#;
        project
            .put_costume(import_image("Wolf.svg", svg).unwrap())
            .unwrap();
        let again = Project::from_json(&project.to_json_pretty().unwrap()).unwrap();
        assert_eq!(again, project);
        assert_eq!(again.costume("wolf.json").map(|c| c.width), Some(20));
        assert!(project.remove_costume("wolf"));
        assert!(project.costume("wolf").is_none());

        let json = r#"{"costumes":[{"name":"a","mediaType":"image/png","width":4,"height":4,"data":"PHN2Zz4="},
            {"name":"b","mediaType":"image/gif","width":4,"height":4,"data":""}]}"#;
        assert!(
            error(json).starts_with("costumes[1].mediaType: 'image/gif' is not allowed here: use"),
            "{}",
            error(json)
        );
        let json = r#"{"costumes":[{"name":"a","mediaType":"image/png","width":4,"height":4,"data":"PHN2Zz4="}]}"#;
        assert_eq!(
            error(json),
            "costumes[0] ('a'): the SVG cannot be read: the root node was opened but never closed"
        );
    }

    #[test]
    fn unknown_fields_survive_at_every_level() {
        let text = r#"{"version":3,"metadata":{"grid":1},"rounds":[{"music":"x"}],
            "blueprints":[{"name":"A","color":"red"}],"instances":[{"id":"1","bpid":"A","locked":true}]}"#;
        let saved = Project::from_json(text).unwrap().to_json_pretty().unwrap();
        let saved: Value = serde_json::from_str(&saved).unwrap();
        assert_eq!(saved["version"], 3);
        assert_eq!(saved["metadata"]["grid"], 1);
        assert_eq!(saved["rounds"][0]["music"], "x");
        assert_eq!(saved["blueprints"][0]["color"], "red");
        assert_eq!(saved["instances"][0]["locked"], true);
    }

    #[test]
    fn wrong_types_name_the_path_line_and_column() {
        let text = "{\n  \"blueprints\": [\n    {\"name\": \"A\"},\n    {\"name\": \"B\", \"scriptText\": 7}\n  ]\n}";
        assert_eq!(
            error(text),
            "blueprints[1].scriptText: this should be text in quotes, not the number 7 (line 4, column 33)"
        );
        assert!(error(r#"{"metadata":{"wrap":[true]}}"#)
            .starts_with("metadata.wrap: this list has 1 item, but it should be"));
        assert!(error(r#"{"rounds":[{"time":-5}]}"#).starts_with(
            "rounds[0].time: this should be a whole number from 0 to 4294967295, not the number -5"
        ));
        assert!(error(r#"{"instances":[{"id":"1"}]}"#)
            .starts_with("instances[0]: the field 'bpid' is missing"));
    }

    #[test]
    fn malformed_json_names_the_line_and_column() {
        assert_eq!(
            error("{\n  \"id\": \"a\",\n}"),
            "there is a comma with nothing after it: delete it (line 3, column 1)"
        );
        assert_eq!(
            error("{\"id\": \"a\"} extra"),
            "there is more text after the project's last '}': delete it (line 1, column 13)"
        );
        assert!(error("{\"id\": ").starts_with("id: the file ends too soon"));
    }

    #[test]
    fn numbers_in_unknown_fields_are_kept_exactly() {
        let text = r#"{"ratio":-5.832680676177079e139,"count":18446744073709551615,"neg":-9007199254740993}"#;
        let saved = Project::from_json(text).unwrap().to_json_pretty().unwrap();
        let original: Value = serde_json::from_str(text).unwrap();
        let written: Value = serde_json::from_str(&saved).unwrap();
        assert_eq!(written["ratio"], original["ratio"]);
        assert_eq!(written["count"], original["count"]);
        assert_eq!(written["neg"], original["neg"]);
    }

    #[test]
    fn huge_numbers_are_errors() {
        assert!(error(r#"{"metadata":{"top":1e400}}"#)
            .starts_with("metadata.top: this number is too large"));
        assert!(error(r#"{"metadata":{"bgcolor":99999999999}}"#)
            .starts_with("metadata.bgcolor: this should be"));
    }

    #[test]
    fn the_top_level_must_be_an_object() {
        assert_eq!(Project::from_json(""), Err(ProjectError::Empty));
        assert_eq!(Project::from_json("  \n"), Err(ProjectError::Empty));
        assert_eq!(Project::from_json("[1, 2]"), Err(ProjectError::NotAnObject));
        assert_eq!(Project::from_json("42"), Err(ProjectError::NotAnObject));
        assert_eq!(Project::from_json("hello"), Err(ProjectError::NotAnObject));
        assert!(
            Project::from_json("\u{feff}{}").is_ok(),
            "a byte-order mark is ignored"
        );
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let depth = 100_000;
        let text = format!("{{\"extra\":{}{}}}", "[".repeat(depth), "]".repeat(depth));
        let message = error(&text);
        assert!(message.starts_with("extra[0][0]"), "{message}");
        assert!(
            message.contains("…: lists or objects are put inside one another too deeply"),
            "{message}"
        );
        assert!(message.len() < 200, "a deep path is cut short: {message}");
        let text = format!(
            "{{\"extra\":{}1{}}}",
            "{\"a\":".repeat(depth),
            "}".repeat(depth)
        );
        assert!(error(&text).contains("inside one another too deeply"));
    }

    #[test]
    fn duplicate_blueprints_name_both() {
        let text = r#"{"blueprints":[{"name":"Fish"},{"name":"Algae"},{"name":"Fish"}]}"#;
        assert_eq!(
            error(text),
            "blueprints[0] and blueprints[2] are both named 'Fish'"
        );
    }

    #[test]
    fn instances_of_missing_blueprints_are_reported() {
        let text = r#"{"blueprints":[{"name":"Algae"}],
            "instances":[{"id":"1","bpid":"Algea"},{"id":"1","bpid":"Shark"}]}"#;
        assert_eq!(
            error(text),
            "the project has 3 problems: \
             instances[0].bpid: there is no blueprint named 'Algea' — did you mean 'Algae'?; \
             instances[0] and instances[1] both have the id '1'; \
             instances[1].bpid: there is no blueprint named 'Shark'"
        );
    }

    #[test]
    fn a_stage_without_room_is_reported() {
        let text = r#"{"metadata":{"left":100,"right":100,"top":5,"bottom":-5},"blueprints":[{"name":" "}]}"#;
        let Err(ProjectError::Invalid { problems }) = Project::from_json(text) else {
            panic!("expected problems");
        };
        let messages: Vec<String> = problems.iter().map(Problem::to_string).collect();
        assert_eq!(
            messages,
            [
                "metadata: left (100) must be less than right (100)",
                "metadata: top (5) must be less than bottom (-5)",
                "blueprints[0] has no name",
            ]
        );
    }
}
