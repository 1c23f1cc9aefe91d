//! Compiled programs: the plain data a blueprint's ScriptText compiles to.
//!
//! Nothing here runs anything. The compiler resolves every keyword, checks its arguments and
//! parses every `{{ }}` expression once, so a runtime only walks these statements. Every
//! statement keeps the line and column it came from, so a run-time script error can point at
//! the student's text just as a compile error does.

use super::expr::{Code, Expr};
use crate::features::catalog::PropSlot;
use crate::features::{FeatureSpec, MethodId};
use crate::vars::{Value, VarType};

/// Which program of a blueprint a statement belongs to (GEMSTEP's `# PROGRAM` names).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ProgramSlot {
    /// Runs once when an agent is made: adds props and features.
    Define,
    /// Runs once just before the simulation starts, after `Define`.
    Init,
    /// Runs every tick in the agents' update phase.
    Update,
    /// Runs every tick in the agents' think phase (decide, do not act yet).
    Think,
    /// Runs every tick in the agents' exec phase (act).
    Exec,
    /// Holds `onEvent` handlers.
    Event,
    /// Holds `when` rules.
    Condition,
}

impl ProgramSlot {
    /// Every slot, in the order GEMSTEP lists them.
    pub const ALL: [ProgramSlot; 7] = [
        ProgramSlot::Define,
        ProgramSlot::Init,
        ProgramSlot::Update,
        ProgramSlot::Think,
        ProgramSlot::Exec,
        ProgramSlot::Event,
        ProgramSlot::Condition,
    ];

    /// The slot a `# PROGRAM` name selects, ignoring case.
    pub fn from_name(name: &str) -> Option<ProgramSlot> {
        ProgramSlot::ALL
            .into_iter()
            .find(|slot| slot.name().eq_ignore_ascii_case(name))
    }

    /// The canonical (upper-case) name written after `# PROGRAM`.
    pub fn name(self) -> &'static str {
        match self {
            ProgramSlot::Define => "DEFINE",
            ProgramSlot::Init => "INIT",
            ProgramSlot::Update => "UPDATE",
            ProgramSlot::Think => "THINK",
            ProgramSlot::Exec => "EXEC",
            ProgramSlot::Event => "EVENT",
            ProgramSlot::Condition => "CONDITION",
        }
    }
}

/// A parsed `{{ ... }}` expression and the text it was parsed from (kept for messages and for
/// printing the statement back).
#[derive(Debug, Clone, PartialEq)]
pub struct ScriptExpr {
    /// The expression's text between the braces, trimmed.
    pub text: String,
    /// The parsed tree, which the reference interpreter evaluates.
    pub tree: Expr,
    /// The tree compiled (`Code::compile`), which the simulation runs.
    pub code: Code,
}

/// One compiled argument of a method call.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    /// A value known at compile time.
    Literal(Value),
    /// `{{ ... }}`: evaluated when the statement runs.
    Expr(ScriptExpr),
    /// A dotted name such as `Fish.threshold`, read when the statement runs.
    Ref(PropRef),
    /// `[[ ... ]]`: a nested program (for example the script a spawned agent runs).
    Block(Vec<Stmt>),
}

/// Whose property or feature a statement addresses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// The agent running the program (`energy`, `agent.energy`).
    Agent,
    /// An agent named by its blueprint (`Algae.energy` inside `when Fish touches Algae`, or the
    /// running agent's own blueprint name).
    Blueprint(String),
}

/// A property addressed by a statement: `prop`, `agent.prop`, `Bp.prop`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PropRef {
    /// Whose property.
    pub target: Target,
    /// The property's name.
    pub prop: String,
}

/// A feature property addressed by a statement: `Feature prop`, `agent.Feature prop`,
/// `Bp.Feature.prop`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeatPropRef {
    /// Whose feature.
    pub target: Target,
    /// Where the prop sits in its feature, found when the script was compiled; it also holds
    /// both canonical names.
    pub(crate) slot: PropSlot,
}

impl FeatPropRef {
    /// The feature's canonical name (`Graphing` for `AgentWidgets`).
    pub fn feature(&self) -> &'static str {
        self.slot.feature
    }

    /// The feature property's canonical name.
    pub fn prop(&self) -> &'static str {
        self.slot.name
    }
}

