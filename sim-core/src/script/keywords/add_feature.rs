//! `addFeature Feature` (older: `useFeature`): gives this kind of character a feature's
//! properties and abilities.

use super::{Compiled, Keyword};
use crate::args::{ArgKind, ArgSpec};
use crate::script::compiler::scope::{Checked, Compiling};
use crate::script::program::StmtKind;
use crate::script::unparse::word;
use crate::script::{ScriptUnit, Token};

const ARGS: &[ArgSpec] = &[ArgSpec::one(
    "feature",
    ArgKind::Feature,
    "Which feature: Costume, Movement, Physics, Touches, Vision, Population, Graphing ...",
)];

/// The keyword.
pub(crate) const KEYWORD: Keyword = Keyword {
    name: "addFeature",
    aliases: &["useFeature"],
    help:
        "Adds a feature, a pack of ready-made properties and abilities, to this kind of character.",
    example: "# PROGRAM DEFINE\naddFeature Movement\nfeatCall Movement setMovementType 'wander'",
    args: ARGS,
    compile,
};

fn compile(cx: &mut Compiling<'_>, head: &Token, args: &[Token]) -> Checked<Compiled> {
    let args = cx.keyword_args(KEYWORD.name, ARGS, head, args)?;
    let feature = args
        .first()
        .ok_or_else(|| cx.missing(head, "feature", "a feature's name, like Movement"))?;
    let name = cx.name_arg(feature, &ARGS[0])?;
    Ok(Compiled::Stmt(StmtKind::AddFeature(name)))
}

/// `addFeature Feature`.
pub(crate) fn print(feature: &str) -> ScriptUnit {
    vec![word(KEYWORD.name), word(feature)]
}

#[cfg(test)]
mod tests {
    use super::super::testing::{assert_error, assert_ok, compile};

    #[test]
    fn add_feature_accepts_current_and_older_names_and_suggests_for_typos() {
        assert_ok("addFeature Physics\nuseFeature AgentWidgets");
        let bp = compile("useFeature Physics").unwrap();
        assert!(bp.features.contains(&"Physics".to_owned()));
        assert_error(
            "addFeature",
            "addFeature needs 1 argument (feature), but this line gives it none",
        );
        assert_error(
            "addFeature Physic",
            "there is no feature 'Physic' — did you mean 'Physics'?",
        );
        assert_error(
            "addFeature {{ 1 }}",
            "'feature' in addFeature must be a feature's name, like Movement, not an expression in {{ }}",
        );
    }
}
