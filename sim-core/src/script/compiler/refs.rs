//! Resolving references: `prop`, `agent.prop`, `Bp.prop`; feature props in their four
//! spellings; and `[agent.|Bp.]Feature` for `featCall`. Each check reports what it can and
//! leaves the rest to run time when the project is not fully known.

use super::error::CompileErrorKind;
use super::scope::{describe_token, Checked, Compiling};
use crate::args::ArgKind;
use crate::features::{self, FeatureSpec};
use crate::script::program::{FeatPropRef, PropRef, Target};
use crate::script::{Token, TokenKind};
use crate::suggest::closest;
use crate::vars::VarType;

/// What a feature property is, as its errors say.
const FEATURE_PROP: &str = "a feature property, like Costume scale";

/// A resolved target and the blueprint whose declarations apply (`None`: unknown or none).
pub(crate) type Resolved = (Target, Option<String>);

impl Compiling<'_> {
    /// Resolves the part before the dot: `agent`, the running agent's blueprint, a
    /// blueprint a surrounding `when` names, or, in a block that runs on characters of any
    /// blueprint, any blueprint (the character it runs on, when it is one of those).
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
        // On each character of any blueprint: each one's own blueprint name is bound to it.
        if self.frame.binds_own_blueprint(name, self.symbols) {
            return Ok((Target::Blueprint(name.to_owned()), Some(name.to_owned())));
        }
        Err(self.out_of_scope(name, at))
    }

    /// `prop`, `agent.prop` or `Bp.prop`, and the prop's type when it is known.
    pub fn prop_ref(&mut self, at: &Token) -> Checked<(PropRef, Option<VarType>)> {
        let Some((owner, prop)) = owner_and_name(at) else {
            return Err(self.expected(at, "prop", ArgKind::PropRef.describe()));
        };
        let (target, bp) = self.owner(owner, at)?;
        let ty = self.prop_type(bp.as_deref(), prop, at)?;
        let prop = prop.to_owned();
        Ok((PropRef { target, prop }, ty))
    }

    /// The target an optional owner names: the running agent when there is none.
    fn owner(&mut self, owner: Option<&str>, at: &Token) -> Checked<Resolved> {
        match owner {
            Some(owner) => self.target(owner, at),
            None => Ok((Target::Agent, self.frame.agent.clone())),
        }
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
            return Err(self.missing(at, "feature prop", FEATURE_PROP));
        };
        let (frame, symbols) = (&self.frame, self.symbols);
        let names_agent = |n: &str| {
            n == "agent"
                || frame.agent.as_deref() == Some(n)
                || frame.pair.iter().any(|p| p == n)
                || frame.binds_own_blueprint(n, symbols)
        };
        let Some(spelled) = FeatPropSpelling::read(tokens, names_agent) else {
            return Err(self.expected(first, "feature prop", FEATURE_PROP));
        };
        let prop_at = tokens.get(spelled.used - 1).unwrap_or(first);
        let Some(prop) = spelled.prop else {
            return Err(self.expected(
                prop_at,
                "feature prop",
                "the name of one of the feature's properties",
            ));
        };
        let (target, bp) = self.owner(spelled.owner.as_deref(), first)?;
        let spec = self.feature_on(&spelled.feature, bp.as_deref(), first)?;
        let Some((slot, prop_spec)) = spec.slot(&prop) else {
            let suggestion = closest(&prop, spec.prop_names()).map(str::to_owned);
            let feature = spec.name.to_owned();
            let kind = CompileErrorKind::UnknownFeatProp {
                feature,
                prop: prop.clone(),
                suggestion,
            };
            return Err(self.report(prop_at.pos, &prop, kind));
        };
        let reference = FeatPropRef { target, slot };
        Ok((reference, prop_spec.ty, spelled.used))
    }

    /// `Feature`, `agent.Feature` or `Bp.Feature` for `featCall`: the target, the feature,
    /// and the blueprint its block arguments run on.
    pub fn feature_ref(
        &mut self,
        at: &Token,
    ) -> Checked<(Target, &'static FeatureSpec, Option<String>)> {
        let Some((owner, name)) = owner_and_name(at) else {
            return Err(self.expected(at, "feature", "a feature, like Costume or Fish.Costume"));
        };
        let (target, bp) = self.owner(owner, at)?;
        let spec = self.feature_on(name, bp.as_deref(), at)?;
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
        self.expected_instead(at, describe_token(at), arg, expected)
    }

    /// Reports, at `at` (the keyword), that argument `arg` is missing.
    pub fn missing(&mut self, at: &Token, arg: &str, expected: &str) -> super::scope::Reported {
        self.expected_instead(at, "nothing".to_owned(), arg, expected)
    }

    /// Reports, at `at`, that argument `arg` is `got` (described) rather than `expected`.
    pub fn expected_instead(
        &mut self,
        at: &Token,
        got: String,
        arg: &str,
        expected: &str,
    ) -> super::scope::Reported {
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

/// `name` or `owner.name`: the optional owner and the name.
fn owner_and_name(token: &Token) -> Option<(Option<&str>, &str)> {
    match &token.kind {
        TokenKind::Identifier(name) => Some((None, name)),
        TokenKind::ObjRef(parts) => match parts.as_slice() {
            [owner, name] => Some((Some(owner.as_str()), name.as_str())),
            _ => None,
        },
        _ => None,
    }
}

/// The parts of a feature property reference as written, before they are checked.
struct FeatPropSpelling {
    /// `agent` or a blueprint, when written.
    owner: Option<String>,
    /// The feature's name as written.
    feature: String,
    /// The property's name, if written.
    prop: Option<String>,
    /// How many tokens the reference takes.
    used: usize,
}

impl FeatPropSpelling {
    /// Reads one of the four spellings; `None` when the first token fits none. In `X.Y`, `X`
    /// is the owner when it names an agent here (a blueprint may share a feature's name,
    /// like a `Timer` blueprint), and otherwise the feature when it is one.
    fn read(tokens: &[Token], names_agent: impl Fn(&str) -> bool) -> Option<FeatPropSpelling> {
        let next_word = match tokens.get(1).map(|t| &t.kind) {
            Some(TokenKind::Identifier(w)) => Some(w.clone()),
            _ => None,
        };
        let spelled = |owner: Option<&String>, feature: &String, prop: Option<String>, used| {
            FeatPropSpelling {
                owner: owner.cloned(),
                feature: feature.clone(),
                prop,
                used,
            }
        };
        match &tokens.first()?.kind {
            TokenKind::Identifier(f) => Some(spelled(None, f, next_word, 2)),
            TokenKind::ObjRef(p) => match p.as_slice() {
                [f, prop] if !names_agent(f) && features::feature(f).is_some() => {
                    Some(spelled(None, f, Some(prop.clone()), 1))
                }
                [owner, f] => Some(spelled(Some(owner), f, next_word, 2)),
                [owner, f, prop] => Some(spelled(Some(owner), f, Some(prop.clone()), 1)),
                _ => None,
            },
            _ => None,
        }
    }
}
