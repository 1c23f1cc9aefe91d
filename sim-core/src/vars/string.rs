//! [`StringVar`]: a String (text) property with named options.

use super::error::VarError;
use super::options::{Options, OPTION_ARG};
use super::spec::{action, arg, test, Alias, ArgSpec, MethodTable};
use super::value::{Value, ValueKind};
use super::{bounded_text, check_text_len};
use serde::{Deserialize, Serialize};
use smol_str::SmolStr;

const TEXT: ValueKind = ValueKind::String;
const COMPARE: &[ArgSpec] = &[arg("text", TEXT, "the text to compare with")];

/// Every String method, in the order the wizard lists them.
pub(crate) const TABLE: MethodTable = MethodTable {
    methods: &[
        action(
            "setTo",
            &[arg("value", TEXT, "the new text")],
            "Make the text equal to this.",
        )
        .eg("prop nickname setTo 'Dory'"),
        action(
            "add",
            &[arg("text", TEXT, "the text to add")],
            "Add this text to the end.",
        )
        .eg("# PROGRAM INIT\nprop nickname add ' the Brave'"),
        action("clear", &[], "Make the text empty.").eg("prop nickname clear"),
        test("equal", COMPARE, "Is the text exactly the same as this?")
            .eg("ifProp nickname equal 'Nemo' [[\n  featCall Costume setGlow 1\n]]"),
        test("notEqual", COMPARE, "Is the text different from this?")
            .eg("ifProp nickname notEqual 'Nemo' [[\n  featProp Costume scale setTo 0.5\n]]"),
        action(
            "addOption",
            &[
                arg("option", TEXT, "a name for the text"),
                arg("value", TEXT, "the text the name stands for"),
            ],
            "Give a text a name, so you can use setToOption and equalToOption with the name.",
        )
        .eg("# PROGRAM DEFINE\nprop nickname addOption leader 'Captain Nemo'"),
        action(
            "setToOption",
            OPTION_ARG,
            "Set the text to the text of a named option.",
        )
        .eg(concat!(
            "# PROGRAM DEFINE\n",
            "prop nickname addOption leader 'Captain Nemo'\n",
            "prop nickname setToOption leader"
        )),
        test(
            "equalToOption",
            OPTION_ARG,
            "Is the text the same as the text of this named option?",
        )
        .eg(concat!(
            "# PROGRAM DEFINE\n",
            "prop nickname addOption leader 'Captain Nemo'\n",
            "# PROGRAM UPDATE\n",
            "ifProp nickname equalToOption leader [[\n",
            "  featProp Costume scale setTo 2\n",
            "]]"
        )),
        test(
            "notEqualToOption",
            OPTION_ARG,
            "Is the text different from the text of this named option?",
        )
        .eg(concat!(
            "# PROGRAM DEFINE\n",
            "prop nickname addOption leader 'Captain Nemo'\n",
            "# PROGRAM UPDATE\n",
            "ifProp nickname notEqualToOption leader [[\n",
            "  featProp Costume scale setTo 1\n",
            "]]"
        )),
    ],
    aliases: &[Alias {
        spelling: "eq",
        method: "equal",
    }],
};

/// A String property: text, with named options.
///
/// The text is held inline when it is short (up to 23 bytes: a movement type, a compass
/// heading, a costume's name), so reading it, which the tick does for every moving agent,
/// reads no memory beyond the property.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct StringVar {
    value: SmolStr,
    options: Options<String>,
}

impl StringVar {
    /// Whether it holds anything on the heap (a text too long to keep inline, or options),
    /// which [`super::GVar::owns_heap`] asks for the agents' repack.
    pub(crate) fn owns_heap(&self) -> bool {
        self.value.is_heap_allocated() || !self.options.is_empty()
    }

    /// A String with this text.
    pub fn new(value: impl AsRef<str>) -> Self {
        Self {
            value: SmolStr::new(value),
            options: Options::default(),
        }
    }

    /// The current text.
    pub fn value(&self) -> &str {
        &self.value
    }

    /// Sets the text.
    pub fn set_text(&mut self, text: &str) {
        self.value = SmolStr::new(text);
    }

    /// The option names, for the wizard.
    pub fn option_names(&self) -> impl Iterator<Item = &str> {
        self.options.names()
    }

