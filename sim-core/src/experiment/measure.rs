//! What an experiment or a monitor measures of a run: `count Fish`, `Global.rate`, `mean`,
//! `sum`, `min` or `max` of a blueprint's prop (`mean Fish.energyLevel`), or a `{{ }}`
//! expression of those ([`super::expression`]).

use super::expression::MeasureExpr;
use crate::script::compiler::Symbols;
use crate::sim::Simulation;
use crate::suggest::closest;
use crate::vars::{Value, VarType};

/// A measure, read from its text.
#[derive(Debug, Clone, PartialEq)]
pub enum Measure {
    /// How many agents of a blueprint there are.
    Count(String),
    /// A Global prop's value (true counts 1, false 0).
    Global(String),
    /// A statistic of a Number prop over a blueprint's agents; none when it has no agents.
    Stat(Stat, String, String),
    /// A `{{ }}` expression of Global props, counts and statistics.
    Expr(MeasureExpr),
}

/// A statistic of a prop over agents.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stat {
    /// The average.
    Mean,
    /// The total.
    Sum,
    /// The least.
    Min,
    /// The greatest.
    Max,
}

/// The statistics, by the name a measure gives them.
pub(crate) const STATS: [(&str, Stat); 4] = [
    ("mean", Stat::Mean),
    ("sum", Stat::Sum),
    ("min", Stat::Min),
    ("max", Stat::Max),
];

impl Measure {
    /// The measure `text` describes.
    pub fn parse(text: &str) -> Result<Measure, String> {
        if let Some(inner) = text.trim_end().strip_suffix("}}") {
            let open = inner.find("{{").filter(|at| inner[..*at].trim().is_empty());
            let Some(at) = open else {
                return Err("an expression measure is written '{{ … }}'".to_string());
            };
            let column = inner[..at + 2].chars().count();
            return MeasureExpr::parse(&inner[at + 2..], column).map(Measure::Expr);
        }
        let words: Vec<&str> = text.split_whitespace().collect();
        let how = "write a measure like 'count Fish', 'Global.rate', 'mean Fish.energy' or \
                   '{{ Fish.count / Algae.count }}'";
        match words.as_slice() {
            [] => Err(format!("nothing to measure yet; {how}")),
            ["count", blueprint] => Ok(Measure::Count(blueprint.to_string())),
            [one] => match one.split_once('.') {
                Some(("Global", name)) if !name.is_empty() => Ok(Measure::Global(name.to_string())),
                Some((bp, prop)) => Err(format!(
                    "'{one}' needs a statistic in front ('mean {bp}.{prop}', 'sum', 'min' or \
                     'max'); {how}"
                )),
                None => Err(format!("'{one}' is not a measure; {how}")),
            },
            [stat, path] => {
                let Some((_, stat)) = STATS.iter().find(|(name, _)| name == stat) else {
                    return Err(format!("'{text}' is not a measure; {how}"));
                };
                match path.split_once('.') {
                    Some((bp, prop)) if !bp.is_empty() && !prop.is_empty() => {
                        Ok(Measure::Stat(*stat, bp.to_string(), prop.to_string()))
                    }
                    _ => Err(format!("'{path}' should name a prop like Fish.energy")),
                }
            }
            _ => Err(format!("'{text}' is not a measure; {how}")),
        }
    }

    /// Checks the names against what the model declares.
    pub(crate) fn check(&self, symbols: &Symbols) -> Result<(), String> {
        match self {
            Measure::Count(bp) => blueprint(symbols, bp).map(drop),
            Measure::Global(name) => match symbols.globals.get(name) {
                Some(VarType::Number | VarType::Boolean) => Ok(()),
                Some(ty) => Err(format!("Global.{name} is {ty:?}, not a number")),
                None => Err(unknown(
                    &format!("Global prop '{name}'"),
                    name,
                    symbols.globals.keys().map(String::as_str),
                )),
            },
            Measure::Stat(_, bp, prop) => {
                let declared = blueprint(symbols, bp)?;
                match declared.prop(prop) {
                    Some(VarType::Number) => Ok(()),
                    Some(ty) => Err(format!("{bp}.{prop} is {ty:?}, not a Number")),
                    None => Err(unknown(
                        &format!("prop '{prop}' on {bp}"),
                        prop,
                        declared.props.keys().map(String::as_str),
                    )),
                }
            }
            Measure::Expr(expr) => expr.check(symbols),
        }
    }

