//! `stone-game serve`, the face of the web explorer (whose answers the
//! crate stone-game-server tests): where it serves, a port in use, Ctrl-C.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};

/// `stone-game serve --port 0` with `args`, and the line it prints first.
#[cfg(unix)]
fn start(args: &[&str]) -> (std::process::Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_stone-game"))
        .args(["serve", "--port", "0"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    (child, line)
}

#[test]
fn a_port_in_use_is_an_error_that_exits_1() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port();
    let output = Command::new(env!("CARGO_BIN_EXE_stone-game"))
        .args(["serve", "--port", &port.to_string()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let err = String::from_utf8(output.stderr).unwrap();
    assert!(
        err.starts_with("error: cannot serve on 127.0.0.1:"),
        "{err}"
    );
    assert!(err.contains("the port is in use"), "{err}");
    assert!(output.stdout.is_empty());
}

#[cfg(unix)]
#[test]
fn the_page_is_served_and_ctrl_c_stops_the_server_cleanly() {
    let (child, line) = start(&[]);
    let address = line
        .trim()
        .strip_prefix("serving http://")
        .and_then(|rest| rest.strip_suffix('/'))
        .unwrap_or_else(|| panic!("{line}"))
        .to_string();
    assert!(address.starts_with("127.0.0.1:"), "{line}");
    // The explorer answers there: its page, as it is for a browser.
    let mut stream = std::net::TcpStream::connect(&address).unwrap();
    write!(
        stream,
        "GET / HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("<title>Stone game explorer</title>"));
    assert_eq!(interrupt(child), (Some(0), "note: stopped\n".to_string()));
}

/// Sends Ctrl-C to `child` and returns its exit code and its stderr.
#[cfg(unix)]
fn interrupt(child: std::process::Child) -> (Option<i32>, String) {
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let output = child.wait_with_output().unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[cfg(unix)]
#[test]
fn off_loopback_it_warns_who_can_use_it() {
    let (child, line) = start(&["--host", "0.0.0.0"]);
    assert!(line.starts_with("serving http://0.0.0.0:"), "{line}");
    let (code, err) = interrupt(child);
    assert_eq!(code, Some(0));
    assert!(
        err.starts_with("warning: serving on 0.0.0.0:")
            && err.contains("not a loopback address: anyone who can reach that address"),
        "{err}"
    );
    assert!(err.ends_with("note: stopped\n"), "{err}");
}

/// `--port` reads numbers as every other command does, in the same words:
/// exit code 2, one `error:` line and the usage hint, nothing served.
#[test]
fn a_bad_port_is_refused_as_any_bad_number() {
    for (port, why) in [
        ("-1", "it is negative; expected a whole number from 0"),
        ("abc", "expected a whole number (decimal digits only)"),
        ("+0", "expected a whole number (decimal digits only)"),
        ("", "expected a whole number, got an empty string"),
        ("65536", "it is too large; the largest port is 65535"),
        (
            "99999999999999999999",
            "it is too large; the largest port is 65535",
        ),
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_stone-game"))
            .args(["serve", "--port", port])
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let err = String::from_utf8(output.stderr).unwrap();
        assert_eq!(output.status.code(), Some(2), "{port:?}: {err}");
        assert!(output.stdout.is_empty(), "{port:?}");
        assert_eq!(
            err,
            format!(
                "error: invalid value '{port}' for '--port <N>': {why}\n\
                 usage hint: run 'stone-game --help'\n"
            ),
            "{port:?}"
        );
    }
}
