//! Expression text → [`Expr`], by recursive descent with JavaScript's precedence:
//! `?:` < `||` < `&&` < `== != === !==` < `< <= > >=` < `+ -` < `* / %` < unary `- !` <
//! member access and calls. Binary operators group to the left; `?:` to the right. A trailing
//! `;` is ignored, as GEMSTEP's JavaScript parser ignores it.

use super::ast::{BinaryOp, Constant, Expr, ExprKind, LogicalOp, MathFn, UnaryOp};
use super::lexer::{lex, Lexeme, Op, Spanned};
use super::parse_error::{ExprParseError, ExprParseErrorKind};
use crate::script::{ExprSource, Pos};

/// The most lexemes an expression may have; keeps evaluation shallow for any input.
pub const MAX_EXPR_LEXEMES: usize = 512;
/// How deeply parentheses, unary operators, call arguments and `?:` may nest.
pub const MAX_EXPR_NESTING: usize = 32;

/// Parses an expression's text; `at` is where the text starts in the script (use
/// [`Pos::START`] when there is no script), so errors carry a script position.
pub fn parse_expr(text: &str, at: Pos) -> Result<Expr, ExprParseError> {
    let chars: Vec<char> = text.chars().collect();
    let lexemes = lex(&chars, at)?;
    let mut parser = Parser {
        lexemes,
        next: 0,
        at,
        nesting: 0,
    };
    if parser.lexemes.len() > MAX_EXPR_LEXEMES {
        return Err(parser.error(ExprParseErrorKind::TooComplex));
    }
    if parser.peek() == &Lexeme::End {
        return Err(parser.error(ExprParseErrorKind::Empty));
    }
    let expr = parser.expression()?;
    // JavaScript habit: a statement-ending `;` after the expression is allowed (real scripts have it).
    while parser.eat(Op::Semicolon) {}
    parser.expect_end()?;
    Ok(expr)
}

impl ExprSource {
    /// Parses the expression, with errors placed at their exact script position.
    pub fn parse(&self) -> Result<Expr, ExprParseError> {
        parse_expr(&self.text, self.text_pos)
    }
}

struct Parser {
    lexemes: Vec<Spanned>,
    next: usize,
    at: Pos,
    nesting: usize,
}

impl Parser {
    fn peek(&self) -> &Lexeme {
        self.lexemes
            .get(self.next)
            .map_or(&Lexeme::End, |s| &s.lexeme)
    }

    fn offset(&self) -> usize {
        self.lexemes.get(self.next).map_or(0, |s| s.offset)
    }

    fn advance(&mut self) -> Lexeme {
        let lexeme = self.peek().clone();
        self.next += 1;
        lexeme
    }

    fn eat(&mut self, op: Op) -> bool {
        let found = self.peek() == &Lexeme::Op(op);
        if found {
            self.next += 1;
        }
        found
    }

    fn error(&self, kind: ExprParseErrorKind) -> ExprParseError {
        ExprParseError::new(self.at, self.offset(), kind)
    }

    fn expected(&self, expected: &'static str) -> ExprParseError {
        let found = describe(self.peek());
        self.error(ExprParseErrorKind::Expected { expected, found })
    }

    fn require(&mut self, op: Op, expected: &'static str) -> Result<(), ExprParseError> {
        if self.eat(op) {
            Ok(())
        } else {
            Err(self.expected(expected))
        }
    }

    fn expect_end(&self) -> Result<(), ExprParseError> {
        match self.peek() {
            Lexeme::End => Ok(()),
            Lexeme::Op(Op::LParen) => Err(self.error(ExprParseErrorKind::NotCallable)),
            _ => Err(self.expected("an operator (like +, - or ==) or the end of the expression")),
        }
    }

    /// Enters one nesting level, refusing to go deeper than [`MAX_EXPR_NESTING`].
    fn nest(&mut self) -> Result<(), ExprParseError> {
        self.nesting += 1;
        if self.nesting > MAX_EXPR_NESTING {
            return Err(self.error(ExprParseErrorKind::TooComplex));
        }
        Ok(())
    }

    /// A full expression, including `?:`.
    fn expression(&mut self) -> Result<Expr, ExprParseError> {
        self.nest()?;
        let offset = self.offset();
        let test = self.binary(1)?;
        let expr = if self.eat(Op::Question) {
            let then = self.expression()?;
            self.require(Op::Colon, "a ':' (write 'test ? then : otherwise')")?;
            let otherwise = self.expression()?;
            let kind = ExprKind::Conditional {
                test: Box::new(test),
                then: Box::new(then),
                otherwise: Box::new(otherwise),
            };
            Expr { kind, offset }
        } else {
            test
        };
        self.nesting -= 1;
        Ok(expr)
    }

