//! What each wizard control offers: the keywords for a line, and for a slot either a list of
//! names to pick from (with a short help for each) or a box to type in.

use super::lines::{Slot, SlotKind};
use super::template::PROGRAM_CHOICE;
use crate::authoring::vocab::Vocabulary;
use sim_core::{
    script::{feature, ArgKind, KEYWORDS, PRAGMAS, WHEN_TESTS},
    ValueKind, VarType, FEATURES,
};

/// One entry of a drop-down.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// The name written into the script.
    pub name: String,
    /// What it means, for the help box (may be empty).
    pub help: &'static str,
}

/// What a slot's control is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Control {
    /// A drop-down of these names.
    Pick(Vec<Choice>),
    /// A number box.
    Number,
    /// A box for a name (written as a bare word).
    Name,
    /// A box for text (written as a quoted string).
    Text,
    /// A box for any value or a `{{ }}` expression.
    Expression,
}

fn choice(name: &str, help: &'static str) -> Choice {
    Choice {
        name: name.to_owned(),
        help,
    }
}

/// Every keyword a line may start with, with its help, and `# PROGRAM` to start a program.
pub fn keyword_choices() -> Vec<Choice> {
    let program = PRAGMAS
        .iter()
        .find(|p| p.name == "PROGRAM")
        .map_or("", |p| p.help);
    KEYWORDS
        .iter()
        .map(|k| choice(k.name, k.help))
        .chain(std::iter::once(choice(PROGRAM_CHOICE, program)))
        .collect()
}

/// The control for `slot` of a line whose slots are `slots`, in a blueprint knowing `vocab`.
/// `keyword` is the line's keyword (`addFeature` offers every feature).
pub fn control(slot: &Slot, slots: &[Slot], keyword: &str, vocab: &Vocabulary) -> Control {
    if let Some(arg) = method_arg(slot, slots, vocab) {
        return arg.control;
    }
    match &slot.kind {
        SlotKind::Arg(kind) => arg_control(*kind, keyword, vocab),
        SlotKind::Choice(allowed) => Control::Pick(allowed.iter().map(|a| choice(a, "")).collect()),
        SlotKind::WhenTest => {
            Control::Pick(WHEN_TESTS.iter().map(|t| choice(t.name, t.help)).collect())
        }
        SlotKind::FeatureProp(name) => Control::Pick(
            feature(name)
                .map(|f| f.props.iter().map(|p| choice(p.name, p.help)).collect())
                .unwrap_or_default(),
        ),
        SlotKind::FeatureMethod(name) => Control::Pick(
            feature(name)
                .map(|f| f.methods.iter().map(|m| choice(m.name, m.help)).collect())
                .unwrap_or_default(),
        ),
        SlotKind::PropMethod => {
            let ty = prop_type_before(slot, slots, vocab).unwrap_or(VarType::Number);
            Control::Pick(
                ty.methods()
                    .iter()
                    .map(|m| choice(m.name, m.help))
                    .collect(),
            )
        }
    }
}

fn arg_control(kind: ArgKind, keyword: &str, vocab: &Vocabulary) -> Control {
    let names =
        |names: Vec<&str>| Control::Pick(names.into_iter().map(|n| choice(n, "")).collect());
    match kind {
        ArgKind::Feature if keyword == "addFeature" => Control::Pick(
            FEATURES
                .iter()
                .map(|f| choice(f.spec.name, f.spec.help))
                .collect(),
        ),
        ArgKind::Feature => Control::Pick(
            vocab
                .offered_features()
                .into_iter()
                .map(|n| choice(n, feature(n).map_or("", |f| f.help)))
                .collect(),
        ),
        ArgKind::PropName | ArgKind::PropRef => names(vocab.all_props().map(|(n, _)| n).collect()),
        ArgKind::Blueprint => names(vocab.blueprints.iter().map(String::as_str).collect()),
        ArgKind::VarType => names(vec!["Number", "String", "Boolean"]),
        ArgKind::Boolean => names(vec!["true", "false"]),
        ArgKind::Number => Control::Number,
        ArgKind::NewName => Control::Name,
        ArgKind::Text => Control::Text,
        ArgKind::Costume => Control::Pick(costume_choices(&vocab.costumes)),
        _ => Control::Expression,
    }
}

