//! What a keyword or method argument may be: its kind, its name and help for the wizard, and
//! whether it may be left out. Keywords and feature methods describe their arguments with the
//! same [`ArgSpec`], so the compiler checks them and the wizard offers them the same way.

/// The kind of value an argument takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArgKind {
    /// A number (a literal, `Infinity`, or a `{{ }}` expression).
    Number,
    /// Text (a quoted string, a bare word, or a `{{ }}` expression).
    Text,
    /// A costume's file name (`'fish.json'`): text, which the wizard offers from the art.
    Costume,
    /// `true` or `false` (or a `{{ }}` expression).
    Boolean,
    /// Any value: number, text, boolean, expression or dotted name.
    Any,
    /// A name chosen from a fixed list (see [`ArgSpec::allowed`]).
    Choice,
    /// A new name (letters, digits, `_`, `$`, not starting with a digit).
    NewName,
    /// The name of a blueprint of the project.
    Blueprint,
    /// The name of a property of the agent's blueprint.
    PropName,
    /// The name of a feature.
    Feature,
    /// A property reference: `prop`, `agent.prop` or `Blueprint.prop`.
    PropRef,
    /// A feature property reference: `Feature prop`, `agent.Feature prop`, `Bp.Feature.prop`.
    FeatPropRef,
    /// A GVar type: `Number`, `String`, `Boolean` (any case).
    VarType,
    /// A GVar method name, checked against the type of the property before it.
    Method,
    /// A `{{ }}` expression.
    Expr,
    /// A `[[ ]]` block of statements.
    Block,
}

impl ArgKind {
    /// How the kind reads in an error message ("expects a number").
    pub fn describe(self) -> &'static str {
        match self {
            ArgKind::Number => "a number",
            ArgKind::Text => "text",
            ArgKind::Costume => "a costume's file name in quotes, like 'fish.json'",
            ArgKind::Boolean => "true or false",
            ArgKind::Any => "a value (a number, text, or true or false)",
            ArgKind::Choice => "one of the names it lists",
            ArgKind::NewName => "a new name, like energyLevel",
            ArgKind::Blueprint => "a blueprint's name",
            ArgKind::PropName => "a property's name",
            ArgKind::Feature => "a feature's name, like Movement",
            ArgKind::PropRef => "a property, like energy, agent.energy or Fish.energy",
            ArgKind::FeatPropRef => "a feature property, like Costume scale or Fish.Costume.scale",
            ArgKind::VarType => "a type: Number, String, Boolean or Dictionary",
            ArgKind::Method => "a method's name, like setTo or add",
            ArgKind::Expr => "an expression in {{ }}",
            ArgKind::Block => "lines in a [[ ]] block",
        }
    }
}

/// How many times an argument may appear.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arity {
    /// Exactly once.
    One,
    /// Once or not at all.
    Optional,
    /// Any number of times, including none; only as the last argument.
    Rest,
}

/// One argument of a keyword or method, as the compiler checks it and the wizard shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArgSpec {
    /// The argument's name, shown in the wizard and in errors.
    pub name: &'static str,
    /// What it may be.
    pub kind: ArgKind,
    /// How often it may appear.
    pub arity: Arity,
    /// For [`ArgKind::Choice`], the names allowed (matched ignoring case); otherwise empty.
    pub allowed: &'static [&'static str],
    /// For a choice GEMSTEP stores as written and quietly does nothing with when it knows no
    /// such name (a movement type, a kind of touch): another name is a warning, not an error.
    pub open: bool,
    /// One plain sentence for the wizard.
    pub help: &'static str,
}

impl ArgSpec {
    /// A required argument.
    pub const fn one(name: &'static str, kind: ArgKind, help: &'static str) -> ArgSpec {
        ArgSpec {
            name,
            kind,
            arity: Arity::One,
            allowed: &[],
            open: false,
            help,
        }
    }

    /// An argument that may be left out.
    pub const fn optional(name: &'static str, kind: ArgKind, help: &'static str) -> ArgSpec {
        ArgSpec {
            arity: Arity::Optional,
            ..ArgSpec::one(name, kind, help)
        }
    }

