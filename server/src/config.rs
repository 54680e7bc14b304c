//! Where and how the explorer serves, and the limits it serves within.

use std::net::{IpAddr, Ipv4Addr};
use std::time::Duration;

/// The most requests answered at once, over every route; more wait their
/// turn. Enough for a page's bursts; the heavy work among them has a bound
/// of its own.
pub const CONCURRENCY: usize = 64;

/// The longest a request may take to be answered (504 past it): enough
/// for the largest table on a busy machine. A table whose build outlasts it
/// is still kept, for the next request.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(120);

/// The longest a client may take to send a request's head, and the longest
/// a kept-alive connection may stay idle, before it is closed: a client
/// cannot hold a connection without asking.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// The longest an answer may wait for its client to take any more of it
/// before the connection is closed: a client that asks and never reads
/// would otherwise hold its connection, and the answer's memory (up to
/// 10 MB for a sum of eight large games), for good.
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(10);

/// The most connections open at once. When all are open, new ones wait to
/// be accepted until one closes; idle ones close within [`HEADER_TIMEOUT`].
pub const MAX_CONNECTIONS: usize = 512;

/// Where and how the explorer serves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The address to listen on.
    pub host: IpAddr,
    /// The port to listen on; 0 for a free one.
    pub port: u16,
    /// The memory the tables being built may take together, in bytes;
    /// `None` reads what this machine has available before each table
    /// (`stone_game_memory`).
    pub memory: Option<u64>,
    /// The names, besides IP addresses and `localhost`, that requests may
    /// give in `Host` (a guard against DNS rebinding): `--allow-host`.
    pub allow_hosts: Vec<String>,
    /// [`CONCURRENCY`] unless a test asks for fewer.
    pub concurrency: usize,
    /// [`REQUEST_TIMEOUT`] unless a test asks for less.
    pub request_timeout: Duration,
    /// [`HEADER_TIMEOUT`] unless a test asks for less.
    pub header_timeout: Duration,
    /// [`WRITE_TIMEOUT`] unless a test asks for less.
    pub write_timeout: Duration,
    /// [`MAX_CONNECTIONS`] unless a test asks for fewer.
    pub max_connections: usize,
}

impl Default for Config {
    /// 127.0.0.1, port 8260, the machine's memory, no other names, and the
    /// limits above.
    fn default() -> Self {
        Config {
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 8260,
            memory: None,
            allow_hosts: Vec::new(),
            concurrency: CONCURRENCY,
            request_timeout: REQUEST_TIMEOUT,
            header_timeout: HEADER_TIMEOUT,
            write_timeout: WRITE_TIMEOUT,
            max_connections: MAX_CONNECTIONS,
        }
    }
}
