//! Timer's catalog entry: ending the round.
use crate::features::builders::method;
use crate::features::catalog::FeatureSpec;

pub(crate) const TIMER: FeatureSpec = FeatureSpec {
    name: "Timer",
    aliases: &[],
    help: "Lets the character watch and end the round's clock.",
    example: "ifProp energy lessThan 1 [[\n  featCall Timer stopRound\n]]",
    hot: 0,
    props: &[],
    methods: &[method("stopRound", &[], "Ends the current round now.")
        .eg("ifExpr {{ agent.callFeatMethod('Global', 'getGlobalProp', 'algaeEaten') >= 20 }} [[\n  featCall Timer stopRound\n]]")],
};
