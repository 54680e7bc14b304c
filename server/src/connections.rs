//! The accept loop: each connection served by hyper with a timer, so that
//! a client slow to send its request head, or silent, or idle between
//! requests, is cut after the header timeout, and one that takes none of
//! its answer for the write timeout is cut too; at most so many connections
//! open at once; and a graceful stop.

use std::io;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tokio_io_timeout::TimeoutStream;

/// The most bytes of a request's head (its request line, its header lines
/// and the blank line that ends them) that reach the router: hyper refuses
/// a longer head itself, with a bare 431 (no body), and closes the
/// connection. A head of at most this many bytes is handed to the router,
/// whose limits ([`crate::refusals::MAX_URI`],
/// [`crate::refusals::MAX_PAGE_URI`], [`crate::refusals::MAX_HEAD`])
/// refuse it as JSON. 64 KiB is well past them all together (a URI of
/// 32 KiB and 8 KiB of headers), so that a head just past any of them
/// gets the router's JSON 414 or 431. No head this long holds a URI past
/// hyper's own limit (65,534 bytes, a bare 414). A head hyper cannot parse
/// at all gets its bare 400, or just the connection closed: there is no
/// request to route. A connection's buffer grows to it only when its head
/// does.
const HEAD_BUFFER: usize = 64 * 1024;

/// How long the loop pauses after a failed accept (out of file
/// descriptors, say) before it tries again: long enough not to spin, short
/// enough that a freed descriptor is soon used.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(100);

/// Serves `app` on `listener` until `shutdown` resolves, then waits for the
/// connections under way to finish their requests.
pub(crate) async fn serve(
    listener: TcpListener,
    app: Router,
    header_timeout: Duration,
    write_timeout: Duration,
    max_connections: usize,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(header_timeout)
        // Both bounds, for an exact one: hyper checks its buffer against
        // `max_buf_size` only while the head is incomplete, and one read
        // may fill the buffer past it (up to about twice it), so that a
        // longer head arriving whole would be served; `max_header_size`
        // (hyper 1.12 on) is checked against the parsed head too.
        .max_buf_size(HEAD_BUFFER)
        .max_header_size(HEAD_BUFFER);
    // hyper's own bound on header lines, 100, is kept: a browser sends
    // about 20, and hyper refuses more with a bare 431. Any other bound
    // moves hyper's two arrays of header slots from the stack to the heap
    // for every request: at 1024 lines, a tenth fewer small answers a
    // second (BENCHMARKS.md, section 10).
    let open = Arc::new(Semaphore::new(max_connections.max(1)));
    let graceful = GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    // An accept error is said once for a run of them, not once a loop.
    let mut failing = false;
    loop {
        // A connection is accepted only when one may open: the others wait
        // in the listener's backlog.
        let permit = tokio::select! {
            permit = Arc::clone(&open).acquire_owned() => match permit {
                Ok(permit) => permit,
                Err(_) => break,
            },
            () = &mut shutdown => break,
        };
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(error) => {
                    if !failing {
                        eprintln!("stone-game serve: cannot accept a connection: {error}");
                    }
                    failing = true;
                    tokio::time::sleep(ACCEPT_BACKOFF).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        failing = false;
        // An answer leaves in pieces (its head, then its body), and with
        // Nagle's algorithm a small last piece waits for the client's
        // delayed acknowledgement of the one before, up to 40 ms on Linux.
        // A socket that refuses the option is served all the same.
        let _ = stream.set_nodelay(true);
        // hyper cuts a slow head, but waits for ever on an answer its client
        // does not read: a write that makes no progress for the write
        // timeout fails, and hyper closes the connection and drops the rest
        // of the answer.
        let mut stream = TimeoutStream::new(stream);
        stream.set_write_timeout(Some(write_timeout));
        let connection = builder.serve_connection(
            TokioIo::new(Box::pin(stream)),
            TowerToHyperService::new(app.clone()),
        );
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            // A connection cut by a timeout or by its client is no error of
            // the server's.
            let _ = connection.await;
            drop(permit);
        });
    }
    drop(listener);
    graceful.shutdown().await;
    Ok(())
}