/// A method call on a GVar: `setTo 5`, `add 1`, `greaterThan 50`.
#[derive(Debug, Clone, PartialEq)]
pub struct MethodCall {
    /// The method's name as written (checked against the GVar's method table).
    pub method: String,
    /// Its arguments.
    pub args: Vec<Arg>,
}

/// What an `if`-like keyword tests.
#[derive(Debug, Clone, PartialEq)]
pub enum Test {
    /// `ifExpr {{ e }}` / `if {{ e }}`: the expression's truth.
    Expr(ScriptExpr),
    /// `if [[ ... ]]`: run the block; the value it leaves on the stack is the test.
    Block(Vec<Stmt>),
    /// `ifProp ref method args`: the result of a comparison method on a property.
    Prop(PropRef, MethodCall),
    /// `ifFeatProp ref method args`: the same on a feature property.
    FeatProp(FeatPropRef, MethodCall),
}

/// Arithmetic on the top two values of the stack (`stackAdd` ...).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StackOp {
    /// Second + top.
    Add,
    /// Second − top.
    Sub,
    /// Second × top.
    Mul,
    /// Second ÷ top.
    Div,
}

/// A timer: `every N [runAtStart] [[ ... ]]`.
#[derive(Debug, Clone, PartialEq)]
pub struct Every {
    /// Numbers the timers of one blueprint, so each agent can keep its own countdown.
    pub timer: usize,
    /// How often the body runs, in simulation seconds, as written (GEMSTEP compares run
    /// counts with seconds × 30 as a JavaScript number, so the written value decides).
    pub period: f64,
    /// The word written where the seconds belong (`every second`), which never fires; kept
    /// to print the line back as written.
    pub word: Option<String>,
    /// Whether the body also runs once at the first tick.
    pub run_at_start: bool,
    /// What runs.
    pub body: Vec<Stmt>,
}

impl Every {
    /// The key agent timers keep this statement's count under: the line and column of its
    /// body's first statement and its number.
    pub(crate) fn timer_key(&self) -> (u32, u32, usize) {
        self.body
            .first()
            .map_or((0, 0, self.timer), |s| (s.line, s.col, self.timer))
    }
}

/// A `when` rule: a test over agents (pairs, or single agents) and what passing agents run.
#[derive(Debug, Clone, PartialEq)]
pub struct WhenRule {
    /// The first blueprint (`Fish` in `when Fish touches Algae`).
    pub a: String,
    /// The test's canonical name (`touches`, `centerFirstTouches`, `dies` ...).
    pub test: String,
    /// The second blueprint, absent in the single-agent form (`when Moth dies`).
    pub b: Option<String>,
    /// Extra values the test takes (a distance for `isCloseTo`).
    pub args: Vec<Arg>,
    /// What runs, in the context of the pair.
    pub consequent: Vec<Stmt>,
    /// Where the rule was written.
    pub line: u32,
    /// Where the rule was written.
    pub col: u32,
}

/// A system event an `onEvent` handler listens for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum SimEvent {
    /// The simulation starts running.
    Start,
    /// Every tick.
    Tick,
    /// A round is being set up.
    RoundInit,
    /// A round stops.
    RoundStop,
    /// Costumes have been loaded.
    Costumes,
}

impl SimEvent {
    /// Every event, in GEMSTEP's order.
    pub const ALL: [SimEvent; 5] = [
        SimEvent::Start,
        SimEvent::Tick,
        SimEvent::RoundInit,
        SimEvent::RoundStop,
        SimEvent::Costumes,
    ];

    /// The name scripts use (`Start`, `Tick` ...).
    pub fn name(self) -> &'static str {
        match self {
            SimEvent::Start => "Start",
            SimEvent::Tick => "Tick",
            SimEvent::RoundInit => "RoundInit",
            SimEvent::RoundStop => "RoundStop",
            SimEvent::Costumes => "Costumes",
        }
    }

    /// The event a name selects, ignoring case (GEMSTEP's help lists them in lower case).
    pub fn from_name(name: &str) -> Option<SimEvent> {
        SimEvent::ALL
            .into_iter()
            .find(|e| e.name().eq_ignore_ascii_case(name))
    }
}

