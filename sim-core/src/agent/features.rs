//! A feature attached to an agent: its name and its properties as GVars.

use crate::features::{DefaultValue, FeatureSpec};
use crate::vars::{GVar, Value};

/// One attached feature's properties, made from the catalog's defaults.
#[derive(Debug, Clone)]
pub struct FeatureState {
    /// The feature's canonical name.
    pub name: &'static str,
    /// Its property names, in catalog order, plus any the runtime adds (`avg` ...). Kept
    /// apart from the values so a lookup scans a few contiguous words.
    names: Vec<&'static str>,
    /// The properties' values, parallel to `names`.
    vars: Vec<GVar>,
    /// Points a line graph has collected (Graphing), oldest first.
    pub series: Vec<f64>,
    /// Counts per value of a prop (Population's `_countsByProp`, drawn as a histogram), in
    /// key order as set.
    pub buckets: Vec<(String, f64)>,
}

impl FeatureState {
    /// The feature as `addFeature` attaches it: every catalog prop at its default.
    pub fn new(spec: &'static FeatureSpec) -> FeatureState {
        let vars = spec
            .props
            .iter()
            .map(|p| {
                let value = match p.default {
                    DefaultValue::Number(n) => Value::Number(n),
                    DefaultValue::Text(t) => Value::String(t.to_string()),
                    DefaultValue::Boolean(b) => Value::Boolean(b),
                };
                GVar::new(p.ty, Some(&value))
                    .or_else(|_| GVar::new(p.ty, None))
                    .unwrap_or_else(|_| GVar::Number(crate::vars::NumberVar::new(0.0)))
            })
            .collect();
        FeatureState {
            name: spec.name,
            names: spec.props.iter().map(|p| p.name).collect(),
            vars,
            series: Vec::new(),
            buckets: Vec::new(),
        }
    }

    /// A property by name or catalog alias.
    pub fn prop(&self, name: &str) -> Option<&GVar> {
        let index = self.index_of(name)?;
        self.vars.get(index)
    }

    /// A property by name or catalog alias, to change.
    pub fn prop_mut(&mut self, name: &str) -> Option<&mut GVar> {
        let index = self.index_of(name)?;
        self.vars.get_mut(index)
    }

    /// Where a property is: its own name first (the common case, no catalog search), then
    /// an alias.
    fn index_of(&self, name: &str) -> Option<usize> {
        let by_name = |name: &str| self.names.iter().position(|n| *n == name);
        by_name(name).or_else(|| by_name(self.canonical(name)))
    }

    /// A property's value as a number, if it is one.
    pub fn number(&self, name: &str) -> Option<f64> {
        self.prop(name)?.value().as_number()
    }

    /// A String property's text, borrowed (no copy, for the tick's hot paths).
    pub fn str(&self, name: &str) -> Option<&str> {
        match self.prop(name)? {
            GVar::String(s) => Some(s.value()),
            _ => None,
        }
    }

    /// A property's value as text, if it has one.
    pub fn text(&self, name: &str) -> Option<String> {
        self.prop(name)?.value().as_text()
    }

    /// A property's value as a truth value, if it is one.
    pub fn flag(&self, name: &str) -> Option<bool> {
        self.prop(name)?.value().as_bool()
    }

    /// Sets a property to `value`, adding it with the value's type when the catalog does
    /// not list it (runtime results such as Population's `avg`).
    pub fn set(&mut self, name: &'static str, value: Value) {
        if let Some(var) = self.prop_mut(name) {
            if let (GVar::Number(n), Some(v)) = (&mut *var, value.as_number()) {
                if n.set(v).is_ok() {
                    return;
                }
            }
            if let Some(new) = GVar::holding(&value).filter(|n| n.var_type() == var.var_type()) {
                *var = new;
                return;
            }
        }
        if let Some(new) = GVar::holding(&value) {
            match self.index_of(name).and_then(|i| self.vars.get_mut(i)) {
                Some(slot) => *slot = new,
                None => {
                    self.names.push(name);
                    self.vars.push(new);
                }
            }
        }
    }

    /// Every property with its value, in order.
    pub fn props(&self) -> impl Iterator<Item = (&'static str, &GVar)> {
        self.names.iter().copied().zip(self.vars.iter())
    }

    fn canonical<'a>(&self, name: &'a str) -> &'a str {
        crate::features::feature(self.name)
            .and_then(|spec| spec.prop(name))
            .map_or(name, |p| p.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_feature_starts_at_its_catalog_defaults_and_finds_props_by_alias() {
        let spec = crate::features::feature("Population").unwrap();
        let mut f = FeatureState::new(spec);
        assert_eq!(f.number("count"), Some(0.0));
        f.set("monitoredCharacter", Value::String("Moth".into()));
        assert_eq!(
            f.text("monitoredAgent").as_deref(),
            Some("Moth"),
            "old name"
        );
        assert_eq!(f.str("monitoredCharacter"), Some("Moth"));
        assert!(f.prop("nothing").is_none());
    }

    #[test]
    fn setting_a_number_keeps_its_limits_and_unknown_props_are_added() {
        let spec = crate::features::feature("Movement").unwrap();
        let mut f = FeatureState::new(spec);
        let mut rng = <rand_pcg::Pcg32 as rand_core::SeedableRng>::seed_from_u64(1);
        f.prop_mut("distance")
            .unwrap()
            .call("setMax", &[Value::Number(2.0)], &mut rng)
            .unwrap();
        f.set("distance", Value::Number(9.0));
        assert_eq!(f.number("distance"), Some(2.0));
        f.set("extra", Value::Boolean(true));
        assert_eq!(f.flag("extra"), Some(true));
    }
}