    /// Binary operators binding at least as tightly as `min`, grouped to the left.
    fn binary(&mut self, min: u8) -> Result<Expr, ExprParseError> {
        let mut left = self.unary()?;
        while let Some((precedence, op)) = binary_op(self.peek()) {
            if precedence < min {
                break;
            }
            let offset = self.offset();
            self.next += 1;
            let right = self.binary(precedence + 1)?;
            let (left_box, right_box) = (Box::new(left), Box::new(right));
            let kind = match op {
                Either::Logical(op) => ExprKind::Logical {
                    op,
                    left: left_box,
                    right: right_box,
                },
                Either::Binary(op) => ExprKind::Binary {
                    op,
                    left: left_box,
                    right: right_box,
                },
            };
            left = Expr { kind, offset };
        }
        Ok(left)
    }

    fn unary(&mut self) -> Result<Expr, ExprParseError> {
        let offset = self.offset();
        let op = if self.eat(Op::Minus) {
            UnaryOp::Neg
        } else if self.eat(Op::Bang) {
            UnaryOp::Not
        } else {
            return self.postfix();
        };
        self.nest()?;
        let operand = Box::new(self.unary()?);
        self.nesting -= 1;
        Ok(Expr {
            kind: ExprKind::Unary { op, operand },
            offset,
        })
    }

    /// A primary expression followed by any `.name` and `.method(args)`.
    fn postfix(&mut self) -> Result<Expr, ExprParseError> {
        if self.peek() == &Lexeme::Name("Math".to_owned()) {
            return self.math();
        }
        let mut expr = self.primary()?;
        while self.eat(Op::Dot) {
            let offset = expr.offset;
            let name = self.name_after_dot()?;
            let object = Box::new(expr);
            let kind = if self.peek() == &Lexeme::Op(Op::LParen) {
                let args = self.arguments()?;
                ExprKind::Call {
                    object,
                    method: name,
                    args,
                }
            } else {
                ExprKind::Member { object, name }
            };
            expr = Expr { kind, offset };
        }
        Ok(expr)
    }

    fn name_after_dot(&mut self) -> Result<String, ExprParseError> {
        match self.peek() {
            Lexeme::Name(name) => {
                let name = name.clone();
                self.next += 1;
                Ok(name)
            }
            _ => Err(self.expected("a name after the '.', like agent.x,")),
        }
    }

    /// `( expr, expr, ... )`, the opening parenthesis next.
    fn arguments(&mut self) -> Result<Vec<Expr>, ExprParseError> {
        self.require(Op::LParen, "a '('")?;
        let mut args = Vec::new();
        if self.eat(Op::RParen) {
            return Ok(args);
        }
        loop {
            args.push(self.expression()?);
            if self.eat(Op::RParen) {
                return Ok(args);
            }
            self.require(
                Op::Comma,
                "a ',' between the values, or a ')' after the last one,",
            )?;
        }
    }

    /// `Math.PI` or `Math.f(args)`, `Math` next.
    fn math(&mut self) -> Result<Expr, ExprParseError> {
        let offset = self.offset();
        self.next += 1;
        if !self.eat(Op::Dot) {
            return Err(self.error(ExprParseErrorKind::MathNotCalled));
        }
        let name_offset = self.offset();
        let name = self.name_after_dot()?;
        if name == "PI" {
            let kind = ExprKind::Constant(Constant::Number(std::f64::consts::PI));
            return Ok(Expr { kind, offset });
        }
        let function = MathFn::from_name(&name).ok_or_else(|| {
            ExprParseError::new(
                self.at,
                name_offset,
                ExprParseErrorKind::UnknownMathFn(name),
            )
        })?;
        if self.peek() != &Lexeme::Op(Op::LParen) {
            return Err(self.error(ExprParseErrorKind::MathNotCalled));
        }
        let args = self.arguments()?;
        if !function.arity().accepts(args.len()) {
            let kind = ExprParseErrorKind::MathArity {
                function,
                got: args.len(),
            };
            return Err(ExprParseError::new(self.at, name_offset, kind));
        }
        Ok(Expr {
            kind: ExprKind::Math { function, args },
            offset,
        })
    }

    fn primary(&mut self) -> Result<Expr, ExprParseError> {
        let offset = self.offset();
        let kind = match self.peek() {
            Lexeme::Number(n) => ExprKind::Constant(Constant::Number(*n)),
            Lexeme::Str(s) => ExprKind::Constant(Constant::String(s.clone())),
            Lexeme::Name(name) => match name.as_str() {
                "true" => ExprKind::Constant(Constant::Boolean(true)),
                "false" => ExprKind::Constant(Constant::Boolean(false)),
                "null" => ExprKind::Constant(Constant::Null),
                _ => ExprKind::Name(name.clone()),
            },
            Lexeme::Op(Op::LParen) => {
                self.next += 1;
                let inner = self.expression()?;
                self.require(Op::RParen, "a ')' to close the '('")?;
                return Ok(inner);
            }
            _ => return Err(self.expected("a number, a name, text in quotes or '('")),
        };
        self.advance();
        Ok(Expr { kind, offset })
    }
}