    /// A last argument that may repeat.
    pub const fn rest(name: &'static str, kind: ArgKind, help: &'static str) -> ArgSpec {
        ArgSpec {
            arity: Arity::Rest,
            ..ArgSpec::one(name, kind, help)
        }
    }

    /// The same argument restricted to a list of names.
    pub const fn choice(self, allowed: &'static [&'static str]) -> ArgSpec {
        ArgSpec {
            kind: ArgKind::Choice,
            allowed,
            ..self
        }
    }

    /// The same choice, where another name is kept as written with a warning (GEMSTEP
    /// looks the name up when it runs and does nothing when it knows none such).
    pub const fn open_choice(self, allowed: &'static [&'static str]) -> ArgSpec {
        ArgSpec {
            open: true,
            ..self.choice(allowed)
        }
    }
}

/// The smallest and largest number of arguments a list of specs accepts (`None`: no limit).
pub fn arg_count_range(specs: &[ArgSpec]) -> (usize, Option<usize>) {
    let min = specs.iter().filter(|s| s.arity == Arity::One).count();
    let max = if specs.iter().any(|s| s.arity == Arity::Rest) {
        None
    } else {
        Some(specs.len())
    };
    (min, max)
}

/// "1 argument", "2 arguments", "1 or 2 arguments", "1 to 3 arguments", "at least 2
/// arguments".
pub fn describe_count(specs: &[ArgSpec]) -> String {
    let plural = |n: usize| if n == 1 { "argument" } else { "arguments" };
    match arg_count_range(specs) {
        (min, Some(max)) if min == max => format!("{min} {}", plural(min)),
        (min, Some(max)) if max == min + 1 => format!("{min} or {max} {}", plural(max)),
        (min, Some(max)) => format!("{min} to {max} {}", plural(max)),
        (min, None) => format!("at least {min} {}", plural(min)),
    }
}

/// The arguments by name, as a count error lists them: "name, type and maybe initial".
pub fn describe_names(specs: &[ArgSpec]) -> String {
    let names: Vec<String> = specs
        .iter()
        .map(|s| match s.arity {
            Arity::One => s.name.to_owned(),
            Arity::Optional | Arity::Rest => format!("maybe {}", s.name),
        })
        .collect();
    crate::script::compiler::list_of(&names, "and")
}

/// The spec that the `index`-th argument is checked against, if any.
pub fn spec_for(specs: &[ArgSpec], index: usize) -> Option<&ArgSpec> {
    specs
        .get(index)
        .or_else(|| specs.last().filter(|s| s.arity == Arity::Rest))
}

#[cfg(test)]
mod tests {
    use super::*;

    const N: ArgSpec = ArgSpec::one("n", ArgKind::Number, "");
    const O: ArgSpec = ArgSpec::optional("o", ArgKind::Number, "");
    const R: ArgSpec = ArgSpec::rest("r", ArgKind::Any, "");

    #[test]
    fn counts_follow_arity() {
        assert_eq!(arg_count_range(&[N, O]), (1, Some(2)));
        assert_eq!(arg_count_range(&[N, R]), (1, None));
        assert_eq!(arg_count_range(&[]), (0, Some(0)));
        assert_eq!(describe_count(&[N]), "1 argument");
        assert_eq!(describe_count(&[N, O, O]), "1 to 3 arguments");
        assert_eq!(describe_count(&[N, O]), "1 or 2 arguments");
        assert_eq!(describe_names(&[N, O, R]), "n, maybe o and maybe r");
        assert_eq!(describe_count(&[N, N, R]), "at least 2 arguments");
        assert_eq!(describe_count(&[]), "0 arguments");
    }

    #[test]
    fn the_rest_spec_covers_every_later_argument() {
        let specs = [N, R];
        assert_eq!(spec_for(&specs, 0), Some(&N));
        assert_eq!(spec_for(&specs, 5), Some(&R));
        assert_eq!(spec_for(&[N], 1), None);
    }

    #[test]
    fn choice_keeps_name_and_arity() {
        let c = O.choice(&["a", "b"]);
        assert_eq!(
            (c.name, c.arity, c.kind),
            ("o", Arity::Optional, ArgKind::Choice)
        );
        assert_eq!(c.allowed, &["a", "b"]);
    }
}
