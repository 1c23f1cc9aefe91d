//! [`CompileError`]: one problem found while compiling a script, with where it is and what
//! would have been valid. The compiler collects them all instead of stopping at the first.

use std::fmt;

use crate::script::Pos;

/// One compile error: which script, where in it, the text at fault and what was wrong.
#[derive(Debug, Clone, PartialEq)]
pub struct CompileError {
    /// Which script: a blueprint's name, or `instance Name`, `round r1 init` ...
    pub script: String,
    /// Where the offending text starts.
    pub pos: Pos,
    /// The offending text as written (a keyword, a name, an argument).
    pub text: String,
    /// What was wrong.
    pub kind: CompileErrorKind,
}

impl fmt::Display for CompileError {
    /// `Fish:12:5: unknown keyword 'featPorp' — did you mean 'featProp'?; this line is skipped, as in GEMSTEP`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.script, self.pos, self.kind)
    }
}

impl std::error::Error for CompileError {}

/// What a [`CompileError`] is about. Messages are lowercase and name what the student wrote.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum CompileErrorKind {
    /// The text could not be read into tokens (an unclosed string, `[[` or `{{` ...).
    Tokenize(String),
    /// A `{{ }}` expression could not be parsed.
    Expr(String),
    /// The first word of a line is not a keyword.
    UnknownKeyword {
        /// The word written.
        word: String,
        /// The closest keyword, if one is close.
        suggestion: Option<String>,
    },
    /// A line starts with something other than a keyword (a number, a string ...).
    NotAKeyword {
        /// What the line starts with.
        found: String,
    },
    /// A method given more arguments than it takes: GEMSTEP ignores the rest, and so do we
    /// (a warning).
    ExtraArgs {
        /// The method.
        name: String,
        /// How many it takes at most.
        max: usize,
        /// How many were given.
        got: usize,
    },
    /// A method given fewer arguments than it needs: GEMSTEP calls it anyway with nothing
    /// in their place (a warning; the line reports an error when it runs).
    MissingArgs {
        /// The method.
        name: String,
        /// The arguments left out.
        missing: Vec<String>,
    },
    /// A value of another type that GEMSTEP's JavaScript turns into the one wanted (a number
    /// as true or false, true or false as a number) (a warning).
    Coerced {
        /// The argument's name.
        arg: String,
        /// What was written.
        from: String,
        /// What it is taken as.
        to: String,
    },
    /// A timer that GEMSTEP accepts but never fires (`every second`) (a warning).
    NeverFires {
        /// The statement's start, as written.
        what: String,
    },
    /// Too few or too many arguments.
    ArgCount {
        /// The keyword or method.
        name: String,
        /// The count it takes ("1 argument", "2 to 3 arguments").
        expected: String,
        /// How many were given.
        got: usize,
    },
    /// An argument of the wrong kind.
    ArgType {
        /// The keyword or method.
        name: String,
        /// The argument's name.
        arg: String,
        /// What it takes.
        expected: String,
        /// What was given.
        got: String,
    },
    /// A name that is not one of the allowed choices.
    NotAChoice {
        /// The argument's name.
        arg: String,
        /// The word written.
        word: String,
        /// The allowed names.
        allowed: Vec<String>,
    },
    /// A name GEMSTEP keeps as written and does nothing with (a warning): an unknown
    /// movement type, an unknown kind of touch.
    UnknownChoice {
        /// The argument's name.
        arg: String,
        /// The word written.
        word: String,
        /// The names that do something.
        allowed: Vec<String>,
    },
    /// An `onEvent` for an event GEMSTEP never raises (a warning): its lines never run.
    EventNeverRaised {
        /// The event written.
        event: String,
        /// The closest event GEMSTEP raises, if one is close.
        suggestion: Option<String>,
    },
    /// A keyword whose `[[ ]]` lines are missing (a warning): GEMSTEP runs nothing.
    NothingToRun {
        /// The keyword.
        keyword: String,
    },
    /// A property that the blueprint never declares (and is not built in).
    UnknownProp {
        /// The property written.
        prop: String,
        /// The blueprint it was looked up on.
        blueprint: String,
        /// The closest property, if one is close.
        suggestion: Option<String>,
    },
    /// A property used outside any agent (in a round script) that is not built in.
    PropNeedsAgent {
        /// The property written.
        prop: String,
    },
    /// A property, in a block that runs on characters of any blueprint (`tellAllCharacters`),
    /// that no blueprint declares (and is not built in): no character it runs on has it.
    PropOnNoCharacter {
        /// The property written.
        prop: String,
        /// The method whose block it is in.
        method: String,
        /// The blueprint (or script) whose line calls the method.
        caller: String,
        /// The closest property of any blueprint, if one is close.
        suggestion: Option<String>,
    },
    /// A property, in a block that runs on characters of any blueprint, that some blueprints
    /// declare and others do not (a warning): on characters without it the line fails when
    /// it runs, as in GEMSTEP, which looks it up on each character.
    PropNotOnEveryCharacter {
        /// The property written.
        prop: String,
        /// The method whose block it is in.
        method: String,
        /// The blueprints that do not declare it.
        lacking: Vec<String>,
    },
    /// A feature name that does not exist.
    UnknownFeature {
        /// The name written.
        name: String,
        /// The closest feature, if one is close.
        suggestion: Option<String>,
    },
    /// A feature used on a blueprint that never adds it.
    FeatureNotAdded {
        /// The feature.
        feature: String,
        /// The blueprint.
        blueprint: String,
    },
    /// A feature property that the feature does not have.
    UnknownFeatProp {
        /// The feature.
        feature: String,
        /// The property written.
        prop: String,
        /// The closest property, if one is close.
        suggestion: Option<String>,
    },
    /// A method that the feature or property type does not have.
    UnknownMethod {
        /// Whose methods were searched ("Number", "feature Movement").
        owner: String,
        /// The method written.
        method: String,
        /// The closest method, if one is close.
        suggestion: Option<String>,
    },
    /// A blueprint name that the project does not have.
    UnknownBlueprint {
        /// The name written.
        name: String,
        /// The closest blueprint, if one is close.
        suggestion: Option<String>,
        /// The blueprint whose `# BLUEPRINT` line gives this name, though the project knows
        /// it by another.
        header_of: Option<String>,
    },
    /// A method that visits the agents of a blueprint the project does not have (a warning):
    /// GEMSTEP finds no agents of that name, so the method's lines never run.
    NoAgentsToVisit {
        /// The name written.
        name: String,
        /// The closest blueprint, if one is close.
        suggestion: Option<String>,
    },
    /// A blueprint's `# BLUEPRINT` line names it otherwise than the project does (a warning:
    /// the project's name stands, as every other script and starting agent uses it).
    HeaderNameMismatch {
        /// The name on the `# BLUEPRINT` line.
        header: String,
        /// The name the project knows the blueprint by.
        blueprint: String,
    },
    /// Another blueprint's agent named where no agent of it is at hand.
    BlueprintOutOfScope {
        /// The blueprint named.
        name: String,
    },
    /// A shared property that no `addGlobalProp` in the project makes.
    UnknownGlobal {
        /// The name written.
        name: String,
        /// The closest shared property, if one is close.
        suggestion: Option<String>,
    },
    /// A `when` test that does not exist.
    UnknownTest {
        /// The test written.
        test: String,
        /// The closest test, if one is close.
        suggestion: Option<String>,
    },
    /// An `onEvent` event that does not exist.
    UnknownEvent {
        /// The event written.
        event: String,
        /// The closest event, if one is close.
        suggestion: Option<String>,
    },
    /// A type name other than Number, String or Boolean.
    UnknownType {
        /// The type written.
        name: String,
    },
    /// A `#` line that is not `# BLUEPRINT`, `# PROGRAM` or `# TAG`, or is missing its name.
    BadPragma {
        /// What was expected.
        expected: String,
    },
    /// A keyword used where it cannot work (a `when` inside a block, a pragma in an instance
    /// script ...).
    NotAllowedHere {
        /// The keyword.
        keyword: String,
        /// Where it may be used instead.
        reason: String,
    },
}

