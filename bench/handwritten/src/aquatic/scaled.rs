//! GEMSTEP's aquatic model scaled to `n` agents exactly as the realistic suite scales it for
//! Stepwise (`bench/stepwise-runner/src/gemstep.rs`), so both systems start from the same
//! world: the same copies in the same order at the same places.
//!
//! The shipped model (`../shared/gemstep-models/aquatic.gemprj`) has an 800 × 800 stage
//! centred on the origin, no rounds, and instances of Algae (three, the second at energy 50),
//! three flowers (DecorationYellow, DecorationRed, DecorationBlue) and a Timer. The scaling
//! keeps the Timer once and copies the characters (blueprints with a Costume) round-robin:
//! the shipped ones in their order, then one each of the characters that ship with no
//! instance (Fish, then Sunbeam). The stage grows by the same area, and each copy is placed
//! at a place drawn from the suite's fixed-seed generator (`bench_protocol::ScalePlaces`) and written into its init script with one
//! decimal, which is where it starts.

/// What one copy is, and what its template's init script gives it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Kind {
    /// An Algae starting at this energy.
    Algae(f64),
    /// A flower: a costume and a body, and no script that runs.
    Flower,
    /// A Fish.
    Fish,
    /// A Sunbeam.
    Sunbeam,
}

/// The copies' templates, in the order the scaling takes them.
const TEMPLATES: [Kind; 8] = [
    Kind::Algae(100.0),
    Kind::Algae(50.0),
    Kind::Algae(100.0),
    Kind::Flower,
    Kind::Flower,
    Kind::Flower,
    Kind::Fish,
    Kind::Sunbeam,
];

/// Instances kept once as shipped: the Timer.
pub(crate) const KEPT: usize = 1;
/// Half the side of the shipped stage.
pub(crate) const SHIPPED_HALF: f64 = 400.0;
/// The scaled model: the half side of its grown stage and its copies, in slot order.
#[derive(Debug, Clone)]
pub(crate) struct Scaled {
    pub(crate) half: f64,
    pub(crate) copies: Vec<(Kind, f64, f64)>,
}

/// The aquatic model scaled to `n` agents (the kept Timer included).
pub(crate) fn scaled(n: usize) -> Scaled {
    let wanted = n.saturating_sub(KEPT).max(TEMPLATES.len());
    let grow = (wanted as f64 / TEMPLATES.len() as f64).sqrt();
    let (left, right) = (-SHIPPED_HALF * grow, SHIPPED_HALF * grow);
    let (top, bottom) = (left, right);
    let mut places = bench_protocol::ScalePlaces::default();
    let copies = (0..wanted)
        .map(|k| {
            let x = left + (right - left) * places.unit();
            let y = top + (bottom - top) * places.unit();
            (
                TEMPLATES[k % TEMPLATES.len()],
                one_decimal(x),
                one_decimal(y),
            )
        })
        .collect();
    Scaled {
        half: right,
        copies,
    }
}

/// `v` as the init script writes it, with one decimal, and reads it back.
fn one_decimal(v: f64) -> f64 {
    format!("{v:.1}").parse().unwrap_or(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scaled_model_has_the_shipped_proportions_and_density() {
        let model = scaled(10_004);
        let count = |want: fn(&Kind) -> bool| model.copies.iter().filter(|c| want(&c.0)).count();
        assert_eq!(model.copies.len(), 10_003);
        assert_eq!(count(|k| matches!(k, Kind::Algae(_))), 3_753);
        assert_eq!(count(|k| *k == Kind::Fish), 1_250);
        assert_eq!(count(|k| *k == Kind::Sunbeam), 1_250);
        assert_eq!(count(|k| *k == Kind::Flower), 3_750);
        let side = model.half * 2.0;
        let density = 10_003.0 / (side * side);
        assert!((density - 8.0 / 640_000.0).abs() < 1e-9, "{density}");
        assert!(model
            .copies
            .iter()
            .all(|&(_, x, y)| x.abs() <= model.half && y.abs() <= model.half));
    }

    #[test]
    fn places_have_one_decimal() {
        for &(_, x, _) in &scaled(100).copies {
            assert!(((x * 10.0).round() - x * 10.0).abs() < 1e-6, "{x}");
        }
    }
}
