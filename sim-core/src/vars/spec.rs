//! Method tables: every GVar method's name, arguments and help text.
//!
//! The tables are static data so the script compiler can check a method name and
//! its argument count before a model runs, and the wizard can list the methods of a
//! property with help in plain student language.

use super::error::VarError;
use super::value::{Value, ValueKind};

/// One argument of a GVar method.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArgSpec {
    /// The argument's name, as the wizard shows it.
    pub name: &'static str,
    /// What kind of value the argument takes.
    pub kind: ValueKind,
    /// Whether the argument may be left out (only trailing arguments are optional).
    pub optional: bool,
    /// What the argument means, for students.
    pub help: &'static str,
}

/// One GVar method.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MethodSpec {
    /// The method's name as scripts write it (`setTo`, `addRnd` …).
    pub name: &'static str,
    /// Its arguments, in order.
    pub args: &'static [ArgSpec],
    /// The kind of value it answers with, if it answers (comparisons answer
    /// true/false and can be the test of `ifProp`).
    pub returns: Option<ValueKind>,
    /// What the method does, for students.
    pub help: &'static str,
    /// A line that uses it, for the reference (each compiles: see `reference`'s tests).
    pub example: &'static str,
}

/// An older spelling that real GEMSTEP models still use, and the method it means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Alias {
    /// The older spelling (`eq`, `gt` …).
    pub spelling: &'static str,
    /// The name of the method it stands for.
    pub method: &'static str,
}

/// A required argument (shorthand for the tables).
pub(crate) const fn arg(name: &'static str, kind: ValueKind, help: &'static str) -> ArgSpec {
    ArgSpec {
        name,
        kind,
        optional: false,
        help,
    }
}

/// An argument that may be left out (shorthand for the tables).
pub(crate) const fn optional(name: &'static str, kind: ValueKind, help: &'static str) -> ArgSpec {
    ArgSpec {
        optional: true,
        ..arg(name, kind, help)
    }
}

/// A method that changes the property and answers nothing (shorthand for the tables).
pub(crate) const fn action(
    name: &'static str,
    args: &'static [ArgSpec],
    help: &'static str,
) -> MethodSpec {
    MethodSpec {
        name,
        args,
        returns: None,
        help,
        example: "",
    }
}

/// A method that answers true or false, usable as an `ifProp` test (shorthand for the tables).
pub(crate) const fn test(
    name: &'static str,
    args: &'static [ArgSpec],
    help: &'static str,
) -> MethodSpec {
    MethodSpec {
        returns: Some(ValueKind::Boolean),
        ..action(name, args, help)
    }
}

impl MethodSpec {
    /// This method with its reference example (see [`MethodSpec::example`]).
    pub(crate) const fn eg(self, example: &'static str) -> MethodSpec {
        MethodSpec { example, ..self }
    }

    /// How many arguments the method needs at least.
    pub fn required_args(&self) -> usize {
        self.args.iter().filter(|a| !a.optional).count()
    }

    /// Checks the argument count and each argument's kind, naming the first mismatch.
    pub fn check_args(&self, args: &[Value]) -> Result<(), VarError> {
        let (min, max) = (self.required_args(), self.args.len());
        if args.len() < min || args.len() > max {
            return Err(VarError::WrongArgCount {
                method: self.name.to_string(),
                min,
                max,
                got: args.len(),
            });
        }
        for (spec, value) in self.args.iter().zip(args) {
            if !value.fits(spec.kind) {
                return Err(VarError::WrongArgType {
                    method: self.name.to_string(),
                    arg: spec.name.to_string(),
                    expected: spec.kind,
                    got: value.describe(),
                });
            }
        }
        Ok(())
    }

    /// Argument `index` as a number.
    pub(crate) fn number(&self, args: &[Value], index: usize) -> Result<f64, VarError> {
        self.read(args, index, Value::as_number)
    }

    /// Argument `index` as text.
    pub(crate) fn text(&self, args: &[Value], index: usize) -> Result<String, VarError> {
        self.read(args, index, Value::as_text)
    }

    /// Argument `index` as true/false.
    pub(crate) fn boolean(&self, args: &[Value], index: usize) -> Result<bool, VarError> {
        self.read(args, index, Value::as_bool)
    }