fn did_you_mean(f: &mut fmt::Formatter<'_>, suggestion: &Option<String>) -> fmt::Result {
    match suggestion {
        Some(s) => write!(f, " — did you mean '{s}'?"),
        None => Ok(()),
    }
}

impl fmt::Display for CompileErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use CompileErrorKind as K;
        match self {
            K::Tokenize(msg) | K::Expr(msg) => f.write_str(msg),
            K::UnknownKeyword { word, suggestion } => {
                write!(f, "unknown keyword '{word}'")?;
                did_you_mean(f, suggestion)?;
                f.write_str("; this line is skipped, as in GEMSTEP")
            }
            K::NotAKeyword { found } => write!(f, "a line must start with a keyword, not {found}"),
            K::ExtraArgs { name, max, got } => {
                let s = if *max == 1 { "" } else { "s" };
                let extra = match got.saturating_sub(*max) {
                    1 => "the extra one is".to_owned(),
                    n => format!("the extra {n} are"),
                };
                write!(f, "{name} takes {max} argument{s}, got {got}; {extra} ignored, as in GEMSTEP")
            }
            K::MissingArgs { name, missing } => {
                let list = missing.join("', '");
                write!(f, "{name} is missing '{list}'; GEMSTEP runs it with nothing there, and this line fails when it runs")
            }
            K::Coerced { arg, from, to } => {
                write!(f, "'{arg}' takes {from} as {to}, as GEMSTEP does")
            }
            K::NeverFires { what } => {
                let word = what.split_once(' ').map_or("", |(_, w)| w);
                write!(f, "'{what}' never runs its lines: GEMSTEP reads '{word}' as no number of seconds")
            }
            K::ArgCount { name, expected, got } => {
                write!(f, "{name} expects {expected}, got {got}")
            }
            K::ArgType { name, arg, expected, got } => {
                write!(f, "{name}: '{arg}' must be {expected}, not {got}")
            }
            K::NotAChoice { arg, word, allowed } => {
                write!(f, "'{word}' is not a valid {arg}; use one of: {}", allowed.join(", "))
            }
            K::UnknownChoice { arg, word, allowed } => write!(
                f,
                "'{word}' is no {arg} GEMSTEP knows ({}); as in GEMSTEP, it does nothing",
                allowed.join(", ")
            ),
            K::EventNeverRaised { event, suggestion } => {
                write!(f, "GEMSTEP never raises an event '{event}'")?;
                did_you_mean(f, suggestion)?;
                f.write_str("; these lines never run")
            }
            K::NothingToRun { keyword } => {
                write!(f, "{keyword} has no [[ ]] lines to run; GEMSTEP accepts it and does nothing")
            }
            K::UnknownProp { prop, blueprint, suggestion } => {
                write!(f, "prop '{prop}' is not defined on {blueprint}")?;
                did_you_mean(f, suggestion)
            }
            K::PropNeedsAgent { prop } => write!(
                f,
                "prop '{prop}' needs a character; round scripts can only use built-in props"
            ),
            K::PropOnNoCharacter { prop, method, caller, suggestion } => {
                write!(f, "prop '{prop}' is not defined on any blueprint")?;
                did_you_mean(f, suggestion)?;
                write!(f, " ({caller}'s {method} runs these lines on characters of any blueprint)")
            }
            K::PropNotOnEveryCharacter { prop, method, lacking } => write!(
                f,
                "prop '{prop}' is not defined on {}; {method} runs these lines on characters of \
                 any blueprint, and on those this line fails when it runs",
                lacking.join(", ")
            ),
            K::UnknownFeature { name, suggestion } => {
                write!(f, "unknown feature '{name}'")?;
                did_you_mean(f, suggestion)
            }
            K::FeatureNotAdded { feature, blueprint } => write!(
                f,
                "feature '{feature}' is used but never added to {blueprint} (add 'addFeature {feature}')"
            ),
            K::UnknownFeatProp { feature, prop, suggestion } => {
                write!(f, "feature {feature} has no prop '{prop}'")?;
                did_you_mean(f, suggestion)
            }
            K::UnknownMethod { owner, method, suggestion } => {
                write!(f, "{owner} has no method '{method}'")?;
                did_you_mean(f, suggestion)
            }
            K::UnknownBlueprint { name, header_of: Some(row), .. } => write!(
                f,
                "unknown blueprint '{name}': the blueprint named '{row}' says \
                 '# BLUEPRINT {name}'; rename one of them to match"
            ),
            K::UnknownBlueprint { name, suggestion, .. } => {
                write!(f, "unknown blueprint '{name}'")?;
                did_you_mean(f, suggestion)
            }
            K::NoAgentsToVisit { name, suggestion } => {
                write!(f, "no blueprint '{name}' in this project")?;
                did_you_mean(f, suggestion)?;
                f.write_str(": this block never runs, as in GEMSTEP")
            }
            K::HeaderNameMismatch { header, blueprint } => write!(
                f,
                "this line names the blueprint '{header}', but the project calls it \
                 '{blueprint}' (and so do its starting agents); rename the blueprint or \
                 change this line so they match"
            ),
            K::BlueprintOutOfScope { name } => write!(
                f,
                "'{name}' names no character here; use it inside a 'when' that names {name}"
            ),
            K::UnknownGlobal { name, suggestion } => {
                write!(f, "global prop '{name}' is never made with addGlobalProp")?;
                did_you_mean(f, suggestion)
            }
            K::UnknownTest { test, suggestion } => {
                write!(f, "unknown when test '{test}'")?;
                did_you_mean(f, suggestion)
            }
            K::UnknownEvent { event, suggestion } => {
                write!(f, "unknown event '{event}'")?;
                did_you_mean(f, suggestion)
            }
            K::UnknownType { name } => {
                write!(f, "unknown type '{name}'; use Number, String, Boolean or Dictionary")
            }
            K::BadPragma { expected } => write!(f, "bad '#' line: expected {expected}"),
            K::NotAllowedHere { keyword, reason } => write!(f, "'{keyword}' {reason}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_place_the_text_and_a_suggestion() {
        let e = CompileError {
            script: "Fish".into(),
            pos: Pos { line: 12, col: 5 },
            text: "featPorp".into(),
            kind: CompileErrorKind::UnknownKeyword {
                word: "featPorp".into(),
                suggestion: Some("featProp".into()),
            },
        };
        assert_eq!(
            e.to_string(),
            "Fish:12:5: unknown keyword 'featPorp' — did you mean 'featProp'?; this line is skipped, as in GEMSTEP"
        );
        let count = CompileErrorKind::ArgCount {
            name: "setTo".into(),
            expected: "1 argument".into(),
            got: 2,
        };
        assert_eq!(count.to_string(), "setTo expects 1 argument, got 2");
    }
}
