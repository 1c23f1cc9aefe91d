//! Pragmas: the `#` lines that name the blueprint (`# BLUEPRINT Fish [Base]`), choose the
//! program the following lines go to (`# PROGRAM UPDATE`) and set tags (`# TAG
//! isCharControllable true`). The pragma word and the program name are read in any case,
//! since newer scripts write `# blueprint` and `# program define`.

use crate::args::{ArgKind, ArgSpec};
use crate::script::compiler::scope::{token_text, Compiling};
use crate::script::compiler::CompileErrorKind;
use crate::script::program::{CompiledBlueprint, ProgramSlot, Tag};
use crate::script::{Literal, Pos, ScriptUnit, Token, TokenKind};
use crate::vars::Value;

/// A pragma, for the wizard.
#[derive(Debug, Clone, Copy)]
pub struct Pragma {
    /// Its canonical (upper-case) name.
    pub name: &'static str,
    /// What it does.
    pub help: &'static str,
    /// A line that uses it, for the reference.
    pub example: &'static str,
    /// Its arguments.
    pub args: &'static [ArgSpec],
}

const PROGRAM_NAMES: &[&str] = &[
    "DEFINE",
    "INIT",
    "UPDATE",
    "THINK",
    "EXEC",
    "EVENT",
    "CONDITION",
];

/// Every pragma.
pub static PRAGMAS: &[Pragma] = &[
    Pragma {
        name: "BLUEPRINT",
        help: "Names the kind of character this script describes, and what it is based on.",
        example: "# BLUEPRINT Shark\n# PROGRAM DEFINE\naddFeature Movement",
        args: &[
            ArgSpec::one("name", ArgKind::NewName, "The character's name."),
            ArgSpec::optional("base", ArgKind::NewName, "A character it copies first."),
        ],
    },
    Pragma {
        name: "PROGRAM",
        help: "Chooses when the lines below run: DEFINE and INIT once, UPDATE every tick ...",
        example: "# PROGRAM UPDATE\nprop energy sub 1",
        args: &[
            ArgSpec::one("program", ArgKind::Choice, "When the lines run.").choice(PROGRAM_NAMES),
        ],
    },
    Pragma {
        name: "TAG",
        help: "Sets a switch on the character, such as whether students can steer it.",
        example: "# TAG isCharControllable true",
        args: &[
            ArgSpec::one(
                "tag",
                ArgKind::NewName,
                "The switch, like isCharControllable.",
            ),
            ArgSpec::one("value", ArgKind::Any, "Its setting, usually true or false."),
        ],
    },
];

fn word(token: &Token) -> Option<&str> {
    match &token.kind {
        TokenKind::Identifier(w) | TokenKind::String(w) => Some(w),
        _ => None,
    }
}

/// Applies a `#` line (`rest` is the words after the `#`) to the blueprint being
/// compiled, switching `slot` for `# PROGRAM`.
pub(crate) fn apply(
    cx: &mut Compiling<'_>,
    rest: &[Token],
    bp: &mut CompiledBlueprint,
    slot: &mut ProgramSlot,
) {
    let Some(first) = rest.first() else {
        // A lone `#` is a harmless marker line.
        return;
    };
    let pragma = word(first).map(str::to_ascii_uppercase);
    let args = rest.get(1..).unwrap_or_default();
    let known = matches!(pragma.as_deref(), Some("BLUEPRINT" | "PROGRAM" | "TAG"));
    let ok = match pragma.as_deref() {
        Some("BLUEPRINT") => blueprint(cx, args, bp),
        Some("PROGRAM") => program(args, slot),
        Some("TAG") => tag(args, bp),
        _ => Err("'# BLUEPRINT Name', '# PROGRAM' and a program's name, or '# TAG name value'"),
    };
    if let Err(expected) = ok {
        let at = if known {
            args.first().unwrap_or(first)
        } else {
            first
        };
        cx.report(
            at.pos,
            &token_text(at),
            CompileErrorKind::BadPragma {
                expected: expected.to_owned(),
            },
        );
    }
}

/// The name a script's first `# BLUEPRINT` line gives, if it has one.
pub fn blueprint_name(units: &[ScriptUnit]) -> Option<String> {
    units.iter().find_map(|unit| match unit.as_slice() {
        [hash, pragma, name, ..]
            if hash.kind == TokenKind::Directive
                && word(pragma).is_some_and(|w| w.eq_ignore_ascii_case("BLUEPRINT")) =>
        {
            word(name).map(str::to_owned)
        }
        _ => None,
    })
}

