//! Catalog entries for where a character is and what it notices: Movement, Physics, Touches
//! and Vision.

use super::catalog::{answers, flag, method, num, old, text, waking, FeatureSpec, BP};
use crate::args::{ArgKind as K, ArgSpec as A};

/// The ways a character can move on its own.
pub const MOVEMENT_TYPES: &[&str] = &[
    "stop",
    "wander",
    "edgeToEdge",
    "jitter",
    "float",
    "goLocation",
    "setLocation",
    "wanderUntilCharacter",
];

const XY: [A; 2] = [
    A::one("x", K::Number, "Left-right position in world units."),
    A::one("y", K::Number, "Up-down position in world units."),
];

pub(crate) const MOVEMENT: FeatureSpec = FeatureSpec {
    name: "Movement",
    aliases: &[],
    help: "Lets the character move by itself or be steered.",
    example: "# PROGRAM DEFINE\naddFeature Movement\nfeatProp Movement movementType setTo 'wander'",
    hot: 5,
    props: &[
        // The props movement reads and writes every tick come first, next to each other,
        // so with thousands of agents a tick touches fewer cache lines of each agent.
        waking(text("movementType", "stop", "How the character moves: stop, wander, edgeToEdge, jitter, float, goLocation, setLocation or wanderUntilCharacter.")).eg("featProp Movement movementType setTo 'wander'"),
        num("direction", 0.0, "Which way the character points, in degrees: 0 is right, 90 is up.").eg("featProp Movement direction setTo 90"),
        text("compassDirection", "E", "Which way the character points as N, E, S or W.").eg("ifExpr {{ agent.prop.Movement.compassDirection.value === 'W' }} [[\n  featProp Costume flipX setTo true\n]]"),
        num("distance", 0.5, "How far the character moves each tick; bigger is faster.").eg("featProp Movement distance setTo 2"),
        flag("isMoving", false, "Whether the character moved this tick.").eg("ifFeatProp Movement isMoving equal false [[\n  prop energy add 1\n]]"),
        flag("useAutoOrientation", false, "Turn the picture to face the way the character moves.").eg("featProp Movement useAutoOrientation setTo true"),
        text("targetCharacterType", "", "The kind of character to head for.").eg("featProp Movement targetCharacterType setTo 'Algae'\nfeatProp Movement movementType setTo 'wanderUntilCharacter'"),
        num("jitterDistance", 0.0, "How far a jittering character shakes.").eg("featProp Movement movementType setTo 'jitter'\nfeatProp Movement jitterDistance setTo 3"),
        num("bounceAngle", 180.0, "How far the character turns when it hits an edge.").eg("featProp Movement bounceAngle setTo 90"),
        flag("doRandomOnWander", true, "Whether wandering picks new directions at random.").eg("featProp Movement doRandomOnWander setTo false"),
        num("targetX", 0.0, "The x position to head for.").eg("featProp Movement targetX setTo 200\nfeatProp Movement targetY setTo 0\nfeatProp Movement movementType setTo 'goLocation'"),
        num("targetY", 0.0, "The y position to head for.").eg("featProp Movement targetX setTo 0\nfeatProp Movement targetY setTo -300\nfeatProp Movement movementType setTo 'goLocation'"),
    ],
    methods: &[
        method(
            "setMovementType",
            &[
                A::one("type", K::Choice, "How to move.").open_choice(MOVEMENT_TYPES),
                A::rest("settings", K::Number, "Speed, then a direction or two (depends on the type)."),
            ],
            "Chooses how the character moves.",
        ).eg("featCall Movement setMovementType 'wander' 2"),
        method(
            "setController",
            &[A::one("controller", K::Text, "Who steers: 'user' or 'auto'.")],
            "Chooses who steers the character.",
        ).eg("featCall Movement setController 'user'"),
        method("queuePosition", &XY, "Moves the character to a place straight away.").eg("featCall Movement queuePosition 0 0"),
        method("setRandomDirection", &[], "Points the character a random way.").eg("every 2 [[\n  featCall Movement setRandomDirection\n]]"),
        method("setRandomPosition", &[], "Puts the character somewhere random.").eg("# PROGRAM INIT\nfeatCall Movement setRandomPosition"),
        method("setRandomPositionX", &[], "Moves the character to a random x, keeping its y.").eg("# PROGRAM INIT\nfeatCall Movement setRandomPositionX"),
        method("setRandomPositionY", &[], "Moves the character to a random y, keeping its x.").eg("# PROGRAM INIT\nfeatCall Movement setRandomPositionY"),
        method("setRandomStart", &[], "Starts the character at a random place.").eg("# PROGRAM INIT\nfeatCall Movement setRandomStart"),
        method("setRandomStartPosition", &[], "Starts the character at a random place.").eg("# PROGRAM INIT\nfeatCall Movement setRandomStartPosition"),
        method(
            "jitterPos",
            &[
                A::optional("min", K::Number, "The smallest move, left-right and up-down (-5 if left out)."),
                A::optional("max", K::Number, "The biggest move, left-right and up-down (5 if left out)."),
                A::optional("round", K::Boolean, "Move by whole numbers only (true if left out)."),
            ],
            "Moves the character a random step: left-right and up-down each by a random amount from min to max.",
        ).eg("ifProp hungry equal true [[\n  featCall Movement jitterPos -2 2\n]]"),
        method("jitterRotate", &[], "Turns the character to face a random way.").eg("ifProp hungry equal true [[\n  featCall Movement jitterRotate\n]]"),
        method("seekNearest", &[BP], "Heads for the nearest character of a kind.").eg("ifProp hungry equal true [[\n  featCall Movement seekNearest Algae\n]]"),
        old(method("seekNearestVisibleCone", &[BP], "Heads for the nearest character of a kind that it can see."), &["seekNearestVisible"]).eg("ifProp hungry equal true [[\n  featCall Movement seekNearestVisibleCone Algae\n]]"),
        method("seekNearestVisibleColor", &[BP], "Heads for the nearest character of a kind whose colour it can make out.").eg("ifProp hungry equal true [[\n  featCall Movement seekNearestVisibleColor Algae\n]]"),
        old(method("wanderUntilCharacter", &[BP], "Wanders until it is inside a character of a kind."), &["wanderUntilInside"]).eg("ifProp hungry equal true [[\n  featCall Movement wanderUntilCharacter Algae\n]]"),
    ],
};

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

