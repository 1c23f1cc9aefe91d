//! [`Action`]: everything the page's parts ask of the shared state, as plain data, and
//! [`PageState::apply`], the one place that carries them out. A part holds a
//! [`PageHandle`] to read what it shows and dispatches an action to change it; the handle
//! applies it, does what the action's [`Effect`] says (draw the stage, take fresh readouts)
//! and tells the shell to show the change.

use super::keys::Shortcut;
use super::page::{PageHandle, PageState};
use crate::experiment::Replay;
use crate::inspector::Edit;
use crate::mapedit::MapTool;
use crate::render::StageView;
use sim_core::session::codesign::Policy;
use sim_core::{CommandTarget, EntityId, StartTarget, Value};
use yew::Callback;

/// What a part asks of the page.
pub enum Action {
    /// The run: play, pause, step, the timeline, the speed.
    Run(RunAction),
    /// The run's agents: selecting, editing, the stage's pointer.
    Agents(AgentAction),
    /// The model's own controls: its widgets and the command line.
    Model(ModelAction),
    /// The stage's view: zoom, pan, fit, high contrast.
    Stage(StageAction),
    /// The map editor opened, closed or retargeted.
    Map(MapTool),
    /// The live session this page hosts.
    Teach(TeachAction),
    /// The live session this page follows as a student's device.
    Device(DeviceAction),
    /// A class run's replay.
    ClassRun(ClassRunAction),
    /// A keyboard shortcut the stage answers.
    Key(Shortcut),
}

/// What the run controls ask.
pub enum RunAction {
    Play,
    Pause,
    Step,
    /// Back one tick on the timeline.
    StepBack,
    Reset,
    NextRound,
    /// Run at the speed labelled so (see [`crate::run::SPEEDS`]).
    Speed(String),
    /// Show this tick of the run again.
    Seek(u64),
    /// The crash guard's and the watchdog's notices were read.
    DismissNotices,
    /// The message shown on the stage was read.
    DismissDialog,
    /// Replay a run of an experiment on the stage.
    Replay(Replay),
    /// Back from a replayed run to the model itself.
    EndReplay,
}

/// What the inspector and the stage's pointer do to agents.
pub enum AgentAction {
    /// Select this agent alone (the agent list).
    Select(EntityId),
    /// A prop edited in the inspector.
    Edit(Edit),
    /// The pointer is over this agent (or none).
    Hover(Option<EntityId>),
    /// The pointer pressed this agent: selected (with `add`, into the group) and held.
    Grab { agent: EntityId, add: bool },
    /// The held agent moved to this world point (y up).
    DragTo { agent: EntityId, x: f64, y: f64 },
    /// The held agent was let go; `moved` when it was dragged (the map editor takes its
    /// new place).
    LetGo { agent: EntityId, moved: bool },
    /// The map editor places an instance of its blueprint at this world point (y up).
    PlaceAt { x: f64, y: f64 },
}

/// What the model's own controls ask.
pub enum ModelAction {
    /// Widget `0` set its prop to this value.
    SetWidget(usize, Value),
    /// Widget button `0` was pressed.
    PressWidget(usize),
    /// A line typed at the command line, for these agents.
    Command(CommandTarget, String),
}

/// What the stage's view asks.
pub enum StageAction {
    /// The view after a pan, a pinch or a zoom.
    View(StageView),
    /// Fit the stage to the canvas again.
    Fit,
    /// The projector's high-contrast stage, on or off.
    HighContrast(bool),
}