/// `# BLUEPRINT Name [Base]`. The blueprint keeps the name it is compiled under (the project's,
/// which its starting agents and the other scripts use); a line naming it otherwise is a
/// warning at that name, so the student sees why "Fish" is unknown elsewhere.
fn blueprint(
    cx: &mut Compiling<'_>,
    args: &[Token],
    bp: &mut CompiledBlueprint,
) -> Result<(), &'static str> {
    let names: Option<Vec<&str>> = args.iter().map(word).collect();
    let header = match names.as_deref() {
        Some([name]) => name,
        Some([name, base]) => {
            bp.base = Some((*base).to_owned());
            name
        }
        _ => return Err("'# BLUEPRINT' and the blueprint's name, like '# BLUEPRINT Fish'"),
    };
    if *header != bp.name {
        let kind = CompileErrorKind::HeaderNameMismatch {
            header: (*header).to_owned(),
            blueprint: bp.name.clone(),
        };
        cx.warn_at(&args[0], kind);
    }
    Ok(())
}

fn program(args: &[Token], slot: &mut ProgramSlot) -> Result<(), &'static str> {
    let expected = "'# PROGRAM' and one of DEFINE, INIT, UPDATE, THINK, EXEC, EVENT or CONDITION";
    match args {
        [name] => {
            *slot = word(name)
                .and_then(ProgramSlot::from_name)
                .ok_or(expected)?;
            Ok(())
        }
        _ => Err(expected),
    }
}

fn tag(args: &[Token], bp: &mut CompiledBlueprint) -> Result<(), &'static str> {
    let expected = "'# TAG', a name and a value, like '# TAG isCharControllable true'";
    let [name, value] = args else {
        return Err(expected);
    };
    let value = match &value.kind {
        TokenKind::Value(Literal::Number(n)) => Value::Number(*n),
        TokenKind::Value(Literal::Boolean(b)) => Value::Boolean(*b),
        TokenKind::Value(Literal::Null) => Value::Null,
        TokenKind::Identifier(w) | TokenKind::String(w) => Value::String(w.clone()),
        _ => return Err(expected),
    };
    let name = word(name).ok_or(expected)?.to_owned();
    bp.tags.push(Tag { name, value });
    Ok(())
}

fn line(words: &[&str]) -> ScriptUnit {
    let mut unit = vec![Token::new(TokenKind::Directive, Pos::START)];
    unit.extend(
        words
            .iter()
            .map(|w| Token::new(TokenKind::Identifier((*w).to_owned()), Pos::START)),
    );
    unit
}

/// `# BLUEPRINT Name [Base]`.
pub(crate) fn print_blueprint(name: &str, base: Option<&str>) -> ScriptUnit {
    let mut words = vec!["BLUEPRINT", name];
    words.extend(base);
    line(&words)
}

/// `# PROGRAM NAME`.
pub(crate) fn print_program(slot: ProgramSlot) -> ScriptUnit {
    line(&["PROGRAM", slot.name()])
}

/// `# TAG name value`.
pub(crate) fn print_tag(tag: &Tag) -> ScriptUnit {
    let mut unit = line(&["TAG", &tag.name]);
    unit.push(crate::script::unparse::value_token(&tag.value));
    unit
}

#[cfg(test)]
mod tests {
    use crate::script::compiler::{compile_standalone, compile_statements, Symbols};
    use crate::script::program::ProgramSlot;
    use crate::vars::Value;

    fn messages(text: &str) -> Vec<String> {
        let errors = compile_standalone(text, "X").err().unwrap_or_default();
        errors.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn pragmas_are_read_in_any_case_and_set_name_base_tags_and_program() {
        let text = "# blueprint Fish Animal\n# tag isCharControllable true\n# program update\nprop x add 1\n# PROGRAM Init\nprop y setTo 0";
        let bp = compile_standalone(text, "ignored").unwrap();
        assert_eq!(
            (bp.name.as_str(), bp.base.as_deref()),
            ("Fish", Some("Animal"))
        );
        assert_eq!(bp.tags[0].name, "isCharControllable");
        assert_eq!(bp.tags[0].value, Value::Boolean(true));
        assert_eq!(
            (bp.program(ProgramSlot::Update).len(), bp.init.len()),
            (1, 1)
        );
    }

    #[test]
    fn malformed_pragmas_are_errors_at_their_line() {
        assert_eq!(
            messages("# BLUEPRINT Fish\n# PROGRAM LATER"),
            ["Fish:2:11: this '#' line should be '# PROGRAM' and one of DEFINE, INIT, UPDATE, THINK, EXEC, EVENT or CONDITION"]
        );
        assert_eq!(
            messages("# BLUEPRINT Fish\n# BLUEPRNT Fish"),
            ["Fish:2:3: this '#' line should be '# BLUEPRINT Name', '# PROGRAM' and a program's name, or '# TAG name value'"]
        );
        assert_eq!(
            messages("# TAG onlyName"),
            ["X:1:7: this '#' line should be '# TAG', a name and a value, like '# TAG isCharControllable true'"]
        );
        assert_eq!(messages("#\nprop x setTo 1"), Vec::<String>::new());
    }

    #[test]
    fn pragmas_do_not_belong_in_instance_scripts() {
        let errors = compile_statements("# PROGRAM INIT", "instance A", None, &Symbols::partial())
            .unwrap_err();
        assert_eq!(
            errors[0].to_string(),
            "instance A:1:1: '#' lines can only be in a blueprint's script, outside any [[ ]]"
        );
    }
}