/// The ways touches can be measured: bounds-to-bounds, centre-to-bounds, centre-to-centre,
/// bounds inside bounds.
pub const TOUCH_TYPES: &[&str] = &["b2b", "c2b", "c2c", "binb"];

pub(crate) const TOUCHES: FeatureSpec = FeatureSpec {
    name: "Touches",
    aliases: &[],
    help: "Lets the character notice when it touches other characters.",
    example: "# PROGRAM DEFINE\naddFeature Touches\nfeatCall Touches monitor Algae b2b",
    hot: 0,
    props: &[],
    methods: &[
        method(
            "monitor",
            &[
                BP,
                A::rest(
                    "touch",
                    K::Choice,
                    "b2b (edges meet), c2b (centre on edge), c2c (centres meet), binb (inside).",
                )
                .open_choice(TOUCH_TYPES),
            ],
            "Starts watching for touches with a kind of character.",
        ).eg("# PROGRAM DEFINE\nfeatCall Touches monitor Algae b2b"),
        method(
            "clearTouches",
            &[A::optional(
                "id",
                K::Number,
                "The id of the character to forget (none: nothing, as in GEMSTEP).",
            )],
            "Forgets touches with this character: touching it again is a first touch.",
        ).eg("when Fish firstTouches Algae [[\n  prop Fish.energy add 5\n  featCall Fish.Touches clearTouches {{ Fish.id }}\n]]"),
    ],
};

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
