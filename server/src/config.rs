//! Where and how the explorer serves.

use std::net::{IpAddr, Ipv4Addr};

/// Where and how the explorer serves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// The address to listen on. On a loopback address only requests for
    /// this machine's loopback names are answered (a guard against DNS
    /// rebinding).
    pub host: IpAddr,
    /// The port to listen on; 0 for a free one.
    pub port: u16,
    /// The memory a table may take, in bytes; `None` reads what this
    /// machine has available before each table (`stone_game_memory`).
    pub memory: Option<u64>,
}

impl Default for Config {
    /// 127.0.0.1, port 8260, the machine's memory.
    fn default() -> Self {
        Config {
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 8260,
            memory: None,
        }
    }
}
