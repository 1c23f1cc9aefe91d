//! Global's catalog entry: props every character shares.
use crate::args::{ArgKind as K, ArgSpec as A};
use crate::features::builders::{answers, method};
use crate::features::catalog::FeatureSpec;

pub(crate) const GLOBAL: FeatureSpec = FeatureSpec {
    name: "Global",
    aliases: &[],
    help: "Gives the character properties that every character in the model shares.",
    example: "# PROGRAM DEFINE\naddFeature Global\nfeatCall Global addGlobalProp fishCount Number 0",
    hot: 0,
    props: &[],
    methods: &[
        method(
            "addGlobalProp",
            &[
                A::one("name", K::NewName, "The shared property's name."),
                A::one("type", K::VarType, "Number, String or Boolean."),
                A::one("initial", K::Any, "Its starting value."),
            ],
            "Makes a property that all characters share.",
        )
        .eg("# PROGRAM DEFINE\nfeatCall Global addGlobalProp algaeLeft Number 100"),
        method(
            "globalProp",
            &[
                A::one(
                    "name",
                    K::Text,
                    "A shared property made with addGlobalProp.",
                ),
                A::one("method", K::Method, "What to do with it."),
                A::rest("values", K::Any, "What the method needs."),
            ],
            "Changes or checks a shared property.",
        )
        .eg("when Fish firstTouches Algae [[\n  featCall Fish.Global globalProp algaeEaten add 1\n]]"),
        answers(
            method(
                "getGlobalProp",
                &[A::one(
                    "name",
                    K::Text,
                    "A shared property made with addGlobalProp.",
                )],
                "Gives a shared property's value.",
            ),
            "the value",
        )
        .eg("ifExpr {{ agent.callFeatMethod('Global', 'getGlobalProp', 'algaeEaten') > 10 }} [[\n  featCall Costume setGlow 1\n]]"),
    ],
};
