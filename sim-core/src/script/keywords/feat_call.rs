//! `featCall [Bp.]Feature method args`: uses one of a feature's abilities. Methods that take
//! a `[[ ]]` block (making or visiting other characters) compile it for the characters it
//! runs on. `featCall Global globalProp name method args` is checked against the shared
//! property's type.

use super::{Compiled, Keyword};
use crate::args::{ArgKind, ArgSpec};
use crate::features::{BlockScope, FeatMethodSpec, FeatureSpec, MethodId};
use crate::script::compiler::scope::{Checked, Compiling, Frame};
use crate::script::compiler::CompileErrorKind;
use crate::script::program::{Arg, MethodCall, StmtKind, Target};
use crate::script::unparse::{arg_token, feature_token, word};
use crate::script::{ScriptUnit, Token, TokenKind};
use crate::suggest::closest;
use crate::vars::Value;

const ARGS: &[ArgSpec] = &[
    ArgSpec::one(
        "feature",
        ArgKind::Feature,
        "The feature: Costume, or Fish.Costume inside a when.",
    ),
    ArgSpec::one(
        "method",
        ArgKind::Method,
        "Which of the feature's abilities to use.",
    ),
    ArgSpec::rest("values", ArgKind::Any, "What the ability needs."),
];

/// The keyword.
pub(crate) const KEYWORD: Keyword = Keyword {
    name: "featCall",
    aliases: &[],
    help: "Uses one of the abilities a feature gave this character, like changing costume.",
    example: "featCall Costume setCostume 'fish.json' 0",
    args: ARGS,
    compile,
};

fn compile(cx: &mut Compiling<'_>, head: &Token, args: &[Token]) -> Checked<Compiled> {
    let args = cx.keyword_args(KEYWORD.name, ARGS, head, args)?;
    let [feature_tok, method_tok, rest @ ..] = args else {
        return Err(cx.missing(head, "feature", "a feature and a method"));
    };
    let (target, feature, bp) = cx.feature_ref(feature_tok)?;
    let (id, method) = find_method(cx, feature, method_tok)?;
    let args = if method.name == "globalProp" {
        let (name, call) = global_prop_args(cx, method_tok, rest)?;
        // Global props belong to the world, so whose Global is named makes no difference
        // once the name is bound; an unbound `Bp.Global` stays a call that reports that.
        if target == Target::Agent {
            return Ok(Compiled::Stmt(StmtKind::GlobalProp { name, call }));
        }
        global_prop_literals(name, call)
    } else {
        if visits_no_blueprint(cx, method, rest) {
            return Ok(Compiled::Skipped);
        }
        let frame = block_frame(cx, method, bp, rest);
        cx.method_args(method.name, method.args, method_tok, rest, &frame)?
    };
    Ok(Compiled::Stmt(StmtKind::FeatCall {
        target,
        feature,
        method: id,
        args,
    }))
}

fn find_method(
    cx: &mut Compiling<'_>,
    feature: &FeatureSpec,
    at: &Token,
) -> Checked<(MethodId, &'static FeatMethodSpec)> {
    let TokenKind::Identifier(name) = &at.kind else {
        return Err(cx.expected(at, "method", ArgKind::Method.describe()));
    };
    feature.method_with_id(name).ok_or_else(|| {
        let suggestion = closest(name, feature.method_names()).map(str::to_owned);
        cx.report_at(
            at,
            CompileErrorKind::UnknownMethod {
                owner: format!("feature {}", feature.name),
                method: name.clone(),
                suggestion,
            },
        )
    })
}

