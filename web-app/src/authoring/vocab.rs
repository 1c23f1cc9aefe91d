//! [`Vocabulary`]: the names a blueprint's script may use — its props (declared in the
//! current text or built in), the features it adds, the project's blueprints — gathered once
//! per edit for colouring and completion.

use sim_core::{
    script::{builtin_prop, feature, tokenize, BUILTIN_PROPS},
    Project, Symbols, VarType, FEATURES,
};
use std::collections::BTreeMap;

/// The names known while editing one blueprint.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Vocabulary {
    /// Props declared by the blueprint (in the text being edited when it tokenizes) and shared
    /// globals, with their types.
    pub props: BTreeMap<String, VarType>,
    /// Canonical names of the features the blueprint adds.
    pub features: Vec<&'static str>,
    /// Every blueprint of the project.
    pub blueprints: Vec<String>,
    /// The project's own costumes, by key (`bunny`).
    pub costumes: Vec<String>,
}

impl Vocabulary {
    /// The vocabulary of blueprint `name` whose script is now `text`, in a project described by
    /// `symbols`. When `text` does not tokenize, the project's last known declarations of the
    /// blueprint stand in.
    pub fn new(text: &str, name: &str, symbols: &Symbols) -> Vocabulary {
        let mut own = symbols.clone();
        if let Ok(units) = tokenize(text) {
            own.add_blueprint(name, &units);
        }
        let bp = own.blueprint(name).cloned().unwrap_or_default();
        let mut props = own.globals.clone();
        props.extend(bp.props);
        let mut blueprints: Vec<String> = own.blueprint_names().map(str::to_owned).collect();
        if !blueprints.iter().any(|b| b == name) {
            blueprints.push(name.to_owned());
        }
        Vocabulary {
            props,
            features: bp.features.into_iter().collect(),
            blueprints,
            costumes: own.costumes,
        }
    }

    /// The type of a prop the blueprint has, declared or built in.
    pub fn prop_type(&self, name: &str) -> Option<VarType> {
        self.props.get(name).copied().or_else(|| builtin_prop(name))
    }

    /// Every prop name with its type: declared first, then built in.
    pub fn all_props(&self) -> impl Iterator<Item = (&str, VarType)> {
        let declared = self.props.iter().map(|(n, t)| (n.as_str(), *t));
        let builtin = BUILTIN_PROPS
            .iter()
            .filter(|(n, _)| !self.props.contains_key(*n))
            .map(|(n, t)| (*n, *t));
        declared.chain(builtin)
    }

    /// The features to offer after `featProp` and friends: those the blueprint adds, or every
    /// feature while it adds none yet.
    pub fn offered_features(&self) -> Vec<&'static str> {
        if self.features.is_empty() {
            FEATURES.iter().map(|f| f.spec.name).collect()
        } else {
            self.features.clone()
        }
    }

    /// Whether `word` names a feature (any feature of the catalog, by name or older name).
    pub fn is_feature(word: &str) -> bool {
        feature(word).is_some()
    }
}

/// What a project declares, for editing one of its blueprints: every blueprint that tokenizes,
/// with its props and features, and the shared props they make.
pub fn project_symbols(project: &Project) -> Symbols {
    let mut symbols = Symbols::complete();
    for bp in &project.blueprints {
        symbols.add_blueprint(&bp.name, &tokenize(&bp.script_text).unwrap_or_default());
    }
    symbols.costumes = project.costumes.iter().map(|c| c.name.clone()).collect();
    symbols
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_current_text_declares_props_and_features() {
        let text = "addProp energy Number 5\naddFeature Movement";
        let vocab = Vocabulary::new(text, "Fish", &Symbols::complete());
        assert_eq!(vocab.prop_type("energy"), Some(VarType::Number));
        assert_eq!(vocab.prop_type("x"), Some(VarType::Number));
        assert_eq!(vocab.prop_type("nothing"), None);
        assert_eq!(vocab.features, vec!["Movement"]);
        assert_eq!(vocab.blueprints, vec!["Fish".to_owned()]);
    }

    #[test]
    fn a_projects_symbols_list_its_blueprints_and_their_declarations() {
        let json = r#"{"blueprints": [
            {"name": "Fish", "scriptText": "addProp energy Number 1\naddFeature Costume"},
            {"name": "Broken", "scriptText": "prop x setTo 'open"}]}"#;
        let symbols = project_symbols(&Project::from_json(json).unwrap());
        let names: Vec<&str> = symbols.blueprint_names().collect();
        assert_eq!(names, ["Broken", "Fish"]);
        let fish = symbols.blueprint("Fish").unwrap();
        assert_eq!(fish.prop("energy"), Some(VarType::Number));
        assert!(fish.features.contains("Costume"));
    }

    #[test]
    fn text_that_does_not_tokenize_falls_back_to_the_project_symbols() {
        let mut symbols = Symbols::complete();
        symbols.add_blueprint("Fish", &tokenize("addProp old Number 1").unwrap());
        let vocab = Vocabulary::new("addProp new Number 'unclosed", "Fish", &symbols);
        assert!(vocab.props.contains_key("old"));
        assert!(!vocab.props.contains_key("new"));
        assert_eq!(vocab.offered_features().len(), FEATURES.len());
    }
}
