//! The parsed form of an expression: a tree of [`Expr`] nodes, built once at compile time and
//! evaluated every time the script runs.

/// One node of a parsed expression and the character offset in the expression text where it
/// starts, so an evaluation error can point at the part that failed.
#[derive(Debug, Clone, PartialEq)]
pub struct Expr {
    /// What the node computes.
    pub kind: ExprKind,
    /// Character offset of the node in the expression text (0 is the first character).
    pub offset: usize,
}

/// What an expression node computes.
#[derive(Debug, Clone, PartialEq)]
pub enum ExprKind {
    /// A number, string, boolean or null written in the text (`Math.PI` becomes a number).
    Constant(Constant),
    /// A bare name (`agent`, `Fish`), resolved by the [`super::ExprContext`] when evaluated.
    Name(String),
    /// `object.name`: a property read (`agent.x`, `prop.value`).
    Member {
        /// The expression before the dot.
        object: Box<Expr>,
        /// The property name after the dot.
        name: String,
    },
    /// `object.method(args)`: a method call (`agent.getProp('x')`). Only methods can be called.
    Call {
        /// The expression before the dot.
        object: Box<Expr>,
        /// The method name.
        method: String,
        /// The arguments, in order.
        args: Vec<Expr>,
    },
    /// `Math.f(args)`, with the function and its argument count checked when parsed.
    Math {
        /// Which function.
        function: MathFn,
        /// The arguments, in order.
        args: Vec<Expr>,
    },
    /// `-x` or `!x`.
    Unary {
        /// The operator.
        op: UnaryOp,
        /// The operand.
        operand: Box<Expr>,
    },
    /// Arithmetic or comparison of two operands, both always evaluated.
    Binary {
        /// The operator.
        op: BinaryOp,
        /// The left operand.
        left: Box<Expr>,
        /// The right operand.
        right: Box<Expr>,
    },
    /// `a && b` or `a || b`: the right operand is evaluated only when needed, and the result
    /// is one of the operands, as in JavaScript.
    Logical {
        /// The operator.
        op: LogicalOp,
        /// The left operand.
        left: Box<Expr>,
        /// The right operand.
        right: Box<Expr>,
    },
    /// `test ? then : otherwise`.
    Conditional {
        /// The condition.
        test: Box<Expr>,
        /// The value when the condition is truthy.
        then: Box<Expr>,
        /// The value when it is not.
        otherwise: Box<Expr>,
    },
}

/// A value written literally in an expression.
#[derive(Debug, Clone, PartialEq)]
pub enum Constant {
    /// A finite number.
    Number(f64),
    /// A string.
    String(String),
    /// `true` or `false`.
    Boolean(bool),
    /// `null`.
    Null,
}

/// A prefix operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnaryOp {
    /// `-x`: negation (numbers only).
    Neg,
    /// `!x`: logical not (any value, by truthiness).
    Not,
}

/// A binary operator that evaluates both operands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinaryOp {
    /// `+`: addition, or concatenation when either side is a string.
    Add,
    /// `-`.
    Sub,
    /// `*`.
    Mul,
    /// `/`.
    Div,
    /// `%`: remainder with the sign of the dividend, as in JavaScript.
    Rem,
    /// `==`: equality with JavaScript's conversions between numbers, strings and booleans.
    LooseEq,
    /// `!=`.
    LooseNe,
    /// `===`: equality without conversions.
    StrictEq,
    /// `!==`.
    StrictNe,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
}

impl BinaryOp {
    /// Whether the operator computes a number from two numbers (`+ - * / %`).
    pub fn is_arithmetic(self) -> bool {
        matches!(
            self,
            BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div | BinaryOp::Rem
        )
    }

