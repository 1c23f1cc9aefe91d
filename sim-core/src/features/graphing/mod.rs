//! The Graphing feature (GEMSTEP's AgentWidgets): a label, a meter and a line graph per
//! character.

mod runtime;

pub(crate) use runtime::{BARS_OF, KIND, LARGE, METER, METER_COLOR, METER_PROP, RUNTIME, TEXT};
