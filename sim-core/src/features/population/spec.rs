//! Population's catalog entry: making, removing and counting characters. Older models use
//! "Agent" where newer ones say "Character" (`createAgent`, `countAgentProp`); both are kept.
use crate::args::{ArgKind as K, ArgSpec as A};
use crate::features::builders::{
    aka, answers, flag, method, num, old, on_any, on_blueprint, on_each_of, text, BLOCK, BP, OPT_BP,
};
use crate::features::catalog::FeatureSpec;

const PROP_TEXT: A = A::one("property", K::Text, "The property to look at.");
const KEYS: A = A::rest("keys", K::Any, "The values to count.");

pub(crate) const POPULATION: FeatureSpec = FeatureSpec {
    name: "Population",
    aliases: &[],
    help: "Lets the character make, remove and count characters.",
    example: "# PROGRAM DEFINE\naddFeature Population\n# PROGRAM UPDATE\nevery 10 [[\n  featCall Population spawnChild\n]]",
    hot: 0,
    props: &[
        num("count", 0.0, "How many characters of the kind there are.").eg("featCall Population countCharacters Algae\nifFeatProp Population count lessThan 5 [[\n  featCall Population createCharacter Algae\n]]"),
        num("sum", 0.0, "A property added up over all characters of the kind.").eg("featCall Population countCharacterProp Algae 'energy'\nexprPush {{ 'Food left: ' + agent.getFeatProp('Population', 'sum').value }}\nfeatPropPop Graphing text"),
        num("avg", 0.0, "The average of a property over all characters of the kind.").eg("featCall Population countCharacterProp Fish 'energy'\nexprPush {{ 'Average energy: ' + agent.getFeatProp('Population', 'avg').value }}\nfeatPropPop Graphing text"),
        num("min", 0.0, "The smallest value of a property among the kind.").eg("featCall Population minCharacterProp Fish 'energy'\nexprPush {{ 'Weakest fish: ' + agent.getFeatProp('Population', 'min').value }}\nfeatPropPop Graphing text"),
        num("max", 0.0, "The largest value of a property among the kind.").eg("featCall Population maxCharacterProp Fish 'energy'\nexprPush {{ 'Strongest fish: ' + agent.getFeatProp('Population', 'max').value }}\nfeatPropPop Graphing text"),
        aka(text("monitoredCharacter", "", "The kind of character to count."), &["monitoredAgent"]).eg("featProp Population monitoredCharacter setTo 'Fish'\nfeatProp Population monitoredCharacterProp setTo 'hungry'\nfeatCall Population countExistingCharactersByFeatPropType"),
        aka(text("monitoredCharacterProp", "", "The property to add up or compare."), &["monitoredAgentProp"]).eg("featProp Population monitoredCharacter setTo 'Algae'\nfeatProp Population monitoredCharacterProp setTo 'energy'"),
        aka(
            text("monitoredCharacterPropFeature", "", "The feature holding that property, if any."),
            &["monitoredAgentPropFeature"],
        ).eg("featProp Population monitoredCharacterPropFeature setTo 'Movement'\nfeatProp Population monitoredCharacterProp setTo 'movementType'\nfeatCall Population countExistingCharactersByFeatPropType Fish"),
        text("spawnMutationProp", "", "The property that changes a little in each new character.").eg("# PROGRAM DEFINE\nfeatProp Population spawnMutationProp setTo 'energy'\nfeatProp Population spawnMutationMaxAdd setTo 10"),
        text("spawnMutationPropFeature", "", "The feature holding that property, if any.").eg("# PROGRAM DEFINE\nfeatProp Population spawnMutationPropFeature setTo 'Movement'\nfeatProp Population spawnMutationProp setTo 'distance'"),
        num("spawnMutationMaxAdd", 0.0, "The most a new character's property can go up.").eg("# PROGRAM DEFINE\nfeatProp Population spawnMutationProp setTo 'energy'\nfeatProp Population spawnMutationMaxAdd setTo 10"),
        num("spawnMutationMaxSubtract", 0.0, "The most a new character's property can go down.").eg("# PROGRAM DEFINE\nfeatProp Population spawnMutationProp setTo 'energy'\nfeatProp Population spawnMutationMaxSubtract setTo 10"),
        num("targetPopulationSize", 0.0, "How many characters to fill up to.").eg("featProp Population targetPopulationSize setTo 20\nfeatCall Population populateBySpawning Algae"),
        flag("deleteAfterSpawning", false, "Remove the parent once it has had young.").eg("featProp Population deleteAfterSpawning setTo true"),
    ],
    methods: &[
        old(on_blueprint(method("createCharacter", &[BP, BLOCK], "Makes a new character; the lines run on it.")), &["createAgent"]).eg("# PROGRAM INIT\nfeatCall Population createCharacter Algae [[\n  prop energy setTo 20\n]]"),
        method("spawnChild", &[BLOCK], "Makes a copy of this character; the lines run on the copy.").eg("every 10 [[\n  featCall Population spawnChild [[\n    prop energy setTo 20\n  ]]\n]]"),
        old(method("removeCharacter", &[], "Removes this character from the model."), &["removeAgent"]).eg("ifProp energy lessThan 1 [[\n  featCall Population removeCharacter\n]]"),
        answers(method("getRandomActiveCharacter", &[BP], "Picks one active character of a kind at random."), "a character").eg("ifExpr {{ agent.callFeatMethod('Population', 'getRandomActiveCharacter', 'Algae').getProp('energy').value < 5 }} [[\n  prop hungry setTo true\n]]"),
        old(method("releaseAllCharacters", &[], "Lets go of every character held by a pointer."), &["releaseAllAgents"]).eg("featCall Population releaseAllCharacters"),
        old(method("releaseInertCharacters", &[], "Lets go of every inert character held by a pointer."), &["releaseInertAgents"]).eg("featCall Population releaseInertCharacters"),
        old(method("hideInertCharacters", &[], "Hides every inert character."), &["hideInertAgents"]).eg("every 5 [[\n  featCall Population hideInertCharacters\n]]"),
        old(method("removeInertCharacters", &[], "Removes every inert character."), &["removeInertAgents"]).eg("every 10 [[\n  featCall Population removeInertCharacters\n]]"),
        old(on_each_of(method("charactersReproduce", &[BP, BLOCK], "Each active character of a kind has one young; the lines run on the young.")), &["agentsReproduce"]).eg("every 10 [[\n  featCall Population charactersReproduce Algae\n]]"),
        old(on_each_of(method("oneCharacterReproduce", &[BP, BLOCK], "One character of a kind has young; the lines run on it.")), &["oneAgentReproduce"]).eg("every 2 [[\n  featCall Population oneCharacterReproduce Fish\n]]"),
        on_blueprint(method("populateBySpawning", &[BP, BLOCK], "Fills the kind up to the target size; the lines run on each new one.")).eg("featProp Population targetPopulationSize setTo 20\nfeatCall Population populateBySpawning Algae [[\n  prop energy setTo 10\n]]"),
        old(on_each_of(method("charactersForEachActive", &[BP, BLOCK], "Runs the lines on every active character of a kind.")), &["agentsForEachActive"]).eg("featCall Population charactersForEachActive Algae [[\n  prop energy add 1\n]]"),
        old(on_each_of(method("charactersForEach", &[BP, BLOCK], "Runs the lines on every character of a kind.")), &["agentsForEach"]).eg("featCall Population charactersForEach Algae [[\n  prop energy setTo 10\n]]"),
        answers(old(method("getActiveCharactersCount", &[BP], "Counts the active characters of a kind."), &["getActiveAgentsCount"]), "a count").eg("ifExpr {{ agent.callFeatMethod('Population', 'getActiveCharactersCount', 'Algae') < 3 }} [[\n  featCall Population createCharacter Algae\n]]"),
        method("countCharacters", &[BP], "Counts the characters of a kind into count.").eg("featCall Population countCharacters Algae\nexprPush {{ 'Algae: ' + agent.getFeatProp('Population', 'count').value }}\nfeatPropPop Graphing text"),
        old(method("countCharacterProp", &[BP, PROP_TEXT], "Adds up a property over a kind into sum and avg."), &["countAgentProp"]).eg("featCall Population countCharacterProp Algae 'energy'\nexprPush {{ 'Food left: ' + agent.getFeatProp('Population', 'sum').value }}\nfeatPropPop Graphing text"),
        old(method("minCharacterProp", &[BP, PROP_TEXT], "Finds the smallest value of a property into min."), &["minAgentProp"]).eg("featCall Population minCharacterProp Fish 'energy'\nexprPush {{ 'Weakest fish: ' + agent.getFeatProp('Population', 'min').value }}\nfeatPropPop Graphing text"),
        old(method("maxCharacterProp", &[BP, PROP_TEXT], "Finds the largest value of a property into max."), &["maxAgentProp"]).eg("featCall Population maxCharacterProp Fish 'energy'\nexprPush {{ 'Strongest fish: ' + agent.getFeatProp('Population', 'max').value }}\nfeatPropPop Graphing text"),
        method(
            "countCharactersByPropType",
            &[BP, PROP_TEXT, A::optional("clear", K::Boolean, "Start the counts from zero.")],
            "Counts how many characters have each value of a property.",
        ).eg("featCall Population countCharactersByPropType Fish 'hungry' true"),
        old(method("setCharactersByFeatPropTypeKeys", &[KEYS], "Sets the values to count by."), &["setAgentsByFeatPropTypeKeys", "setCharctersByFeatPropTypeKeys"]).eg("featCall Population setCharactersByFeatPropTypeKeys 'wander' 'stop'\nfeatCall Population countExistingCharactersByFeatPropType Fish 'Movement' 'movementType'"),
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
        ).eg("featCall Population countExistingCharactersByFeatPropType Fish 'Movement' 'movementType'"),
        on_any(method(
            "tellCharacterByName",
            &[A::one("name", K::Text, "The character's name."), BLOCK],
            "Runs the lines on one named character.",
        )).eg("featCall Population tellCharacterByName 'Dory' [[\n  prop energy add 10\n]]"),
        on_any(method("tellAllCharacters", &[BLOCK], "Runs the lines on every character.")).eg("featCall Population tellAllCharacters [[\n  prop energy setTo 50\n]]"),
    ],
};
