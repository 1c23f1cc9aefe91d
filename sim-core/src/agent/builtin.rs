//! GEMSTEP's built-in agent properties, read and written by name as script values.

use super::{Agent, AgentMut, AgentRef};
use crate::vars::{GVar, Value, VarType};

/// The built-in properties, in the order the inspector lists them. The last ones, which few
/// models use, live in [`Extras`], made when a script first sets one.
pub const BUILTIN_PROPS: [&str; 22] = [
    "id",
    "name",
    "type",
    "x",
    "y",
    "skin",
    "visible",
    "alpha",
    "isInert",
    "zIndex",
    "orientation",
    "statusText",
    "color",
    "glowColor",
    "scale",
    "scaleY",
    "isInhabitingTarget",
    "trackerId",
    "statusValue",
    "statusValueColor",
    "statusValueIsLarge",
    "isPuppet",
];

/// GEMSTEP's rarer built-in props, kept out of line so most agents carry one empty pointer.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Extras {
    /// `color`: a tint as `0xRRGGBB`, set by a script (the Costume's tint otherwise).
    pub color: Option<f64>,
    /// `glowColor`: the glow's colour as `0xRRGGBB` (0: the default yellow).
    pub glow_color: f64,
    /// `scale`: size on top of the costume's, within -10..10 (`None`: the costume's).
    pub scale: Option<f64>,
    /// `scaleY`: stretch up and down, within -10..10 (`None`: the costume's).
    pub scale_y: Option<f64>,
    /// `isInhabitingTarget`: a cursor or controller has taken this character over.
    pub is_inhabiting_target: bool,
    /// `trackerId`: the input tracker's key (`None`: the agent's name, GEMSTEP's default).
    pub tracker_id: Option<String>,
    /// `statusValue`: the status meter's fill, 0..1 (`None`: no status meter).
    pub status_value: Option<f64>,
    /// `statusValueColor`: the status meter's colour as `0xRRGGBB`.
    pub status_value_color: f64,
    /// `statusValueIsLarge`: the status meter is drawn large.
    pub status_value_is_large: bool,
}

/// GEMSTEP's limits of `scale` and `scaleY`.
const SCALE_LIMIT: f64 = 10.0;

impl AgentRef<'_> {
    /// The value of a built-in property, or `None` if `name` is not one. `type` (the
    /// blueprint name) is answered by the caller, which knows the blueprint names, and
    /// `color` by [`Agents::builtin`](super::Agents::builtin) where no script set it (it is
    /// then the Costume's tint).
    pub(super) fn builtin(&self, name: &str) -> Option<Value> {
        Some(match name {
            "id" => Value::Number(f64::from(self.id.index())),
            "name" => Value::String(self.name.to_string()),
            "x" => Value::Number(self.x()),
            "y" => Value::Number(self.y()),
            "skin" => Value::String(self.skin().to_string()),
            "visible" => Value::Boolean(self.visible()),
            "alpha" => Value::Number(self.alpha()),
            "isInert" => Value::Boolean(self.is_inert()),
            "zIndex" => Value::Number(self.z_index()),
            "orientation" => Value::Number(self.orientation()),
            "statusText" => Value::String(self.rare.status_text().to_string()),
            // GEMSTEP's `agent.isModePuppet()`: a student's device moves it.
            "isPuppet" => Value::Boolean(self.mode == super::InputMode::Puppet),
            _ => return self.extra(name),
        })
    }

    /// [`AgentRef::builtin`] with `color` answered: the colour a script set, or else `tint`
    /// (its Costume's tint, which [`Agents::tint`](super::Agents::tint) gives).
    pub fn builtin_with_tint(&self, name: &str, tint: Option<f64>) -> Option<Value> {
        let set = self.rare.extras().and_then(|e| e.color);
        if name == "color" && set.is_none() {
            return Some(Value::Number(tint.unwrap_or(0.0)));
        }
        self.builtin(name)
    }

    /// A GVar holding a built-in property's value, so `prop x add 5` and `prop alpha setMin`
    /// work through the same method tables as added props. Limits set on built-ins are
    /// kept in `limits` between calls by the caller.
    pub fn builtin_var(&self, name: &str, tint: Option<f64>) -> Option<GVar> {
        let value = self.builtin_with_tint(name, tint)?;
        match value {
            Value::Number(_) => GVar::new(VarType::Number, Some(&value)).ok(),
            other => GVar::holding(&other),
        }
    }
}

