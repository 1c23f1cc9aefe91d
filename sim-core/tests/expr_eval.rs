//! Behaviour of the expression evaluator, through a fake runtime that binds `agent`, `Fish` and
//! `Algae` the way the simulation will: built-in props (`x`, `name`, `id`), added props read with
//! `getProp('p').value`, feature props read with `prop.Feature.p.value`.

use sim_core::{
    script::expr::{
        parse_expr, Code, EvalErrorKind, ExprContext, ReadPath, Reads, Scalar, Value, Who,
    },
    Pos,
};

#[derive(Debug, Clone, PartialEq)]
enum Obj {
    Agent(usize),
    /// An added prop or a feature prop: its value.
    Var(f64, &'static str),
    /// `agent.prop`, and `agent.prop.Feature`.
    Props(usize),
    Feature(usize),
}

struct Agent {
    name: &'static str,
    x: f64,
    energy: f64,
    direction: &'static str,
}

struct FakeSim {
    agents: Vec<Agent>,
    /// The numbers `Math.random()` returns, in order.
    rolls: Vec<f64>,
}

impl FakeSim {
    fn new() -> FakeSim {
        let fish = Agent {
            name: "Nemo",
            x: 10.0,
            energy: 60.0,
            direction: "E",
        };
        let algae = Agent {
            name: "Algae 1",
            x: -4.5,
            energy: 0.0,
            direction: "W",
        };
        FakeSim {
            agents: vec![fish, algae],
            rolls: vec![0.25, 0.75],
        }
    }

    fn agent(&self, i: usize) -> Result<&Agent, EvalErrorKind> {
        self.agents
            .get(i)
            .ok_or(EvalErrorKind::UnknownName(format!("agent {i}")))
    }
}

fn no_property(object: &str, name: &str) -> EvalErrorKind {
    EvalErrorKind::NoProperty {
        object: object.to_owned(),
        name: name.to_owned(),
    }
}

impl ExprContext for FakeSim {
    type Object = Obj;

    fn name(&self, name: &str) -> Result<Value<Obj>, EvalErrorKind> {
        match name {
            "agent" | "Fish" => Ok(Value::Object(Obj::Agent(0))),
            "Algae" => Ok(Value::Object(Obj::Agent(1))),
            _ => Err(EvalErrorKind::UnknownName(name.to_owned())),
        }
    }

    fn member(&self, object: &Obj, name: &str) -> Result<Value<Obj>, EvalErrorKind> {
        match (object, name) {
            (Obj::Agent(i), "x") => Ok(Value::Number(self.agent(*i)?.x)),
            (Obj::Agent(i), "id") => Ok(Value::Number(*i as f64 + 1.0)),
            (Obj::Agent(i), "name") => Ok(Value::String(self.agent(*i)?.name.to_owned())),
            (Obj::Agent(i), "prop") => Ok(Value::Object(Obj::Props(*i))),
            (Obj::Props(i), "Movement") => Ok(Value::Object(Obj::Feature(*i))),
            (Obj::Feature(i), "compassDirection") => {
                Ok(Value::Object(Obj::Var(f64::NAN, self.agent(*i)?.direction)))
            }
            (Obj::Var(_, text), "value") if !text.is_empty() => {
                Ok(Value::String((*text).to_owned()))
            }
            (Obj::Var(n, _), "value") => Ok(Value::Number(*n)),
            _ => Err(no_property("this object", name)),
        }
    }

    fn call(
        &mut self,
        object: &Obj,
        method: &str,
        args: &[Value<Obj>],
    ) -> Result<Value<Obj>, EvalErrorKind> {
        match (object, method, args) {
            (Obj::Agent(i), "getProp", [Value::String(p)]) if p == "energyLevel" => {
                Ok(Value::Object(Obj::Var(self.agent(*i)?.energy, "")))
            }
            (Obj::Agent(_), "getProp", [Value::String(p)]) => Err(no_property("the agent", p)),
            (Obj::Agent(_), "getProp", _) => Err(EvalErrorKind::BadArguments {
                method: "getProp".into(),
                message: "expects one prop name".into(),
            }),
            _ => Err(EvalErrorKind::NoMethod {
                object: "this object".into(),
                method: method.into(),
            }),
        }
    }