/// What the teacher does with the session this page hosts.
pub enum TeachAction {
    /// Start a session (in this room after a reload or a closed tab).
    Start(Option<String>),
    /// Take the resumed room's run back to the state its page kept (an encoded snapshot).
    ResumeState(Vec<u8>),
    /// Do not offer the room left open any more.
    ForgetResume,
    End,
    /// Remove this device's student.
    Kick(String),
    /// Remove everyone who is not steering.
    KickIdle,
    /// Lock the room to new students (true) or open it.
    Lock(bool),
    /// Offer this blueprint to students (true) or withhold it.
    Offer(String, bool),
    /// Show the students' names by their characters (true) or not.
    ShowNames(bool),
    HandOut,
    /// Who may edit what, and whether changes wait for review.
    Policy(Policy),
    /// Accept the waiting change `1` of device `0`.
    Accept(String, u32),
    /// Decline it, saying why.
    Decline(String, u32, String),
    /// Let this removed device back in.
    Readmit(String),
    /// Make this blueprint a character students may steer (an edit of its script).
    MakeCharacter(String),
    /// Save the class run: a file downloaded, and a copy kept among the library's class runs.
    SaveRun,
}

/// What a student's device does in the session it follows.
pub enum DeviceAction {
    /// Join with this name, driving this blueprint.
    Join(String, String),
    /// The blueprint the student has open (none: the drawer closed).
    Editing(Option<String>),
    /// Send this text as this blueprint's script, written over the class's revision `base`
    /// (for a new blueprint, with this many starting agents).
    SendChange {
        blueprint: String,
        text: String,
        base: u64,
        new_agents: Option<u8>,
    },
    /// Hand this project in (titled so).
    HandIn(String, Box<sim_core::Project>),
    /// Put marker `0` (a new one past the last) at this place (stage fractions).
    Steer(usize, f64, f64),
}

/// What a class run's replay page asks.
pub enum ClassRunAction {
    /// The run was read (or why not).
    Opened(Result<sim_core::session::RunReplay, String>),
    /// Play it on (true) or hold it.
    Play(bool),
    /// Show this position of the run.
    Seek(u64),
    /// Play it this many times faster than the lesson.
    Speed(f64),
}

/// What the page does after an action besides carrying it out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Effect {
    /// Nothing more: the action changed nothing shown, or only what its part shows itself.
    Nothing,
    /// Draw the stage again (the view moved).
    Draw,
    /// The run may have changed: the tick, the hash, the stage and the readouts again.
    Refresh,
}

/// What an action answers: a line to show (a command line's), or why it was refused.
pub type Reply = Result<Option<String>, String>;

impl PageState {
    /// Carries out `action`: the one place where the parts' requests change shared state.
    pub fn apply(&mut self, action: Action) -> (Reply, Effect) {
        match action {
            Action::Run(a) => (Ok(None), self.apply_run(a)),
            Action::Agents(a) => self.apply_agents(a),
            Action::Model(a) => (self.apply_model(a), Effect::Refresh),
            Action::Stage(a) => (Ok(None), self.apply_stage(a)),
            Action::Map(tool) => {
                self.set_map_tool(tool);
                (Ok(None), Effect::Refresh)
            }
            Action::Teach(a) => (self.apply_teach(a), Effect::Refresh),
            Action::Device(a) => self.apply_device(a),
            Action::ClassRun(a) => (Ok(None), self.apply_class_run(a)),
            Action::Key(key) => (Ok(None), self.shortcut(key)),
        }
    }

    fn apply_run(&mut self, action: RunAction) -> Effect {
        match action {
            RunAction::Play => self.run.play(),
            RunAction::Pause => self.run.pause(),
            RunAction::Step => {
                self.run.step();
                self.session.ran(&self.run);
            }
            RunAction::StepBack => self.seek(self.run.tick().saturating_sub(1)),
            RunAction::Reset => self.reset(),
            RunAction::NextRound => self.run.next_round(),
            RunAction::Speed(label) => self.run.set_speed(&label),
            RunAction::Seek(tick) => self.seek(tick),
            RunAction::DismissNotices => self.run.dismiss_notices(),
            RunAction::DismissDialog => self.run.dismiss_dialog(),
            RunAction::Replay(replay) => {
                self.run
                    .replay(&self.project, replay.starting, replay.seed, replay.label);
                self.after_restart();
            }
            RunAction::EndReplay => {
                self.run.end_replay(&self.project);
                self.after_restart();
            }
        }
        Effect::Refresh
    }

    /// Pauses and goes back to the model's starting state.
    fn reset(&mut self) {
        self.run.reset();
        self.stage.reset(&self.run);
        self.restart_series();
    }

