//! Resolving references: `prop`, `agent.prop`, `Bp.prop`; feature props in their four
//! spellings; and `[agent.|Bp.]Feature` for `featCall`. Each check reports what it can and
//! leaves the rest to run time when the project is not fully known.

use super::error::CompileErrorKind;
use super::scope::{describe_token, Checked, Cx};
use crate::features::{self, FeatureSpec};
use crate::script::program::{FeatPropRef, PropRef, Target};
use crate::script::{Token, TokenKind};
use crate::suggest::closest;
use crate::vars::VarType;

/// A resolved target and the blueprint whose declarations apply (`None`: unknown or none).
pub(crate) type Resolved = (Target, Option<String>);

impl Cx<'_> {
    /// Resolves the part before the dot: `agent`, the running agent's blueprint, or a
    /// blueprint a surrounding `when` names.
    pub fn target(&mut self, name: &str, at: &Token) -> Checked<Resolved> {
        if name == "agent" {
            return Ok((Target::Agent, self.frame.agent.clone()));
        }
        if self.frame.pair.iter().any(|p| p == name) {
            return Ok((Target::Blueprint(name.to_owned()), Some(name.to_owned())));
        }
        if self.frame.agent.as_deref() == Some(name) {
            return Ok((Target::Agent, Some(name.to_owned())));
        }
        Err(self.out_of_scope(name, at))
    }

    /// `prop`, `agent.prop` or `Bp.prop`, and the prop's type when it is known.
    pub fn prop_ref(&mut self, at: &Token) -> Checked<(PropRef, Option<VarType>)> {
        let (target, bp, prop) = match &at.kind {
            TokenKind::Identifier(prop) => (Target::Agent, self.frame.agent.clone(), prop.clone()),
            TokenKind::ObjRef(parts) if parts.len() == 2 => {
                let (target, bp) = self.target(&parts[0], at)?;
                (target, bp, parts[1].clone())
            }
            _ => {
                return Err(self.expected(
                    at,
                    "prop",
                    "a property (prop, agent.prop or Blueprint.prop)",
                ))
            }
        };
        let ty = self.prop_type(bp.as_deref(), &prop, at)?;
        Ok((PropRef { target, prop }, ty))
    }

    /// A feature property in any of its spellings, starting at `tokens[0]`: `Feature prop`,
    /// `Feature.prop`, `agent.Feature prop`, `Bp.Feature.prop`. Returns the reference, the
    /// prop's type, and how many tokens it took.
    pub fn feat_prop_ref(
        &mut self,
        tokens: &[Token],
        at: &Token,
    ) -> Checked<(FeatPropRef, VarType, usize)> {
        let Some(first) = tokens.first() else {
            return Err(self.expected(at, "feature prop", "a feature property (Feature prop)"));
        };
        let next_word = match tokens.get(1).map(|t| &t.kind) {
            Some(TokenKind::Identifier(w)) => Some(w.clone()),
            _ => None,
        };
        let (owner, feature, prop, used) = match &first.kind {
            TokenKind::Identifier(f) => (None, f.clone(), next_word, 2),
            TokenKind::ObjRef(p) if p.len() == 2 && features::feature(&p[0]).is_some() => {
                (None, p[0].clone(), Some(p[1].clone()), 1)
            }
            TokenKind::ObjRef(p) if p.len() == 2 => {
                (Some(p[0].clone()), p[1].clone(), next_word, 2)
            }
            TokenKind::ObjRef(p) if p.len() == 3 => {
                (Some(p[0].clone()), p[1].clone(), Some(p[2].clone()), 1)
            }
            _ => {
                return Err(self.expected(
                    first,
                    "feature prop",
                    "a feature property (Feature prop)",
                ))
            }
        };
        let Some(prop) = prop else {
            let at = tokens.get(1).unwrap_or(first);
            return Err(self.expected(at, "feature prop", "the name of the feature's property"));
        };
        let (target, bp) = match owner {
            Some(owner) => self.target(&owner, first)?,
            None => (Target::Agent, self.frame.agent.clone()),
        };
        let spec = self.feature_on(&feature, bp.as_deref(), first)?;
        let Some(prop_spec) = spec.prop(&prop) else {
            let suggestion = closest(&prop, spec.prop_names()).map(str::to_owned);
            let at = tokens.get(used - 1).unwrap_or(first);
            let text = prop.clone();
            return Err(self.report(
                at.pos,
                &text,
                CompileErrorKind::UnknownFeatProp {
                    feature: spec.name.to_owned(),
                    prop,
                    suggestion,
                },
            ));
        };
        let reference = FeatPropRef {
            target,
            feature: spec.name.to_owned(),
            prop: prop_spec.name.to_owned(),
        };
        Ok((reference, prop_spec.ty, used))
    }

    /// `Feature`, `agent.Feature` or `Bp.Feature` for `featCall`: the target, the feature,
    /// and the blueprint its block arguments run on.
    pub fn feature_ref(
        &mut self,
        at: &Token,
    ) -> Checked<(Target, &'static FeatureSpec, Option<String>)> {
        let (target, bp, name) = match &at.kind {
            TokenKind::Identifier(f) => (Target::Agent, self.frame.agent.clone(), f.clone()),
            TokenKind::ObjRef(p) if p.len() == 2 => {
                let (target, bp) = self.target(&p[0], at)?;
                (target, bp, p[1].clone())
            }
            _ => {
                return Err(self.expected(
                    at,
                    "feature",
                    "a feature (Feature or Blueprint.Feature)",
                ))
            }
        };
        let spec = self.feature_on(&name, bp.as_deref(), at)?;
        Ok((target, spec, bp))
    }

    /// Finds feature `name` and checks that blueprint `bp` adds it (when `bp` is known).
    pub fn feature_on(
        &mut self,
        name: &str,
        bp: Option<&str>,
        at: &Token,
    ) -> Checked<&'static FeatureSpec> {
        let Some(spec) = features::feature(name) else {
            let suggestion = closest(name, features::feature_names()).map(str::to_owned);
            return Err(self.report(
                at.pos,
                name,
                CompileErrorKind::UnknownFeature {
                    name: name.to_owned(),
                    suggestion,
                },
            ));
        };
        let symbols = bp.and_then(|bp| self.symbols.blueprint(bp));
        match (bp, symbols) {
            (Some(bp), Some(symbols)) if !symbols.features.contains(spec.name) => Err(self.report(
                at.pos,
                name,
                CompileErrorKind::FeatureNotAdded {
                    feature: spec.name.to_owned(),
                    blueprint: bp.to_owned(),
                },
            )),
            _ => Ok(spec),
        }
    }

    /// Reports that `at` is not what argument `arg` takes.
    pub fn expected(&mut self, at: &Token, arg: &str, expected: &str) -> super::scope::Reported {
        let got = describe_token(at);
        let name = self.current_keyword.clone();
        self.report_at(
            at,
            CompileErrorKind::ArgType {
                name,
                arg: arg.to_owned(),
                expected: expected.to_owned(),
                got,
            },
        )
    }
}
