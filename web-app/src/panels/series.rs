//! Population counts and Global props sampled over sim time, for the graphs and their CSV.

use sim_core::{Simulation, Value};

/// Sim-seconds between samples.
pub const SAMPLE_EVERY_SECS: f64 = 1.0;

/// The most samples kept; older ones are dropped so a model left running stays light.
const MAX_SAMPLES: usize = 3600;

/// One sample: the sim time and a value per column (NaN where the column had no number).
#[derive(Debug, Clone, PartialEq)]
pub struct Sample {
    /// Sim time, seconds.
    pub time: f64,
    /// A value per column of the [`Series`], in column order.
    pub values: Vec<f64>,
}

/// Every column sampled so far and the samples, reset with the model.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Series {
    /// Column names: each blueprint's name for its count, `Global.<name>` for a Global prop.
    pub columns: Vec<String>,
    /// The samples, oldest first.
    pub samples: Vec<Sample>,
    /// Samples past the moment the timeline shows (after a rewind), oldest first: shown
    /// again when the timeline moves forward, dropped when the run goes on from the rewind.
    pub ahead: Vec<Sample>,
}

impl Series {
    /// Whether a sample is due at sim time `time`: the first one, a sim-second after the
    /// last, or after time went back.
    pub fn is_due(&self, time: f64) -> bool {
        self.samples
            .last()
            .is_none_or(|last| time >= last.time + SAMPLE_EVERY_SECS || time < last.time)
    }

    /// Samples every blueprint's count and every Global prop of `sim` now.
    pub fn sample(&mut self, sim: &Simulation) {
        let counts = sim.counts().into_iter().map(|(n, c)| (n, c as f64));
        let globals = sim
            .globals()
            .into_iter()
            .map(|(n, v)| (format!("Global.{n}"), number(&v)));
        self.push(sim.time().to_f64(), counts.chain(globals));
    }

    /// Adds a sample from named values; a new name becomes a new column, empty before.
    fn push(&mut self, time: f64, named: impl Iterator<Item = (String, f64)>) {
        let mut values = vec![f64::NAN; self.columns.len()];
        for (name, value) in named {
            let column = match self.columns.iter().position(|c| *c == name) {
                Some(i) => i,
                None => {
                    self.columns.push(name);
                    values.push(f64::NAN);
                    self.columns.len() - 1
                }
            };
            if let Some(slot) = values.get_mut(column) {
                *slot = value;
            }
        }
        if self.samples.len() >= MAX_SAMPLES {
            self.samples.remove(0);
        }
        self.samples.push(Sample { time, values });
    }

    /// Shows the samples up to sim time `time`: later ones wait in `ahead`, earlier ones
    /// waiting there come back.
    pub fn show_until(&mut self, time: f64) {
        let keep = self.samples.partition_point(|s| s.time <= time);
        let mut later = self.samples.split_off(keep);
        later.append(&mut self.ahead);
        let back = later.partition_point(|s| s.time <= time);
        self.ahead = later.split_off(back);
        self.samples.append(&mut later);
    }

    /// Forgets the samples past the moment shown (the run went on from there).
    pub fn drop_ahead(&mut self) {
        self.ahead.clear();
    }

    /// The latest value of each column (NaN where it has none).
    pub fn latest(&self, column: usize) -> f64 {
        self.samples
            .last()
            .and_then(|s| s.values.get(column).copied())
            .unwrap_or(f64::NAN)
    }

    /// The data as CSV: a header `time,<columns>`, then one line per sample; cells without a
    /// number are empty, names with commas or quotes are quoted.
    pub fn to_csv(&self) -> String {
        let mut csv = String::from("time");
        for column in &self.columns {
            csv.push(',');
            csv.push_str(&csv_field(column));
        }
        csv.push('\n');
        for sample in &self.samples {
            csv.push_str(&sample.time.to_string());
            for column in 0..self.columns.len() {
                csv.push(',');
                match sample.values.get(column) {
                    Some(v) if v.is_finite() => csv.push_str(&v.to_string()),
                    _ => {}
                }
            }
            csv.push('\n');
        }
        csv
    }
}

/// A value as a plotted number: numbers as they are, booleans as 0 or 1, the rest NaN.
fn number(value: &Value) -> f64 {
    match value {
        Value::Number(n) => *n,
        Value::Boolean(b) => f64::from(u8::from(*b)),
        Value::String(_) | Value::Null => f64::NAN,
    }
}

/// A CSV field, quoted when it must be (as an experiment's table quotes its cells).
fn csv_field(text: &str) -> String {
    sim_core::experiment::table::cell(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewinding_hides_later_samples_and_going_forward_shows_them_again() {
        let mut series = Series::default();
        for t in 0..6 {
            series.push(
                f64::from(t),
                std::iter::once(("A".to_string(), f64::from(t * 10))),
            );
        }
        series.show_until(2.5);
        assert_eq!(
            series.samples.iter().map(|s| s.time).collect::<Vec<_>>(),
            [0.0, 1.0, 2.0]
        );
        series.show_until(4.0);
        assert_eq!(series.samples.len(), 5);
        assert_eq!(series.ahead.len(), 1);
        series.show_until(1.0);
        series.drop_ahead();
        series.show_until(9.0);
        assert_eq!(series.samples.len(), 2);
    }

    fn named(pairs: &[(&str, f64)]) -> impl Iterator<Item = (String, f64)> {
        pairs
            .iter()
            .map(|(n, v)| (n.to_string(), *v))
            .collect::<Vec<_>>()
            .into_iter()
    }

    #[test]
    fn a_column_appearing_later_is_empty_before_in_the_csv() {
        let mut series = Series::default();
        series.push(0.0, named(&[("Fish", 3.0)]));
        series.push(1.0, named(&[("Fish", 4.0), ("Global.food", 2.5)]));
        assert_eq!(series.to_csv(), "time,Fish,Global.food\n0,3,\n1,4,2.5\n");
        assert_eq!(series.latest(1), 2.5);
        assert!(series.latest(7).is_nan());
    }

    #[test]
    fn a_sample_is_due_first_then_each_sim_second_or_after_time_went_back() {
        let mut series = Series::default();
        assert!(series.is_due(0.0));
        series.push(2.0, named(&[("A", 1.0)]));
        assert!(!series.is_due(2.9));
        assert!(series.is_due(3.0));
        assert!(series.is_due(1.0));
    }

    #[test]
    fn names_with_commas_are_quoted() {
        let mut series = Series::default();
        series.push(0.0, named(&[("a,\"b\"", 1.0)]));
        assert_eq!(series.to_csv(), "time,\"a,\"\"b\"\"\"\n0,1\n");
    }

    #[test]
    fn old_samples_are_dropped_past_the_limit() {
        let mut series = Series::default();
        for t in 0..=MAX_SAMPLES {
            series.push(t as f64, named(&[("A", 1.0)]));
        }
        assert_eq!(series.samples.len(), MAX_SAMPLES);
        assert_eq!(series.samples.first().map(|s| s.time), Some(1.0));
    }

    #[test]
    fn strings_do_not_plot_and_booleans_do() {
        assert!(number(&Value::String("x".into())).is_nan());
        assert_eq!(number(&Value::Boolean(true)), 1.0);
    }
}
