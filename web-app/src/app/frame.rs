//! The steps of one animation frame on the page's state, in order: take in what changed (the
//! session's news, an edit of the project, the widgets), run the ticks due, hand the session
//! its part, draw, and show the tick and the session's hash. The stage area drives them and
//! runs the periodic task due after them.

use super::now_ms;
use super::page::PageState;
use std::rc::Rc;

/// What a frame's steps found, for the stage area to tell the shell.
pub struct FrameDone {
    /// Whether the page shows something new (a new model, another tick, another hash).
    pub changed: bool,
    /// How long drawing took, milliseconds.
    pub work_ms: f64,
}

impl PageState {
    /// One frame at real time `ts` (milliseconds), up to the drawing and the tick shown.
    pub fn frame(&mut self, ts: f64) -> FrameDone {
        self.stage.begin_frame(ts);
        let synced = self.take_in_changes(ts);
        self.stage.update_clock(ts);
        let replayed = self.replay_frame(ts);
        if self.session.device.is_none() && self.run.is_none() {
            self.run_due();
        }
        let running = self.stage.running();
        self.session_after_ticks(ts, running);
        let started = now_ms();
        self.draw();
        let work_ms = now_ms() - started;
        let ticked = self.stage.show_tick();
        let hash_before = self.session.shown_hash;
        self.refresh_hash();
        FrameDone {
            changed: synced || replayed || ticked || hash_before != self.session.shown_hash,
            work_ms,
        }
    }

    /// Before the frame's ticks: what the session brought, a changed project (which restarts
    /// the graphs and the inspection) and changed widgets. Returns whether the model was
    /// replaced.
    fn take_in_changes(&mut self, ts: f64) -> bool {
        let adopted = self.session_before_ticks(ts);
        let synced =
            adopted || (self.session.device.is_none() && self.stage.sync_project(&self.project));
        if synced {
            self.stage.started_over();
            self.views.edit_error = None;
            if adopted {
                self.follow_series();
            } else {
                self.restart_series();
            }
            self.inspect();
        } else if self.views.inspected_at != self.project.revision() {
            // An edit swapped in without a restart (a student's new blueprint brings agents).
            self.inspect();
            self.views.stale = true;
        }
        self.views.inspected_at = self.project.revision();
        if self.widgets_behind() && self.refresh_widgets() {
            self.views.stale = true;
        }
        synced
    }

    /// Runs the ticks due on a page that runs its own model.
    fn run_due(&mut self) {
        if self.stage.run_due() {
            // The run paused itself: the panels, which refresh only while it runs, show what
            // the last ticks did (the error that stopped it).
            self.refresh_panels();
            self.refresh_inspection();
        }
        self.note_branch();
    }

    /// After the run went on from a rewound moment: the graphs drop what came after it, and a
    /// message says the old future is gone.
    fn note_branch(&mut self) {
        let Some(at) = self.stage.model_mut().take_branched() else {
            return;
        };
        Rc::make_mut(&mut self.views.series).drop_ahead();
        self.project.post_note(format!(
            "The run went on from t = {:.2} s, so what came after that moment before was dropped.",
            sim_core::sim::tick_time(at).to_f64()
        ));
    }
}