/// A binary operator of either evaluation style.
enum Either {
    Binary(BinaryOp),
    Logical(LogicalOp),
}

/// The precedence (higher binds tighter) and meaning of a binary operator lexeme.
fn binary_op(lexeme: &Lexeme) -> Option<(u8, Either)> {
    let Lexeme::Op(op) = lexeme else {
        return None;
    };
    let b = |precedence, op| Some((precedence, Either::Binary(op)));
    match op {
        Op::OrOr => Some((1, Either::Logical(LogicalOp::Or))),
        Op::AndAnd => Some((2, Either::Logical(LogicalOp::And))),
        Op::EqEq => b(3, BinaryOp::LooseEq),
        Op::NotEq => b(3, BinaryOp::LooseNe),
        Op::EqEqEq => b(3, BinaryOp::StrictEq),
        Op::NotEqEq => b(3, BinaryOp::StrictNe),
        Op::Lt => b(4, BinaryOp::Lt),
        Op::Le => b(4, BinaryOp::Le),
        Op::Gt => b(4, BinaryOp::Gt),
        Op::Ge => b(4, BinaryOp::Ge),
        Op::Plus => b(5, BinaryOp::Add),
        Op::Minus => b(5, BinaryOp::Sub),
        Op::Star => b(6, BinaryOp::Mul),
        Op::Slash => b(6, BinaryOp::Div),
        Op::Percent => b(6, BinaryOp::Rem),
        _ => None,
    }
}

