//! Vision's catalog entry: how far and how wide a character sees, and which colours it tells
//! apart.
use crate::features::builders::{answers, flag, method, num, old, BP};
use crate::features::catalog::FeatureSpec;

pub(crate) const VISION: FeatureSpec = FeatureSpec {
    name: "Vision",
    aliases: &[],
    help: "Lets the character see what is in front of it (and be seen).",
    example: "# PROGRAM DEFINE\naddFeature Vision\nfeatProp Vision viewDistance setTo 150",
    hot: 0,
    props: &[
        flag(
            "visionable",
            true,
            "Whether other characters can see this one.",
        ).eg("featProp Vision visionable setTo false"),
        num("viewDistance", 250.0, "How far the character can see.").eg("featProp Vision viewDistance setTo 100"),
        num(
            "viewAngle",
            45.0,
            "How wide the character's view is, in degrees.",
        ).eg("featProp Vision viewAngle setTo 90"),
        num(
            "colorHueDetectionThreshold",
            0.0,
            "How different a hue must be to be noticed.",
        ).eg("featProp Vision colorHueDetectionThreshold setTo 0.1"),
        num(
            "colorSaturationDetectionThreshold",
            0.0,
            "How different a saturation must be to be noticed.",
        ).eg("featProp Vision colorSaturationDetectionThreshold setTo 0.1"),
        num(
            "colorValueDetectionThreshold",
            0.0,
            "How different a brightness must be to be noticed.",
        ).eg("featProp Vision colorValueDetectionThreshold setTo 0.1"),
    ],
    methods: &[
        method("monitor", &[BP], "Starts watching for a kind of character.").eg("# PROGRAM DEFINE\nfeatCall Vision monitor Algae"),
        answers(
            method(
                "isCamouflaged",
                &[BP],
                "Tells whether the character blends into a character of this kind it sits on.",
            ),
            "true or false",
        ).eg("ifExpr {{ agent.callFeatMethod('Vision', 'isCamouflaged', 'Algae') }} [[\n  prop energy add 1\n]]"),
        answers(
            old(
                method(
                    "canSeeColorOfCharacter",
                    &[BP],
                    "Tells whether the character can make out another's colour.",
                ),
                &["canSeeColorOfAgent"],
            ),
            "true or false",
        ).eg("when Fish sees Algae [[\n  featCall Fish.Vision canSeeColorOfCharacter Algae\n  propPop Fish.hungry\n]]"),
    ],
};
