//! Movement's catalog entry: its props and methods, and the movement types it offers.
use crate::args::{ArgKind as K, ArgSpec as A};
use crate::features::builders::{flag, method, num, old, text, waking, BP};
use crate::features::catalog::FeatureSpec;

/// The ways a character can move on its own, as the wizard offers them. Movement's runtime
/// runs each (its tests check its table of spellings against this list).
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::features::catalog::DefaultValue;
    use crate::vars::VarType;

    #[test]
    fn movement_type_help_names_every_type_that_moves_a_character() {
        let movement = &MOVEMENT;
        let help = movement.prop("movementType").unwrap().help;
        for kind in MOVEMENT_TYPES {
            assert!(help.contains(kind), "{kind} is missing from: {help}");
        }
    }

    #[test]
    fn props_carry_their_types() {
        let movement = &MOVEMENT;
        assert_eq!(movement.prop("direction").unwrap().ty, VarType::Number);
        assert_eq!(movement.prop("movementType").unwrap().ty, VarType::String);
        assert_eq!(
            movement.prop("useAutoOrientation").unwrap().default,
            DefaultValue::Boolean(false)
        );
    }
}
