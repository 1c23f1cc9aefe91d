//! Stepwise's browser entry point: mounts the Yew [`App`](app::App) on the page body.

mod app;
mod authoring;
mod browser;
mod command;
mod demo;
mod editor;
mod experiment;
mod fingerprint;
mod inspector;
mod mapedit;
mod panels;
mod projects;
mod reference;
mod render;
mod run;
mod session;
mod share;
mod stage;
mod tutorial;
mod widgets;
mod wizard;

fn main() {
    yew::Renderer::<app::App>::new().render();
}