/// The costumes a script can name, each as the quoted file name GEMSTEP's models write
/// (`'fish.json'`): the project's own first, then our art not replaced by one of them;
/// `onexone` draws nothing.
fn costume_choices(own: &[String]) -> Vec<Choice> {
    let mine = own.iter().map(|name| Choice {
        name: format!("'{name}.json'"),
        help: "One of this project's own costumes.",
    });
    let built_in = crate::render::ARTS
        .iter()
        .filter(|(_, spec)| !own.iter().any(|n| n == spec.name))
        .map(|(art, spec)| Choice {
            name: format!("'{}.json'", spec.name),
            help: if *art == crate::render::Art::Blank {
                "Draws nothing: only the character's meters and labels show."
            } else {
                ""
            },
        });
    mine.chain(built_in).collect()
}

/// An argument of the method a line calls: its name, help and control.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MethodArg {
    /// The argument's name ("value", "costume" ...).
    pub name: &'static str,
    /// What it is for.
    pub help: &'static str,
    /// Its control.
    pub control: Control,
}

/// For a slot after a method (`setTo 5`, `setCostume 'fish.png'`), that method's argument.
pub fn method_arg(slot: &Slot, slots: &[Slot], vocab: &Vocabulary) -> Option<MethodArg> {
    let at = slots.iter().position(|s| s == slot)?;
    let (m, method) = slots
        .iter()
        .enumerate()
        .take(at)
        .rfind(|(_, s)| matches!(s.kind, SlotKind::PropMethod | SlotKind::FeatureMethod(_)))?;
    let index = at - m - 1;
    match &method.kind {
        SlotKind::FeatureMethod(f) => {
            let spec = feature(f)?.method(&method.value)?.args.get(index)?;
            let control = arg_control(spec.kind, "", vocab);
            Some(MethodArg {
                name: spec.name,
                help: spec.help,
                control,
            })
        }
        _ => {
            let ty = prop_type_before(method, slots, vocab).unwrap_or(VarType::Number);
            let spec = ty.method(&method.value).ok()?.args.get(index)?;
            let control = match spec.kind {
                ValueKind::Number => Control::Number,
                ValueKind::String => Control::Text,
                ValueKind::Boolean => arg_control(ArgKind::Boolean, "", vocab),
                ValueKind::Any => Control::Expression,
            };
            Some(MethodArg {
                name: spec.name,
                help: spec.help,
                control,
            })
        }
    }
}

/// The type of the prop named in the slot before `slot` (a prop, or a feature's prop).
fn prop_type_before(slot: &Slot, slots: &[Slot], vocab: &Vocabulary) -> Option<VarType> {
    let at = slots.iter().position(|s| s == slot)?;
    let before = slots.get(at.checked_sub(1)?)?;
    match &before.kind {
        SlotKind::FeatureProp(f) => feature(f)?.prop(&before.value).map(|p| p.ty),
        _ => vocab.prop_type(before.value.rsplit('.').next()?),
    }
}

/// The slot's value as its control shows it: text without its quotes.
pub fn shown_value(slot: &Slot, control: &Control) -> String {
    let quoted =
        slot.value.len() >= 2 && slot.value.starts_with('\'') && slot.value.ends_with('\'');
    if *control == Control::Text && quoted {
        slot.value[1..slot.value.len() - 1].replace("\\'", "'")
    } else {
        slot.value.clone()
    }
}