    /// Optional argument `index` as true/false, or `default` when it is left out.
    pub(crate) fn boolean_or(
        &self,
        args: &[Value],
        index: usize,
        default: bool,
    ) -> Result<bool, VarError> {
        if index < args.len() {
            self.boolean(args, index)
        } else {
            Ok(default)
        }
    }

    /// Reads one argument. [`check_args`](Self::check_args) has normally ruled out
    /// every failure here already; a gap is still reported as an error, never a panic.
    fn read<T>(
        &self,
        args: &[Value],
        index: usize,
        read: impl Fn(&Value) -> Option<T>,
    ) -> Result<T, VarError> {
        let value = args.get(index);
        value
            .and_then(read)
            .ok_or_else(|| match (value, self.args.get(index)) {
                (Some(value), Some(spec)) => VarError::WrongArgType {
                    method: self.name.to_string(),
                    arg: spec.name.to_string(),
                    expected: spec.kind,
                    got: value.describe(),
                },
                _ => VarError::WrongArgCount {
                    method: self.name.to_string(),
                    min: self.required_args(),
                    max: self.args.len(),
                    got: args.len(),
                },
            })
    }
}

/// A type's method table with its older spellings.
#[derive(Debug, Clone, Copy)]
pub(crate) struct MethodTable {
    pub methods: &'static [MethodSpec],
    pub aliases: &'static [Alias],
}

impl MethodTable {
    /// The method `name` stands for, following older spellings.
    pub fn find(&self, name: &str) -> Option<&'static MethodSpec> {
        // Current names first (what scripts mostly say); no alias spells a current name.
        let by_name = |name: &str| self.methods.iter().find(|m| m.name == name);
        by_name(name).or_else(|| {
            let alias = self.aliases.iter().find(|a| a.spelling == name)?;
            by_name(alias.method)
        })
    }

    /// Like [`find`](Self::find), but an unknown name is an error with a suggestion.
    pub fn resolve(&self, type_name: &str, name: &str) -> Result<&'static MethodSpec, VarError> {
        self.find(name).ok_or_else(|| VarError::UnknownMethod {
            type_name: type_name.to_string(),
            method: name.to_string(),
            suggestion: crate::suggest::closest(name, self.methods.iter().map(|m| m.name))
                .map(str::to_string),
        })
    }

    /// The error for a listed method that a type's dispatch does not handle.
    pub fn unhandled(&self, type_name: &str, name: &str) -> VarError {
        VarError::UnknownMethod {
            type_name: type_name.to_string(),
            method: name.to_string(),
            suggestion: None,
        }
    }

    /// Finds the method and checks the arguments in one step, as every `call` does.
    pub fn checked(
        &self,
        type_name: &str,
        name: &str,
        args: &[Value],
    ) -> Result<&'static MethodSpec, VarError> {
        let spec = self.resolve(type_name, name)?;
        spec.check_args(args)?;
        Ok(spec)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO: MethodSpec = MethodSpec {
        name: "between",
        args: &[
            arg("low", ValueKind::Number, ""),
            optional("high", ValueKind::Number, ""),
        ],
        returns: None,
        help: "",
        example: "",
    };
    const TABLE: MethodTable = MethodTable {
        methods: &[TWO],
        aliases: &[Alias {
            spelling: "btw",
            method: "between",
        }],
    };

    #[test]
    fn argument_count_counts_optional_arguments() {
        assert_eq!(TWO.required_args(), 1);
        assert!(TWO.check_args(&[Value::Number(1.0)]).is_ok());
        assert!(TWO
            .check_args(&[Value::Number(1.0), Value::Number(2.0)])
            .is_ok());
        let err = TWO.check_args(&[]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "between takes 1 or 2 arguments, but it was given none"
        );
    }

    #[test]
    fn argument_kind_is_checked() {
        let err = TWO.check_args(&[Value::String("x".into())]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "between needs a number for 'low', not the text 'x'"
        );
    }

    #[test]
    fn aliases_and_suggestions() {
        assert_eq!(TABLE.find("btw").map(|m| m.name), Some("between"));
        let err = TABLE.resolve("Number", "betwen").unwrap_err();
        assert_eq!(
            err.to_string(),
            "a Number property has no method 'betwen' — did you mean 'between'?"
        );
    }
}