    /// The measure's value in `sim` now, or why there is none (a statistic of no agents, a
    /// Global prop not made yet), for the note beside an empty cell.
    pub fn sample(&self, sim: &Simulation) -> Result<f64, String> {
        match self {
            Measure::Count(bp) => Ok(sim.count_of(bp) as f64),
            Measure::Global(name) => match sim.global(name) {
                None => Err(format!("Global.{name} is not made yet")),
                Some(Value::Boolean(b)) => Ok(f64::from(u8::from(b))),
                Some(value) => value
                    .as_number()
                    .ok_or_else(|| format!("Global.{name} is {}", value.describe())),
            },
            Measure::Stat(stat, bp, prop) => statistic(sim, *stat, bp, prop),
            Measure::Expr(expr) => expr.sample(sim),
        }
    }
}

/// `stat` of the Number prop `prop` over the agents of blueprint `bp` in `sim` now, or why
/// there is none (no agents, or none with a number there).
pub(crate) fn statistic(sim: &Simulation, stat: Stat, bp: &str, prop: &str) -> Result<f64, String> {
    let mut numbers = sim.prop_numbers(bp, prop);
    let Some(first) = numbers.next() else {
        return Err(match sim.count_of(bp) {
            0 => format!("there are no {bp}"),
            _ => format!("no {bp} has a number in '{prop}'"),
        });
    };
    let (mut count, mut sum, mut min, mut max) = (1.0, first, first, first);
    for n in numbers {
        count += 1.0;
        sum += n;
        min = min.min(n);
        max = max.max(n);
    }
    Ok(match stat {
        Stat::Mean => sum / count,
        Stat::Sum => sum,
        Stat::Min => min,
        Stat::Max => max,
    })
}

/// Blueprint `name`'s declarations, or an error naming the closest blueprint.
pub(crate) fn blueprint<'s>(
    symbols: &'s Symbols,
    name: &str,
) -> Result<&'s crate::script::compiler::BlueprintSymbols, String> {
    symbols.blueprints.get(name).ok_or_else(|| {
        unknown(
            &format!("blueprint '{name}'"),
            name,
            symbols.blueprints.keys().map(String::as_str),
        )
    })
}

/// "the model has no `what`", with the closest of `names` suggested.
pub(crate) fn unknown<'a>(
    what: &str,
    name: &str,
    names: impl IntoIterator<Item = &'a str>,
) -> String {
    match closest(name, names) {
        Some(near) => format!("the model has no {what} (did you mean {near}?)"),
        None => format!("the model has no {what}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measures_read_from_their_text() {
        assert_eq!(
            Measure::parse("count Fish"),
            Ok(Measure::Count("Fish".into()))
        );
        assert_eq!(
            Measure::parse(" Global.rate "),
            Ok(Measure::Global("rate".into()))
        );
        assert_eq!(
            Measure::parse("max Fish.energy"),
            Ok(Measure::Stat(Stat::Max, "Fish".into(), "energy".into()))
        );
        for (text, says) in [
            ("Fish.energy", "needs a statistic"),
            ("average Fish.energy", "not a measure"),
            ("mean Fish", "should name a prop"),
            ("", "nothing to measure yet"),
            ("count", "not a measure"),
        ] {
            let err = Measure::parse(text).unwrap_err();
            assert!(err.contains(says), "{text}: {err}");
        }
    }
}