/// An `onEvent Name [[ ... ]]` handler.
#[derive(Debug, Clone, PartialEq)]
pub struct EventProgram {
    /// Which event.
    pub event: SimEvent,
    /// What runs.
    pub body: Vec<Stmt>,
}

/// One compiled statement, with where it was written.
#[derive(Debug, Clone, PartialEq)]
pub struct Stmt {
    /// 1-based line of the statement's keyword.
    pub line: u32,
    /// 1-based column of the statement's keyword.
    pub col: u32,
    /// What it does.
    pub kind: StmtKind,
}

/// What a statement does. One variant per keyword meaning (aliases share a variant).
#[derive(Debug, Clone, PartialEq)]
pub enum StmtKind {
    /// `addProp name Type initial`.
    AddProp {
        /// The new property's name.
        name: String,
        /// Its GVar type.
        ty: VarType,
        /// Its starting value (none: the type's default).
        initial: Option<Value>,
    },
    /// `addFeature F` / `useFeature F`.
    AddFeature(String),
    /// `prop ref method args`.
    Prop(PropRef, MethodCall),
    /// `featProp ref method args`.
    FeatProp(FeatPropRef, MethodCall),
    /// `featCall [ref.]Feature method args`.
    FeatCall {
        /// Whose feature.
        target: Target,
        /// The feature, found in the catalog when the script was compiled.
        feature: &'static FeatureSpec,
        /// The method, found when the script was compiled as its place in the feature's list
        /// ([`FeatureSpec::method_at`]), which the feature's runtime matches on: running the
        /// statement looks nothing up by name.
        method: MethodId,
        /// Its arguments (blocks included).
        args: Vec<Arg>,
    },
    /// `featCall Global globalProp name method args`: a method on a prop every character
    /// shares. Its own statement because `when` consequents run it for every pair that
    /// passes: running it looks up only the prop, not the feature, method or arguments.
    GlobalProp {
        /// The Global prop's name.
        name: String,
        /// The method on it and its arguments (checked against its type when known).
        call: MethodCall,
    },
    /// `propPush ref`: push a property's value.
    PropPush(PropRef),
    /// `propPop ref`: pop a value into a property.
    PropPop(PropRef),
    /// `featPropPush ref`.
    FeatPropPush(FeatPropRef),
    /// `featPropPop ref`.
    FeatPropPop(FeatPropRef),
    /// `exprPush {{ e }}`.
    ExprPush(ScriptExpr),
    /// `ifExpr`, `if`, `ifProp`, `ifFeatProp`.
    If {
        /// The test.
        test: Test,
        /// Runs when the test is true.
        then: Vec<Stmt>,
        /// Runs when the test is false.
        otherwise: Vec<Stmt>,
    },
    /// `every N [runAtStart] [[ ... ]]` nested inside another statement.
    Every(Every),
    /// `dbgOut args`: print values for debugging.
    DbgOut(Vec<Arg>),
    /// `dbgStack`: print the value stack.
    DbgStack,
    /// `dbgTick`: GEMSTEP's counter nothing reads; runs as nothing.
    DbgTick,
    /// `dbgContext`: print the agents in context.
    DbgContext,
    /// `dbgError text`: report a script error on purpose.
    DbgError(String),
    /// `randomPos min max [whole]`: move to a random position.
    RandomPos {
        /// Smallest coordinate.
        min: f64,
        /// Largest coordinate.
        max: f64,
        /// Whether to round down to whole numbers.
        whole: bool,
    },
    /// `stackAdd`, `stackSub`, `stackMul`, `stackDiv`.
    Stack(StackOp),
}

/// A property a blueprint declares with `addProp`.
#[derive(Debug, Clone, PartialEq)]
pub struct DeclaredProp {
    /// Its name.
    pub name: String,
    /// Its GVar type.
    pub ty: VarType,
    /// Its starting value (none: the type's default).
    pub initial: Option<Value>,
}

