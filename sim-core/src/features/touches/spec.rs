//! Touches's catalog entry, and the ways touches can be measured.
use crate::args::{ArgKind as K, ArgSpec as A};
use crate::features::builders::{method, BP};
use crate::features::catalog::FeatureSpec;

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
