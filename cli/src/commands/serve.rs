//! `serve [--port N] [--host ADDR] [--allow-host NAME]...`: the web explorer (the crate
//! `stone-game-server`), served until Ctrl-C. This face says where it
//! serves, warns off loopback, and notes the stop.

use std::net::IpAddr;

use crate::context::{Ctx, Failure};

/// `serve [--port N] [--host ADDR] [--allow-host NAME]...`: serves until
/// Ctrl-C.
pub(crate) fn serve(
    ctx: &mut Ctx,
    host: IpAddr,
    port: u16,
    allow_hosts: Vec<String>,
) -> Result<u8, Failure> {
    let config = stone_game_server::Config {
        host,
        port,
        memory: ctx.memory,
        allow_hosts,
        ..stone_game_server::Config::default()
    };
    let mut written = Ok(());
    stone_game_server::run(config, |local| {
        written = announce(ctx, local, host.is_loopback());
    })
    .map_err(|e| Failure::Output(e.to_string()))?;
    written?;
    ctx.note("stopped");
    Ok(0)
}

/// The warning off loopback, then the URL, flushed: what a script waits for.
fn announce(ctx: &mut Ctx, local: std::net::SocketAddr, loopback: bool) -> std::io::Result<()> {
    if !loopback {
        writeln!(
            ctx.err,
            "warning: serving on {local}, not a loopback address: anyone who can reach \
             that address can use the explorer"
        )?;
    }
    writeln!(ctx.out, "serving http://{local}/")?;
    ctx.out.flush()
}
