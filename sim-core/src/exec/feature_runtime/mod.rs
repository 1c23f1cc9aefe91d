//! The features' runtime: what each feature's methods do to an agent and the world, one
//! file per feature, each giving the dispatch its [`common::Runtime`]; the routing of a call
//! to them ([`dispatch`]); and what they share ([`common`]). The catalog of what each feature
//! offers is [`crate::features`].

pub(crate) mod common;
pub(crate) mod costume;
pub(crate) mod cursor;
pub(crate) mod dispatch;
pub(crate) mod global;
pub(crate) mod graphing;
pub(crate) mod histogram;
pub(crate) mod movement;
pub(crate) mod physics;
pub(crate) mod population;
pub(crate) mod tick;
pub(crate) mod timer;
pub(crate) mod touches;
pub(crate) mod vision;

pub(crate) use dispatch::{call, query, setter};
