//! Delays gathered by many threads, and their percentiles.

use std::sync::{Arc, Mutex};

/// Milliseconds, appended from any thread.
#[derive(Clone, Default)]
pub struct Delays(Arc<Mutex<Vec<f64>>>);

impl Delays {
    /// Adds one delay.
    pub fn add(&self, ms: f64) {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).push(ms);
    }

    /// Count, p50, p95, p99 and max, as JSON.
    pub fn summary(&self) -> serde_json::Value {
        let mut v = self.0.lock().unwrap_or_else(|e| e.into_inner()).clone();
        v.sort_by(f64::total_cmp);
        let at = |q: f64| {
            if v.is_empty() {
                return serde_json::Value::Null;
            }
            let i = ((v.len() as f64 * q).ceil() as usize).clamp(1, v.len()) - 1;
            serde_json::json!((v[i] * 10.0).round() / 10.0)
        };
        serde_json::json!({
            "count": v.len(), "p50": at(0.50), "p95": at(0.95), "p99": at(0.99), "max": at(1.0),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_pick_the_nearest_rank() {
        let d = Delays::default();
        for i in 1..=100 {
            d.add(f64::from(i));
        }
        let s = d.summary();
        assert_eq!(s["p50"], 50.0);
        assert_eq!(s["p95"], 95.0);
        assert_eq!(s["p99"], 99.0);
        assert_eq!(s["max"], 100.0);
        assert_eq!(Delays::default().summary()["p50"], serde_json::Value::Null);
    }
}
