//! Requests for this server only. A page on another site can point a name
//! of its own at this machine (DNS rebinding) and so reach this server as
//! if it were that site; its requests still carry that name in `Host`,
//! which this refuses unless the name is allowed (`--allow-host`), as it
//! refuses a request without one. And a page on another site that asks
//! the API directly is told so by the browser in `Origin` and
//! `Sec-Fetch-Site`, which this refuses too: no other site, not even
//! another port or subdomain of the same one, makes this machine compute.

use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::Response;

use crate::error::{error_response, quote};
use crate::refusals::is_api;

/// Serves a request whose host (its `Host`, or the name in a request line
/// in absolute form) is an IP address, `localhost`, or one of `allowed`,
/// and, under `/api`, that no other site sent; refuses any other with a
/// 403, and one with no `Host`, or more than one, with a 400.
pub(crate) async fn this_server_only(
    State(allowed): State<Arc<Vec<String>>>,
    request: Request,
    next: Next,
) -> Response {
    // HTTP/1.1 requires exactly one `Host`: a request without it, or with
    // two, is malformed rather than foreign, and RFC 9112 (3.2) asks for a
    // 400 rather than the 403 of a name refused. hyper does not check it.
    // HTTP/1.0 allows a request without it, but then the name it was sent
    // to, on which the defence against rebinding rests, cannot be checked;
    // every browser sends one, so it is refused the same.
    let mut hosts = request.headers().get_all(header::HOST).iter();
    let host = match (hosts.next(), hosts.next()) {
        // A name that is not text is no name this server answers; its
        // refusal quotes `?`, as for the other headers.
        (Some(host), None) => host.to_str().unwrap_or("?"),
        (None, _) => {
            return error_response(
                StatusCode::BAD_REQUEST,
                "the request has no Host header: this server answers requests that name it",
                None,
            );
        }
        (Some(_), Some(_)) => {
            return error_response(
                StatusCode::BAD_REQUEST,
                "the request has more than one Host header",
                None,
            );
        }
    };
    // A request line in absolute form (`GET http://name/ HTTP/1.1`) names
    // the host there, and RFC 9112 (3.2.2) has a server take that name and
    // not `Host`'s: it is the one checked. No browser sends this form to a
    // server it takes for the origin, but a client that does is held to the
    // same names.
    let host = request
        .uri()
        .authority()
        .map_or(host, |named| named.as_str());
    if !host_allowed(host, &allowed) {
        return forbidden(&format!(
            "this server answers requests for IP addresses and localhost only, not for \
             '{}'; serve with --allow-host NAME to answer a name",
            quote(host)
        ));
    }
    if is_api(request.uri().path()) {
        let headers = request.headers();
        // The browser says where a request comes from: `same-origin` from
        // this server's own page, `none` from the user (an address typed,
        // a bookmark). `same-site` is another port or subdomain of the
        // same site, another server: refused as `cross-site` is, as is a
        // value unknown. A request without it is no browser's, or an old
        // one's, which `Origin` still tells of.
        // Every one of a header sent twice is held to it: a second cannot
        // hide behind a first that passes.
        if let Some(site) = headers.get_all("sec-fetch-site").iter().find(|site| {
            !(site.as_bytes().eq_ignore_ascii_case(b"same-origin")
                || site.as_bytes().eq_ignore_ascii_case(b"none"))
        }) {
            return forbidden(&format!(
                "the API answers this server's own page only, not a request that the \
                 browser marks Sec-Fetch-Site: '{}'",
                quote(site.to_str().unwrap_or("?"))
            ));
        }
        // This server's own page is `http://` and the host it was asked.
        if let Some(origin) = headers
            .get_all(header::ORIGIN)
            .iter()
            .find(|origin| origin.as_bytes().strip_prefix(b"http://") != Some(host.as_bytes()))
        {
            return forbidden(&format!(
                "the API answers this server's own page only, not a page of '{}'",
                quote(origin.to_str().unwrap_or("?"))
            ));
        }
    }
    next.run(request).await
}

fn forbidden(message: &str) -> Response {
    error_response(StatusCode::FORBIDDEN, message, None)
}

/// Whether `host`, a `Host` header (a name or an address, then perhaps a
/// port), is an IP address, `localhost`, or one of `allowed`. A port is
/// digits alone (RFC 3986, 3.2.3): `localhost:80@evil.com` is no host of
/// this server's.
fn host_allowed(host: &str, allowed: &[String]) -> bool {
    let is_port = |port: &str| port.bytes().all(|b| b.is_ascii_digit());
    let name = match host.strip_prefix('[') {
        // An IPv6 address: `[::1]` or `[::1]:8260`.
        Some(rest) => {
            return match rest.split_once(']') {
                Some((address, "")) => address.parse::<IpAddr>().is_ok(),
                Some((address, after)) => {
                    after.strip_prefix(':').is_some_and(is_port)
                        && address.parse::<IpAddr>().is_ok()
                }
                None => false,
            };
        }
        None => match host.rsplit_once(':') {
            Some((name, port)) if is_port(port) => name,
            Some(_) => return false,
            None => host,
        },
    };
    !name.is_empty()
        && (name.parse::<IpAddr>().is_ok()
            || name.eq_ignore_ascii_case("localhost")
            || allowed.iter().any(|a| a.eq_ignore_ascii_case(name)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_and_localhost_with_and_without_a_port() {
        for host in [
            "localhost",
            "LocalHost:8260",
            "127.0.0.1",
            "127.0.0.1:8260",
            "127.1.2.3:80",
            "10.0.0.1:8260",
            "192.168.1.20",
            "[::1]",
            "[::1]:8260",
            "[fe80::1]:8260",
        ] {
            assert!(host_allowed(host, &[]), "{host}");
        }
    }

    #[test]
    fn other_names_only_when_allowed() {
        for host in [
            "",
            "example.com",
            "example.com:8260",
            "localhost.example.com",
            "127.0.0.1.example.com:8260",
            "[::1]x",
            "[::1",
            "[example.com]",
            "::1",
            "localhost:80@evil.com",
            "127.0.0.1:abc",
            "[::1]:8260x",
            "[::1]8260",
        ] {
            assert!(!host_allowed(host, &[]), "{host}");
        }
        // An empty name is no name, even allowed.
        for host in ["", ":8260"] {
            assert!(!host_allowed(host, &[String::new()]), "{host:?}");
        }
        let allowed = ["stones.lan".to_string()];
        assert!(host_allowed("stones.lan:8260", &allowed));
        assert!(host_allowed("Stones.LAN", &allowed));
        assert!(!host_allowed("other.lan", &allowed));
        assert!(!host_allowed("stones.lan.example.com", &allowed));
    }
}