    fn random(&mut self) -> f64 {
        if self.rolls.is_empty() {
            0.0
        } else {
            self.rolls.remove(0)
        }
    }
}

impl Reads for FakeSim {
    /// The reads the compiled form recognises: `x`, `energyLevel`.
    fn scalar(&self, who: &Who, path: &ReadPath) -> Option<Scalar> {
        let agent = self.agents.get(self.index(who)?)?;
        match path {
            ReadPath::Builtin(p) if p == "x" => Some(Scalar::Number(agent.x)),
            ReadPath::Added(p) if *p.name() == "energyLevel" => Some(Scalar::Number(agent.energy)),
            _ => None,
        }
    }

    /// `prop.Movement.compassDirection.value`, compared.
    fn text_is(&self, who: &Who, path: &ReadPath, text: &str) -> Option<bool> {
        let agent = self.agents.get(self.index(who)?)?;
        match path {
            ReadPath::FeatProp(_) => Some(agent.direction == text),
            _ => None,
        }
    }

    fn random(&mut self) -> f64 {
        ExprContext::random(self)
    }
}

impl FakeSim {
    /// The agent a read starts from, bound as `name` binds it.
    fn index(&self, who: &Who) -> Option<usize> {
        match who {
            Who::Agent => Some(0),
            Who::Other => None,
            Who::Named(name) => match &**name {
                "Fish" => Some(0),
                "Algae" => Some(1),
                _ => None,
            },
        }
    }
}

/// Evaluates `text` both ways, the tree walked and the tree compiled (with its recognised
/// reads of `x`, `energyLevel` and `compassDirection` answered straight), and checks that they agree on
/// the value or the error with its offset, and on the random numbers drawn: every test below
/// checks the compiled form too.
fn eval_in(sim: &mut FakeSim, text: &str) -> Result<Value<Obj>, EvalErrorKind> {
    let expr = parse_expr(text, Pos::START).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut compiled_sim = FakeSim {
        agents: Vec::new(),
        rolls: sim.rolls.clone(),
    };
    std::mem::swap(&mut compiled_sim.agents, &mut sim.agents);
    // The typed code's value; where it gives up, the tree's, with the draws as they were.
    let code = Code::compile(&expr, &|name| name == "x");
    let rolls = compiled_sim.rolls.clone();
    let compiled = match code.scalar(&mut compiled_sim) {
        Some(value) => Ok(value.value()),
        None => {
            compiled_sim.rolls = rolls;
            expr.eval(&mut compiled_sim)
        }
    };
    std::mem::swap(&mut compiled_sim.agents, &mut sim.agents);
    let walked = expr.eval(sim);
    assert_eq!(compiled, walked, "{text}: compiled and walked differ");
    assert_eq!(
        compiled_sim.rolls, sim.rolls,
        "{text}: the same numbers were drawn"
    );
    walked.map_err(|e| *e.kind)
}

fn eval(text: &str) -> Result<Value<Obj>, EvalErrorKind> {
    eval_in(&mut FakeSim::new(), text)
}

fn num(n: f64) -> Result<Value<Obj>, EvalErrorKind> {
    Ok(Value::Number(n))
}

fn boolean(b: bool) -> Result<Value<Obj>, EvalErrorKind> {
    Ok(Value::Boolean(b))
}

fn string(s: &str) -> Result<Value<Obj>, EvalErrorKind> {
    Ok(Value::String(s.to_owned()))
}

#[test]
fn arithmetic_operators_compute_with_precedence() {
    assert_eq!(eval("1 + 2 * 3"), num(7.0));
    assert_eq!(eval("(1 + 2) * 3"), num(9.0));
    assert_eq!(eval("10 - 4 - 3"), num(3.0));
    assert_eq!(eval("7 / 2"), num(3.5));
    assert_eq!(eval("-7 % 3"), num(-1.0));
    assert_eq!(eval("--5"), num(5.0));
}

#[test]
fn plus_concatenates_when_either_side_is_a_string() {
    assert_eq!(eval("'T-Rex #' + agent.id"), string("T-Rex #1"));
    assert_eq!(eval("1 + 2 + 'a'"), string("3a"));
    assert_eq!(eval("'a' + 1 + 2"), string("a12"));
    assert_eq!(
        eval("'x=' + 0.5 + ' ' + true + ' ' + null"),
        string("x=0.5 true null")
    );
}

#[test]
fn comparisons_follow_javascript() {
    assert_eq!(eval("5 == '5'"), boolean(true));
    assert_eq!(eval("5 === '5'"), boolean(false));
    assert_eq!(eval("5 != '5'"), boolean(false));
    assert_eq!(eval("5 !== '5'"), boolean(true));
    assert_eq!(eval("1 < 2"), boolean(true));
    assert_eq!(eval("2 <= 2"), boolean(true));
    assert_eq!(eval("'b' > 'a'"), boolean(true));
    assert_eq!(eval("1 >= 2"), boolean(false));
    assert_eq!(eval("null == null"), boolean(true));
}

#[test]
fn logic_short_circuits_and_returns_an_operand() {
    assert_eq!(eval("0 || 'fallback'"), string("fallback"));
    assert_eq!(eval("'' && unknownName"), string(""));
    assert_eq!(eval("true || unknownName"), boolean(true));
    assert_eq!(eval("!0"), boolean(true));
    assert_eq!(eval("!agent"), boolean(false));
    assert_eq!(eval("agent.x > 5 ? 'right' : 'left'"), string("right"));
    assert_eq!(
        eval("Algae.x > 5 ? 'right' : unknownName"),
        Err(EvalErrorKind::UnknownName("unknownName".into()))
    );
}

#[test]
fn real_script_accessors_read_through_the_context() {
    assert_eq!(
        eval("agent.getProp('energyLevel').value > 50"),
        boolean(true)
    );
    assert_eq!(
        eval("Algae.getProp('energyLevel').value <= 0"),
        boolean(true)
    );
    assert_eq!(
        eval("agent.prop.Movement.compassDirection.value === 'E'"),
        boolean(true)
    );
    assert_eq!(eval("agent.name"), string("Nemo"));
    assert_eq!(eval("Fish.x + Algae.x"), num(5.5));
}

#[test]
fn math_functions_compute_and_random_uses_the_context() {
    assert_eq!(eval("Math.abs(-3)"), num(3.0));
    assert_eq!(eval("Math.min(4, 2, 8)"), num(2.0));
    assert_eq!(eval("Math.max(4, 2, 8)"), num(8.0));
    assert_eq!(eval("Math.floor(-1.5)"), num(-2.0));
    assert_eq!(eval("Math.ceil(1.2)"), num(2.0));
    assert_eq!(eval("Math.round(2.5)"), num(3.0));
    assert_eq!(eval("Math.round(-2.5)"), num(-2.0));
    assert_eq!(eval("Math.sqrt(16)"), num(4.0));
    assert_eq!(eval("Math.sin(0)"), num(0.0));
    assert_eq!(eval("Math.cos(Math.PI)"), num(-1.0));
    let mut sim = FakeSim::new();
    assert_eq!(
        eval_in(&mut sim, "Math.random() + Math.random() * 10"),
        num(7.75)
    );
    assert!(sim.rolls.is_empty(), "both rolls came from the context");
}

#[test]
fn type_mistakes_are_errors_not_nan() {
    let wrong = |op: &str, expected: &'static str, found: &str| {
        Err(EvalErrorKind::WrongOperand {
            op: op.into(),
            expected,
            found: found.into(),
        })
    };
    assert_eq!(eval("'a' - 1"), wrong("-", "numbers", "the text 'a'"));
    assert_eq!(eval("true + 1"), wrong("+", "numbers", "the value true"));
    assert_eq!(eval("-'x'"), wrong("-", "numbers", "the text 'x'"));
    assert_eq!(
        eval("agent + 'x'"),
        wrong("+", "numbers or text", "a character or a property")
    );
    assert_eq!(
        eval("1 < 'a'"),
        wrong(
            "<",
            "two numbers or two texts",
            "the number 1 and the text 'a'"
        )
    );
    assert_eq!(
        eval("Math.abs('a')"),
        wrong("Math.abs", "numbers", "the text 'a'")
    );
}

