//! [`Symbols`]: what the compiler knows about a whole project before compiling any one script:
//! each blueprint's props and features, and the shared (global) props. Gathered in a first
//! pass, so a script may use a prop declared further down, or on another blueprint
//! (`Algae.energyLevel` inside Fish's `when`).

use std::collections::{BTreeMap, BTreeSet};

use super::error::CompileErrorKind;
use crate::features;
use crate::script::keywords::pragma::blueprint_name;
use crate::script::{ScriptUnit, Token, TokenKind};
use crate::suggest::closest;
use crate::vars::VarType;

/// The props every agent has without `addProp`, and their types: GEMSTEP's agent props
/// (`class-sm-agent`), `color` among them (the tint as a number; without a script's own it is
/// the Costume's, which real models read as `Moth.prop.color.value`).
pub const BUILTIN_PROPS: &[(&str, VarType)] = &[
    ("color", VarType::Number),
    ("scale", VarType::Number),
    ("scaleY", VarType::Number),
    ("x", VarType::Number),
    ("y", VarType::Number),
    ("name", VarType::String),
    ("id", VarType::Number),
    ("skin", VarType::String),
    ("visible", VarType::Boolean),
    ("alpha", VarType::Number),
    ("isInert", VarType::Boolean),
    ("zIndex", VarType::Number),
    ("orientation", VarType::Number),
    ("statusText", VarType::String),
    ("type", VarType::String),
    ("glowColor", VarType::Number),
    ("isInhabitingTarget", VarType::Boolean),
    ("trackerId", VarType::String),
    ("statusValue", VarType::Number),
    ("statusValueColor", VarType::Number),
    ("statusValueIsLarge", VarType::Boolean),
    ("isPuppet", VarType::Boolean),
];

/// The type of a built-in prop.
pub fn builtin_prop(name: &str) -> Option<VarType> {
    BUILTIN_PROPS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, ty)| *ty)
}

/// What one blueprint declares.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BlueprintSymbols {
    /// Props added with `addProp`, and their types.
    pub props: BTreeMap<String, VarType>,
    /// Canonical names of the features added.
    pub features: BTreeSet<&'static str>,
}

impl BlueprintSymbols {
    /// The type of a prop, declared or built in (a declared prop wins).
    pub fn prop(&self, name: &str) -> Option<VarType> {
        self.props.get(name).copied().or_else(|| builtin_prop(name))
    }

    /// Every prop name, declared then built in, for "did you mean".
    pub fn prop_names(&self) -> impl Iterator<Item = &str> {
        self.props
            .keys()
            .map(String::as_str)
            .chain(BUILTIN_PROPS.iter().map(|(n, _)| *n))
    }
}

/// What the compiler knows about the project the script belongs to.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Symbols {
    /// Each blueprint's declarations, by name.
    pub blueprints: BTreeMap<String, BlueprintSymbols>,
    /// Shared props made with `featCall Global addGlobalProp`, and their types.
    pub globals: BTreeMap<String, VarType>,
    /// Whether `blueprints` is the whole project. When false (a lone `.gemscript`), names of
    /// other blueprints cannot be checked and are accepted.
    pub complete: bool,
    /// The project's own costumes (their keys, like `bunny`), for editors that offer the
    /// costumes a script can name; the compiler accepts any costume name, as GEMSTEP does.
    pub costumes: Vec<String>,
    /// Names that a blueprint's `# BLUEPRINT` line gives where they differ from the name the
    /// project knows it by (header name → blueprint), so "unknown blueprint" can say which
    /// blueprint meant it.
    pub headers: BTreeMap<String, String>,
}

impl Symbols {
    /// Symbols for a project whose blueprints are all listed.
    pub fn complete() -> Symbols {
        Symbols {
            complete: true,
            ..Symbols::default()
        }
    }

    /// Symbols for a script read on its own, without the rest of its project.
    pub fn partial() -> Symbols {
        Symbols::default()
    }

    /// Records the declarations of blueprint `name` found in its units.
    pub fn add_blueprint(&mut self, name: &str, units: &[ScriptUnit]) {
        let mut bp = BlueprintSymbols::default();
        walk(units, &mut |unit| declare(unit, &mut bp, &mut self.globals));
        self.blueprints.insert(name.to_owned(), bp);
        if let Some(header) = blueprint_name(units).filter(|h| h != name) {
            self.headers.insert(header, name.to_owned());
        }
    }

