//! What the inspector shows, taken from the simulation in one go, and the edits it sends back.

use sim_core::{EntityId, PropEntry, PropGroup, Simulation, Value};

/// One agent in the agent list.
#[derive(Debug, Clone, PartialEq)]
pub struct AgentRow {
    /// Its id, to select it.
    pub id: EntityId,
    /// Its name.
    pub name: String,
    /// Its blueprint, for the filter.
    pub blueprint: String,
    /// Whether it is selected.
    pub selected: bool,
}

/// A readout of everything the inspector shows.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Inspection {
    /// Every agent, in the simulation's order.
    pub agents: Vec<AgentRow>,
    /// The model's blueprint names, for the filter.
    pub blueprints: Vec<String>,
    /// The first selected agent and its props (the one inspected).
    pub inspected: Option<(AgentRow, Vec<PropEntry>)>,
    /// How many agents are selected.
    pub selected_count: usize,
    /// The name of the agent under the pointer.
    pub hovered: Option<String>,
    /// Why the last edit was refused.
    pub error: Option<String>,
}

impl Inspection {
    /// Takes the readout from `sim`; `error` is the last refused edit's message.
    pub fn of(sim: &Simulation, error: Option<String>) -> Inspection {
        let mut inspection = Inspection {
            blueprints: sim.blueprint_names(),
            error,
            ..Inspection::default()
        };
        for agent in sim.agents() {
            let selection = agent.selection();
            let row = AgentRow {
                id: agent.id(),
                name: agent.name().to_string(),
                blueprint: agent.blueprint().to_string(),
                selected: selection.selected,
            };
            if selection.hovered {
                inspection.hovered = Some(row.name.clone());
            }
            if row.selected {
                inspection.selected_count += 1;
                if inspection.inspected.is_none() {
                    let props = sim.agent_props(row.id).unwrap_or_default();
                    inspection.inspected = Some((row.clone(), props));
                }
            }
            inspection.agents.push(row);
        }
        inspection
    }
}

/// A prop edit the user applied: the text typed for `name` of `group` on `agent`, whose
/// current value is `was` (its kind decides how the text is read).
#[derive(Debug, Clone, PartialEq)]
pub struct Edit {
    /// The agent edited.
    pub agent: EntityId,
    /// Built-in, added or feature prop.
    pub group: PropGroup,
    /// The prop's name.
    pub name: String,
    /// What the user typed.
    pub text: String,
    /// The prop's value when the edit started.
    pub was: Value,
}

/// Reads `text` as a value of the same kind as `was`: a number for a number, text for text,
/// `true` or `false` (what the checkbox sends, any case) for a Boolean.
pub fn parse_value(text: &str, was: &Value) -> Result<Value, String> {
    match was {
        Value::Number(_) => {
            let number = text
                .trim()
                .parse::<f64>()
                .map_err(|_| format!("'{text}' is not a number"))?;
            if number.is_finite() {
                Ok(Value::Number(number))
            } else {
                Err(format!("'{text}' is not a finite number"))
            }
        }
        Value::String(_) => Ok(Value::String(text.to_string())),
        Value::Boolean(_) => match text.trim().to_ascii_lowercase().as_str() {
            "true" => Ok(Value::Boolean(true)),
            "false" => Ok(Value::Boolean(false)),
            _ => Err(format!("'{text}' is neither true nor false")),
        },
        Value::Null => Err("a prop with no value cannot be edited".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_parse_and_junk_is_refused() {
        let was = Value::Number(3.0);
        assert_eq!(parse_value(" 0 ", &was), Ok(Value::Number(0.0)));
        assert_eq!(parse_value("-2.5", &was), Ok(Value::Number(-2.5)));
        assert_eq!(
            parse_value("abc", &was),
            Err("'abc' is not a number".to_string())
        );
        assert!(parse_value("inf", &was).is_err());
    }

    #[test]
    fn text_stays_text_and_null_is_not_editable() {
        let was = Value::String("a".into());
        assert_eq!(parse_value("12", &was), Ok(Value::String("12".into())));
        assert!(parse_value("", &Value::Null).is_err());
    }

    #[test]
    fn booleans_read_true_or_false_and_nothing_else() {
        let was = Value::Boolean(false);
        assert_eq!(parse_value("true", &was), Ok(Value::Boolean(true)));
        assert_eq!(parse_value(" FALSE ", &was), Ok(Value::Boolean(false)));
        assert_eq!(
            parse_value("yes", &was),
            Err("'yes' is neither true nor false".to_string())
        );
    }
}