/// Whether `method` visits the agents of a blueprint the project does not have (see
/// [`BlockScope::EachOfFirstArg`]): then GEMSTEP finds none and runs nothing, so the line is
/// a warning and its block is not checked against a blueprint that does not exist.
fn visits_no_blueprint(cx: &mut Compiling<'_>, method: &FeatMethodSpec, rest: &[Token]) -> bool {
    if method.block != BlockScope::EachOfFirstArg || !cx.symbols.complete {
        return false;
    }
    let Some(at) = rest.first() else {
        return false;
    };
    let (TokenKind::Identifier(name) | TokenKind::String(name)) = &at.kind else {
        return false;
    };
    if cx.symbols.blueprint(name).is_some() {
        return false;
    }
    // A blueprint whose `# BLUEPRINT` line gives this name is what the student meant: the
    // argument's own check says how to make the two names agree.
    let CompileErrorKind::UnknownBlueprint {
        suggestion,
        header_of: None,
        ..
    } = cx.symbols.unknown_blueprint(name)
    else {
        return false;
    };
    let kind = CompileErrorKind::NoAgentsToVisit {
        name: name.clone(),
        suggestion,
    };
    cx.warn_at(at, kind);
    true
}

/// Whose agent a method's block runs on. A block that runs on characters whose blueprint
/// the line does not say (`tellAllCharacters`, `tellCharacterByName`, a blueprint computed
/// when it runs) looks its props up on each character it runs on, as GEMSTEP does.
fn block_frame(
    cx: &Compiling<'_>,
    method: &FeatMethodSpec,
    caller: Option<String>,
    rest: &[Token],
) -> Frame {
    let agent = match method.block {
        BlockScope::SameBlueprint => caller,
        BlockScope::FirstArgBlueprint | BlockScope::EachOfFirstArg => {
            match rest.first().map(|t| &t.kind) {
                Some(TokenKind::Identifier(bp) | TokenKind::String(bp)) => Some(bp.clone()),
                _ => None,
            }
        }
        BlockScope::AnyBlueprint => None,
    };
    match agent {
        Some(bp) => Frame {
            agent: Some(bp),
            ..Frame::default()
        },
        // A copy of the character running the line, in a block that runs on characters of
        // any blueprint: of any blueprint too.
        None if method.block == BlockScope::SameBlueprint => match &cx.frame.each {
            Some(_) => Frame {
                pair: Vec::new(),
                ..cx.frame.clone()
            },
            None => Frame::default(),
        },
        None => Frame::each_character(&cx.frame, &cx.script, method.name),
    }
}

/// `globalProp name method args`: the name must be made by some `addGlobalProp`, and the
/// method must suit its type.
fn global_prop_args(
    cx: &mut Compiling<'_>,
    head: &Token,
    rest: &[Token],
) -> Checked<(String, MethodCall)> {
    let [name_tok, method_tok, values @ ..] = rest else {
        return Err(cx.report_at(
            head,
            CompileErrorKind::ArgCount {
                name: "globalProp".to_owned(),
                expected: "at least 2 arguments (the global property's name and a method)"
                    .to_owned(),
                got: rest.len(),
            },
        ));
    };
    let name = match &name_tok.kind {
        TokenKind::Identifier(n) | TokenKind::String(n) => n.clone(),
        _ => return Err(cx.expected(name_tok, "name", "the name of a global property")),
    };
    let ty = match cx.symbols.globals.get(&name) {
        Some(ty) => Some(*ty),
        None if cx.symbols.complete => {
            let suggestion =
                closest(&name, cx.symbols.globals.keys().map(String::as_str)).map(str::to_owned);
            return Err(cx.report_at(
                name_tok,
                CompileErrorKind::UnknownGlobal { name, suggestion },
            ));
        }
        None => None,
    };
    Ok((name, cx.method_call(ty, method_tok, values)?))
}

/// `globalProp`'s arguments as a `featCall` passes them: the name, the method, its values.
pub(crate) fn global_prop_literals(name: String, call: MethodCall) -> Vec<Arg> {
    let mut args = vec![
        Arg::Literal(Value::String(name)),
        Arg::Literal(Value::String(call.method)),
    ];
    args.extend(call.args);
    args
}

