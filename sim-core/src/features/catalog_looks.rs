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
    hot: 0,
    props: &[
        text("costumeName", "", "The picture file the character wears."),
        num(
            "currentFrame",
            0.0,
            "Which picture of a many-picture costume is showing.",
        ),
        num(
            "size",
            0.0,
            "How big the costume is, in world units, on its longest side.",
        ),
        num("width", 0.0, "How wide the costume is, in world units."),
        num("height", 0.0, "How tall the costume is, in world units."),
        num(
            "scale",
            1.0,
            "Grow or shrink the picture: 1 is normal, 2 twice as big.",
        ),
        num("scaleY", 1.0, "Stretch the picture up and down only."),
        flag("flipX", false, "Mirror the picture left to right."),
        flag("flipY", false, "Mirror the picture top to bottom."),
        waking(num(
            "glow",
            0.0,
            "Glow for this many seconds; 0 stops the glow.",
        )),
        num(
            "glowColor",
            16_776_960.0,
            "The glow's colour as a number (yellow unless set).",
        ),
        waking(num(
            "color",
            -1.0,
            "The tint as a colour number (16711680 is red); -1 leaves it to hue and value.",
        )),
        num("colorHue", 0.0, "The tint's hue, from 0 to 1."),
        num(
            "colorSaturation",
            0.0,
            "The tint's saturation, from 0 to 1.",
        ),
        num("colorValue", 0.0, "The tint's brightness, from 0 to 1."),
        num(
            "colorScaleIndex",
            0.0,
            "Which step of the colour scale the character shows.",
        ),
        num(
            "colorScaleHue",
            0.0,
            "The hue the colour scale starts from.",
        ),
        num(
            "colorScaleSaturation",
            0.0,
            "The saturation the colour scale starts from.",
        ),
        num(
            "colorScaleValue",
            0.0,
            "The brightness the colour scale starts from.",
        ),
        text(
            "colorScaleType",
            "value",
            "Which part of the colour the scale changes.",
        ),
        waking(num(
            "colorScaleSteps",
            0.0,
            "How many steps the colour scale has.",
        )),
    ],
    methods: &[
        method(
            "setCostume",
            &[
                A::one("file", K::Costume, "The picture file, like 'fish.json'."),
                FRAME,
            ],
            "Puts on a new picture.",
        ),
        method(
            "setAnimatedCostume",
            &[A::one("file", K::Costume, "The picture file."), FRAME],
            "Plays a costume's pictures one after another.",
        ),
        method(
            "setPose",
            &[A::one(
                "frame",
                K::Number,
                "Which picture, counting from 0.",
            )],
            "Shows another picture of the same costume.",
        ),
        method("setGlow", &[SECS], "Makes the character glow for a while."),
        method("setColorize", &RGB, "Tints the character with a colour."),
        method(
            "setColorizeHSV",
            &[H, S, V],
            "Tints the character with a hue, saturation and brightness.",
        ),
        method(
            "randomizeColor",
            &RGB_SHIFT,
            "Shifts the tint's red, green and blue by a random amount up to these.",
        ),
        method(
            "randomizeColorHSV",
            &[H, S, V],
            "Shifts hue, saturation and brightness by a random amount up to these.",
        ),
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
        ),
        method("resetColorize", &[], "Takes the tint away."),
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
        ),
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
        ),
        answers(
            method("getColorHSV", &[], "Gives the character's tint."),
            "its hue, saturation and value",
        ),
    ],
};

const TEXT_ARG: A = A::one("text", K::Text, "The words to show.");

pub(crate) const GRAPHING: FeatureSpec = FeatureSpec {
    name: "Graphing",
    aliases: &["AgentWidgets"],
    help: "Adds a label, a meter or a graph to the character.",
    hot: 0,
    props: &[
        text("text", "", "The words shown under the character."),
        text(
            "messageStringToShow",
            "",
            "The message showMessageProp pops up.",
        ),
        text("textProp", "", "A property whose value is shown under the character."),
        num("meter", 0.0, "How full the meter beside the character is, from 0 to 1."),
        text("meterProp", "", "A property the meter follows."),
        num("meterColor", 0.0, "The meter's colour as a number (green is 65280)."),
        flag("isLargeGraphic", false, "Show the meter or graph big instead of beside the character."),
        num("graphValue", 0.0, "The next point to add to the graph."),
        text("graphProp", "", "A property the graph follows."),
        text("graphGlobalProp", "", "A shared (global) property the graph follows."),
        num("graphMinX", 0.0, "The smallest value on the graph's x axis."),
        num("graphMaxX", 0.0, "The largest value on the graph's x axis."),
        num("graphMinY", 0.0, "The smallest value on the graph's y axis."),
        num("graphMaxY", 0.0, "The largest value on the graph's y axis."),
        num("graphFrequency", 0.0, "How often the graph adds a point."),
        text("barGraphProp", "", "A property a bar graph follows."),
        text("barGraphPropFeature", "", "The feature that holds the bar graph's property."),
        num("fontSize", 18.0, "How big the label's letters are."),
        num("wordWrapWidth", 0.0, "How wide the label may get before it wraps."),
        aka(num("textAlign", 0.0, "Where the label sits (top 1, middle 2, bottom 4, left 8, centre 16, right 32; add them)."), &["textAlignment"]),
        aka(num("textJustify", 0.0, "How the label's lines line up (left 1, centre 2, right 4)."), &["textJustification"]),
        num("textColor", 0.0, "The label's colour as a number."),
    ],
    methods: &[
        method("showMessage", &[TEXT_ARG], "Pops up a message for everyone to read."),
        method(
            "showMessageProp",
            &[],
            "Pops up the message in messageStringToShow for everyone to read.",
        ),
        method(
            "setMeterPosition",
            &[A::one("position", K::Text, "'inside-left', 'outside-right' and so on.")],
            "Puts the meter inside or outside the character, left or right.",
        ),
        method("bindMeterTo", &[PROP_NAME], "Makes the meter follow a property."),
        method("bindTextTo", &[PROP_NAME], "Makes the label show a property."),
        method("bindGraphTo", &[PROP_NAME, FREQ], "Makes the graph follow a property."),
        method(
            "bindGraphToGlobalProp",
            &[A::one("name", K::Text, "A shared (global) property."), FREQ],
            "Makes the graph follow a shared property.",
        ),
        method(
            "bindLineGraphHistogramToFeatProp",
            &[
                A::one("feature", K::Text, "The feature holding the counts."),
                A::one("property", K::Text, "The feature property holding the counts."),
            ],
            "Draws a line graph from counts kept by a feature.",
        ),
    ],
};
