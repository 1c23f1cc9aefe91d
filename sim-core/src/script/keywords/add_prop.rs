//! `addProp name Type initial`: gives this kind of character a new property.

use super::{Compiled, Keyword};
use crate::args::{ArgKind, ArgSpec};
use crate::script::compiler::scope::{Checked, Compiling};
use crate::script::compiler::values::value_kind;
use crate::script::program::{Arg, StmtKind};
use crate::script::unparse::{value_token, word};
use crate::script::{ScriptUnit, Token};
use crate::vars::{GVar, Value, VarType};

const ARGS: &[ArgSpec] = &[
    ArgSpec::one(
        "name",
        ArgKind::NewName,
        "A new name for the property, like energyLevel.",
    ),
    ArgSpec::one(
        "type",
        ArgKind::VarType,
        "Number, String (text) or Boolean (true/false).",
    ),
    ArgSpec::optional(
        "initial",
        ArgKind::Any,
        "The value every new character starts with (0, empty text or false if left out).",
    ),
];

/// The keyword.
pub(crate) const KEYWORD: Keyword = Keyword {
    name: "addProp",
    aliases: &[],
    help: "Gives this kind of character a new property: a number, some text, or true/false.",
    example: "# PROGRAM DEFINE\naddProp age Number 0",
    args: ARGS,
    compile,
};

fn compile(cx: &mut Compiling<'_>, head: &Token, args: &[Token]) -> Checked<Compiled> {
    let args = cx.keyword_args(KEYWORD.name, ARGS, head, args)?;
    let [name, ty, initial @ ..] = args else {
        return Err(cx.missing(head, "name", "a name and a type"));
    };
    let name = cx.name_arg(name, &ARGS[0])?;
    let ty_word = cx.name_arg(ty, &ARGS[1])?;
    let ty = cx.var_type(&ty_word, ty)?;
    let initial = match initial.first() {
        None => None,
        Some(token) => match cx.typed(token, "initial", value_kind(ty))? {
            Arg::Literal(value) if GVar::new(ty, Some(&value)).is_ok() => Some(value),
            _ => return Err(cx.expected(token, "initial", initial_text(ty))),
        },
    };
    Ok(Compiled::Stmt(StmtKind::AddProp { name, ty, initial }))
}

/// What a starting value of type `ty` must be.
fn initial_text(ty: VarType) -> &'static str {
    match ty {
        VarType::Number => "a number written out, like 0",
        VarType::String => "text written out, like 'Nemo'",
        VarType::Boolean => "true or false",
        VarType::Dictionary => "nothing (a Dictionary starts empty)",
    }
}

/// `addProp name Type [initial]`.
pub(crate) fn print(name: &str, ty: VarType, initial: Option<&Value>) -> ScriptUnit {
    let mut unit = vec![word(KEYWORD.name), word(name), word(ty.name())];
    unit.extend(initial.map(value_token));
    unit
}

#[cfg(test)]
mod tests {
    use super::super::testing::{assert_error, assert_ok, compile};

    #[test]
    fn add_prop_declares_a_typed_prop_and_rejects_bad_types_and_values() {
        assert_ok("addProp speed Number 3\naddProp nick string 'x'\naddProp bag Dictionary");
        let bp = compile("addProp speed Number 3").unwrap();
        assert!(bp.declares_prop("speed"));
        assert_error("addProp speed", "addProp needs 2 or 3 arguments (name, type and maybe initial), but this line gives it 1");
        assert_error(
            "addProp speed Numbr 3",
            "'Numbr' is not a type: use Number, String, Boolean or Dictionary — did you mean 'Number'?",
        );
        assert_error(
            "addProp speed Number 'fast'",
            "'initial' in addProp must be a number, not the text 'fast'",
        );
        assert_error(
            "addProp 12 Number 3",
            "'name' in addProp must be a new name, like energyLevel, not the number 12",
        );
    }
}