#[test]
fn division_by_zero_and_non_finite_results_are_errors() {
    assert_eq!(
        eval("1 / 0"),
        Err(EvalErrorKind::DivisionByZero { op: "/" })
    );
    assert_eq!(
        eval("1 % 0"),
        Err(EvalErrorKind::DivisionByZero { op: "%" })
    );
    assert_eq!(
        eval("Math.sqrt(-1)"),
        Err(EvalErrorKind::NotFinite {
            op: "Math.sqrt".into()
        })
    );
    assert_eq!(
        eval("1e300 * 1e300"),
        Err(EvalErrorKind::NotFinite { op: "*".into() })
    );
}

#[test]
fn unknown_names_members_and_methods_are_errors() {
    assert_eq!(
        eval("fish.x"),
        Err(EvalErrorKind::UnknownName("fish".into()))
    );
    assert_eq!(
        eval("agent.enrgy"),
        Err(no_property("this object", "enrgy"))
    );
    assert_eq!(
        eval("agent.getProp('enrgy').value"),
        Err(no_property("the agent", "enrgy"))
    );
    assert_eq!(
        eval("agent.getProp(1, 2)").unwrap_err().to_string(),
        "getProp: expects one prop name"
    );
    assert_eq!(eval("agent.x.y"), Err(no_property("the number 10", "y")));
    assert_eq!(
        eval("'abc'.length()"),
        Err(EvalErrorKind::NoMethod {
            object: "the text 'abc'".into(),
            method: "length".into()
        })
    );
}

