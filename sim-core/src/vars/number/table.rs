//! The Number method table: names, arguments and help for the compiler and wizard.

use crate::vars::options::OPTION_ARG;
use crate::vars::spec::{action, arg, optional, test, Alias, ArgSpec, MethodTable};
use crate::vars::value::ValueKind;

const NUM: ValueKind = ValueKind::Number;
const BOOL: ValueKind = ValueKind::Boolean;
const TEXT: ValueKind = ValueKind::String;

const AMOUNT: &[ArgSpec] = &[arg("amount", NUM, "the number to use")];
const RANGE: &[ArgSpec] = &[
    arg("min value", NUM, "the smallest number it may pick"),
    optional(
        "max value",
        NUM,
        "the largest number it may pick (left out: pick between 0 and the first number)",
    ),
    optional("asInteger", BOOL, "true to pick whole numbers only"),
];
const WHOLE_RANGE: &[ArgSpec] = &[
    arg("min value", NUM, "the smallest whole number it may pick"),
    arg("max value", NUM, "the largest whole number it may pick"),
];
const COMPARE: &[ArgSpec] = &[arg("number", NUM, "the number to compare with")];

/// Every Number method, in the order the wizard lists them.
pub(crate) const TABLE: MethodTable = MethodTable {
    methods: &[
        action(
            "setTo",
            &[arg("value", NUM, "the new value")],
            "Make the value equal to this number.",
        )
        .eg("prop energy setTo 100"),
        action(
            "setToColor",
            &[arg(
                "color",
                NUM,
                "a colour as a number, such as 16711680 for red",
            )],
            "Make the value this colour number (the same as setTo, for colour props).",
        )
        .eg("featProp Costume color setToColor 16711680"),
        action(
            "setToRnd",
            RANGE,
            "Pick a random number between min and max and use it as the value.",
        )
        .eg("# PROGRAM INIT\nprop energy setToRnd 20 80 true"),
        action("add", AMOUNT, "Add this number to the value.")
            .eg("when Fish touches Algae [[\n  prop Fish.energy add 5\n]]"),
        action(
            "addRnd",
            RANGE,
            "Add a random number between min and max to the value.",
        )
        .eg("prop energy addRnd 1 3"),
        action(
            "addRndInt",
            WHOLE_RANGE,
            "Add a random whole number between min and max to the value.",
        )
        .eg("prop energy addRndInt 1 6"),
        action("sub", AMOUNT, "Subtract this number from the value.").eg("prop energy sub 1"),
        action(
            "subRnd",
            RANGE,
            "Subtract a random number between min and max from the value.",
        )
        .eg("prop energy subRnd 0 2"),
        action(
            "subRndInt",
            WHOLE_RANGE,
            "Subtract a random whole number between min and max from the value.",
        )
        .eg("prop energy subRndInt 1 3"),
        action(
            "subFloat2",
            AMOUNT,
            "Subtract this number, then round the value to 3 decimal places.",
        )
        .eg("prop energy subFloat2 0.1"),
        action("mul", AMOUNT, "Multiply the value by this number.")
            .eg("every 1 [[\n  prop energy mul 0.9\n]]"),
        action("div", AMOUNT, "Divide the value by this number (not zero).").eg(concat!(
            "ifProp energy greaterThan 90 [[\n",
            "  prop energy div 2\n",
            "  featCall Population spawnChild [[\n",
            "    featProp Costume scale setTo 0.5\n",
            "  ]]\n",
            "]]"
        )),
        action("clear", &[], "Set the value back to 0.").eg("prop energy clear"),
        action(
            "setMin",
            &[arg("min value", NUM, "the smallest value allowed")],
            "Never let the value go below this number.",
        )
        .eg("# PROGRAM DEFINE\nprop energy setMin 0"),
        action(
            "setMax",
            &[arg("max value", NUM, "the largest value allowed")],
            "Never let the value go above this number.",
        )
        .eg("# PROGRAM DEFINE\nprop energy setMax 100"),
        action(
            "setWrap",
            &[optional(
                "wrap",
                BOOL,
                "true to wrap around, false to stop at the limits",
            )],
            "With a min and a max, go around like a clock: past the max, continue from the min.",
        )
        .eg(concat!(
            "# PROGRAM DEFINE\n",
            "prop energy setMin 0\n",
            "prop energy setMax 100\n",
            "prop energy setWrap true"
        )),
        test("equal", COMPARE, "Is the value equal to this number?")
            .eg("ifProp energy equal 0 [[\n  featCall Population removeCharacter\n]]"),
        test(
            "notEqual",
            COMPARE,
            "Is the value different from this number?",
        )
        .eg("ifProp energy notEqual 0 [[\n  featCall Movement setMovementType wander\n]]"),
        test(
            "greaterThan",
            COMPARE,
            "Is the value bigger than this number?",
        )
        .eg("ifProp energy greaterThan 80 [[\n  featProp Costume scale setTo 1.5\n]]"),
        test(
            "lessThan",
            COMPARE,
            "Is the value smaller than this number?",
        )
        .eg("ifProp energy lessThan 20 [[\n  prop hungry setTo true\n]]"),
        test(
            "greaterThanOrEqual",
            COMPARE,
            "Is the value bigger than or equal to this number?",
        )
        .eg("ifProp energy greaterThanOrEqual 100 [[\n  prop hungry setTo false\n]]"),
        test(
            "lessThanOrEqual",
            COMPARE,
            "Is the value smaller than or equal to this number?",
        )
        .eg(concat!(
            "ifProp energy lessThanOrEqual 0 [[\n",
            "  featCall Population removeCharacter\n",
            "]]"
        )),
        action(
            "addOption",
            &[
                arg("option", TEXT, "a name for the number"),
                arg("value", NUM, "the number the name stands for"),
            ],
            "Give a number a name, so you can use setToOption and equalToOption with the name.",
        )
        .eg("# PROGRAM DEFINE\nprop energy addOption full 100"),
        action(
            "setToOption",
            OPTION_ARG,
            "Set the value to the number of a named option.",
        )
        .eg(concat!(
            "# PROGRAM DEFINE\n",
            "prop energy addOption full 100\n",
            "prop energy setToOption full"
        )),
        test(
            "equalToOption",
            OPTION_ARG,
            "Is the value equal to the number of this named option?",
        )
        .eg(concat!(
            "# PROGRAM DEFINE\n",
            "prop energy addOption full 100\n",
            "# PROGRAM UPDATE\n",
            "ifProp energy equalToOption full [[\n",
            "  featCall Costume setGlow 1\n",
            "]]"
        )),
        test(
            "notEqualToOption",
            OPTION_ARG,
            "Is the value different from the number of this named option?",
        )
        .eg(concat!(
            "# PROGRAM DEFINE\n",
            "prop energy addOption full 100\n",
            "# PROGRAM UPDATE\n",
            "ifProp energy notEqualToOption full [[\n",
            "  prop hungry setTo true\n",
            "]]"
        )),
        test(
            "greaterThanOption",
            OPTION_ARG,
            "Is the value bigger than the number of this named option?",
        )
        .eg(concat!(
            "# PROGRAM DEFINE\n",
            "prop energy addOption full 100\n",
            "# PROGRAM UPDATE\n",
            "ifProp energy greaterThanOption full [[\n",
            "  prop energy setToOption full\n",
            "]]"
        )),
        test(
            "lessThanOption",
            OPTION_ARG,
            "Is the value smaller than the number of this named option?",
        )
        .eg(concat!(
            "# PROGRAM DEFINE\n",
            "prop energy addOption low 20\n",
            "# PROGRAM UPDATE\n",
            "ifProp energy lessThanOption low [[\n",
            "  prop hungry setTo true\n",
            "]]"
        )),
        test(
            "greaterThanOrEqualToOption",
            OPTION_ARG,
            "Is the value bigger than or equal to the number of this named option?",
        )
        .eg(concat!(
            "# PROGRAM DEFINE\n",
            "prop energy addOption full 100\n",
            "# PROGRAM UPDATE\n",
            "ifProp energy greaterThanOrEqualToOption full [[\n",
            "  prop hungry setTo false\n",
            "]]"
        )),
        test(
            "lessThanOrEqualToOption",
            OPTION_ARG,
            "Is the value smaller than or equal to the number of this named option?",
        )
        .eg(concat!(
            "# PROGRAM DEFINE\n",
            "prop energy addOption empty 0\n",
            "# PROGRAM UPDATE\n",
            "ifProp energy lessThanOrEqualToOption empty [[\n",
            "  featCall Population removeCharacter\n",
            "]]"
        )),
    ],
    aliases: &[
        Alias {
            spelling: "eq",
            method: "equal",
        },
        Alias {
            spelling: "gt",
            method: "greaterThan",
        },
        Alias {
            spelling: "lt",
            method: "lessThan",
        },
        Alias {
            spelling: "gte",
            method: "greaterThanOrEqual",
        },
        Alias {
            spelling: "lte",
            method: "lessThanOrEqual",
        },
    ],
};
