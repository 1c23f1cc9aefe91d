//! The unit-level half of a wizard edit: finding a line by its path among nested blocks and
//! rewriting its tokens. [`super::edit`] prints the result and checks that it compiles.

use super::edit::{Edit, WizardError};
use super::lines::LinePath;
use super::template::{complete_line, program_line, PROGRAM_CHOICE};
use crate::authoring::vocab::Vocabulary;
use sim_core::{script::tokenize, Pos, ScriptUnit, Token, TokenKind};
use std::ops::Range;

/// Applies `edit` to `units`. For a slot whose change may not suit the words after it,
/// returns the line and how many argument tokens to keep, should the plain change not compile.
pub(super) fn apply_to(
    units: &mut Vec<ScriptUnit>,
    edit: &Edit,
    vocab: &Vocabulary,
) -> Result<Option<(LinePath, usize)>, WizardError> {
    match edit {
        Edit::SetSlot {
            path,
            tokens,
            value,
        } => return set_slot(units, path, tokens, value).map(Some),
        Edit::SetKeyword { path, keyword } => {
            let line = unit_at(units, path).ok_or(WizardError::NoSuchLine)?;
            *line = if keyword.is_empty() {
                blank()
            } else if keyword == PROGRAM_CHOICE {
                program_line()
            } else {
                complete_line(keyword, &[], vocab).ok_or(WizardError::NoSuchLine)?
            };
        }
        Edit::AddAfter(path) => {
            let (list, i) = siblings(units, path).ok_or(WizardError::NoSuchLine)?;
            list.insert(i + 1, blank());
        }
        Edit::AddInside { path, block } => {
            let line = unit_at(units, path).ok_or(WizardError::NoSuchLine)?;
            block_of(line, *block)
                .ok_or(WizardError::NoSuchLine)?
                .push(blank());
        }
        Edit::AddArg { path, at, token } => {
            let line = unit_at(units, path).ok_or(WizardError::NoSuchLine)?;
            if *at == 0 || *at > line.len() {
                return Err(WizardError::NoSuchLine);
            }
            line.insert(*at, token.clone());
        }
        Edit::RemoveArg { path, at } => {
            let line = unit_at(units, path).ok_or(WizardError::NoSuchLine)?;
            if *at == 0 || *at >= line.len() {
                return Err(WizardError::NoSuchLine);
            }
            line.remove(*at);
        }
        Edit::Delete(path) => {
            let (list, i) = siblings(units, path).ok_or(WizardError::NoSuchLine)?;
            list.remove(i);
        }
        Edit::Move { path, up } => {
            let (list, i) = siblings(units, path).ok_or(WizardError::NoSuchLine)?;
            let other = if *up { i.checked_sub(1) } else { Some(i + 1) };
            match other.filter(|j| *j < list.len()) {
                Some(j) => list.swap(i, j),
                None => return Err(WizardError::NoSuchLine),
            }
        }
    }
    Ok(None)
}

/// An empty line.
fn blank() -> ScriptUnit {
    vec![Token::new(TokenKind::Line, Pos::START)]
}

/// The keyword a line starts with.
pub(super) fn keyword_of(unit: &[Token]) -> Option<String> {
    match unit.first().map(|t| &t.kind) {
        Some(TokenKind::Identifier(name)) => Some(name.clone()),
        _ => None,
    }
}

/// The one token a typed value stands for: a word, number, string, expression or dotted
/// name; text of several words becomes one string.
fn value_token(value: &str) -> Result<Token, WizardError> {
    let bad = || WizardError::BadValue(value.to_owned());
    if value.trim().is_empty() {
        return Err(bad());
    }
    let units = tokenize(value.trim()).map_err(|_| bad())?;
    match units.as_slice() {
        [unit] => match unit.as_slice() {
            [token]
                if !matches!(
                    token.kind,
                    TokenKind::Block(_) | TokenKind::Comment(_) | TokenKind::Directive
                ) =>
            {
                Ok(token.clone())
            }
            _ if !value.contains(['\n', '[', ']']) => Ok(Token::new(
                TokenKind::String(value.trim().to_owned()),
                Pos::START,
            )),
            _ => Err(bad()),
        },
        _ => Err(bad()),
    }
}

/// The units of block number `block` of a line.
fn block_of(unit: &mut [Token], block: usize) -> Option<&mut Vec<ScriptUnit>> {
    unit.iter_mut()
        .filter_map(|t| match &mut t.kind {
            TokenKind::Block(units) => Some(units),
            _ => None,
        })
        .nth(block)
}

/// The list holding the line at `path`, and its index there.
fn siblings<'u>(
    units: &'u mut Vec<ScriptUnit>,
    path: &[usize],
) -> Option<(&'u mut Vec<ScriptUnit>, usize)> {
    let (last, parents) = path.split_last()?;
    let mut list = units;
    for pair in parents.chunks(2) {
        let [unit, block] = pair else {
            return None;
        };
        list = block_of(list.get_mut(*unit)?, *block)?;
    }
    (*last < list.len()).then_some((list, *last))
}

/// The line at `path`.
pub(super) fn unit_at<'u>(
    units: &'u mut Vec<ScriptUnit>,
    path: &[usize],
) -> Option<&'u mut ScriptUnit> {
    let (list, i) = siblings(units, path)?;
    list.get_mut(i)
}

/// Puts the token `value` stands for in place of the slot covering `tokens`; returns the line
/// and how many argument tokens to keep should the words after it need refilling.
fn set_slot(
    units: &mut Vec<ScriptUnit>,
    path: &LinePath,
    tokens: &Range<usize>,
    value: &str,
) -> Result<(LinePath, usize), WizardError> {
    let line = unit_at(units, path).ok_or(WizardError::NoSuchLine)?;
    let new = value_token(value)?;
    match line.get_mut(tokens.clone()) {
        Some([only]) => *only = new,
        _ => return Err(WizardError::NoSuchLine),
    }
    Ok((path.clone(), tokens.end.saturating_sub(1)))
}