    /// How the operator is written, for error messages.
    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Rem => "%",
            BinaryOp::LooseEq => "==",
            BinaryOp::LooseNe => "!=",
            BinaryOp::StrictEq => "===",
            BinaryOp::StrictNe => "!==",
            BinaryOp::Lt => "<",
            BinaryOp::Le => "<=",
            BinaryOp::Gt => ">",
            BinaryOp::Ge => ">=",
        }
    }
}

/// A short-circuiting operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogicalOp {
    /// `&&`.
    And,
    /// `||`.
    Or,
}

/// The `Math` functions scripts may call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MathFn {
    /// `Math.abs(x)`.
    Abs,
    /// `Math.min(x, ...)`: one or more arguments.
    Min,
    /// `Math.max(x, ...)`: one or more arguments.
    Max,
    /// `Math.floor(x)`.
    Floor,
    /// `Math.ceil(x)`.
    Ceil,
    /// `Math.round(x)`: halves round up (towards +∞), as in JavaScript.
    Round,
    /// `Math.sqrt(x)`.
    Sqrt,
    /// `Math.random()`: a number in [0, 1) from the simulation's seeded generator.
    Random,
    /// `Math.sin(x)`, x in radians.
    Sin,
    /// `Math.cos(x)`, x in radians.
    Cos,
}

/// How many arguments a [`MathFn`] takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arity {
    /// Exactly this many.
    Exactly(usize),
    /// This many or more.
    AtLeast(usize),
}

impl Arity {
    /// Whether `count` arguments are acceptable.
    pub fn accepts(self, count: usize) -> bool {
        match self {
            Arity::Exactly(n) => count == n,
            Arity::AtLeast(n) => count >= n,
        }
    }
}

impl std::fmt::Display for Arity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (prefix, n) = match *self {
            Arity::Exactly(0) => return f.write_str("nothing"),
            Arity::Exactly(n) => ("", n),
            Arity::AtLeast(n) => ("at least ", n),
        };
        let plural = if n == 1 { "" } else { "s" };
        write!(f, "{prefix}{n} number{plural}")
    }
}

impl MathFn {
    /// Every function, for lookups and for listing the known names in errors.
    pub const ALL: [MathFn; 10] = [
        MathFn::Abs,
        MathFn::Min,
        MathFn::Max,
        MathFn::Floor,
        MathFn::Ceil,
        MathFn::Round,
        MathFn::Sqrt,
        MathFn::Random,
        MathFn::Sin,
        MathFn::Cos,
    ];

    /// The name after `Math.`.
    pub fn name(self) -> &'static str {
        match self {
            MathFn::Abs => "abs",
            MathFn::Min => "min",
            MathFn::Max => "max",
            MathFn::Floor => "floor",
            MathFn::Ceil => "ceil",
            MathFn::Round => "round",
            MathFn::Sqrt => "sqrt",
            MathFn::Random => "random",
            MathFn::Sin => "sin",
            MathFn::Cos => "cos",
        }
    }

    /// The function called `name`, if any.
    pub fn from_name(name: &str) -> Option<MathFn> {
        MathFn::ALL.into_iter().find(|f| f.name() == name)
    }

    /// How many arguments it takes.
    pub fn arity(self) -> Arity {
        match self {
            MathFn::Random => Arity::Exactly(0),
            MathFn::Min | MathFn::Max => Arity::AtLeast(1),
            _ => Arity::Exactly(1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn math_functions_are_found_by_name() {
        for f in MathFn::ALL {
            assert_eq!(MathFn::from_name(f.name()), Some(f));
        }
        assert_eq!(MathFn::from_name("abss"), None);
    }

    #[test]
    fn arity_accepts_and_describes_counts() {
        assert!(Arity::AtLeast(1).accepts(3));
        assert!(!Arity::Exactly(0).accepts(1));
        assert_eq!(Arity::Exactly(1).to_string(), "1 number");
        assert_eq!(Arity::AtLeast(2).to_string(), "at least 2 numbers");
        assert_eq!(Arity::Exactly(0).to_string(), "nothing");
    }
}