    /// The error for a blueprint name the project does not have: the blueprint whose
    /// `# BLUEPRINT` line gives that name when there is one, else the closest name.
    pub fn unknown_blueprint(&self, name: &str) -> CompileErrorKind {
        let header_of = self.headers.get(name).cloned();
        let suggestion = match &header_of {
            Some(_) => None,
            None => closest(name, self.blueprint_names()).map(str::to_owned),
        };
        CompileErrorKind::UnknownBlueprint {
            name: name.to_owned(),
            suggestion,
            header_of,
        }
    }

    /// Records the shared props that a script outside any blueprint (an instance or round
    /// script) makes.
    pub fn add_globals_from(&mut self, units: &[ScriptUnit]) {
        let mut ignored = BlueprintSymbols::default();
        walk(units, &mut |unit| {
            declare(unit, &mut ignored, &mut self.globals)
        });
    }

    /// The declarations of a blueprint, if the project has it.
    pub fn blueprint(&self, name: &str) -> Option<&BlueprintSymbols> {
        self.blueprints.get(name)
    }

    /// Every blueprint name, for "did you mean".
    pub fn blueprint_names(&self) -> impl Iterator<Item = &str> {
        self.blueprints.keys().map(String::as_str)
    }
}

/// Calls `visit` on every unit, including those inside blocks.
fn walk(units: &[ScriptUnit], visit: &mut impl FnMut(&[Token])) {
    for unit in units {
        visit(unit);
        for token in unit {
            if let TokenKind::Block(inner) = &token.kind {
                walk(inner, visit);
            }
        }
    }
}

fn word(token: Option<&Token>) -> Option<&str> {
    match &token?.kind {
        TokenKind::Identifier(w) | TokenKind::String(w) => Some(w),
        _ => None,
    }
}

/// Notes what one unit declares: `addProp`, `addFeature`/`useFeature`, `addGlobalProp`.
/// Malformed declarations are skipped here; compiling the unit reports them.
fn declare(unit: &[Token], bp: &mut BlueprintSymbols, globals: &mut BTreeMap<String, VarType>) {
    let type_at = |i: usize| word(unit.get(i)).and_then(|w| VarType::parse(w).ok());
    match word(unit.first()) {
        Some("addProp") => {
            if let (Some(name), Some(ty)) = (word(unit.get(1)), type_at(2)) {
                bp.props.insert(name.to_owned(), ty);
            }
        }
        Some("addFeature" | "useFeature") => {
            for token in unit.iter().skip(1) {
                if let Some(spec) = word(Some(token)).and_then(features::feature) {
                    bp.features.insert(spec.name);
                }
            }
        }
        Some("featCall") if word(unit.get(2)) == Some("addGlobalProp") => {
            if let (Some(name), Some(ty)) = (word(unit.get(3)), type_at(4)) {
                globals.insert(name.to_owned(), ty);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::tokenize;

    fn symbols_of(text: &str) -> BlueprintSymbols {
        let mut s = Symbols::complete();
        s.add_blueprint("Fish", &tokenize(text).unwrap());
        s.blueprint("Fish").unwrap().clone()
    }

    #[test]
    fn props_and_features_are_found_anywhere_in_the_script() {
        let bp = symbols_of(
            "# PROGRAM UPDATE\nevery 1 [[\n addProp late Number 1\n]]\nuseFeature AgentWidgets\naddFeature Costume\naddProp energy number 5",
        );
        assert_eq!(bp.prop("late"), Some(VarType::Number));
        assert_eq!(bp.prop("energy"), Some(VarType::Number));
        assert_eq!(bp.prop("x"), Some(VarType::Number));
        assert_eq!(bp.prop("nothing"), None);
        assert!(bp.features.contains("Graphing"));
        assert!(bp.features.contains("Costume"));
    }

    #[test]
    fn global_props_are_collected_from_any_script() {
        let mut s = Symbols::complete();
        s.add_globals_from(&tokenize("featCall Global addGlobalProp darkMoths Number 0").unwrap());
        assert_eq!(s.globals.get("darkMoths"), Some(&VarType::Number));
    }

    #[test]
    fn a_declared_prop_shadows_a_builtin_of_the_same_name() {
        let bp = symbols_of("addProp type Number 1");
        assert_eq!(bp.prop("type"), Some(VarType::Number));
    }
}
