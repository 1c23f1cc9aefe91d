//! Physics's catalog entry: a body's size and scale.
use crate::args::{ArgKind as K, ArgSpec as A};
use crate::features::builders::{method, num, text};
use crate::features::catalog::FeatureSpec;

pub(crate) const PHYSICS: FeatureSpec = FeatureSpec {
    name: "Physics",
    aliases: &[],
    help: "Gives the character a body with a size, so touches can be checked.",
    example: "# PROGRAM DEFINE\naddFeature Physics\nfeatProp Physics scale setTo 0.6",
    hot: 0,
    props: &[
        text(
            "bodyShape",
            "rectangle",
            "The body's shape: circle or rectangle.",
        )
        .eg("featProp Physics bodyShape setTo 'circle'"),
        num("bodyRadius", 0.0, "The body's radius, for circles.")
            .eg("featProp Physics bodyShape setTo 'circle'\nfeatProp Physics bodyRadius setTo 20"),
        num("bodyWidth", 0.0, "The body's width.").eg("featProp Physics bodyWidth setTo 40"),
        num("bodyHeight", 0.0, "The body's height.").eg("featProp Physics bodyHeight setTo 20"),
        num(
            "scale",
            1.0,
            "Grow or shrink the body and picture: 1 is normal.",
        )
        .eg("featProp Physics scale setTo 2"),
        num(
            "scaleY",
            1.0,
            "Stretch the body and picture up and down only.",
        )
        .eg("featProp Physics scaleY setTo 0.5"),
    ],
    methods: &[
        method(
            "init",
            &[],
            "Sizes the body from the costume (older models need this).",
        )
        .eg("# PROGRAM DEFINE\nfeatCall Costume setCostume 'fish.json' 0\nfeatCall Physics init"),
        method(
            "setSize",
            &[
                A::one("width", K::Number, "The body's width."),
                A::optional(
                    "height",
                    K::Number,
                    "The body's height (the width if left out).",
                ),
            ],
            "Sets the body's size.",
        )
        .eg("featCall Physics setSize 40 20"),
    ],
};