/// `featCall [Bp.]Feature method args`.
pub(crate) fn print(target: &Target, feature: &str, method: &str, args: &[Arg]) -> ScriptUnit {
    let mut unit = vec![
        word(KEYWORD.name),
        feature_token(target, feature),
        word(method),
    ];
    for (i, arg) in args.iter().enumerate() {
        match (method, i, arg) {
            // `globalProp name method ...`: the inner method must read back as a bare word.
            ("globalProp", 1, Arg::Literal(Value::String(inner))) => unit.push(word(inner)),
            _ => unit.push(arg_token(arg)),
        }
    }
    unit
}

#[cfg(test)]
mod tests {
    use super::super::testing::{assert_error, assert_ok, assert_warning};

    #[test]
    fn feat_call_checks_feature_method_and_arguments() {
        assert_ok(
            "featCall Costume setCostume 'fish.json' 0\nfeatCall Movement setMovementType 'edgeToEdge' 1 0 180\nfeatCall AgentWidgets bindMeterTo energy",
        );
        assert_error(
            "featCall Costume",
            "featCall needs at least 2 arguments (feature, method and maybe values), but this line gives it 1",
        );
        assert_error(
            "featCall Costume setCostum 'a'",
            "the feature Costume has no method 'setCostum' — did you mean 'setCostume'?",
        );
        assert_warning(
            "featCall Costume setPose",
            "setPose needs its 'frame' after it; without it, this line fails when it runs",
        );
        assert_warning(
            "featCall Costume setPose 1 2",
            "setPose takes 1 argument, but this line gives it 2; the extra one is ignored",
        );
        assert_warning(
            "featCall Movement setMovementType 'fly'",
            "'fly' does nothing as the type: use stop, wander, edgeToEdge, jitter, float, goLocation, setLocation or wanderUntilCharacter",
        );
        assert_error(
            "featCall Graphing bindMeterTo enrgy",
            "Fish has no property 'enrgy' — did you mean 'energy'?",
        );
    }

    #[test]
    fn blocks_run_on_the_blueprint_the_method_names() {
        assert_ok("featCall Population createAgent Algae [[\n  prop energyLevel setTo 4\n]]");
        assert_error(
            "featCall Population createAgent Algae [[\n  prop energy setTo 4\n]]",
            "Algae has no property 'energy' (make it with addProp in # PROGRAM DEFINE)",
        );
        assert_error(
            "featCall Population createAgent Algea",
            "there is no blueprint 'Algea' — did you mean 'Algae'?",
        );
    }

    #[test]
    fn visiting_a_blueprint_the_project_lacks_is_a_warning_and_its_block_is_not_checked() {
        for method in [
            "agentsForEach",
            "charactersForEach",
            "charactersForEachActive",
            "charactersReproduce",
            "oneCharacterReproduce",
        ] {
            let script = format!("featCall Population {method} Kelp [[\n  prop kelpiness setTo 4\n  featCall Population tellAllCharacters [[\n    prop Kelp.x setTo 1\n  ]]\n]]");
            assert_warning(
                &script,
                "there is no blueprint 'Kelp', so these lines never run",
            );
        }
        assert_warning(
            "featCall Population charactersForEach Algea [[\n  prop energyLevel setTo 4\n]]",
            "there is no blueprint 'Algea', so these lines never run — did you mean 'Algae'?",
        );
        // Making an agent of a blueprint that does not exist fails in GEMSTEP too.
        assert_error(
            "featCall Population createCharacter Kelp",
            "there is no blueprint 'Kelp'",
        );
    }