    /// Runs the script method `method` with `args`; comparisons answer true/false.
    /// Numbers and true/false given as text are written out (`5`, `true`).
    pub fn call(&mut self, method: &str, args: &[Value]) -> Result<Option<Value>, VarError> {
        let spec = TABLE.checked("String", method, args)?;
        let text = |i| spec.text(args, i);
        let answer = match spec.name {
            "setTo" => {
                self.value = SmolStr::new(bounded_text(text(0)?)?);
                return Ok(None);
            }
            "add" => {
                let more = text(0)?;
                check_text_len(self.value.len() + more.len())?;
                self.value = SmolStr::from(format!("{}{more}", self.value));
                return Ok(None);
            }
            "clear" => {
                self.value = SmolStr::default();
                return Ok(None);
            }
            "addOption" => {
                self.options
                    .add(bounded_text(text(0)?)?, bounded_text(text(1)?)?);
                return Ok(None);
            }
            "setToOption" => {
                self.value = SmolStr::new(self.options.get(&text(0)?)?);
                return Ok(None);
            }
            "equal" => self.value == text(0)?.as_str(),
            "notEqual" => self.value != text(0)?.as_str(),
            "equalToOption" => self.value == self.options.get(&text(0)?)?.as_str(),
            "notEqualToOption" => self.value != self.options.get(&text(0)?)?.as_str(),
            other => return Err(TABLE.unhandled("String", other)),
        };
        Ok(Some(Value::Boolean(answer)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> Value {
        Value::String(s.to_string())
    }

    fn call(var: &mut StringVar, method: &str, args: &[Value]) -> Result<Option<Value>, VarError> {
        var.call(method, args)
    }

    #[test]
    fn set_add_and_clear() {
        let mut var = StringVar::new("Fish");
        call(&mut var, "add", &[text(" #")]).unwrap();
        call(&mut var, "add", &[Value::Number(3.0)]).unwrap();
        assert_eq!(var.value(), "Fish #3");
        call(&mut var, "setTo", &[text("Algae")]).unwrap();
        assert_eq!(var.value(), "Algae");
        call(&mut var, "clear", &[]).unwrap();
        assert_eq!(var.value(), "");
    }

    #[test]
    fn comparisons_answer_true_or_false() {
        let mut var = StringVar::new("E");
        assert_eq!(
            call(&mut var, "equal", &[text("E")]),
            Ok(Some(Value::Boolean(true)))
        );
        assert_eq!(
            call(&mut var, "eq", &[text("W")]),
            Ok(Some(Value::Boolean(false)))
        );
        assert_eq!(
            call(&mut var, "notEqual", &[text("W")]),
            Ok(Some(Value::Boolean(true)))
        );
        assert_eq!(
            call(&mut var, "equal", &[Value::Number(5.0)]),
            Ok(Some(Value::Boolean(false)))
        );
    }

    #[test]
    fn options_set_and_compare_by_name() {
        let mut var = StringVar::default();
        call(
            &mut var,
            "addOption",
            &[text("producer"), text("makes food")],
        )
        .unwrap();
        call(&mut var, "setToOption", &[text("producer")]).unwrap();
        assert_eq!(var.value(), "makes food");
        assert_eq!(
            call(&mut var, "equalToOption", &[text("producer")]),
            Ok(Some(Value::Boolean(true)))
        );
        assert_eq!(var.option_names().collect::<Vec<_>>(), ["producer"]);
        let err = call(&mut var, "setToOption", &[text("prodcer")]).unwrap_err();
        assert!(err.to_string().contains("did you mean 'producer'"), "{err}");
        assert_eq!(var.value(), "makes food", "unchanged after an error");
    }

    #[test]
    fn errors_name_the_problem() {
        let mut var = StringVar::new("x");
        let err = call(&mut var, "setto", &[text("y")]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "a String property has no method 'setto' — did you mean 'setTo'?"
        );
        let err = call(&mut var, "setTo", &[text("a"), text("b")]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "setTo takes 1 argument, but it was given 2"
        );
        let err = call(&mut var, "setTo", &[Value::Null]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "setTo needs text for 'value', not nothing (null)"
        );
        assert_eq!(var.value(), "x");
    }

    #[test]
    fn every_listed_method_is_handled() {
        for spec in TABLE.methods {
            let args: Vec<Value> = spec.args.iter().map(|_| text("a")).collect();
            let mut var = StringVar::default();
            var.options.add("a".to_string(), "b".to_string());
            let result = var.call(spec.name, &args);
            assert!(
                !matches!(result, Err(VarError::UnknownMethod { .. })),
                "{} is listed but not handled",
                spec.name
            );
        }
    }
}
