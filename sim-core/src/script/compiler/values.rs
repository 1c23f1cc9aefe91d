//! Turning argument tokens into compiled [`Arg`]s: checking each against its [`ArgSpec`],
//! parsing `{{ }}` expressions, compiling `[[ ]]` blocks, and checking GVar method calls
//! against the property's type.

use super::error::CompileErrorKind;
use super::scope::{Checked, Compiling, Frame, Reported};
use crate::args::{
    arg_count_range, describe_count, describe_names, spec_for, ArgKind, ArgSpec, Arity,
};
use crate::script::expr::Code;
use crate::script::program::{Arg, MethodCall, ScriptExpr};
use crate::script::{Literal, Token, TokenKind};
use crate::vars::{Value, ValueKind, VarError, VarType};

impl Compiling<'_> {
    /// Checks the count of `tokens` against `specs` for keyword or method `name`, reporting
    /// at `head` when it is wrong.
    pub fn check_count(
        &mut self,
        name: &str,
        specs: &[ArgSpec],
        head: &Token,
        got: usize,
    ) -> Checked<()> {
        let (min, max) = arg_count_range(specs);
        if got >= min && max.is_none_or(|max| got <= max) {
            return Ok(());
        }
        Err(self.report_at(
            head,
            CompileErrorKind::ArgCount {
                name: name.to_owned(),
                expected: format!("{} ({})", describe_count(specs), describe_names(specs)),
                got,
            },
        ))
    }

    /// The arguments of keyword `name` that count, as GEMSTEP reads a keyword's line: it
    /// takes the arguments it knows by position, so ones past the last `specs` allows are
    /// ignored, with a warning at the first of them; too few is an error at `head`.
    pub fn keyword_args<'t>(
        &mut self,
        name: &str,
        specs: &[ArgSpec],
        head: &Token,
        tokens: &'t [Token],
    ) -> Checked<&'t [Token]> {
        let tokens = self.ignore_extra(name, specs, head, tokens);
        self.check_count(name, specs, head, tokens.len())?;
        Ok(tokens)
    }

    /// `tokens` without those past the last argument `specs` allow, warning at the first of
    /// them: GEMSTEP takes a keyword's or method's arguments by position and ignores the rest.
    fn ignore_extra<'t>(
        &mut self,
        name: &str,
        specs: &[ArgSpec],
        head: &Token,
        tokens: &'t [Token],
    ) -> &'t [Token] {
        let (_, max) = arg_count_range(specs);
        let Some(max) = max.filter(|&max| tokens.len() > max) else {
            return tokens;
        };
        let kind = CompileErrorKind::ExtraArgs {
            name: name.to_owned(),
            max,
            got: tokens.len(),
        };
        self.warn_at(tokens.get(max).unwrap_or(head), kind);
        tokens.get(..max).unwrap_or(tokens)
    }

    /// Compiles `tokens` as the arguments of a feature or GVar method, as GEMSTEP calls
    /// one: arguments past the last it takes are ignored and arguments it needs but was not
    /// given are left out, each with a warning, not an error (see [`Compiling::args`]).
    pub fn method_args(
        &mut self,
        name: &str,
        specs: &[ArgSpec],
        head: &Token,
        tokens: &[Token],
        block: &Frame,
    ) -> Checked<Vec<Arg>> {
        let (min, _) = arg_count_range(specs);
        let tokens = self.ignore_extra(name, specs, head, tokens);
        // A missing block is not GEMSTEP's business to default: that stays an error.
        if tokens.len() < min && specs.iter().all(|s| s.kind != ArgKind::Block) {
            let missing = specs
                .iter()
                .filter(|s| s.arity == Arity::One)
                .skip(tokens.len())
                .map(|s| s.name.to_owned())
                .collect();
            let kind = CompileErrorKind::MissingArgs {
                name: name.to_owned(),
                missing,
            };
            self.warn_at(head, kind);
            return self.args_of(name, specs, tokens, block);
        }
        self.args(name, specs, head, tokens, block)
    }

    /// Compiles `tokens` as the arguments `specs` describe; `block` is where `[[ ]]`
    /// arguments run. Every bad argument is reported before giving up.
    pub fn args(
        &mut self,
        name: &str,
        specs: &[ArgSpec],
        head: &Token,
        tokens: &[Token],
        block: &Frame,
    ) -> Checked<Vec<Arg>> {
        self.check_count(name, specs, head, tokens.len())?;
        self.args_of(name, specs, tokens, block)
    }

    /// Compiles each of `tokens` against its spec, with argument errors naming `name`, the
    /// keyword or method the arguments belong to.
    fn args_of(
        &mut self,
        name: &str,
        specs: &[ArgSpec],
        tokens: &[Token],
        block: &Frame,
    ) -> Checked<Vec<Arg>> {
        let outer = std::mem::replace(&mut self.current_keyword, name.to_owned());
        let out = self.each_arg(specs, tokens, block);
        self.current_keyword = outer;
        out
    }

    fn each_arg(
        &mut self,
        specs: &[ArgSpec],
        tokens: &[Token],
        block: &Frame,
    ) -> Checked<Vec<Arg>> {
        let mut out = Vec::with_capacity(tokens.len());
        let mut failed = false;
        for (i, token) in tokens.iter().enumerate() {
            let Some(spec) = spec_for(specs, i) else {
                break;
            };
            let arg = if spec.kind == ArgKind::Block {
                self.block_arg(token, spec, block.clone())
            } else {
                self.value_arg(token, spec)
            };
            match arg {
                Ok(arg) => out.push(arg),
                Err(Reported) => failed = true,
            }
        }
        if failed {
            Err(Reported)
        } else {
            Ok(out)
        }
    }

    /// A `[[ ]]` argument, compiled to run in `frame`.
    pub fn block_arg(&mut self, token: &Token, spec: &ArgSpec, frame: Frame) -> Checked<Arg> {
        match &token.kind {
            TokenKind::Block(units) => {
                let units = units.clone();
                Ok(Arg::Block(self.with_frame(frame, |cx| cx.block(&units))))
            }
            _ => Err(self.expected(token, spec.name, ArgKind::Block.describe())),
        }
    }

    /// One non-block argument checked against `spec`.
    pub fn value_arg(&mut self, token: &Token, spec: &ArgSpec) -> Checked<Arg> {
        match spec.kind {
            ArgKind::Number => self.typed(token, spec.name, ValueKind::Number),
            ArgKind::Text | ArgKind::Costume => self.typed(token, spec.name, ValueKind::String),
            ArgKind::Boolean => self.typed(token, spec.name, ValueKind::Boolean),
            ArgKind::Any => self.typed(token, spec.name, ValueKind::Any),
            ArgKind::Expr => self.expr(token).map(Arg::Expr),
            ArgKind::Block => Err(self.expected(token, spec.name, spec.kind.describe())),
            _ => self
                .name_arg(token, spec)
                .map(|name| Arg::Literal(Value::String(name))),
        }
    }

    /// A name-like argument (choice, blueprint, prop, feature, type, method, new name),
    /// checked and returned in its canonical spelling.
    pub fn name_arg(&mut self, token: &Token, spec: &ArgSpec) -> Checked<String> {
        let word = match &token.kind {
            TokenKind::Identifier(w) | TokenKind::String(w) => w.clone(),
            _ if spec.kind == ArgKind::Choice => {
                let choices = format!("one of {}", super::list_of(spec.allowed, "or"));
                return Err(self.expected(token, spec.name, &choices));
            }
            _ => return Err(self.expected(token, spec.name, spec.kind.describe())),
        };
        match spec.kind {
            ArgKind::Choice => self.choice(token, &word, spec),
            ArgKind::Blueprint => self.check_blueprint_name(&word, token).map(|()| word),
            ArgKind::PropName => self.prop_type(None, &word, token).map(|_| word),
            ArgKind::Feature => self
                .feature_on(&word, None, token)
                .map(|f| f.name.to_owned()),
            ArgKind::VarType => self.var_type(&word, token).map(|ty| ty.name().to_owned()),
            _ => Ok(word),
        }
    }

    fn choice(&mut self, token: &Token, word: &str, spec: &ArgSpec) -> Checked<String> {
        if let Some(found) = spec.allowed.iter().find(|a| a.eq_ignore_ascii_case(word)) {
            return Ok((*found).to_owned());
        }
        let allowed = spec.allowed.iter().map(|a| (*a).to_owned()).collect();
        let arg = spec.name.to_owned();
        if spec.open {
            let kind = CompileErrorKind::UnknownChoice {
                arg,
                word: word.to_owned(),
                allowed,
            };
            self.warn_at(token, kind);
            return Ok(word.to_owned());
        }
        Err(self.report_at(
            token,
            CompileErrorKind::NotAChoice {
                arg,
                word: word.to_owned(),
                allowed,
            },
        ))
    }

    /// `Number`, `String`, `Boolean` in any case.
    pub fn var_type(&mut self, word: &str, token: &Token) -> Checked<VarType> {
        VarType::parse(word).map_err(|_| {
            self.report_at(
                token,
                CompileErrorKind::UnknownType {
                    name: word.to_owned(),
                },
            )
        })
    }

    /// A value argument of `kind`: a literal that fits it, a bare word (as text), a
    /// `{{ }}` expression or a prop reference (both read when the statement runs).
    pub fn typed(&mut self, token: &Token, arg: &str, kind: ValueKind) -> Checked<Arg> {
        let value = match &token.kind {
            TokenKind::Value(Literal::Number(n)) => Value::Number(*n),
            TokenKind::Value(Literal::Boolean(b)) => Value::Boolean(*b),
            TokenKind::Value(Literal::Null) => Value::Null,
            TokenKind::String(s) => Value::String(s.clone()),
            TokenKind::Identifier(w) => word_value(w, kind),
            TokenKind::Expr(_) => return self.expr(token).map(Arg::Expr),
            TokenKind::ObjRef(_) => return self.prop_ref(token).map(|(r, _)| Arg::Ref(r)),
            _ => return Err(self.expected(token, arg, value_kind_text(kind))),
        };
        if value.fits(kind) {
            return Ok(Arg::Literal(value));
        }
        // What GEMSTEP's JavaScript coerces: a number where true or false belongs (0 is
        // false), true or false where a number belongs (1 and 0). Said as a warning.
        let coerced = match (&value, kind) {
            (Value::Number(n), ValueKind::Boolean) => {
                Some(Value::Boolean(*n != 0.0 && !n.is_nan()))
            }
            (Value::Boolean(b), ValueKind::Number) => Some(Value::Number(f64::from(u8::from(*b)))),
            _ => None,
        };
        match coerced {
            Some(to) => {
                let kind = CompileErrorKind::Coerced {
                    arg: arg.to_owned(),
                    from: value.describe(),
                    to: to.as_text().unwrap_or_default(),
                };
                self.warn_at(token, kind);
                Ok(Arg::Literal(to))
            }
            None => Err(self.expected(token, arg, value_kind_text(kind))),
        }
    }

    /// Parses a `{{ }}` token once, reporting a syntax error at its exact column.
    pub fn expr(&mut self, token: &Token) -> Checked<ScriptExpr> {
        let TokenKind::Expr(source) = &token.kind else {
            return Err(self.expected(token, "expression", ArgKind::Expr.describe()));
        };
        match source.parse() {
            Ok(tree) => {
                self.check_expr_refs(&tree, source.text_pos)?;
                let builtin = |name: &str| super::symbols::builtin_prop(name).is_some();
                Ok(ScriptExpr {
                    text: source.text.clone(),
                    code: Code::compile(&tree, &builtin),
                    tree,
                })
            }
            Err(e) => Err(self.report(
                e.pos,
                &source.text,
                CompileErrorKind::Expr(e.kind.to_string()),
            )),
        }
    }

    /// `method args` on a GVar of type `ty` (unchecked when the type is unknown).
    pub fn method_call(
        &mut self,
        ty: Option<VarType>,
        method: &Token,
        args: &[Token],
    ) -> Checked<MethodCall> {
        let name = &match &method.kind {
            TokenKind::Identifier(name) => name.clone(),
            // GEMSTEP looks a method up by the word as written, so `true` and `false`, which
            // read as values, name the Boolean tests of those names.
            TokenKind::Value(Literal::Boolean(b)) => b.to_string(),
            _ => return Err(self.expected(method, "method", ArgKind::Method.describe())),
        };
        let Some(ty) = ty else {
            let any = ArgSpec::rest("value", ArgKind::Any, "");
            let args = self.args(name, &[any], method, args, &self.frame.clone())?;
            return Ok(MethodCall {
                method: name.clone(),
                args,
            });
        };
        let spec = match ty.method(name) {
            Ok(spec) => spec,
            Err(e) => {
                let suggestion = match e {
                    VarError::UnknownMethod { suggestion, .. } => suggestion,
                    _ => None,
                };
                return Err(self.report_at(
                    method,
                    CompileErrorKind::UnknownMethod {
                        owner: ty.name().to_owned(),
                        method: name.clone(),
                        suggestion,
                    },
                ));
            }
        };
        let specs: Vec<ArgSpec> = spec.args.iter().map(gvar_arg).collect();
        let args = self.method_args(name, &specs, method, args, &self.frame.clone())?;
        Ok(MethodCall {
            method: spec.name.to_owned(),
            args,
        })
    }
}

