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
        ),
        action(
            "setToColor",
            &[arg(
                "color",
                NUM,
                "a colour as a number, such as 16711680 for red",
            )],
            "Make the value this colour number (the same as setTo, for colour props).",
        ),
        action(
            "setToRnd",
            RANGE,
            "Pick a random number between min and max and use it as the value.",
        ),
        action("add", AMOUNT, "Add this number to the value."),
        action(
            "addRnd",
            RANGE,
            "Add a random number between min and max to the value.",
        ),
        action(
            "addRndInt",
            WHOLE_RANGE,
            "Add a random whole number between min and max to the value.",
        ),
        action("sub", AMOUNT, "Subtract this number from the value."),
        action(
            "subRnd",
            RANGE,
            "Subtract a random number between min and max from the value.",
        ),
        action(
            "subRndInt",
            WHOLE_RANGE,
            "Subtract a random whole number between min and max from the value.",
        ),
        action(
            "subFloat2",
            AMOUNT,
            "Subtract this number, then round the value to 3 decimal places.",
        ),
        action("mul", AMOUNT, "Multiply the value by this number."),
        action("div", AMOUNT, "Divide the value by this number (not zero)."),
        action("clear", &[], "Set the value back to 0."),
        action(
            "setMin",
            &[arg("min value", NUM, "the smallest value allowed")],
            "Never let the value go below this number.",
        ),
        action(
            "setMax",
            &[arg("max value", NUM, "the largest value allowed")],
            "Never let the value go above this number.",
        ),
        action(
            "setWrap",
            &[optional(
                "wrap",
                BOOL,
                "true to wrap around, false to stop at the limits",
            )],
            "With a min and a max, go around like a clock: past the max, continue from the min.",
        ),
        test("equal", COMPARE, "Is the value equal to this number?"),
        test(
            "notEqual",
            COMPARE,
            "Is the value different from this number?",
        ),
        test(
            "greaterThan",
            COMPARE,
            "Is the value bigger than this number?",
        ),
        test(
            "lessThan",
            COMPARE,
            "Is the value smaller than this number?",
        ),
        test(
            "greaterThanOrEqual",
            COMPARE,
            "Is the value bigger than or equal to this number?",
        ),
        test(
            "lessThanOrEqual",
            COMPARE,
            "Is the value smaller than or equal to this number?",
        ),
        action(
            "addOption",
            &[
                arg("option", TEXT, "a name for the number"),
                arg("value", NUM, "the number the name stands for"),
            ],
            "Give a number a name, so you can use setToOption and equalToOption with the name.",
        ),
        action(
            "setToOption",
            OPTION_ARG,
            "Set the value to the number of a named option.",
        ),
        test(
            "equalToOption",
            OPTION_ARG,
            "Is the value equal to the number of this named option?",
        ),
        test(
            "notEqualToOption",
            OPTION_ARG,
            "Is the value different from the number of this named option?",
        ),
        test(
            "greaterThanOption",
            OPTION_ARG,
            "Is the value bigger than the number of this named option?",
        ),
        test(
            "lessThanOption",
            OPTION_ARG,
            "Is the value smaller than the number of this named option?",
        ),
        test(
            "greaterThanOrEqualToOption",
            OPTION_ARG,
            "Is the value bigger than or equal to the number of this named option?",
        ),
        test(
            "lessThanOrEqualToOption",
            OPTION_ARG,
            "Is the value smaller than or equal to the number of this named option?",
        ),
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