    /// Shows tick `tick` of the run again, paused: the stage, the inspector and the graphs
    /// as they were then.
    fn seek(&mut self, tick: u64) {
        self.stage.end_drags();
        match self.run.seek(&self.project, tick) {
            Ok(time) => {
                std::rc::Rc::make_mut(&mut self.readouts.series).show_until(time.to_f64());
                self.readouts.stale = true;
            }
            Err(why) => self.project.post_note(why),
        }
    }

    fn apply_agents(&mut self, action: AgentAction) -> (Reply, Effect) {
        match action {
            AgentAction::Select(agent) => {
                self.readouts.edit_error = None;
                self.run.select(agent, false);
            }
            AgentAction::Edit(edit) => self.readouts.edit_error = self.run.edit(&edit).err(),
            AgentAction::Hover(agent) => {
                let changed = self.run.hover(agent);
                return (
                    Ok(None),
                    if changed {
                        Effect::Refresh
                    } else {
                        Effect::Nothing
                    },
                );
            }
            AgentAction::Grab { agent, add } => {
                self.run.select(agent, add);
                self.run.hold(agent, true);
            }
            AgentAction::DragTo { agent, x, y } => self.run.drag_to(agent, x, y),
            AgentAction::LetGo { agent, moved } => {
                self.run.hold(agent, false);
                let origin = self.run.origin_of(agent).filter(|_| moved && self.map.open);
                let Some((origin, (x, y))) = origin else {
                    return (Ok(None), Effect::Nothing);
                };
                self.map_error = self.map.drop_at(&self.project, &origin, x, y).err();
            }
            AgentAction::PlaceAt { x, y } => {
                // The model's y grows downwards; the stage's world y grows upwards.
                self.map_error = self.map.place_at(&self.project, x, -y).err();
            }
        }
        (Ok(None), Effect::Refresh)
    }

    fn apply_model(&mut self, action: ModelAction) -> Reply {
        match action {
            ModelAction::SetWidget(index, value) => self.set_widget(index, value),
            ModelAction::PressWidget(index) => self.press_widget(index),
            ModelAction::Command(target, text) => self.send_command(&target, &text).map(Some),
        }
    }

    /// The project's widget `index`.
    fn widget(&self, index: usize) -> Option<sim_core::WidgetDef> {
        self.project
            .with(|c| c.and_then(|c| c.project.widgets.get(index).cloned()))
    }

    /// A slider, switch or chooser set its prop; why not, named by the widget's label.
    fn set_widget(&mut self, index: usize, value: Value) -> Reply {
        let Some(widget) = self.widget(index) else {
            return Ok(None);
        };
        StartTarget::parse(&widget.target)
            .and_then(|target| self.run.set_value(&target, value))
            .map(|_| None)
            .map_err(|why| format!("{}: {why}", widget.shown_label()))
    }

    /// A widget button runs its line as the model or as a blueprint's agents.
    fn press_widget(&mut self, index: usize) -> Reply {
        let Some(widget) = self.widget(index) else {
            return Ok(None);
        };
        let target = match widget.target.trim() {
            "" | "model" | "Global" => CommandTarget::Model,
            blueprint => CommandTarget::Blueprint(blueprint.to_string()),
        };
        self.run
            .run_command(&target, &widget.script)
            .map(|_| None)
            .map_err(|why| format!("{}: {why}", widget.shown_label()))
    }

    /// Sends a command from the command line; what became of it.
    fn send_command(&mut self, target: &CommandTarget, text: &str) -> Result<String, String> {
        let count = self.run.type_command(target, text)?;
        match target {
            CommandTarget::Model => Ok("sent to the model; it runs at the next tick".to_string()),
            CommandTarget::Blueprint(bp) if count == 0 => {
                Err(format!("there is no {bp} to run it"))
            }
            CommandTarget::Blueprint(bp) => {
                Ok(format!("sent to {count} {bp}; it runs at the next tick"))
            }
            CommandTarget::Agent(_) => {
                Ok("sent to the selected agent; it runs at the next tick".to_string())
            }
        }
    }

