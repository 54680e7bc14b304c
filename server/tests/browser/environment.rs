//! The server and chromedriver the tests share, started once, or the tests
//! skipped where Chromium or chromedriver is missing.

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use libtest_mimic::Trial;

use crate::support::Server;

pub(crate) const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// The longest any one wait lasts: a page that has not settled by then has
/// failed.
pub(crate) const WAIT: Duration = Duration::from_secs(30);

/// Whether a missing browser fails the tests rather than skipping them:
/// `STONE_GAME_BROWSER_TESTS=required`, as CI sets it.
pub(crate) fn required() -> bool {
    std::env::var("STONE_GAME_BROWSER_TESTS").is_ok_and(|v| v == "required")
}

/// The first of chromedriver and Chromium that is not installed, if any.
pub(crate) fn missing() -> Option<&'static str> {
    [CHROMEDRIVER, CHROMIUM]
        .into_iter()
        .find(|path| !Path::new(path).exists())
}

/// The tests `names` where the browser's `path` is missing: each reported
/// ignored, with the reason printed, or, when the browser tests are
/// `required`, failed.
pub(crate) fn skipped(path: &str, required: bool, names: &[&'static str]) -> Vec<Trial> {
    let mut trials = Vec::new();
    let reason = format!(
        "browser tests skipped: {path} not found; apt-get install chromium chromium-driver"
    );
    if required {
        eprintln!("{reason}, but STONE_GAME_BROWSER_TESTS=required");
    } else {
        println!("{reason}");
        for name in names {
            println!("  skipped: {name}");
        }
    }
    for &name in names {
        let reason = reason.clone();
        trials.push(
            Trial::test(name, move || {
                Err(format!("{reason} (STONE_GAME_BROWSER_TESTS=required)").into())
            })
            .with_ignored_flag(!required),
        );
    }
    trials
}

/// The server and chromedriver, shared by the tests; each test has a
/// browser session of its own.
pub(crate) struct Environment {
    pub(crate) server: Server,
    driver: Child,
    pub(crate) driver_address: SocketAddr,
}

impl Drop for Environment {
    fn drop(&mut self) {
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

impl Environment {
    pub(crate) fn start() -> Environment {
        let server = Server::start();
        // A free port for chromedriver: bound, read and released.
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let driver = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let driver_address = SocketAddr::from(([127, 0, 0, 1], port));
        let start = Instant::now();
        while TcpStream::connect_timeout(&driver_address, Duration::from_secs(1)).is_err() {
            assert!(start.elapsed() < WAIT, "chromedriver did not listen");
            std::thread::sleep(Duration::from_millis(100));
        }
        Environment {
            server,
            driver,
            driver_address,
        }
    }
}

/// A runtime for one trial's browser sessions.
pub(crate) fn runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())
}
