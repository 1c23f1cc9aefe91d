//! Cursor's catalog entry: a pointer picking characters up, carrying and dropping them.
use crate::features::builders::{flag, method, num, BP};
use crate::features::catalog::FeatureSpec;

pub(crate) const CURSOR: FeatureSpec = FeatureSpec {
    name: "Cursor",
    aliases: &[],
    help: "Lets a pointer (a student moving in the room, or the mouse) pick the character up, carry it and drop it.",
    example: "# PROGRAM DEFINE\naddFeature Cursor\n// now a pointer can pick this fish up and carry it",
    hot: 0,
    props: &[
        num(
            "cursorTargetId",
            -1.0,
            "The id of the character this cursor carries (-1 for none); set it, then bindCursor.",
        )
        .eg("featCall Population getRandomActiveCharacter Algae\nfeatPropPop Cursor cursorTargetId\nfeatCall Cursor bindCursor"),
        flag("isHolding", false, "Whether this cursor carries a character.")
            .eg("ifExpr {{ agent.prop.Cursor.isHolding.value && agent.x > 100 }} [[\n  featCall Cursor drop\n]]"),
    ],
    methods: &[
        method(
            "pickUp",
            &[BP],
            "This cursor picks up a character of the kind (the one a `when` names) and carries it.",
        )
        .eg("when Fish centerFirstTouchesCenter Algae [[\n  featCall Fish.Cursor pickUp Algae\n]]"),
        method(
            "bindCursor",
            &[],
            "This cursor picks up the character whose id is in cursorTargetId.",
        )
        .eg("featCall Population getRandomActiveCharacter Algae\nfeatPropPop Cursor cursorTargetId\nfeatCall Cursor bindCursor"),
        method(
            "drop",
            &[],
            "This cursor puts down the character it carries, where the cursor is.",
        )
        .eg("ifExpr {{ agent.x > 100 }} [[\n  featCall Cursor drop\n]]"),
        method(
            "releaseCursor",
            &[],
            "Lets go of the cursor carrying this character; it stays where it is.",
        )
        .eg("ifProp energy lessThan 10 [[\n  featCall Cursor releaseCursor\n]]"),
    ],
};