    fn apply_stage(&mut self, action: StageAction) -> Effect {
        match action {
            StageAction::View(view) => {
                self.stage.set_view(view);
                Effect::Draw
            }
            StageAction::Fit => {
                self.stage.fit();
                Effect::Draw
            }
            StageAction::HighContrast(on) => {
                super::projector::keep_high_contrast(on);
                self.stage.set_high_contrast(on, &self.project);
                Effect::Refresh
            }
        }
    }

    /// Opens, closes or retargets the map editor. Opening it pauses and shows the starting
    /// state, the state its edits change; while it is open the page makes room for its panel.
    fn set_map_tool(&mut self, tool: MapTool) {
        if tool.open && !self.map.open {
            self.reset();
        }
        self.map_error = None;
        crate::browser::set_root_class("map-editing", tool.open);
        self.map = tool;
    }

    fn apply_teach(&mut self, action: TeachAction) -> Reply {
        match action {
            TeachAction::Start(room) => {
                let started =
                    self.session
                        .start_teaching(&self.run, &self.project, &self.query, room);
                if let Err(why) = &started {
                    self.project.post_note(why.clone());
                }
                return started.map(|()| None);
            }
            TeachAction::ResumeState(bytes) => self.resume_state(&bytes),
            TeachAction::ForgetResume => {
                crate::session::page::forget_resumable();
                self.session.watch_resume = false;
            }
            TeachAction::End => {
                let kept = self.run_kept.clone();
                self.session
                    .end_teaching(&mut self.run, move || kept.emit(()));
            }
            TeachAction::MakeCharacter(blueprint) => self.make_character(&blueprint),
            action => self.teach(action),
        }
        Ok(None)
    }

    /// Takes the hosted room back to the state its page kept (`bytes`).
    fn resume_state(&mut self, bytes: &[u8]) {
        use crate::session::PageSession;
        match PageSession::resume_state(&mut self.run, &self.project, bytes) {
            Ok(at) => {
                self.stage.fit_to_project(&self.project);
                self.after_restart();
                self.project.post_note(format!(
                    "The session goes on from where it was kept (t = {:.1} s).",
                    at.to_f64()
                ));
            }
            Err(why) => self.project.post_note(format!(
                "The session's last state could not be taken back ({why}): the model starts afresh."
            )),
        }
    }

    /// Makes `blueprint` a character students may steer: `# TAG isCharControllable true` in
    /// its script, one undoable step that goes into the running model.
    fn make_character(&mut self, blueprint: &str) {
        self.project
            .edit(&format!("make {blueprint} a character"), |p| {
                if let Some(b) = p.blueprints.iter_mut().find(|b| b.name == blueprint) {
                    b.script_text = crate::authoring::tags::as_character(&b.script_text);
                }
            });
    }

    /// What the teacher does in the running session (none: nothing).
    fn teach(&mut self, action: TeachAction) {
        let (Some(t), run) = (&mut self.session.teacher, &mut self.run) else {
            return;
        };
        match action {
            TeachAction::Kick(device) => t.kick(run, &device),
            TeachAction::KickIdle => t.kick_idle(run),
            TeachAction::Lock(on) => t.set_locked(on),
            TeachAction::Offer(blueprint, on) => t.offer(&blueprint, on),
            TeachAction::ShowNames(on) => t.show_names(on),
            TeachAction::HandOut => t.hand_out(),
            TeachAction::Policy(policy) => t.set_policy(policy),
            TeachAction::Accept(device, id) => t.accept(&self.project, &device, id),
            TeachAction::Decline(device, id, why) => t.decline(&device, id, &why),
            TeachAction::Readmit(device) => t.readmit(&device),
            TeachAction::SaveRun => {
                let bytes = t.run_file();
                let name = t.recording.file_name(&self.project);
                let mime = "application/octet-stream";
                if let Err(e) = crate::browser::download_bytes(&name, mime, &bytes) {
                    web_sys::console::warn_1(&e.to_string().into());
                }
                let kept = self.run_kept.clone();
                t.recording.keep_in_library(bytes, move || kept.emit(()));
            }
            TeachAction::Start(_)
            | TeachAction::ResumeState(_)
            | TeachAction::ForgetResume
            | TeachAction::End
            | TeachAction::MakeCharacter(_) => {}
        }
    }

