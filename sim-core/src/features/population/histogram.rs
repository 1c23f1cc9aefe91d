//! Population's counts by property value (`countExistingCharactersByFeatPropType`), the data
//! behind a histogram: how many characters of a kind have each value of a prop.

use crate::entity::EntityId;
use crate::exec::{Failure, Runner};
use crate::features::runtime::feat;
use crate::script::program::Arg;
use crate::vars::Value;

/// Population's kind, which its methods find the agent's feature by.
const KIND: crate::features::catalog::FeatureKind =
    crate::features::catalog::FeatureKind::named("Population");

/// What to count: which kind, which feature (empty: an added prop) and which prop.
struct Counted {
    blueprint: String,
    feature: String,
    prop: String,
    clear: bool,
}

/// Counts characters by a prop's value into the caller's Population buckets. Arguments left
/// out come from the Population's `monitoredCharacter…` props.
pub(crate) fn count(
    r: &mut Runner<'_>,
    id: EntityId,
    by_feature: bool,
    args: &[Arg],
) -> Result<(), Failure> {
    let counted = counted(r, id, by_feature, args)?;
    let bp = r
        .world
        .blueprints
        .index(&counted.blueprint)
        .ok_or_else(|| super::runtime::no_blueprint(r, &counted.blueprint))?;
    r.charge_scan(r.world.agents.len())?;
    let keys: Vec<String> = r
        .world
        .visible_agents()
        .filter(|a| a.blueprint == bp && a.is_active())
        .filter_map(|a| {
            let value = if counted.feature.is_empty() {
                r.world.agents.prop(&a, &counted.prop).map(|v| v.value())
            } else {
                (r.world.agents.feature_named(&a, &counted.feature))
                    .and_then(|f| f.prop(&counted.prop))
                    .map(|v| v.value())
            };
            value.and_then(|v| v.as_text())
        })
        .collect();
    let mut feature = feat(r, id, KIND)?;
    let Some(buckets) = feature.buckets_mut() else {
        return Ok(());
    };
    if counted.clear {
        buckets.iter_mut().for_each(|(_, n)| *n = 0.0);
    }
    for key in keys {
        match buckets.iter_mut().find(|(k, _)| *k == key) {
            Some((_, n)) => *n += 1.0,
            None => buckets.push((key, 1.0)),
        }
    }
    Ok(())
}

fn counted(
    r: &mut Runner<'_>,
    id: EntityId,
    by_feature: bool,
    args: &[Arg],
) -> Result<Counted, Failure> {
    let values = r.args(args)?;
    let text = |i: usize| values.get(i).and_then(Value::as_text);
    let monitored = |r: &Runner<'_>, prop: &str| {
        r.world
            .agents
            .feature(
                id,
                crate::features::catalog::FeatureKind::named("Population"),
            )
            .and_then(|p| p.text(prop))
            .unwrap_or_default()
    };
    let blueprint = text(0).unwrap_or_else(|| monitored(r, "monitoredCharacter"));
    let (feature, prop, clear_at) = if by_feature {
        let feature = text(1).unwrap_or_else(|| monitored(r, "monitoredCharacterPropFeature"));
        let prop = text(2).unwrap_or_else(|| monitored(r, "monitoredCharacterProp"));
        (feature, prop, 3)
    } else {
        let prop = text(1).unwrap_or_else(|| monitored(r, "monitoredCharacterProp"));
        (String::new(), prop, 2)
    };
    let feature = crate::features::feature(&feature).map_or(feature, |f| f.name.to_string());
    let clear = values
        .get(clear_at)
        .and_then(Value::as_bool)
        .unwrap_or(true);
    if blueprint.is_empty() || prop.is_empty() {
        return Err("say which characters and which property to count, like 'Moth' 'color' (or set the Population props monitoredCharacter and monitoredCharacterProp)".to_string());
    }
    Ok(Counted {
        blueprint,
        feature,
        prop,
        clear,
    })
}
