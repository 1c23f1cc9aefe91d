//! The compiled project as the runtime uses it: blueprint names shared as `Rc<str>`, every
//! `when` rule resolved to blueprint indices and a test kind, and every program the tick
//! runs lowered ([`super::lower`]), once, at load.

use super::counted::Counted;
use super::lower::{lower, lower_timers, Op, Scope};
use crate::script::compiler::CompiledProject;
use crate::script::program::{Arg, CompiledBlueprint, SimEvent, Stmt, WhenRule};
use crate::vars::Value;
use crate::world::blueprints::Blueprints;
use std::rc::Rc;

/// How two agents' shapes are compared by a touch test.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Contact {
    /// Body bounds overlap body bounds (`touches`).
    Bounds,
    /// A's centre is inside B's bounds (`centerTouches`).
    CenterInBounds,
    /// The centres are within a few units (`centerTouchesCenter`).
    Centers,
    /// A's bounds lie inside B's bounds (`isInside`).
    Inside,
}

/// What a `when` rule tests.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum TestKind {
    /// The pair is in contact this tick.
    Touch(Contact),
    /// The pair came into contact this tick.
    FirstTouch(Contact),
    /// The pair left contact this tick.
    LastTouch(Contact),
    /// A's centre is within 5 units of B's.
    CenteredOn,
    /// The centres are within a distance (default 30).
    CloseTo(f64),
    /// B is within A's vision cone.
    Sees,
    /// B is near A (within its view distance) but outside its vision cone.
    DoesNotSee,
    /// B is in A's cone and A can tell B's colour from its background.
    SeesCamouflaged,
    /// (Single-blueprint form.) The agent became inert this tick.
    Dies,
}

impl TestKind {
    /// Reads a test's canonical name (every name in [`WHEN_TESTS`] has a kind; `None` only
    /// for a name the compiler would have refused).
    fn parse(name: &str, args: &[Arg]) -> Option<TestKind> {
        use Contact::*;
        Some(match name {
            "touches" => TestKind::Touch(Bounds),
            "centerTouches" => TestKind::Touch(CenterInBounds),
            "centerTouchesCenter" => TestKind::Touch(Centers),
            "isInside" => TestKind::Touch(Inside),
            "firstTouches" => TestKind::FirstTouch(Bounds),
            "centerFirstTouches" => TestKind::FirstTouch(CenterInBounds),
            "centerFirstTouchesCenter" => TestKind::FirstTouch(Centers),
            "lastTouches" => TestKind::LastTouch(Bounds),
            "centerLastTouches" => TestKind::LastTouch(CenterInBounds),
            "centerLastTouchesCenter" => TestKind::LastTouch(Centers),
            "isCenteredOn" => TestKind::CenteredOn,
            "isCloseTo" => {
                let distance = match args.first() {
                    Some(Arg::Literal(Value::Number(d))) if d.is_finite() => *d,
                    _ => 30.0,
                };
                TestKind::CloseTo(distance)
            }
            "sees" => TestKind::Sees,
            "doesNotSee" => TestKind::DoesNotSee,
            "seesCamouflaged" => TestKind::SeesCamouflaged,
            "dies" => TestKind::Dies,
            _ => return None,
        })
    }

    /// The contact a touch-like test compares, if it is one.
    pub fn contact(self) -> Option<Contact> {
        match self {
            TestKind::Touch(c) | TestKind::FirstTouch(c) | TestKind::LastTouch(c) => Some(c),
            _ => None,
        }
    }
}

/// A `when` rule ready to evaluate.
#[derive(Debug, Clone)]
pub(crate) struct Rule {
    /// The first blueprint's index.
    pub a: usize,
    /// The second blueprint's index.
    pub b: usize,
    /// The test.
    pub test: TestKind,
    /// The test's name as written.
    pub test_name: String,
    /// The rule as the log names it (`Fish touches Algae`).
    pub described: Rc<str>,
    /// What agent A runs in the exec phase for each passing pair, as written (the reference
    /// interpreter runs it).
    pub body: Rc<[Stmt]>,
    /// The body lowered, with A's blueprint and B's bound.
    pub ops: Box<[Op]>,
    /// The body as counted steps, when it is made only of them ([`Counted`]).
    pub counted: Option<Counted>,
    /// The blueprint whose script holds the rule.
    pub script: Rc<str>,
    /// Where the rule was written.
    pub line: u32,
    /// Where the rule was written.
    pub col: u32,
}