/// A `# TAG name value` pragma.
#[derive(Debug, Clone, PartialEq)]
pub struct Tag {
    /// The tag's name (`isCharControllable`).
    pub name: String,
    /// Its value.
    pub value: Value,
}

/// Everything one blueprint compiles to: what a runtime needs to make and run its agents.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CompiledBlueprint {
    /// The blueprint's name (`# BLUEPRINT Fish`).
    pub name: String,
    /// The blueprint it extends, if any (`# BLUEPRINT Fish Animal`).
    pub base: Option<String>,
    /// `# TAG` pragmas, in order.
    pub tags: Vec<Tag>,
    /// Props declared with `addProp`, in order.
    pub props: Vec<DeclaredProp>,
    /// Canonical names of features added, in order, without repeats.
    pub features: Vec<String>,
    /// `# PROGRAM DEFINE` statements (top-level `when`, `every`, `onEvent` are lifted out).
    pub define: Vec<Stmt>,
    /// `# PROGRAM INIT` statements.
    pub init: Vec<Stmt>,
    /// `# PROGRAM UPDATE` statements.
    pub update: Vec<Stmt>,
    /// `# PROGRAM THINK` statements.
    pub think: Vec<Stmt>,
    /// `# PROGRAM EXEC` statements.
    pub exec: Vec<Stmt>,
    /// `onEvent` handlers from any program.
    pub events: Vec<EventProgram>,
    /// `when` rules from any program.
    pub conditions: Vec<WhenRule>,
    /// Top-level `every` timers from any program.
    pub timers: Vec<Every>,
    /// What GEMSTEP runs but quietly ignores (an extra argument, a missing one), each with its
    /// place: the script compiles, and the editor and the log show these as warnings.
    pub warnings: Vec<crate::script::compiler::CompileError>,
}

impl CompiledBlueprint {
    /// The statements of one of the straight-line programs (`Event` and `Condition` hold
    /// handlers and rules instead, so they have none).
    pub fn program(&self, slot: ProgramSlot) -> &[Stmt] {
        match slot {
            ProgramSlot::Define => &self.define,
            ProgramSlot::Init => &self.init,
            ProgramSlot::Update => &self.update,
            ProgramSlot::Think => &self.think,
            ProgramSlot::Exec => &self.exec,
            ProgramSlot::Event | ProgramSlot::Condition => &[],
        }
    }

    /// The straight-line program of `slot` to add statements to (`None` for `Event` and
    /// `Condition`, which hold handlers and rules).
    pub fn program_mut(&mut self, slot: ProgramSlot) -> Option<&mut Vec<Stmt>> {
        match slot {
            ProgramSlot::Define => Some(&mut self.define),
            ProgramSlot::Init => Some(&mut self.init),
            ProgramSlot::Update => Some(&mut self.update),
            ProgramSlot::Think => Some(&mut self.think),
            ProgramSlot::Exec => Some(&mut self.exec),
            ProgramSlot::Event | ProgramSlot::Condition => None,
        }
    }

    /// Whether the blueprint declares a prop with this name.
    pub fn declares_prop(&self, name: &str) -> bool {
        self.props.iter().any(|p| p.name == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn program_names_are_read_in_any_case() {
        assert_eq!(ProgramSlot::from_name("define"), Some(ProgramSlot::Define));
        assert_eq!(ProgramSlot::from_name("UpDaTe"), Some(ProgramSlot::Update));
        assert_eq!(ProgramSlot::from_name("upd"), None);
        for slot in ProgramSlot::ALL {
            assert_eq!(ProgramSlot::from_name(slot.name()), Some(slot));
        }
    }

    #[test]
    fn event_names_are_read_in_any_case() {
        assert_eq!(SimEvent::from_name("tick"), Some(SimEvent::Tick));
        assert_eq!(SimEvent::from_name("RoundStop"), Some(SimEvent::RoundStop));
        assert_eq!(SimEvent::from_name("Stop"), None);
    }

    #[test]
    fn event_and_condition_slots_have_no_straight_line_program() {
        let bp = CompiledBlueprint::default();
        assert!(bp.program(ProgramSlot::Event).is_empty());
        assert!(!bp.declares_prop("x"));
    }
}