impl Agent {
    /// The value of one of the rarer built-ins ([`Extras`]), with GEMSTEP's defaults.
    fn extra(&self, name: &str) -> Option<Value> {
        let e = self.rare.extras();
        let number = |f: fn(&Extras) -> f64| Value::Number(e.map_or(0.0, f));
        let flag = |f: fn(&Extras) -> bool| Value::Boolean(e.is_some_and(f));
        Some(match name {
            "color" => Value::Number(e.and_then(|e| e.color).unwrap_or(0.0)),
            "glowColor" => number(|e| e.glow_color),
            "scale" => number(|e| e.scale.unwrap_or(1.0)),
            "scaleY" => number(|e| e.scale_y.unwrap_or(1.0)),
            "isInhabitingTarget" => flag(|e| e.is_inhabiting_target),
            "trackerId" => Value::String(
                e.and_then(|e| e.tracker_id.clone())
                    .unwrap_or_else(|| self.name.to_string()),
            ),
            "statusValue" => number(|e| e.status_value.unwrap_or(0.0)),
            "statusValueColor" => number(|e| e.status_value_color),
            "statusValueIsLarge" => flag(|e| e.status_value_is_large),
            _ => return None,
        })
    }

    /// Whether `name` is a built-in property scripts may change (`id`, `type` and
    /// `isPuppet` are read-only).
    pub fn is_writable_builtin(name: &str) -> bool {
        BUILTIN_PROPS.contains(&name) && !matches!(name, "id" | "type" | "isPuppet")
    }
}

impl AgentMut<'_> {
    /// Sets a writable built-in property; `Err` names what was wrong. Numbers stay
    /// finite; alpha stays within 0..1.
    pub fn set_builtin(&mut self, name: &str, value: &Value) -> Result<(), String> {
        let number = || {
            value
                .as_number()
                .filter(|n| n.is_finite())
                .ok_or_else(|| format!("'{name}' needs a number, not {}", value.describe()))
        };
        let truth = || {
            value
                .as_bool()
                .ok_or_else(|| format!("'{name}' needs true or false, not {}", value.describe()))
        };
        let text = || {
            value
                .as_text()
                .ok_or_else(|| format!("'{name}' needs text, not {}", value.describe()))
        };
        match name {
            "x" => *self.x_mut() = number()?,
            "y" => *self.y_mut() = number()?,
            "alpha" => *self.alpha_mut() = number()?.clamp(0.0, 1.0),
            "zIndex" => *self.z_index_mut() = number()?,
            "orientation" => *self.orientation_mut() = number()?,
            "visible" => *self.visible_mut() = truth()?,
            "isInert" => *self.is_inert_mut() = truth()?,
            "name" => self.name = text()?.into(),
            "skin" => *self.skin_mut() = text()?.into(),
            "statusText" => self.rare.set_status_text(text()?),
            "color" => self.rare.extras_mut().color = Some(number()?),
            "glowColor" => self.rare.extras_mut().glow_color = number()?,
            "scale" => {
                self.rare.extras_mut().scale = Some(number()?.clamp(-SCALE_LIMIT, SCALE_LIMIT))
            }
            "scaleY" => {
                self.rare.extras_mut().scale_y = Some(number()?.clamp(-SCALE_LIMIT, SCALE_LIMIT));
            }
            "isInhabitingTarget" => self.rare.extras_mut().is_inhabiting_target = truth()?,
            "trackerId" => self.rare.extras_mut().tracker_id = Some(text()?),
            "statusValue" => self.rare.extras_mut().status_value = Some(number()?.clamp(0.0, 1.0)),
            "statusValueColor" => self.rare.extras_mut().status_value_color = number()?,
            "statusValueIsLarge" => self.rare.extras_mut().status_value_is_large = truth()?,
            _ => {
                return Err(format!(
                    "'{name}' cannot be changed: it is only there to be read"
                ))
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::Agents;
    use crate::entity::Entities;

    #[test]
    fn built_ins_are_set_by_name_with_their_types_checked() {
        let id = Entities::new().spawn().unwrap();
        let mut agents = Agents::default();
        agents.insert(Agent::new(id, 0, "Nemo".into()));
        let mut a = agents.get_mut(id).unwrap();
        a.set_builtin("x", &Value::Number(12.5)).unwrap();
        a.set_builtin("alpha", &Value::Number(3.0)).unwrap();
        a.set_builtin("isInert", &Value::String("true".into()))
            .unwrap();
        assert_eq!(a.as_ref().builtin("x"), Some(Value::Number(12.5)));
        assert_eq!(a.as_ref().alpha(), 1.0, "alpha stays within 0..1");
        assert!(a.as_ref().is_inert());
        let err = a.set_builtin("y", &Value::String("up".into())).unwrap_err();
        assert_eq!(err, "'y' needs a number, not the text 'up'");
        assert!(a.set_builtin("id", &Value::Number(1.0)).is_err());
        assert!(a.as_ref().builtin("energy").is_none());
        assert!(!Agent::is_writable_builtin("type"));
    }
}