/// How a lexeme is named in an error message.
fn describe(lexeme: &Lexeme) -> String {
    match lexeme {
        Lexeme::Number(n) => format!("the number {}", crate::lexical::format_number(*n)),
        Lexeme::Str(s) => format!("the text '{s}'"),
        Lexeme::Name(name) => format!("'{name}'"),
        Lexeme::Op(op) => format!("'{}'", op.symbol()),
        Lexeme::End => super::parse_error::END.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tree as a fully parenthesised string, to make grouping visible.
    fn shape(e: &Expr) -> String {
        let list = |args: &[Expr]| args.iter().map(shape).collect::<Vec<_>>().join(" ");
        match &e.kind {
            ExprKind::Constant(Constant::Number(n)) => n.to_string(),
            ExprKind::Constant(Constant::String(s)) => format!("'{s}'"),
            ExprKind::Constant(Constant::Boolean(b)) => b.to_string(),
            ExprKind::Constant(Constant::Null) => "null".into(),
            ExprKind::Name(n) => n.clone(),
            ExprKind::Member { object, name } => format!("{}.{name}", shape(object)),
            ExprKind::Call {
                object,
                method,
                args,
            } => format!("{}.{method}({})", shape(object), list(args)),
            ExprKind::Math { function, args } => {
                format!("Math.{}({})", function.name(), list(args))
            }
            ExprKind::Unary { op, operand } => format!("({op:?} {})", shape(operand)),
            ExprKind::Binary { op, left, right } => {
                format!("({} {} {})", op.symbol(), shape(left), shape(right))
            }
            ExprKind::Logical { op, left, right } => {
                format!("({op:?} {} {})", shape(left), shape(right))
            }
            ExprKind::Conditional {
                test,
                then,
                otherwise,
            } => {
                format!("(? {} {} {})", shape(test), shape(then), shape(otherwise))
            }
        }
    }

    fn parsed(text: &str) -> String {
        shape(&parse_expr(text, Pos::START).unwrap())
    }

    fn error(text: &str) -> (usize, ExprParseErrorKind) {
        let e = parse_expr(text, Pos::START).unwrap_err();
        (e.offset, e.kind)
    }

    #[test]
    fn operators_bind_with_javascript_precedence() {
        assert_eq!(parsed("1 + 2 * 3 - 4"), "(- (+ 1 (* 2 3)) 4)");
        assert_eq!(parsed("a < b + 1 == c"), "(== (< a (+ b 1)) c)");
        assert_eq!(parsed("a || b && c"), "(Or a (And b c))");
        assert_eq!(parsed("!a && -b < 2"), "(And (Not a) (< (Neg b) 2))");
        assert_eq!(parsed("a ? b : c ? d : e"), "(? a b (? c d e))");
        assert_eq!(parsed("(1 + 2) * 3 % 2"), "(% (* (+ 1 2) 3) 2)");
        assert_eq!(parsed("a === b !== c != d"), "(!= (!== (=== a b) c) d)");
        assert_eq!(
            parsed("8 / 4 / 2 >= 1 <= 2 > 0"),
            "(> (<= (>= (/ (/ 8 4) 2) 1) 2) 0)"
        );
    }

    #[test]
    fn accessors_of_real_scripts_parse_as_member_and_call_chains() {
        assert_eq!(
            parsed("agent.getProp('energyLevel').value > 50"),
            "(> agent.getProp('energyLevel').value 50)"
        );
        assert_eq!(
            parsed("agent.prop.Movement.compassDirection.value === 'E'"),
            "(=== agent.prop.Movement.compassDirection.value 'E')"
        );
        assert_eq!(parsed("'T-Rex #' + agent.id"), "(+ 'T-Rex #' agent.id)");
        assert_eq!(
            parsed("Math.max(1, Math.abs(x), 3) * Math.PI"),
            format!("(* Math.max(1 Math.abs(x) 3) {})", std::f64::consts::PI)
        );
        assert_eq!(
            parsed("true && null || false"),
            "(Or (And true null) false)"
        );
        assert_eq!(parsed("x;"), "x");
    }

    #[test]
    fn nodes_record_their_offsets() {
        let e = parse_expr("a  +  b.c", Pos::START).unwrap();
        let ExprKind::Binary { left, right, .. } = &e.kind else {
            panic!("not binary")
        };
        assert_eq!((e.offset, left.offset, right.offset), (3, 0, 6));
    }

    #[test]
    fn parse_errors_name_the_problem_and_its_offset() {
        assert_eq!(error(""), (0, ExprParseErrorKind::Empty));
        assert_eq!(error("a = 1"), (2, ExprParseErrorKind::SingleEquals));
        assert_eq!(error("a | b"), (2, ExprParseErrorKind::SingleLogical('|')));
        assert_eq!(
            error("Math.abss(1)"),
            (5, ExprParseErrorKind::UnknownMathFn("abss".into()))
        );
        assert_eq!(
            error("Math.abs(1, 2)"),
            (
                5,
                ExprParseErrorKind::MathArity {
                    function: MathFn::Abs,
                    got: 2
                }
            )
        );
        assert_eq!(error("Math.abs"), (8, ExprParseErrorKind::MathNotCalled));
        assert_eq!(error("foo(1)"), (3, ExprParseErrorKind::NotCallable));
        assert_eq!(error("'open"), (0, ExprParseErrorKind::UnterminatedString));
        assert_eq!(error("a #"), (2, ExprParseErrorKind::UnexpectedChar('#')));
        let (offset, kind) = error("(1 + 2");
        assert_eq!(offset, 6);
        assert_eq!(
            kind.to_string(),
            "the expression ends too soon: a ')' to close the '(' should come here"
        );
        assert_eq!(
            error("a ? b").1.to_string(),
            "the expression ends too soon: a ':' (write 'test ? then : otherwise') should come here"
        );
        assert_eq!(
            error("a.").1.to_string(),
            "the expression ends too soon: a name after the '.', like agent.x, should come here"
        );
        assert_eq!(
            error("a b").1.to_string(),
            "an operator (like +, - or ==) or the end of the expression should come here, not 'b'"
        );
    }

    #[test]
    fn errors_carry_the_script_position() {
        let e = parse_expr("x +", Pos { line: 4, col: 20 }).unwrap_err();
        assert_eq!(e.pos, Pos { line: 4, col: 23 });
        assert_eq!(
            e.to_string(),
            "4:23: the expression ends too soon: a number, a name, text in quotes or '(' should come here"
        );
    }

    #[test]
    fn overly_deep_or_long_expressions_are_refused() {
        let deep = format!(
            "{}1{}",
            "(".repeat(MAX_EXPR_NESTING + 1),
            ")".repeat(MAX_EXPR_NESTING + 1)
        );
        assert_eq!(error(&deep).1, ExprParseErrorKind::TooComplex);
        assert_eq!(
            error(&"!".repeat(MAX_EXPR_NESTING + 1)).1,
            ExprParseErrorKind::TooComplex
        );
        assert_eq!(
            error(&"1+".repeat(MAX_EXPR_LEXEMES)).1,
            ExprParseErrorKind::TooComplex
        );
        let nested_ok = format!(
            "{}1{}",
            "(".repeat(MAX_EXPR_NESTING - 1),
            ")".repeat(MAX_EXPR_NESTING - 1)
        );
        assert!(parse_expr(&nested_ok, Pos::START).is_ok());
    }
}