/// The text to write for a value typed into a control: a text box keeps what was typed as
/// one quoted string (unless it is a `{{ }}` expression).
pub fn typed_value(typed: &str, control: &Control) -> String {
    if *control == Control::Text && !typed.trim_start().starts_with("{{") {
        format!("'{}'", typed.replace('\\', "\\\\").replace('\'', "\\'"))
    } else {
        typed.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wizard::lines::{lines_of, LineKind};
    use sim_core::{script::tokenize, Symbols};

    fn controls(text: &str, line: usize) -> Vec<Control> {
        let vocab = Vocabulary::new(text, "Fish", &Symbols::complete());
        let lines = lines_of(&tokenize(text).unwrap(), &|_| None);
        let LineKind::Statement { keyword, slots, .. } = &lines[line].kind else {
            panic!()
        };
        slots
            .iter()
            .map(|s| control(s, slots, keyword, &vocab))
            .collect()
    }

    fn names(control: &Control) -> Vec<String> {
        match control {
            Control::Pick(choices) => choices.iter().map(|c| c.name.clone()).collect(),
            _ => Vec::new(),
        }
    }

    #[test]
    fn features_added_earlier_are_offered_with_their_props_and_methods() {
        let text = "addFeature Movement\naddProp energy Number 1\nfeatProp Movement distance setTo 3\nprop energy add 1";
        let add = controls(text, 0);
        assert_eq!(names(&add[0]).len(), FEATURES.len());
        let feat = controls(text, 2);
        assert_eq!(names(&feat[0]), ["Movement"]);
        assert!(names(&feat[1]).contains(&"movementType".to_owned()));
        assert!(names(&feat[2]).contains(&"add".to_owned()));
        let prop = controls(text, 3);
        assert_eq!(names(&prop[0])[0], "energy");
        assert!(names(&prop[0]).contains(&"x".to_owned()));
        assert_eq!(names(&prop[1])[0], VarType::Number.methods()[0].name);
        assert_eq!(prop[2], Control::Number, "Number add takes a number");
    }

    #[test]
    fn values_after_a_method_are_named_and_typed_by_its_arguments() {
        let text = "addFeature Costume\naddFeature Movement\nfeatCall Costume setCostume 'fish.png' 0\nfeatProp Movement movementType setTo 'wander'";
        let vocab = Vocabulary::new(text, "Fish", &Symbols::complete());
        let lines = lines_of(&tokenize(text).unwrap(), &|_| None);
        let LineKind::Statement { slots, .. } = &lines[2].kind else {
            panic!()
        };
        let costume = method_arg(&slots[2], slots, &vocab).unwrap();
        assert_eq!(
            costume.name,
            feature("Costume")
                .unwrap()
                .method("setCostume")
                .unwrap()
                .args[0]
                .name
        );
        // The costume is picked from our art, written as GEMSTEP's models write it.
        let offered = names(&costume.control);
        for name in ["'fish.json'", "'flower.json'", "'onexone.json'"] {
            assert!(offered.iter().any(|n| n == name), "{name} in {offered:?}");
        }
        assert_eq!(method_arg(&slots[0], slots, &vocab), None);
        let LineKind::Statement { slots, .. } = &lines[3].kind else {
            panic!()
        };
        assert_eq!(
            method_arg(&slots[3], slots, &vocab).unwrap().control,
            Control::Text
        );
        assert_eq!(shown_value(&slots[3], &Control::Text), "wander");
    }

    #[test]
    fn the_projects_own_costumes_come_first_and_replace_our_art_of_that_name() {
        let text = "addFeature Costume\nfeatCall Costume setCostume 'fish.png' 0";
        let symbols = Symbols {
            costumes: vec!["wolf".into(), "bunny".into()],
            ..Symbols::complete()
        };
        let vocab = Vocabulary::new(text, "Fish", &symbols);
        let lines = lines_of(&tokenize(text).unwrap(), &|_| None);
        let LineKind::Statement { slots, .. } = &lines[1].kind else {
            panic!()
        };
        let offered = names(&method_arg(&slots[2], slots, &vocab).unwrap().control);
        assert_eq!(offered[..2], ["'wolf.json'", "'bunny.json'"]);
        assert_eq!(offered.iter().filter(|n| *n == "'bunny.json'").count(), 1);
        assert!(offered.iter().any(|n| n == "'fish.json'"));
    }

    #[test]
    fn each_argument_kind_gets_its_control() {
        let text = "addProp label String 'a'\nwhen Fish touches Fish [[\n]]\nrandomPos 0 10 true\ndbgError 'oops'";
        let add = controls(text, 0);
        assert_eq!(add[0], Control::Name);
        assert_eq!(names(&add[1]), ["Number", "String", "Boolean"]);
        let when = controls(text, 1);
        assert_eq!(names(&when[0]), ["Fish"]);
        assert!(names(&when[1]).contains(&"touches".to_owned()));
        let random = controls(text, 2);
        assert_eq!(random[0], Control::Number);
        assert_eq!(names(&random[2]), ["true", "false"]);
        assert_eq!(controls(text, 3)[0], Control::Text);
    }

    #[test]
    fn text_values_show_and_write_without_the_student_typing_quotes() {
        let lines = lines_of(&tokenize("dbgError 'it\\'s'").unwrap(), &|_| None);
        let LineKind::Statement { slots, .. } = &lines[0].kind else {
            panic!()
        };
        assert_eq!(shown_value(&slots[0], &Control::Text), "it's");
        assert_eq!(typed_value("it's", &Control::Text), "'it\\'s'");
        assert_eq!(typed_value("{{ x }}", &Control::Text), "{{ x }}");
        assert_eq!(typed_value("energy", &Control::Name), "energy");
    }
}
