//! GEMSTEP's built-in agent properties, read and written by name as script values.

use super::Agent;
use crate::vars::{GVar, Value, VarType};

/// The built-in properties, in the order the inspector lists them.
pub const BUILTIN_PROPS: [&str; 12] = [
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
];

impl Agent {
    /// The value of a built-in property, or `None` if `name` is not one. `type` (the
    /// blueprint name) is answered by the caller, which knows the blueprint names.
    pub fn builtin(&self, name: &str) -> Option<Value> {
        Some(match name {
            "id" => Value::Number(f64::from(self.id.index())),
            "name" => Value::String(self.name.clone()),
            "x" => Value::Number(self.x),
            "y" => Value::Number(self.y),
            "skin" => Value::String(self.skin.clone()),
            "visible" => Value::Boolean(self.visible),
            "alpha" => Value::Number(self.alpha),
            "isInert" => Value::Boolean(self.is_inert),
            "zIndex" => Value::Number(self.z_index),
            "orientation" => Value::Number(self.orientation),
            "statusText" => Value::String(self.status_text.clone()),
            _ => return None,
        })
    }

    /// Whether `name` is a built-in property scripts may change (`id` and `type` are
    /// read-only).
    pub fn is_writable_builtin(name: &str) -> bool {
        BUILTIN_PROPS.contains(&name) && name != "id" && name != "type"
    }

    /// Sets a writable built-in property; `Err` names what was wrong. Numbers stay
    /// finite; alpha stays within 0..1.
    pub fn set_builtin(&mut self, name: &str, value: &Value) -> Result<(), String> {
        let number = || {
            value
                .as_number()
                .filter(|n| n.is_finite())
                .ok_or_else(|| format!("'{name}' needs a number, got {}", value.describe()))
        };
        let truth = || {
            value
                .as_bool()
                .ok_or_else(|| format!("'{name}' needs true or false, got {}", value.describe()))
        };
        let text = || {
            value
                .as_text()
                .ok_or_else(|| format!("'{name}' needs text, got {}", value.describe()))
        };
        match name {
            "x" => self.x = number()?,
            "y" => self.y = number()?,
            "alpha" => self.alpha = number()?.clamp(0.0, 1.0),
            "zIndex" => self.z_index = number()?,
            "orientation" => self.orientation = number()?,
            "visible" => self.visible = truth()?,
            "isInert" => self.is_inert = truth()?,
            "name" => self.name = text()?,
            "skin" => self.skin = text()?,
            "statusText" => self.status_text = text()?,
            _ => return Err(format!("'{name}' cannot be changed")),
        }
        Ok(())
    }

    /// A GVar holding a built-in property's value, so `prop x add 5` and `prop alpha setMin`
    /// work through the same method tables as added props. Limits set on built-ins are
    /// kept in `limits` between calls by the caller.
    pub fn builtin_var(&self, name: &str) -> Option<GVar> {
        let value = self.builtin(name)?;
        match value {
            Value::Number(_) => GVar::new(VarType::Number, Some(&value)).ok(),
            other => GVar::holding(&other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entity::Entities;

    fn agent() -> Agent {
        Agent::new(Entities::new().spawn().unwrap(), 0, "Nemo".into(), 0)
    }

    #[test]
    fn built_ins_are_set_by_name_with_their_types_checked() {
        let mut a = agent();
        a.set_builtin("x", &Value::Number(12.5)).unwrap();
        a.set_builtin("alpha", &Value::Number(3.0)).unwrap();
        a.set_builtin("isInert", &Value::String("true".into()))
            .unwrap();
        assert_eq!(a.builtin("x"), Some(Value::Number(12.5)));
        assert_eq!(a.alpha, 1.0, "alpha stays within 0..1");
        assert!(a.is_inert);
        let err = a.set_builtin("y", &Value::String("up".into())).unwrap_err();
        assert_eq!(err, "'y' needs a number, got the text 'up'");
        assert!(a.set_builtin("id", &Value::Number(1.0)).is_err());
        assert!(a.builtin("energy").is_none());
        assert!(!Agent::is_writable_builtin("type"));
    }
}
