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
    /// `Fish:12:5: 'featPorp' is not a keyword, so this line is skipped — did you mean 'featProp'?`
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

/// " — did you mean …?" with the one of `allowed` closest to `word`, if one is close.
fn closest_of(f: &mut fmt::Formatter<'_>, word: &str, allowed: &[String]) -> fmt::Result {
    let close = crate::suggest::closest(word, allowed.iter().map(String::as_str));
    did_you_mean(f, &close.map(str::to_owned))
}

/// `a`, `a or b`, `a, b or c` (`word`: "or" or "and").
pub(crate) fn list_of(items: &[impl AsRef<str>], word: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_owned(),
        [rest @ .., last] => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} {word} {}", rest.join(", "), last.as_ref())
        }
    }
}

/// "1 argument", "no arguments", "3 arguments".
fn arguments(n: usize) -> String {
    match n {
        0 => "no arguments".to_owned(),
        1 => "1 argument".to_owned(),
        n => format!("{n} arguments"),
    }
}

/// How many were given: "none" or the number.
fn given(n: usize) -> String {
    match n {
        0 => "none".to_owned(),
        n => n.to_string(),
    }
}

impl fmt::Display for CompileErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use CompileErrorKind as K;
        match self {
            K::Tokenize(msg) | K::Expr(msg) => f.write_str(msg),
            K::UnknownKeyword { word, suggestion } => {
                write!(f, "'{word}' is not a keyword, so this line is skipped")?;
                match suggestion {
                    Some(_) => did_you_mean(f, suggestion),
                    None => {
                        f.write_str(" (a line starts with a keyword, such as prop or featCall)")
                    }
                }
            }
            K::NotAKeyword { found } => write!(
                f,
                "a line must start with a keyword, such as prop or featCall, not with {found}"
            ),
            K::ExtraArgs { name, max, got } => {
                let extra = match (got.saturating_sub(*max), max) {
                    (1, 0) => "it is".to_owned(),
                    (_, 0) => "they are".to_owned(),
                    (1, _) => "the extra one is".to_owned(),
                    (n, _) => format!("the extra {n} are"),
                };
                write!(
                    f,
                    "{name} takes {}, but this line gives it {got}; {extra} ignored",
                    arguments(*max)
                )
            }
            K::MissingArgs { name, missing } => {
                let quoted: Vec<String> = missing.iter().map(|m| format!("'{m}'")).collect();
                let them = if missing.len() == 1 { "it" } else { "them" };
                write!(
                    f,
                    "{name} needs its {} after it; without {them}, this line fails when it runs",
                    list_of(&quoted, "and")
                )
            }
            K::Coerced { arg, from, to } => {
                let takes = if to == "true" || to == "false" {
                    "true or false"
                } else {
                    "a number"
                };
                write!(f, "'{arg}' takes {takes}, so {from} is read as {to} here")
            }
            K::NeverFires { what } => write!(
                f,
                "'{what}' never runs its lines: write a number of seconds, like 'every 1'"
            ),
            K::ArgCount {
                name,
                expected,
                got,
            } => {
                write!(
                    f,
                    "{name} needs {expected}, but this line gives it {}",
                    given(*got)
                )
            }
            K::ArgType {
                name,
                expected,
                got,
                ..
            } if got == "nothing" => {
                write!(f, "{name} needs {expected} here")
            }
            K::ArgType {
                name,
                arg,
                expected,
                got,
            } => {
                write!(f, "'{arg}' in {name} must be {expected}, not {got}")
            }
            K::NotAChoice { arg, word, allowed } => {
                write!(
                    f,
                    "the {arg} must be {}, not '{word}'",
                    list_of(allowed, "or")
                )?;
                closest_of(f, word, allowed)
            }
            K::UnknownChoice { arg, word, allowed } => {
                if let [only] = allowed.as_slice() {
                    return write!(
                        f,
                        "'{word}' does nothing as the {arg}: the only {arg} is {only}"
                    );
                }
                write!(
                    f,
                    "'{word}' does nothing as the {arg}: use {}",
                    list_of(allowed, "or")
                )?;
                closest_of(f, word, allowed)
            }
            K::EventNeverRaised { event, suggestion } | K::UnknownEvent { event, suggestion } => {
                write!(f, "there is no event '{event}', so these lines never run")?;
                match suggestion {
                    Some(_) => did_you_mean(f, suggestion),
                    None => write!(
                        f,
                        "; the events are {}",
                        list_of(crate::script::keywords::on_event::EVENTS, "and")
                    ),
                }
            }
            K::NothingToRun { keyword } => write!(
                f,
                "{keyword} has no [[ ]] lines to run, so it does nothing: end this line with \
                 '[[', then write the lines and a ']]' below it"
            ),
            K::UnknownProp {
                prop,
                blueprint,
                suggestion,
            } => {
                write!(f, "{blueprint} has no property '{prop}'")?;
                match suggestion {
                    Some(_) => did_you_mean(f, suggestion),
                    None => f.write_str(" (make it with addProp in # PROGRAM DEFINE)"),
                }
            }
            K::PropNeedsAgent { prop } => write!(
                f,
                "this script runs for no character, so it has no property '{prop}'; use a \
                 global property here instead (made with addGlobalProp)"
            ),
            K::PropOnNoCharacter {
                prop,
                method,
                caller,
                suggestion,
            } => {
                write!(f, "no blueprint has a property '{prop}'")?;
                did_you_mean(f, suggestion)?;
                write!(
                    f,
                    " ({caller}'s {method} runs these lines on characters of every blueprint)"
                )
            }
            K::PropNotOnEveryCharacter {
                prop,
                method,
                lacking,
            } => {
                let have = if lacking.len() == 1 { "has" } else { "have" };
                write!(
                    f,
                    "{} {have} no property '{prop}', so this line fails on {} characters when \
                     {method} runs it on every character",
                    list_of(lacking, "and"),
                    if lacking.len() == 1 { "its" } else { "their" }
                )
            }
            K::UnknownFeature { name, suggestion } => {
                write!(f, "there is no feature '{name}'")?;
                match suggestion {
                    Some(_) => did_you_mean(f, suggestion),
                    None => {
                        let names: Vec<&str> = crate::features::FEATURES
                            .iter()
                            .map(|f| f.spec.name)
                            .collect();
                        write!(f, "; the features are {}", list_of(&names, "and"))
                    }
                }
            }
            K::FeatureNotAdded { feature, blueprint } => write!(
                f,
                "{blueprint} does not have the feature {feature}: add the line \
                 'addFeature {feature}' to its # PROGRAM DEFINE"
            ),
            K::UnknownFeatProp {
                feature,
                prop,
                suggestion,
            } => {
                write!(f, "the feature {feature} has no property '{prop}'")?;
                did_you_mean(f, suggestion)
            }
            K::UnknownMethod {
                owner,
                method,
                suggestion,
            } => {
                match owner.strip_prefix("feature ") {
                    Some(feature) => write!(f, "the feature {feature} has no method '{method}'")?,
                    None => write!(f, "a {owner} property has no method '{method}'")?,
                }
                did_you_mean(f, suggestion)
            }
            K::UnknownBlueprint {
                name,
                header_of: Some(row),
                ..
            } => write!(
                f,
                "there is no blueprint '{name}': the blueprint '{row}' has the line \
                 '# BLUEPRINT {name}'; make the two names the same"
            ),
            K::UnknownBlueprint {
                name, suggestion, ..
            } => {
                write!(f, "there is no blueprint '{name}'")?;
                did_you_mean(f, suggestion)
            }
            K::NoAgentsToVisit { name, suggestion } => {
                write!(
                    f,
                    "there is no blueprint '{name}', so these lines never run"
                )?;
                did_you_mean(f, suggestion)
            }
            K::HeaderNameMismatch { header, blueprint } => write!(
                f,
                "this line names the blueprint '{header}', but the project calls it \
                 '{blueprint}'; change one of them so the names match"
            ),
            K::BlueprintOutOfScope { name } => write!(
                f,
                "'{name}' is no character here: use it only inside a 'when' that names {name}"
            ),
            K::UnknownGlobal { name, suggestion } => {
                write!(f, "there is no global property '{name}'")?;
                match suggestion {
                    Some(_) => did_you_mean(f, suggestion),
                    None => f.write_str(" (make it first with featCall Global addGlobalProp)"),
                }
            }
            K::UnknownTest { test, suggestion } => {
                write!(f, "'{test}' is not a test 'when' knows")?;
                match suggestion {
                    Some(_) => did_you_mean(f, suggestion),
                    None => f.write_str(" (tests are like touches, isInside or sees)"),
                }
            }
            K::UnknownType { name } => {
                write!(
                    f,
                    "'{name}' is not a type: use Number, String, Boolean or Dictionary"
                )?;
                let types = ["Number", "String", "Boolean", "Dictionary"];
                did_you_mean(f, &crate::suggest::closest(name, types).map(str::to_owned))
            }
            K::BadPragma { expected } => write!(f, "this '#' line should be {expected}"),
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
            "Fish:12:5: 'featPorp' is not a keyword, so this line is skipped — did you mean 'featProp'?"
        );
        let count = CompileErrorKind::ArgCount {
            name: "setTo".into(),
            expected: "1 argument".into(),
            got: 2,
        };
        assert_eq!(
            count.to_string(),
            "setTo needs 1 argument, but this line gives it 2"
        );
        let choice = CompileErrorKind::UnknownChoice {
            arg: "type".into(),
            word: "wandr".into(),
            allowed: vec!["stop".into(), "wander".into()],
        };
        assert_eq!(
            choice.to_string(),
            "'wandr' does nothing as the type: use stop or wander — did you mean 'wander'?"
        );
    }
}
