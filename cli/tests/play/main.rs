//! `stone-game play` over pipes, as a script plays it: whole games and sums
//! of games of a perfect player against the engine, every kind of illegal
//! move, and the refusals at the start.

mod player;
mod session;

mod commands;
mod engine;
mod games;
mod remoteness;
mod sums;
