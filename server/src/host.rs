//! On loopback, requests for this machine's names only. A page on another
//! site can point a name of its own at 127.0.0.1 (DNS rebinding) and so
//! reach a local server as if it were that site; its requests still carry
//! that name in `Host`, which this refuses.

use std::net::IpAddr;

use axum::extract::Request;
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::Response;

use crate::error::error_response;

/// Serves a request whose `Host` names this machine's loopback (or that has
/// none: every browser sends one); refuses any other with a 403.
pub(crate) async fn loopback_only(request: Request, next: Next) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .map(|value| value.to_str().unwrap_or(""));
    match host {
        Some(host) if !names_loopback(host) => error_response(
            StatusCode::FORBIDDEN,
            &format!(
                "this server answers requests for localhost or 127.0.0.1 only, not for \
                 '{host}'; serve with --host to answer another address"
            ),
            None,
        ),
        _ => next.run(request).await,
    }
}

/// Whether `host`, a `Host` header (a name or an address, then perhaps a
/// port), names this machine's loopback.
fn names_loopback(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        // An IPv6 address: `[::1]` or `[::1]:8260`.
        Some(rest) => match rest.split_once(']') {
            Some((address, "")) => address,
            Some((address, port)) if port.starts_with(':') => address,
            _ => return false,
        },
        None => host.rsplit_once(':').map_or(host, |(name, _)| name),
    };
    name.eq_ignore_ascii_case("localhost")
        || name.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_names_with_and_without_a_port() {
        for host in [
            "localhost",
            "LocalHost:8260",
            "127.0.0.1",
            "127.0.0.1:8260",
            "127.1.2.3:80",
            "[::1]",
            "[::1]:8260",
        ] {
            assert!(names_loopback(host), "{host}");
        }
    }

    #[test]
    fn other_names_and_addresses_are_not_loopback() {
        for host in [
            "",
            "example.com",
            "example.com:8260",
            "localhost.example.com",
            "127.0.0.1.example.com:8260",
            "10.0.0.1:8260",
            "[::2]:8260",
            "[::1]x",
            "[::1",
            "::1",
        ] {
            assert!(!names_loopback(host), "{host}");
        }
    }
}