/// A bare word as a value: `Infinity` where a number is wanted, otherwise text
/// (`setTo Algae`, `setMovementType wander`).
fn word_value(word: &str, kind: ValueKind) -> Value {
    match (word, kind) {
        ("Infinity", ValueKind::Number | ValueKind::Any) => Value::Number(f64::INFINITY),
        _ => Value::String(word.to_owned()),
    }
}

fn value_kind_text(kind: ValueKind) -> &'static str {
    match kind {
        ValueKind::Number => ArgKind::Number.describe(),
        ValueKind::String => ArgKind::Text.describe(),
        ValueKind::Boolean => ArgKind::Boolean.describe(),
        ValueKind::Any => ArgKind::Any.describe(),
    }
}

/// A GVar method's argument as a keyword argument spec.
fn gvar_arg(arg: &crate::vars::ArgSpec) -> ArgSpec {
    let kind = match arg.kind {
        ValueKind::Number => ArgKind::Number,
        ValueKind::String => ArgKind::Text,
        ValueKind::Boolean => ArgKind::Boolean,
        ValueKind::Any => ArgKind::Any,
    };
    if arg.optional {
        ArgSpec::optional(arg.name, kind, arg.help)
    } else {
        ArgSpec::one(arg.name, kind, arg.help)
    }
}

/// The kind of value a property of type `ty` holds (a dictionary holds named items, so any).
pub(crate) fn value_kind(ty: VarType) -> ValueKind {
    match ty {
        VarType::Number => ValueKind::Number,
        VarType::String => ValueKind::String,
        VarType::Boolean => ValueKind::Boolean,
        VarType::Dictionary => ValueKind::Any,
    }
}
