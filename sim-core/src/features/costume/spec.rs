//! Costume's catalog entry: picture, frame, size, glow and tint.
use crate::args::{ArgKind as K, ArgSpec as A};
use crate::features::builders::{answers, flag, method, num, text, waking, H, S, SECS, V};
use crate::features::catalog::FeatureSpec;

const FRAME: A = A::optional(
    "frame",
    K::Number,
    "Which picture in the costume, counting from 0.",
);
const RGB_SHIFT: [A; 3] = [
    A::one("red", K::Number, "The most red changes, from 0 to 1."),
    A::one("green", K::Number, "The most green changes, from 0 to 1."),
    A::one("blue", K::Number, "The most blue changes, from 0 to 1."),
];
const RGB: [A; 3] = [
    A::one("red", K::Number, "Red, from 0 to 1 (or 0 to 255)."),
    A::one("green", K::Number, "Green, from 0 to 1 (or 0 to 255)."),
    A::one("blue", K::Number, "Blue, from 0 to 1 (or 0 to 255)."),
];

pub(crate) const COSTUME: FeatureSpec = FeatureSpec {
    name: "Costume",
    aliases: &[],
    help: "Lets the character change its picture, colour, size and glow.",
    example: "# PROGRAM DEFINE\naddFeature Costume\nfeatCall Costume setCostume 'fish.json'",
    hot: 0,
    props: &[
        text("costumeName", "", "The picture file the character wears.")
            .eg("ifFeatProp Costume costumeName equal 'algae.json' [[\n  featCall Costume setCostume 'fish.json'\n]]"),
        num(
            "currentFrame",
            0.0,
            "Which picture of a many-picture costume is showing.",
        )
        .eg("ifProp energy lessThan 1 [[\n  featProp Costume currentFrame setTo 2\n]]"),
        num(
            "size",
            0.0,
            "How big the costume is, in world units, on its longest side.",
        )
        .eg("featProp Costume size setTo 40"),
        num("width", 0.0, "How wide the costume is, in world units.")
            .eg("featProp Costume width setTo 60"),
        num("height", 0.0, "How tall the costume is, in world units.")
            .eg("featProp Costume height setTo 30"),
        num(
            "scale",
            1.0,
            "Grow or shrink the picture: 1 is normal, 2 twice as big.",
        )
        .eg("featProp Costume scale setTo 2"),
        num("scaleY", 1.0, "Stretch the picture up and down only.")
            .eg("featProp Costume scaleY setTo 0.5"),
        flag("flipX", false, "Mirror the picture left to right.")
            .eg("featProp Costume flipX setTo true"),
        flag("flipY", false, "Mirror the picture top to bottom.")
            .eg("ifProp energy lessThan 1 [[\n  featProp Costume flipY setTo true\n]]"),
        waking(num(
            "glow",
            0.0,
            "Glow for this many seconds; 0 stops the glow.",
        ))
        .eg("featProp Costume glow setTo 2"),
        num(
            "glowColor",
            16_776_960.0,
            "The glow's colour as a number (yellow unless set).",
        )
        .eg("featProp Costume glowColor setTo 16711680\nfeatProp Costume glow setTo 1"),
        waking(num(
            "color",
            -1.0,
            "The tint as a colour number (16711680 is red); -1 leaves it to hue and value.",
        ))
        .eg("featProp Costume color setTo 16711680"),
        num("colorHue", 0.0, "The tint's hue, from 0 to 1.")
            .eg("featProp Costume colorHue setTo 0.33\nfeatProp Costume colorSaturation setTo 1\nfeatProp Costume colorValue setTo 1"),
        num(
            "colorSaturation",
            0.0,
            "The tint's saturation, from 0 to 1.",
        )
        .eg("ifProp hungry equal true [[\n  featProp Costume colorSaturation setTo 0.2\n]]"),
        num("colorValue", 0.0, "The tint's brightness, from 0 to 1.")
            .eg("ifProp energy lessThan 10 [[\n  featProp Costume colorValue setTo 0.3\n]]"),
        num(
            "colorScaleIndex",
            0.0,
            "Which step of the colour scale the character shows.",
        )
        .eg("featProp Costume colorScaleIndex setTo {{ agent.getProp('energy').value / 20 }}"),
        num(
            "colorScaleHue",
            0.0,
            "The hue the colour scale starts from.",
        )
        .eg("featProp Costume colorScaleHue setTo 0.6"),
        num(
            "colorScaleSaturation",
            0.0,
            "The saturation the colour scale starts from.",
        )
        .eg("featProp Costume colorScaleSaturation setTo 1"),
        num(
            "colorScaleValue",
            0.0,
            "The brightness the colour scale starts from.",
        )
        .eg("featProp Costume colorScaleValue setTo 1"),
        text(
            "colorScaleType",
            "value",
            "Which part of the colour the scale changes.",
        )
        .eg("featProp Costume colorScaleType setTo 'hue'"),
        waking(num(
            "colorScaleSteps",
            0.0,
            "How many steps the colour scale has.",
        ))
        .eg("featProp Costume colorScaleSteps setTo 10"),
    ],
    methods: &[
        method(
            "setCostume",
            &[
                A::one("file", K::Costume, "The picture file, like 'fish.json'."),
                FRAME,
            ],
            "Puts on a new picture.",
        )
        .eg("featCall Costume setCostume 'fish.json'"),
        method(
            "setAnimatedCostume",
            &[A::one("file", K::Costume, "The picture file."), FRAME],
            "Puts on a new picture, just as setCostume does (in Stepwise it does not animate).",
        )
        .eg("featCall Costume setAnimatedCostume 'bee.json'"),
        method(
            "setPose",
            &[A::one(
                "frame",
                K::Number,
                "Which picture, counting from 0.",
            )],
            "Shows another picture of the same costume.",
        )
        .eg("ifProp hungry equal true [[\n  featCall Costume setPose 1\n]]"),
        method("setGlow", &[SECS], "Makes the character glow for a while.")
            .eg("ifProp energy greaterThan 90 [[\n  featCall Costume setGlow 1\n]]"),
        method("setColorize", &RGB, "Tints the character with a colour.")
            .eg("featCall Costume setColorize 1 0 0"),
        method(
            "setColorizeHSV",
            &[H, S, V],
            "Tints the character with a hue, saturation and brightness.",
        )
        .eg("featCall Costume setColorizeHSV 0.6 1 1"),
        method(
            "randomizeColor",
            &RGB_SHIFT,
            "Shifts the tint's red, green and blue by a random amount up to these.",
        )
        .eg("featCall Costume randomizeColor 0.2 0.2 0.2"),
        method(
            "randomizeColorHSV",
            &[H, S, V],
            "Shifts hue, saturation and brightness by a random amount up to these.",
        )
        .eg("featCall Costume randomizeColorHSV 0.1 0.2 0.2"),
        answers(
            method(
                "colorHSVWithinRange",
                &[
                    A::one("colour", K::Any, "One colour."),
                    A::one("other", K::Any, "The colour to compare with."),
                    H,
                    S,
                    V,
                ],
                "Tells whether two colours are close.",
            ),
            "true or false",
        )
        .eg("ifExpr {{ agent.callFeatMethod('Costume', 'colorHSVWithinRange', agent.prop.Costume.color.value, 65280, 0.1, 0.3, 0.3) }} [[\n  featCall Costume setGlow 1\n]]"),
        method("resetColorize", &[], "Takes the tint away.")
            .eg("ifProp energy greaterThan 40 [[\n  featCall Costume resetColorize\n]]"),
        method(
            "initHSVColorScale",
            &[
                H,
                S,
                V,
                A::one(
                    "part",
                    K::Text,
                    "Which part of the colour changes: 'hue', 'saturation' or 'value'.",
                ),
                A::one("steps", K::Number, "How many steps."),
            ],
            "Sets up a scale of colours the character can move along.",
        )
        .eg("# PROGRAM DEFINE\nfeatCall Costume initHSVColorScale 0.3 1 1 'value' 5"),
        answers(
            method(
                "getHSVColorScaleColor",
                &[A::one(
                    "step",
                    K::Number,
                    "Which step of the scale, counting from 0.",
                )],
                "Gives the colour at one step of the scale set up by initHSVColorScale.",
            ),
            "a colour number",
        )
        .eg("featCall Costume getHSVColorScaleColor 2\nfeatPropPop Graphing meterColor"),
        answers(
            method("getColorHSV", &[], "Gives the character's tint."),
            "its hue, saturation and value",
        )
        .eg("ifExpr {{ agent.callFeatMethod('Costume', 'getColorHSV').hue > 0.5 }} [[\n  featCall Costume setGlow 1\n]]"),
    ],
};