    fn apply_device(&mut self, action: DeviceAction) -> (Reply, Effect) {
        let now = self.run.frame_ms();
        let Some(d) = &mut self.session.device else {
            return (Ok(None), Effect::Nothing);
        };
        match action {
            DeviceAction::Join(name, blueprint) => d.join(&name, &blueprint),
            DeviceAction::Editing(blueprint) => d.set_editing(blueprint),
            DeviceAction::SendChange {
                blueprint,
                text,
                base,
                new_agents,
            } => d.send_change(&blueprint, &text, base, new_agents, now),
            DeviceAction::HandIn(title, project) => {
                return (
                    d.hand_in(&title, &project, now).map(|()| None),
                    Effect::Refresh,
                )
            }
            DeviceAction::Steer(index, x, y) => {
                d.place_marker(index, x, y);
                return (Ok(None), Effect::Draw);
            }
        }
        (Ok(None), Effect::Refresh)
    }

    fn apply_class_run(&mut self, action: ClassRunAction) -> Effect {
        match action {
            ClassRunAction::Opened(Ok(replay)) => self.open_class_run(replay),
            ClassRunAction::Opened(Err(why)) => self.class_run_failed = Some(why),
            ClassRunAction::Play(on) => self.play_class_run(on),
            ClassRunAction::Seek(position) => self.seek_class_run(position),
            ClassRunAction::Speed(speed) => self.set_class_run_speed(speed),
        }
        Effect::Refresh
    }

    /// Does what the key `key` asks of the stage (the list of shortcuts is the shell's).
    fn shortcut(&mut self, key: Shortcut) -> Effect {
        match key {
            Shortcut::Delete => {
                self.stage.end_drags();
                self.run.remove_selected();
            }
            Shortcut::Escape => self.run.clear_selection(),
            Shortcut::TogglePlay => {
                self.run.dismiss_notices();
                self.run.toggle_play();
            }
            Shortcut::Step => return self.apply_run(RunAction::Step),
            Shortcut::StepBack => return self.apply_run(RunAction::StepBack),
            Shortcut::Reset => self.reset(),
            Shortcut::Faster => self.run.speed_by(1),
            Shortcut::Slower => self.run.speed_by(-1),
            Shortcut::Help => return Effect::Nothing,
        }
        Effect::Refresh
    }
}

impl PageHandle {
    /// Carries out `action` on the page (see [`PageState::apply`]) and shows the change;
    /// what it answers, or that the page was busy.
    pub fn dispatch(&self, action: Action) -> Reply {
        let done = self.with_state(|state| {
            let (reply, effect) = state.apply(action);
            match effect {
                Effect::Nothing => {}
                Effect::Draw => state.draw(),
                Effect::Refresh => state.after_action(),
            }
            (reply, effect)
        });
        let Some((reply, effect)) = done else {
            return Err("the page was busy; try again".to_string());
        };
        if effect == Effect::Refresh {
            self.notify();
        }
        reply
    }

    /// A callback that dispatches the action `make` makes of its input (none: nothing).
    pub fn on<IN: 'static>(&self, make: impl Fn(IN) -> Option<Action> + 'static) -> Callback<IN> {
        let page = self.clone();
        Callback::from(move |input| {
            if let Some(action) = make(input) {
                let _ = page.dispatch(action);
            }
        })
    }

    /// A callback that dispatches the action `make` makes of its input and answers its
    /// reply as `answer` puts it.
    pub fn asking<IN: 'static, OUT: 'static>(
        &self,
        make: impl Fn(IN) -> Action + 'static,
        answer: fn(Reply) -> OUT,
    ) -> Callback<IN, OUT> {
        let page = self.clone();
        Callback::from(move |input| answer(page.dispatch(make(input))))
    }
}
