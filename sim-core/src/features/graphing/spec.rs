//! Graphing's catalog entry (older models call it AgentWidgets): labels, meters, graphs.
use crate::args::{ArgKind as K, ArgSpec as A};
use crate::features::builders::{aka, flag, method, num, text, FREQ, PROP_NAME};
use crate::features::catalog::FeatureSpec;

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
