//! Catalog entry for Population: making, removing and counting characters. Older models use
//! "Agent" where newer ones say "Character" (`createAgent`, `countAgentProp`); both are kept.

use super::catalog::{
    aka, answers, flag, method, num, old, on_any, on_blueprint, on_each_of, text, FeatureSpec,
    BLOCK, BP, OPT_BP,
};
use crate::args::{ArgKind as K, ArgSpec as A};

const PROP_TEXT: A = A::one("property", K::Text, "The property to look at.");
const KEYS: A = A::rest("keys", K::Any, "The values to count.");

pub(crate) const POPULATION: FeatureSpec = FeatureSpec {
    name: "Population",
    aliases: &[],
    help: "Lets the character make, remove and count characters.",
    hot: 0,
    props: &[
        num("count", 0.0, "How many characters of the kind there are."),
        num("sum", 0.0, "A property added up over all characters of the kind."),
        num("avg", 0.0, "The average of a property over all characters of the kind."),
        num("min", 0.0, "The smallest value of a property among the kind."),
        num("max", 0.0, "The largest value of a property among the kind."),
        aka(text("monitoredCharacter", "", "The kind of character to count."), &["monitoredAgent"]),
        aka(text("monitoredCharacterProp", "", "The property to add up or compare."), &["monitoredAgentProp"]),
        aka(
            text("monitoredCharacterPropFeature", "", "The feature holding that property, if any."),
            &["monitoredAgentPropFeature"],
        ),
        text("spawnMutationProp", "", "The property that changes a little in each new character."),
        text("spawnMutationPropFeature", "", "The feature holding that property, if any."),
        num("spawnMutationMaxAdd", 0.0, "The most a new character's property can go up."),
        num("spawnMutationMaxSubtract", 0.0, "The most a new character's property can go down."),
        num("targetPopulationSize", 0.0, "How many characters to fill up to."),
        flag("deleteAfterSpawning", false, "Remove the parent once it has had young."),
    ],
    methods: &[
        old(on_blueprint(method("createCharacter", &[BP, BLOCK], "Makes a new character; the lines run on it.")), &["createAgent"]),
        method("spawnChild", &[BLOCK], "Makes a copy of this character; the lines run on the copy."),
        old(method("removeCharacter", &[], "Removes this character from the model."), &["removeAgent"]),
        answers(method("getRandomActiveCharacter", &[BP], "Picks one active character of a kind at random."), "a character"),
        old(method("releaseAllCharacters", &[], "Lets go of every character held by a pointer."), &["releaseAllAgents"]),
        old(method("releaseInertCharacters", &[], "Lets go of every inert character held by a pointer."), &["releaseInertAgents"]),
        old(method("hideInertCharacters", &[], "Hides every inert character."), &["hideInertAgents"]),
        old(method("removeInertCharacters", &[], "Removes every inert character."), &["removeInertAgents"]),
        old(on_each_of(method("charactersReproduce", &[BP, BLOCK], "Each active character of a kind has one young; the lines run on the young.")), &["agentsReproduce"]),
        old(on_each_of(method("oneCharacterReproduce", &[BP, BLOCK], "One character of a kind has young; the lines run on it.")), &["oneAgentReproduce"]),
        on_blueprint(method("populateBySpawning", &[BP, BLOCK], "Fills the kind up to the target size; the lines run on each new one.")),
        old(on_each_of(method("charactersForEachActive", &[BP, BLOCK], "Runs the lines on every active character of a kind.")), &["agentsForEachActive"]),
        old(on_each_of(method("charactersForEach", &[BP, BLOCK], "Runs the lines on every character of a kind.")), &["agentsForEach"]),
        answers(old(method("getActiveCharactersCount", &[BP], "Counts the active characters of a kind."), &["getActiveAgentsCount"]), "a count"),
        method("countCharacters", &[BP], "Counts the characters of a kind into count."),
        old(method("countCharacterProp", &[BP, PROP_TEXT], "Adds up a property over a kind into sum and avg."), &["countAgentProp"]),
        old(method("minCharacterProp", &[BP, PROP_TEXT], "Finds the smallest value of a property into min."), &["minAgentProp"]),
        old(method("maxCharacterProp", &[BP, PROP_TEXT], "Finds the largest value of a property into max."), &["maxAgentProp"]),
        method(
            "countCharactersByPropType",
            &[BP, PROP_TEXT, A::optional("clear", K::Boolean, "Start the counts from zero.")],
            "Counts how many characters have each value of a property.",
        ),
        old(method("setCharactersByFeatPropTypeKeys", &[KEYS], "Sets the values to count by."), &["setAgentsByFeatPropTypeKeys", "setCharctersByFeatPropTypeKeys"]),
        old(
            method(
                "countExistingCharactersByFeatPropType",
                &[
                    OPT_BP,
                    A::optional("feature", K::Text, "The feature holding the property."),
                    A::optional("property", K::Text, "The feature property to count by."),
                    A::optional("clear", K::Boolean, "Start the counts from zero."),
                ],
                "Counts characters by a feature property's value (uses the monitored settings when left out).",
            ),
            &["countExistingAgentsByFeatPropType"],
        ),
        on_any(method(
            "tellCharacterByName",
            &[A::one("name", K::Text, "The character's name."), BLOCK],
            "Runs the lines on one named character.",
        )),
        on_any(method("tellAllCharacters", &[BLOCK], "Runs the lines on every character.")),
    ],
};