/// A blueprint's programs as the tick runs them: lowered in the blueprint's own scope.
#[derive(Debug, Default)]
pub(crate) struct Lowered {
    pub update: Box<[Op]>,
    pub think: Box<[Op]>,
    pub exec: Box<[Op]>,
    /// Top-level `every` timers, run after the update program.
    pub timers: Box<[Op]>,
    /// `onEvent` handlers, in order.
    pub events: Vec<(SimEvent, Box<[Op]>)>,
}

impl Lowered {
    fn of(bp: &CompiledBlueprint) -> Lowered {
        let scope = Scope {
            own: &bp.name,
            other: None,
        };
        Lowered {
            update: lower(&bp.update, scope),
            think: lower(&bp.think, scope),
            exec: lower(&bp.exec, scope),
            timers: lower_timers(&bp.timers, scope),
            events: bp
                .events
                .iter()
                .map(|h| (h.event, lower(&h.body, scope)))
                .collect(),
        }
    }
}

/// The compiled project plus what the runtime derives from it once. It holds no starting
/// agents: those are made from the project's instances at a load or a reset, their init
/// scripts compiled again then ([`CompiledProject::instance_init`]).
#[derive(Debug)]
pub(crate) struct LoadedProject {
    pub project: CompiledProject,
    /// The blueprints' names, which the world shares.
    pub names: Rc<Blueprints>,
    pub rules: Vec<Rule>,
    /// Each blueprint's programs lowered, by blueprint index.
    pub lowered: Vec<Lowered>,
}

impl LoadedProject {
    /// Prepares `project` for running.
    pub fn new(project: CompiledProject) -> LoadedProject {
        let names = Rc::new(Blueprints::new(
            project
                .blueprints
                .iter()
                .map(|b| Rc::from(b.name.as_str()))
                .collect(),
        ));
        let lowered = project.blueprints.iter().map(Lowered::of).collect();
        let mut program = LoadedProject {
            project,
            names,
            rules: Vec::new(),
            lowered,
        };
        let mut rules = Vec::new();
        for (i, bp) in program.project.blueprints.iter().enumerate() {
            for rule in &bp.conditions {
                if let Some(r) = program.rule(i, rule) {
                    rules.push(r);
                }
            }
        }
        program.rules = rules;
        program
    }

    /// The rule ready to run; `None` if it names a blueprint or test that does not exist
    /// (the compiler refuses both, so a compiled project has none).
    fn rule(&self, owner: usize, rule: &WhenRule) -> Option<Rule> {
        let names = &self.names;
        let a = names.index(&rule.a)?;
        let b = match &rule.b {
            Some(name) => names.index(name)?,
            None => a,
        };
        let scope = Scope {
            own: names.name_ref(a),
            other: Some(names.name_ref(b)),
        };
        let ops = lower(&rule.consequent, scope);
        Some(Rule {
            a,
            b,
            counted: Counted::of(&ops, a, b),
            ops,
            test: TestKind::parse(&rule.test, &rule.args)?,
            described: Rc::from(format!(
                "{} {} {}",
                names.name_ref(a),
                rule.test,
                names.name_ref(b)
            )),
            test_name: rule.test.clone(),
            body: Rc::from(rule.consequent.as_slice()),
            script: names.name(owner),
            line: rule.line,
            col: rule.col,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_names_map_to_their_contacts() {
        use Contact::*;
        assert_eq!(
            TestKind::parse("touches", &[]),
            Some(TestKind::Touch(Bounds))
        );
        assert_eq!(
            TestKind::parse("centerFirstTouches", &[]),
            Some(TestKind::FirstTouch(CenterInBounds))
        );
        assert_eq!(
            TestKind::parse("lastTouches", &[]),
            Some(TestKind::LastTouch(Bounds))
        );
        assert_eq!(
            TestKind::parse("isInside", &[]).and_then(TestKind::contact),
            Some(Inside)
        );
        let near = [Arg::Literal(Value::Number(12.0))];
        assert_eq!(
            TestKind::parse("isCloseTo", &near),
            Some(TestKind::CloseTo(12.0))
        );
        assert_eq!(
            TestKind::parse("isCloseTo", &[]),
            Some(TestKind::CloseTo(30.0))
        );
        assert_eq!(
            TestKind::parse("sees", &[]).and_then(TestKind::contact),
            None
        );
        assert_eq!(TestKind::parse("smells", &[]), None);
    }

    #[test]
    fn every_when_test_the_compiler_accepts_has_a_kind() {
        for test in crate::script::keywords::WHEN_TESTS {
            assert!(TestKind::parse(test.name, &[]).is_some(), "{}", test.name);
        }
    }
}