#[test]
fn an_error_points_at_the_failing_part() {
    let expr = parse_expr("agent.x + (1 / 0)", Pos::START).unwrap();
    let error = expr.eval(&mut FakeSim::new()).unwrap_err();
    assert_eq!(error.offset, 13);
    assert_eq!(
        error.to_string(),
        "'/' cannot divide by zero (at character 14)"
    );
}

#[test]
fn the_expressions_of_real_scripts_compile_to_typed_code() {
    let typed = |text: &str| {
        let tree = parse_expr(text, Pos::START).unwrap();
        Code::compile(&tree, &|name| name == "x" || name == "isInert").is_typed()
    };
    for text in [
        "Math.random() * 10 - 5",
        "-(2 % 3) / Math.max(1, 4)",
        "agent.getProp('energyLevel').value < 50",
        "Algae.getProp('energyLevel').value + Sunbeam.getProp('energyRate').value",
        "((agent.getProp('direction').value == 1) && (agent.x > 400)) || (agent.x < -400)",
        "agent.prop.Movement.compassDirection.value === 'E'",
        "!Moth.prop.isInert.value",
        "(Fish.getProp('grows').value) && (Fish.getProp('energyLevel').value > 90)",
        "agent.getFeatProp('Population', 'max').value > 0 ? 1 : 0",
    ] {
        assert!(typed(text), "{text}");
    }
    for text in [
        "'Time: ' + agent.getProp('time').value",
        "agent.name + ''",
        "Moth.callFeatMethod('Population', 'getActiveAgentsCount', 'Moth') < 1",
        "null",
    ] {
        assert!(!typed(text), "{text}");
    }
}

#[test]
fn typed_code_gives_the_numbers_draws_and_errors_of_the_tree() {
    // `eval` checks the compiled form against the tree, draws included.
    for text in [
        "Math.random() * 10 - 5",
        "Math.random() - Math.random() * 2",
        "-Math.floor(7 / 2) % 3 + Math.sqrt(16)",
        "Math.min(3, Math.random(), -1) + Math.round(-2.5)",
        "Math.max(Math.random(), Math.min(2, 8 - 7), -(3 * 4)) / 2",
        "1 + (2 / 0)",
        "(1 / 0) + Math.random()",
        "Math.random() % 0",
        "Math.sqrt(-1) * Math.random()",
        "1e308 * 10",
        "Math.floor(Math.random() * 6) + 1",
        "Math.random() + agent.getProp('energyLevel').value",
        "Math.random() + Algae.getProp('nothing').value + Math.random()",
        "agent.prop.Movement.compassDirection.value === 'E' && Math.random()",
        "Algae.prop.Movement.compassDirection.value !== 'E' ? agent.x : -agent.x",
    ] {
        let _ = eval(text);
    }
}

#[test]
fn deeply_nested_expressions_compile() {
    let nested = |depth: usize| format!("{}1{}", "1 + (".repeat(depth), ")".repeat(depth));
    assert_eq!(eval(&nested(30)), num(31.0));
    assert_eq!(
        eval("(agent.x > 5 ? 'big ' + agent.name : 'small') + (agent.x < 0 || 'no')"),
        string("big Nemono")
    );
}