    #[test]
    fn blocks_on_every_character_look_props_up_on_each_of_them() {
        // GEMSTEP's tellAllCharacters runs the lines on each character, looking a bare prop
        // up on it: Fish declares energy, Algae does not, so on an Algae the line fails.
        for method in ["tellAllCharacters", "tellCharacterByName 'nemo'"] {
            let name = method.split(' ').next().unwrap_or_default();
            assert_warning(
                &format!("featCall Population {method} [[\n  prop energy add 1\n]]"),
                &format!(
                    "Algae has no property 'energy', so this line fails on its characters when \
                     {name} runs it on every character"
                ),
            );
            // A prop every blueprint declares, or a built-in one, is clean.
            assert_ok(&format!(
                "featCall Population {method} [[\n  prop x add 1\n  prop agent.zIndex setTo 2\n]]"
            ));
            // A prop no blueprint declares means nothing: an error naming the calling
            // blueprint, never "round scripts".
            assert_error(
                &format!("featCall Population {method} [[\n  prop enrgy add 1\n]]"),
                &format!(
                    "no blueprint has a property 'enrgy' — did you mean 'energy'? \
                     (Fish's {name} runs these lines on characters of every blueprint)"
                ),
            );
        }
        // Its type is checked where the blueprints that declare it agree.
        assert_error(
            "featCall Population tellAllCharacters [[\n  prop energyLevel setTo 'lots'\n]]",
            "'value' in setTo must be a number, not the text 'lots'",
        );
    }

    #[test]
    fn an_unknown_prop_on_every_character_is_reported_at_its_own_place() {
        use super::super::testing::{compile, FIRST_LINE};
        let errors = compile(
            "featCall Population tellAllCharacters [[\n  prop energy add 1\n  featCall Population tellAllCharacters [[\n    prop enrgy add 1\n    ifExpr {{ agent.getProp('hungri').value }} [[\n      prop zIndex add 1\n    ]]\n  ]]\n]]",
        )
        .unwrap_err();
        let found: Vec<_> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(
            found,
            [
                format!("Fish:{}:10: no blueprint has a property 'enrgy' — did you mean 'energy'? (Fish's tellAllCharacters runs these lines on characters of every blueprint)", FIRST_LINE + 3),
                format!("Fish:{}:15: no blueprint has a property 'hungri' — did you mean 'hungry'? (Fish's tellAllCharacters runs these lines on characters of every blueprint)", FIRST_LINE + 4),
            ]
        );
    }

    #[test]
    fn on_every_character_a_blueprint_name_is_the_character_when_it_is_one() {
        // GEMSTEP binds each character's own blueprint name to it in the block.
        assert_ok("featCall Population tellAllCharacters [[\n  prop Algae.energyLevel add 1\n  featProp Fish.Costume.scale setTo 2\n]]");
        assert_error(
            "featCall Population tellAllCharacters [[\n  prop Algae.energy add 1\n]]",
            "Algae has no property 'energy' (make it with addProp in # PROGRAM DEFINE)",
        );
        assert_error(
            "featCall Population tellAllCharacters [[\n  prop Kelp.x add 1\n]]",
            "there is no blueprint 'Kelp'",
        );
        // A copy made there is of any blueprint too.
        assert_warning(
            "featCall Population tellAllCharacters [[\n  featCall Population spawnChild [[\n    prop energy add 1\n  ]]\n]]",
            "Algae has no property 'energy', so this line fails on its characters when tellAllCharacters runs it on every character",
        );
    }

    #[test]
    fn a_global_prop_call_compiles_to_its_own_statement_and_prints_back() {
        use crate::script::program::StmtKind;
        use crate::script::unparse::print_stmts;
        let update = super::super::testing::compile("featCall Global globalProp darkMoths add 1")
            .unwrap()
            .update;
        assert!(
            matches!(&update[..], [s] if matches!(&s.kind, StmtKind::GlobalProp { name, call }
                if name == "darkMoths" && call.method == "add")),
            "{update:?}"
        );
        assert_eq!(
            print_stmts(&update),
            "featCall Global globalProp 'darkMoths' add 1"
        );
    }

    #[test]
    fn global_props_must_be_made_and_used_by_type() {
        assert_ok("featCall Global globalProp darkMoths add 1");
        assert_error(
            "featCall Global globalProp lightMoths add 1",
            "there is no global property 'lightMoths' (make it first with featCall Global addGlobalProp)",
        );
        assert_error(
            "featCall Global globalProp darkMoths invert",
            "a Number property has no method 'invert'",
        );
    }
}
