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
    hot: 5,
    props: &[
        // The props movement reads and writes every tick come first, next to each other,
        // so with thousands of agents a tick touches fewer cache lines of each agent.
        waking(text("movementType", "stop", "How the character moves: stop, wander, edgeToEdge, jitter, float, goLocation or setLocation.")),
        num("direction", 0.0, "Which way the character points, in degrees: 0 is right, 90 is up."),
        text("compassDirection", "E", "Which way the character points as N, E, S or W."),
        num("distance", 0.5, "How far the character moves each tick; bigger is faster."),
        flag("isMoving", false, "Whether the character moved this tick."),
        flag("useAutoOrientation", false, "Turn the picture to face the way the character moves."),
        text("targetCharacterType", "", "The kind of character to head for."),
        num("jitterDistance", 0.0, "How far a jittering character shakes."),
        num("bounceAngle", 180.0, "How far the character turns when it hits an edge."),
        flag("doRandomOnWander", true, "Whether wandering picks new directions at random."),
        num("targetX", 0.0, "The x position to head for."),
        num("targetY", 0.0, "The y position to head for."),
    ],
    methods: &[
        method(
            "setMovementType",
            &[
                A::one("type", K::Choice, "How to move.").open_choice(MOVEMENT_TYPES),
                A::rest("settings", K::Number, "Speed, then a direction or two (depends on the type)."),
            ],
            "Chooses how the character moves.",
        ),
        method(
            "setController",
            &[A::one("controller", K::Text, "Who steers: 'user' or 'auto'.")],
            "Chooses who steers the character.",
        ),
        method("queuePosition", &XY, "Moves the character to a place at the next tick."),
        method("setRandomDirection", &[], "Points the character a random way."),
        method("setRandomPosition", &[], "Puts the character somewhere random."),
        method("setRandomPositionX", &[], "Moves the character to a random x, keeping its y."),
        method("setRandomPositionY", &[], "Moves the character to a random y, keeping its x."),
        method("setRandomStart", &[], "Starts the character at a random place."),
        method("setRandomStartPosition", &[], "Starts the character at a random place."),
        method("jitterPos", &[], "Shakes the character's position a little."),
        method("jitterRotate", &[], "Shakes the character's angle a little."),
        method("seekNearest", &[BP], "Heads for the nearest character of a kind."),
        old(method("seekNearestVisibleCone", &[BP], "Heads for the nearest character of a kind that it can see."), &["seekNearestVisible"]),
        method("seekNearestVisibleColor", &[BP], "Heads for the nearest character of a kind whose colour it can make out."),
        old(method("wanderUntilCharacter", &[BP], "Wanders until it is inside a character of a kind."), &["wanderUntilInside"]),
    ],
};

pub(crate) const PHYSICS: FeatureSpec = FeatureSpec {
    name: "Physics",
    aliases: &[],
    help: "Gives the character a body with a size, so touches can be checked.",
    hot: 0,
    props: &[
        text(
            "bodyShape",
            "rectangle",
            "The body's shape: circle or rectangle.",
        ),
        num("bodyRadius", 0.0, "The body's radius, for circles."),
        num("bodyWidth", 0.0, "The body's width."),
        num("bodyHeight", 0.0, "The body's height."),
        num(
            "scale",
            1.0,
            "Grow or shrink the body and picture: 1 is normal.",
        ),
        num(
            "scaleY",
            1.0,
            "Stretch the body and picture up and down only.",
        ),
    ],
    methods: &[
        method(
            "init",
            &[],
            "Sizes the body from the costume (older models need this).",
        ),
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
        ),
    ],
};

/// The ways touches can be measured: bounds-to-bounds, centre-to-bounds, centre-to-centre,
/// bounds inside bounds.
pub const TOUCH_TYPES: &[&str] = &["b2b", "c2b", "c2c", "binb"];

pub(crate) const TOUCHES: FeatureSpec = FeatureSpec {
    name: "Touches",
    aliases: &[],
    help: "Lets the character notice when it touches other characters.",
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
        ),
        method(
            "clearTouches",
            &[A::optional(
                "id",
                K::Number,
                "The id of the character to forget (none: nothing, as in GEMSTEP).",
            )],
            "Forgets touches with this character: touching it again is a first touch.",
        ),
    ],
};

pub(crate) const VISION: FeatureSpec = FeatureSpec {
    name: "Vision",
    aliases: &[],
    help: "Lets the character see what is in front of it (and be seen).",
    hot: 0,
    props: &[
        flag(
            "visionable",
            true,
            "Whether other characters can see this one.",
        ),
        num("viewDistance", 250.0, "How far the character can see."),
        num(
            "viewAngle",
            45.0,
            "How wide the character's view is, in degrees.",
        ),
        num(
            "colorHueDetectionThreshold",
            0.0,
            "How different a hue must be to be noticed.",
        ),
        num(
            "colorSaturationDetectionThreshold",
            0.0,
            "How different a saturation must be to be noticed.",
        ),
        num(
            "colorValueDetectionThreshold",
            0.0,
            "How different a brightness must be to be noticed.",
        ),
    ],
    methods: &[
        method("monitor", &[BP], "Starts watching for a kind of character."),
        answers(
            method(
                "isCamouflaged",
                &[BP],
                "Tells whether the character blends into a character of this kind it sits on.",
            ),
            "true or false",
        ),
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
        ),
    ],
};
