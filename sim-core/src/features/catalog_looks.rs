//! Catalog entries for how a character looks: Costume, and Graphing (labels, meters, graphs;
//! older models call it AgentWidgets).

use super::catalog::{
    aka, answers, flag, method, num, text, waking, FeatureSpec, FREQ, H, PROP_NAME, S, SECS, V,
};
use crate::args::{ArgKind as K, ArgSpec as A};

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

const TEXT_ARG: A = A::one("text", K::Text, "The words to show.");

pub(crate) const GRAPHING: FeatureSpec = FeatureSpec {
    name: "Graphing",
    aliases: &["AgentWidgets"],
    help: "Adds a label, a meter or a graph to the character.",
    example: "# PROGRAM DEFINE\naddFeature Graphing\nfeatCall Graphing bindMeterTo energy",
    hot: 0,
    props: &[
        text("text", "", "The words shown under the character.").eg("featProp Graphing text setTo 'Hungry!'"),
        text(
            "messageStringToShow",
            "",
            "The message showMessageProp pops up.",
        )
        .eg("featProp Graphing messageStringToShow setTo 'Nemo found food!'\nfeatCall Graphing showMessageProp"),
        text("textProp", "", "A property whose value is shown under the character.").eg("featProp Graphing textProp setTo 'nickname'"),
        num("meter", 0.0, "How full the meter beside the character is, from 0 to 1.").eg("featProp Graphing meter setTo 0.5"),
        text("meterProp", "", "A property the meter follows.").eg("featProp Graphing meterProp setTo 'energy'"),
        num("meterColor", 0.0, "The meter's colour as a number (green is 65280).").eg("featProp Graphing meterColor setTo 65280"),
        flag("isLargeGraphic", false, "Show the meter or graph big instead of beside the character.").eg("featProp Graphing isLargeGraphic setTo true"),
        num("graphValue", 0.0, "A number for the graph: each time it changes, the new number is added as a point.").eg("featProp Graphing graphValue setTo {{ agent.x }}"),
        text("graphProp", "", "A property the graph follows.").eg("featProp Graphing graphProp setTo 'energy'"),
        text("graphGlobalProp", "", "A shared (global) property the graph follows.").eg("featProp Graphing graphGlobalProp setTo 'algaeEaten'"),
        num("graphMinX", 0.0, "The smallest value on the graph's x axis.").eg("featProp Graphing graphMinX setTo 0\nfeatProp Graphing graphMaxX setTo 60"),
        num("graphMaxX", 0.0, "The largest value on the graph's x axis.").eg("featProp Graphing graphMinX setTo 0\nfeatProp Graphing graphMaxX setTo 60"),
        num("graphMinY", 0.0, "The smallest value on the graph's y axis.").eg("featProp Graphing graphMinY setTo 0\nfeatProp Graphing graphMaxY setTo 100"),
        num("graphMaxY", 0.0, "The largest value on the graph's y axis.").eg("featProp Graphing graphMinY setTo 0\nfeatProp Graphing graphMaxY setTo 100"),
        num("graphFrequency", 30.0, "How many ticks between the graph's points (30 ticks are one second; 0: none).").eg("// a point every 2 seconds\nfeatProp Graphing graphProp setTo 'energy'\nfeatProp Graphing graphFrequency setTo 60"),
        text("barGraphProp", "", "A property a bar graph follows.").eg("featProp Graphing barGraphProp setTo 'facts'"),
        text("barGraphPropFeature", "", "The feature that holds the bar graph's property.").eg("featProp Graphing barGraphPropFeature setTo 'Population'\nfeatProp Graphing barGraphProp setTo '_countsByProp'"),
        num("fontSize", 18.0, "How big the label's letters are.").eg("featProp Graphing fontSize setTo 24"),
        num("wordWrapWidth", 0.0, "How wide the label may get before it wraps.").eg("featProp Graphing wordWrapWidth setTo 100"),
        aka(num("textAlign", 0.0, "Where the label sits (top 1, middle 2, bottom 4, left 8, centre 16, right 32; add them)."), &["textAlignment"]).eg("// top (1) + centre (16)\nfeatProp Graphing textAlign setTo 17"),
        aka(num("textJustify", 0.0, "How the label's lines line up (left 1, centre 2, right 4)."), &["textJustification"]).eg("featProp Graphing textJustify setTo 2"),
        num("textColor", 0.0, "The label's colour as a number.").eg("featProp Graphing textColor setTo 16777215"),
    ],
    methods: &[
        method("showMessage", &[TEXT_ARG], "Pops up a message for everyone to read.").eg("when Fish firstTouches Algae [[\n  featCall Fish.Graphing showMessage 'Yum! A fish found algae.'\n]]"),
        method(
            "showMessageProp",
            &[],
            "Pops up the message in messageStringToShow for everyone to read.",
        )
        .eg("featProp Graphing messageStringToShow setTo 'Time to eat!'\nfeatCall Graphing showMessageProp"),
        method(
            "setMeterPosition",
            &[A::one("position", K::Text, "'inside-left', 'outside-right' and so on.")],
            "Puts the meter inside or outside the character, left or right.",
        )
        .eg("featCall Graphing setMeterPosition 'inside-left'"),
        method("bindMeterTo", &[PROP_NAME], "Makes the meter follow a property.").eg("featCall Graphing bindMeterTo energy"),
        method("bindTextTo", &[PROP_NAME], "Makes the label show a property.").eg("featCall Graphing bindTextTo nickname"),
        method("bindGraphTo", &[PROP_NAME, FREQ], "Makes the graph follow a property.").eg("featCall Graphing bindGraphTo energy"),
        method(
            "bindGraphToGlobalProp",
            &[A::one("name", K::Text, "A shared (global) property."), FREQ],
            "Makes the graph follow a shared property.",
        )
        .eg("featCall Graphing bindGraphToGlobalProp 'algaeEaten'"),
        method(
            "bindLineGraphHistogramToFeatProp",
            &[
                A::one("feature", K::Text, "The feature holding the counts."),
                A::one("property", K::Text, "The feature property holding the counts."),
            ],
            "Draws a line graph from counts kept by a feature.",
        )
        .eg("featCall Graphing bindLineGraphHistogramToFeatProp 'Population' '_countsByProp'"),
    ],
};
