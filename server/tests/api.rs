//! The web explorer's JSON API, served in this process over loopback:
//! every endpoint's shape, its answers against the library, and its
//! refusals.

mod support;

use serde_json::{Value, json};
use stone_game::{
    Convention, GrundyTable, Move, Outcome, Position, RemotenessTable, ScannedTables, Solver,
};
use support::{Fetch, Server};

/// The server's cap on piles, read from its 422.
fn cap(server: &Server, path: &str) -> u64 {
    let answer = server.json(path, 422);
    answer["limit"].as_u64().expect("a 422 names the limit")
}

fn piles(v: &Value) -> Vec<u64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_u64().unwrap())
        .collect()
}

#[test]
fn a_position_has_every_move_with_what_it_leads_to() {
    let server = Server::start();
    let grundy = GrundyTable::compute(40).unwrap();
    for convention in [Convention::Normal, Convention::Misere] {
        let (tables, name, flag) = match convention {
            Convention::Normal => (ScannedTables::scan(40).unwrap(), "normal", 0),
            Convention::Misere => (ScannedTables::scan_misere(40).unwrap(), "misere", 1),
        };
        let tables = tables.as_tables();
        let remoteness = RemotenessTable::compute(40, convention).unwrap();
        let value = |p: [u64; 3]| remoteness.value(p[0], p[1], p[2]).unwrap();
        let positions = [
            [3, 5, 7],
            [1, 3, 3],
            [0, 0, 0],
            [0, 0, 1],
            [0, 0, 9],
            [12, 0, 12],
            [20, 31, 17],
        ];
        for p in positions {
            let path = format!(
                "/api/position?piles={},{},{}&misere={flag}",
                p[0], p[1], p[2]
            );
            let answer = server.json(&path, 200);
            let losing = tables.is_losing(p[0], p[1], p[2]).unwrap();
            assert_eq!(answer["position"], json!(p));
            assert_eq!(answer["convention"], name);
            assert_eq!(answer["outcome"], if losing { "lose" } else { "win" });
            assert_eq!(value(p).outcome == Outcome::Lose, losing, "{path}");
            assert_eq!(answer["remoteness"], json!(value(p).remoteness), "{path}");
            let expected_grundy = match convention {
                Convention::Normal => json!(grundy.value(p[0], p[1], p[2]).unwrap()),
                Convention::Misere => Value::Null,
            };
            assert_eq!(answer["grundy"], expected_grundy, "{path}");
            let moves = answer["moves"].as_array().unwrap();
            let expected: Vec<[u64; 3]> = Move::all_from(p).filter_map(|m| m.apply(p)).collect();
            assert_eq!(moves.len(), expected.len(), "{path}");
            // Remoteness: a win is one more than its fastest losing option, a
            // loss one more than its slowest option, and the end is 0.
            let mut fastest_win = None::<u64>;
            let mut slowest = 0;
            for (m, &to) in moves.iter().zip(&expected) {
                assert_eq!(
                    piles(&m["to"]),
                    to,
                    "{path}: in the order of Move::all_from"
                );
                let lost = tables.is_losing(to[0], to[1], to[2]).unwrap();
                assert_eq!(m["outcome"], if lost { "lose" } else { "win" }, "{to:?}");
                let r = m["remoteness"].as_u64().unwrap();
                assert_eq!(r, u64::from(value(to).remoteness), "{to:?}");
                if lost {
                    fastest_win = Some(fastest_win.map_or(r, |f| f.min(r)));
                }
                slowest = slowest.max(r);
            }
            let r = answer["remoteness"].as_u64().unwrap();
            match fastest_win {
                Some(f) => assert_eq!(r, f + 1, "{path}"),
                None if moves.is_empty() => assert_eq!(r, 0, "{path}"),
                None => assert_eq!(r, slowest + 1, "{path}"),
            }
        }
    }
}

#[test]
fn two_moves_to_the_same_position_are_two_entries() {
    let server = Server::start();
    let answer = server.json("/api/position?piles=2,2,0", 200);
    let tos: Vec<Vec<u64>> = answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| piles(&m["to"]))
        .collect();
    // A from (2, 2, 0) and B leave different positions; but from (1, 1, 1)
    // every single pile leaves a position of the same piles in another order.
    assert_eq!(tos.len(), 6);
    let answer = server.json("/api/position?piles=1,1,1", 200);
    let tos: Vec<Vec<u64>> = answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| piles(&m["to"]))
        .collect();
    assert_eq!(
        tos,
        [
            vec![0, 1, 1],
            vec![1, 0, 1],
            vec![1, 1, 0],
            vec![0, 0, 1],
            vec![0, 1, 0],
            vec![1, 0, 0],
            vec![0, 0, 0]
        ]
    );
}

#[test]
fn a_sum_of_games_is_decided_by_the_xor() {
    let server = Server::start();
    let grundy = GrundyTable::compute(20).unwrap();
    let v = |g: &[u64]| grundy.value(g[0], g[1], g[2]).unwrap();
    for sum in [
        vec![1, 2, 3, 4, 5, 6],
        vec![0, 0, 2, 0, 1, 1],
        vec![3, 5, 7, 2, 2, 9, 1, 1, 4],
        // The most games a sum may have, 8.
        (1..=24).map(|p| p % 7).collect(),
    ] {
        let text: Vec<String> = sum.iter().map(u64::to_string).collect();
        let answer = server.json(&format!("/api/position?piles={}", text.join(",")), 200);
        let xor = sum.chunks(3).fold(0, |x, g| x ^ v(g));
        assert_eq!(answer["grundy"], json!(xor));
        assert_eq!(answer["outcome"], if xor == 0 { "lose" } else { "win" });
        assert_eq!(answer["remoteness"], Value::Null);
        let moves = answer["moves"].as_array().unwrap();
        let count: usize = sum
            .chunks(3)
            .map(|g| Move::all_from([g[0], g[1], g[2]]).count())
            .sum();
        assert_eq!(moves.len(), count);
        for m in moves {
            let to = piles(&m["to"]);
            let changed = (0..sum.len() / 3)
                .filter(|g| to[3 * g..3 * g + 3] != sum[3 * g..3 * g + 3])
                .count();
            assert_eq!(changed, 1, "{to:?}: a move changes one game");
            let x = to.chunks(3).fold(0, |x, g| x ^ v(g));
            assert_eq!(m["outcome"], if x == 0 { "lose" } else { "win" }, "{to:?}");
            assert_eq!(m["remoteness"], Value::Null);
        }
    }
}

#[test]
fn a_slice_has_every_losing_pair_in_both_orders() {
    let server = Server::start();
    for (flag, name, tables) in [
        (0, "normal", ScannedTables::scan(40).unwrap()),
        (1, "misere", ScannedTables::scan_misere(40).unwrap()),
    ] {
        let tables = tables.as_tables();
        for (a, limit) in [(0, 30), (3, 20), (7, 1), (40, 40), (0, 0)] {
            let path = format!("/api/slice?a={a}&limit={limit}&misere={flag}");
            let answer = server.json(&path, 200);
            assert_eq!(answer["a"], json!(a));
            assert_eq!(answer["limit"], json!(limit));
            assert_eq!(answer["convention"], name);
            let mut expected = Vec::new();
            for b in 0..=limit {
                for c in 0..=limit {
                    if tables.is_losing(a, b, c).unwrap() {
                        expected.push(json!([b, c]));
                    }
                }
            }
            assert_eq!(answer["losing"], Value::Array(expected), "{path}");
        }
    }
}

#[test]
fn the_grundy_and_remoteness_maps_match_the_positions() {
    let server = Server::start();
    let grundy = GrundyTable::compute(20).unwrap();
    let answer = server.json("/api/grundy?a=4&limit=20", 200);
    assert_eq!(
        (answer["a"].clone(), answer["limit"].clone()),
        (json!(4), json!(20))
    );
    let rows = answer["values"].as_array().unwrap();
    assert_eq!(rows.len(), 21);
    for (b, row) in rows.iter().enumerate() {
        let row = row.as_array().unwrap();
        assert_eq!(row.len(), 21);
        for (c, value) in row.iter().enumerate() {
            assert_eq!(
                value.as_u64().unwrap(),
                u64::from(grundy.value(4, b as u64, c as u64).unwrap())
            );
        }
    }
    // Every point of both halves of the plane, in both conventions.
    for (convention, flag) in [(Convention::Normal, 0), (Convention::Misere, 1)] {
        let table = RemotenessTable::compute(15, convention).unwrap();
        let path = format!("/api/remoteness?a=15&limit=12&misere={flag}");
        let answer = server.json(&path, 200);
        assert_eq!(answer["convention"], ["normal", "misere"][flag], "{path}");
        let rows = answer["remoteness"].as_array().unwrap();
        assert_eq!(rows.len(), 13, "{path}");
        let losing = answer["losing"].as_array().unwrap();
        assert_eq!(losing.len(), 13, "{path}");
        for b in 0..=12 {
            let row = rows[b as usize].as_array().unwrap();
            assert_eq!(row.len(), 13, "{path}");
            let mut lost = Value::Null;
            for c in 0..=12 {
                let value = table.value(15, b, c).unwrap();
                assert_eq!(row[c as usize], json!(value.remoteness), "{path}: {b} {c}");
                if value.outcome == Outcome::Lose {
                    lost = json!(c);
                }
            }
            assert_eq!(losing[b as usize], lost, "{path}: {b}");
        }
    }
    // The map agrees with the position's own answer.
    let answer = server.json("/api/remoteness?a=2&limit=12", 200);
    let rows = answer["remoteness"].as_array().unwrap();
    for (b, c) in [(0, 0), (3, 5), (12, 1), (7, 7)] {
        let position = server.json(&format!("/api/position?piles=2,{b},{c}"), 200);
        assert_eq!(rows[b][c], position["remoteness"], "{b} {c}");
    }
}

#[test]
fn sums_and_counts_match_the_library() {
    let server = Server::start();
    for (flag, name, tables) in [
        (0, "normal", ScannedTables::scan(50).unwrap()),
        (1, "misere", ScannedTables::scan_misere(50).unwrap()),
    ] {
        let tables = tables.as_tables();
        for limit in [0, 1, 4, 20, 50] {
            let answer = server.json(&format!("/api/sum?limit={limit}&misere={flag}"), 200);
            assert_eq!(
                answer,
                json!({
                    "limit": limit,
                    "convention": name,
                    "sum": tables.losing_sum(limit).unwrap(),
                    "count": tables.losing_count(limit).unwrap(),
                })
            );
        }
    }
    assert_eq!(server.json("/api/sum?limit=4", 200)["sum"], 27);
}

/// Normal play's totals and slices within the embedded tables build
/// nothing: a server with no memory for tables answers them, and refuses
/// with 503 what would need a table built.
#[test]
fn the_embedded_tables_answer_totals_and_slices_with_nothing_built() {
    let server = Server::start_with(stone_game_server::Config {
        port: 0,
        memory: Some(0),
        ..stone_game_server::Config::default()
    });
    // The embedded limit, or the server's cap if it is the smaller.
    let cap = u32::try_from(cap(&server, "/api/sum?limit=99999")).unwrap();
    let limit = stone_game::LIMIT.min(cap);
    let answer = server.json(&format!("/api/sum?limit={limit}"), 200);
    assert_eq!(answer["sum"], stone_game::losing_sum(limit).unwrap());
    assert_eq!(answer["count"], stone_game::losing_count(limit).unwrap());
    let answer = server.json(&format!("/api/slice?a=7&limit={limit}"), 200);
    assert_eq!(answer["limit"], limit);
    let refused = server.json("/api/sum?limit=10&misere=1", 503);
    assert!(refused["error"].is_string(), "{refused}");
}

#[test]
fn a_single_games_grundy_value_waits_for_no_large_table() {
    let server = Server::start();
    let value = |piles: [u64; 3]| {
        let path = format!("/api/position?piles={},{},{}", piles[0], piles[1], piles[2]);
        let answer = server.json(&path, 200);
        assert!(answer["remoteness"].is_u64(), "{path}: {answer}");
        answer["grundy"].clone()
    };
    // From a fresh server, a game past the small tables has no value, and
    // one within them has its value.
    assert_eq!(value([500, 0, 0]), Value::Null);
    assert!(value([3, 5, 7]).is_u64());
    // Once a map has had a larger table computed, every game within it has
    // its value, and a game past it still none.
    server.json("/api/grundy?a=500&limit=0", 200);
    for piles in [[500, 0, 0], [3, 500, 2]] {
        assert!(value(piles).is_u64(), "{piles:?}");
    }
    for piles in [[501, 0, 0], [3, 1000, 2]] {
        assert_eq!(value(piles), Value::Null, "{piles:?}");
    }
}

#[test]
fn bad_requests_are_400_naming_the_parameter() {
    let server = Server::start();
    for (path, needle) in [
        (
            "/api/position",
            "missing field `piles`; the parameters are piles=A,B,C[,...][&misere=0|1]",
        ),
        (
            "/api/sum?misere=1",
            "missing field `limit`; the parameters are limit=L[&misere=0|1]",
        ),
        (
            "/api/position?piles=",
            "parameter 'piles': a number is empty",
        ),
        (
            "/api/position?piles=1,2,x",
            "parameter 'piles': 'x' is not a whole number",
        ),
        (
            "/api/position?piles=1,2,-3",
            "parameter 'piles': '-3' is negative",
        ),
        (
            "/api/position?piles=1,2",
            "2 piles: a position is three piles",
        ),
        ("/api/position?piles=1,2,3,4", "4 piles"),
        (
            "/api/position?piles=1+2+3",
            "parameter 'piles': '1 2 3' is not a whole number; piles are whole numbers \
             without leading zeros separated by commas, as 3,5,7",
        ),
        ("/api/position?piles=1,2,03", "'03' has a leading zero"),
        (
            "/api/slice?a=01&limit=3",
            "parameter 'a': '01' has a leading zero",
        ),
        (
            "/api/position?piles=1,2,3,1,2,3,1,2,3,1,2,3,1,2,3,1,2,3,1,2,3,1,2,3,1,2,3",
            "at most 8 games",
        ),
        (
            "/api/position?piles=1,2,3&misere=2",
            "parameter 'misere' is 0",
        ),
        // serde's words, naming the parameter once.
        (
            "/api/position?piles=1,2,3&color=1",
            "bad query string: unknown field `color`, expected `piles` or `misere`; \
             the parameters are",
        ),
        // A long name is cut as a value sent is, and the words stay.
        (
            "/api/sum?limit=3&zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\
             zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\
             zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz=1",
            "bad query string: unknown field `zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz...`, expected \
             `limit` or `misere`; the parameters are limit=L[&misere=0|1]",
        ),
        (
            "/api/position?piles=1,2,3&piles=1,2,3",
            "duplicate field `piles`",
        ),
        (
            "/api/slice?a=1",
            "missing field `limit`; the parameters are a=A&limit=L[&misere=0|1]",
        ),
        (
            "/api/slice?a=1.5&limit=3",
            "parameter 'a': '1.5' is not a whole number",
        ),
        // Grundy values are normal play's: the library's refusal.
        (
            "/api/grundy?a=1&limit=3&misere=1",
            "Grundy values are defined for normal play only",
        ),
        (
            "/api/grundy?a=1&limit=3&misere=2",
            "parameter 'misere' is 0",
        ),
        ("/api/sum?limit=%FF", "parameter 'limit'"),
        (
            "/api/position?piles=1,2,3,4,5,6&misere=1",
            "a sum of games is answered in normal play only",
        ),
    ] {
        let answer = server.json(path, 400);
        let error = answer["error"].as_str().unwrap();
        assert!(error.contains(needle), "{path}: {error}");
    }
}

#[test]
fn limits_past_the_servers_are_422_with_the_limit() {
    let server = Server::start();
    let piles = cap(&server, "/api/position?piles=0,0,18446744073709551615");
    assert!(piles >= 64, "{piles}");
    let answer = server.json(&format!("/api/position?piles=0,0,{}", piles + 1), 422);
    let error = answer["error"].as_str().unwrap();
    assert!(error.contains(&format!("only up to {piles}")), "{error}");
    assert_eq!(
        cap(&server, &format!("/api/slice?a=0&limit={}", piles + 1)),
        piles
    );
    assert_eq!(
        cap(&server, &format!("/api/sum?limit={}", piles + 1)),
        piles
    );
    // A map has (L + 1)^2 values: its limit stops short of the piles'.
    let map = cap(&server, "/api/grundy?a=0&limit=100000");
    assert!(map >= 64 && map < piles, "{map}");
    assert_eq!(cap(&server, "/api/remoteness?a=0&limit=100000"), map);
    // Grundy values, and so sums of games, go as far as positions.
    assert_eq!(cap(&server, "/api/grundy?a=100000&limit=1"), piles);
    assert_eq!(cap(&server, "/api/position?piles=1,1,1,0,0,100000"), piles);
    // A number past u64 is past every cap: a 422 as well, quoting it.
    for path in [
        "/api/position?piles=1,2,99999999999999999999",
        "/api/slice?a=99999999999999999999&limit=1",
        "/api/sum?limit=99999999999999999999",
    ] {
        let answer = server.json(path, 422);
        let error = answer["error"].as_str().unwrap();
        assert!(
            error.contains("is 99999999999999999999, but"),
            "{path}: {error}"
        );
    }
}

#[test]
fn the_page_and_its_files_are_served_with_their_types() {
    let server = Server::start();
    for (path, content_type, needle) in [
        (
            "/",
            "text/html; charset=utf-8",
            "<title>Stone game explorer</title>",
        ),
        (
            "/index.html",
            "text/html; charset=utf-8",
            "<script type=\"module\"",
        ),
        ("/app.js", "text/javascript; charset=utf-8", "import"),
        ("/play.js", "text/javascript; charset=utf-8", "export"),
        ("/map.js", "text/javascript; charset=utf-8", "export"),
        ("/chart.js", "text/javascript; charset=utf-8", "export"),
        ("/api.js", "text/javascript; charset=utf-8", "fetch"),
        (
            "/style.css",
            "text/css; charset=utf-8",
            "prefers-color-scheme",
        ),
        ("/favicon.svg", "image/svg+xml", "<svg"),
    ] {
        let answer = server.get(path);
        assert_eq!(answer.status, 200, "{path}");
        assert_eq!(answer.content_type, content_type, "{path}");
        assert!(answer.body.contains(needle), "{path}");
    }
}

#[test]
fn unknown_paths_are_404() {
    let server = Server::start();
    let answer = server.json("/api/positions?piles=1,2,3", 404);
    let why = answer["error"].as_str().unwrap();
    assert!(
        why.starts_with("no such endpoint") && why.contains("the API has /api/position"),
        "{why}"
    );
    let answer = server.get("/nothing/here");
    assert_eq!(answer.status, 404);
    assert!(answer.body.contains("no such page"));
}

#[tokio::test]
async fn a_request_body_past_the_limit_is_refused() {
    use axum::body::Body;
    use axum::http::{Request, header};
    use tower::ServiceExt;
    let config = stone_game_server::Config::default();
    let body = vec![b'x'; 100_000];
    let request = Request::post("/api/sum?limit=4")
        .header(header::HOST, "127.0.0.1")
        .header(header::CONTENT_LENGTH, body.len())
        .body(Body::from(body))
        .unwrap();
    let answer = stone_game_server::router(&config)
        .oneshot(request)
        .await
        .unwrap();
    assert_eq!(answer.status(), 413);
    let body = axum::body::to_bytes(answer.into_body(), 1024)
        .await
        .unwrap();
    let body: Value = serde_json::from_slice(&body).unwrap();
    assert!(body["error"].as_str().unwrap().contains("too large"));
}

/// A browser that holds the page's current file gets a 304 with the file's
/// entity tag and no bytes, through every layer of the server; with
/// another tag, the file.
#[tokio::test]
async fn a_page_file_the_browser_holds_is_a_304() {
    use axum::body::Body;
    use axum::http::{Request, header};
    use tower::ServiceExt;
    let app = stone_game_server::router(&stone_game_server::Config::default());
    let ask = |tag: Option<&str>| {
        let mut request = Request::get("/app.js").header(header::HOST, "127.0.0.1");
        if let Some(tag) = tag {
            request = request.header(header::IF_NONE_MATCH, tag);
        }
        app.clone().oneshot(request.body(Body::empty()).unwrap())
    };
    let first = ask(None).await.unwrap();
    assert_eq!(first.status(), 200);
    let tag = first.headers()[header::ETAG].to_str().unwrap().to_string();
    let again = ask(Some(&tag)).await.unwrap();
    assert_eq!(again.status(), 304);
    assert_eq!(again.headers()[header::ETAG], tag.as_str());
    assert_eq!(again.headers()["x-content-type-options"], "nosniff");
    let body = axum::body::to_bytes(again.into_body(), 1024).await.unwrap();
    assert!(body.is_empty());
    let other = ask(Some("\"0\"")).await.unwrap();
    assert_eq!(other.status(), 200);
    let body = axum::body::to_bytes(other.into_body(), 1 << 20)
        .await
        .unwrap();
    assert_eq!(&body[..], include_bytes!("../web/app.js"));
}

/// The library's answer about `position`, from tables of its own to 40, as
/// JSON.
fn librarys(position: &Position, convention: Convention) -> Value {
    let remoteness = RemotenessTable::compute(40, convention).unwrap();
    let grundy = GrundyTable::compute(40).unwrap();
    let solver = Solver::new(convention);
    let answer = match (convention, position.single()) {
        (Convention::Normal, _) => solver
            .with_remoteness(&remoteness)
            .unwrap()
            .with_grundy(&grundy)
            .unwrap()
            .position(position),
        (Convention::Misere, Some(_)) => solver
            .with_remoteness(&remoteness)
            .unwrap()
            .position(position),
        (Convention::Misere, None) => solver.position(position),
    };
    match answer {
        Ok(answer) => serde_json::to_value(answer).unwrap(),
        Err(refusal) => json!({"error": refusal.to_string()}),
    }
}

#[test]
fn the_engine_named_is_the_librarys() {
    let server = Server::start();
    let join = |p: &[u64]| p.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
    // Won and lost single games in both conventions, then sums won and lost
    // (the lost ones take the engine's longest resistance).
    let singles: [&[u64]; 6] = [
        &[1, 3, 4],
        &[1, 3, 3],
        &[5, 8, 13],
        &[20, 17, 9],
        &[0, 0, 7],
        &[12, 12, 12],
    ];
    let sums: [&[u64]; 4] = [
        &[1, 2, 3, 4, 5, 6],
        &[1, 3, 4, 1, 3, 4],
        &[2, 5, 7, 0, 0, 0, 3, 3, 1],
        &[6, 1, 2, 6, 1, 2, 9, 9, 9],
    ];
    let cases = singles
        .iter()
        .flat_map(|&p| [(p, Convention::Normal), (p, Convention::Misere)])
        .chain(sums.iter().map(|&p| (p, Convention::Normal)));
    for (p, convention) in cases {
        let misere = u8::from(convention == Convention::Misere);
        let path = format!("/api/position?piles={}&misere={misere}", join(p));
        let answer = server.json(&path, 200);
        let position = Position::new(p.to_vec()).unwrap();
        let library = librarys(&position, convention);
        assert!(answer["engine"].is_object(), "{path}: {answer}");
        assert_eq!(answer["engine"], library["engine"], "{path}");
        // The move as the page plays it: the whole position it leaves.
        let to = piles(&answer["engine"]["to"]);
        assert_eq!(to.len(), p.len(), "{path}");
    }
    // No move, no engine's move.
    for path in [
        "/api/position?piles=0,0,0",
        "/api/position?piles=0,0,0&misere=1",
        "/api/position?piles=0,0,0,0,0,0",
    ] {
        assert_eq!(server.json(path, 200)["engine"], Value::Null, "{path}");
    }
}

/// A small memoised solution of the game from its rules alone: a move takes
/// the same number of stones from one, two or three piles of one game.
struct BruteForce {
    misere: bool,
    /// Each game position's outcome and remoteness, by its piles.
    games: std::collections::HashMap<[u64; 3], (bool, u32)>,
    /// Each sum's outcome in normal play, by its games' piles.
    sums: std::collections::HashMap<Vec<u64>, bool>,
}

impl BruteForce {
    fn new(misere: bool) -> BruteForce {
        BruteForce {
            misere,
            games: Default::default(),
            sums: Default::default(),
        }
    }

    /// Every position one move from the game `p`.
    fn moves(p: [u64; 3]) -> Vec<[u64; 3]> {
        let mut out = Vec::new();
        for set in 1..8usize {
            let most = (0..3)
                .filter(|i| set >> i & 1 == 1)
                .map(|i| p[i])
                .min()
                .unwrap();
            for n in 1..=most {
                let mut to = p;
                for (i, pile) in to.iter_mut().enumerate() {
                    if set >> i & 1 == 1 {
                        *pile -= n;
                    }
                }
                out.push(to);
            }
        }
        out
    }

    /// Whether the player to move wins the game `p`, and its remoteness.
    fn game(&mut self, p: [u64; 3]) -> (bool, u32) {
        if let Some(&v) = self.games.get(&p) {
            return v;
        }
        let children: Vec<(bool, u32)> = Self::moves(p).into_iter().map(|q| self.game(q)).collect();
        let value = if children.is_empty() {
            // No stone left: the player to move has lost in normal play, and
            // under misère play has won, the opponent having taken the last.
            (self.misere, 0)
        } else if let Some(fastest) = children.iter().filter(|c| !c.0).map(|c| c.1).min() {
            (true, fastest + 1)
        } else {
            (false, children.iter().map(|c| c.1).max().unwrap() + 1)
        };
        self.games.insert(p, value);
        value
    }

    /// Whether the player to move wins the sum of games `piles` in normal
    /// play.
    fn sum(&mut self, piles: &[u64]) -> bool {
        if let Some(&v) = self.sums.get(piles) {
            return v;
        }
        let mut wins = false;
        for g in 0..piles.len() / 3 {
            for to in Self::moves([piles[3 * g], piles[3 * g + 1], piles[3 * g + 2]]) {
                let mut next = piles.to_vec();
                next[3 * g..3 * g + 3].copy_from_slice(&to);
                if !self.sum(&next) {
                    wins = true;
                    break;
                }
            }
            if wins {
                break;
            }
        }
        self.sums.insert(piles.to_vec(), wins);
        wins
    }
}

fn outcome(wins: bool) -> &'static str {
    if wins { "win" } else { "lose" }
}

#[test]
fn random_answers_are_the_librarys_and_the_rules() {
    let server = Server::start();
    let mut rng = fastrand::Rng::with_seed(8260);
    for (convention, misere) in [(Convention::Normal, false), (Convention::Misere, true)] {
        let mut rules = BruteForce::new(misere);
        let flag = u8::from(misere);
        for _ in 0..40 {
            let p = [rng.u64(0..=12), rng.u64(0..=12), rng.u64(0..=12)];
            let path = format!(
                "/api/position?piles={},{},{}&misere={flag}",
                p[0], p[1], p[2]
            );
            let answer = server.json(&path, 200);
            assert_eq!(answer, librarys(&Position::game(p), convention), "{path}");
            let (wins, remoteness) = rules.game(p);
            assert_eq!(answer["outcome"], outcome(wins), "{path}");
            assert_eq!(answer["remoteness"], json!(remoteness), "{path}");
            for m in answer["moves"].as_array().unwrap() {
                let to = piles(&m["to"]);
                let (wins, remoteness) = rules.game([to[0], to[1], to[2]]);
                assert_eq!(m["outcome"], outcome(wins), "{path}: {to:?}");
                assert_eq!(m["remoteness"], json!(remoteness), "{path}: {to:?}");
            }
        }
        for _ in 0..15 {
            let games = rng.usize(2..=3);
            let sum: Vec<u64> = (0..3 * games).map(|_| rng.u64(0..=3)).collect();
            let text: Vec<String> = sum.iter().map(u64::to_string).collect();
            let path = format!("/api/position?piles={}&misere={flag}", text.join(","));
            let library = librarys(&Position::new(sum.clone()).unwrap(), convention);
            if misere {
                // A misère sum is the library's refusal.
                assert_eq!(server.json(&path, 400), library, "{path}");
                continue;
            }
            let answer = server.json(&path, 200);
            assert_eq!(answer, library, "{path}");
            assert_eq!(answer["outcome"], outcome(rules.sum(&sum)), "{path}");
            for m in answer["moves"].as_array().unwrap() {
                let to = piles(&m["to"]);
                assert_eq!(m["outcome"], outcome(rules.sum(&to)), "{path}: {to:?}");
            }
        }
    }
}

#[test]
fn only_requests_for_addresses_localhost_and_allowed_names_are_served() {
    for host in ["127.0.0.1".parse().unwrap(), "0.0.0.0".parse().unwrap()] {
        let server = Server::start_with(stone_game_server::Config {
            host,
            port: 0,
            allow_hosts: vec!["stones.lan".into()],
            ..stone_game_server::Config::default()
        });
        let port = server.address.port();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let get_for_host = |host: &str, path: &str| {
            let request = Fetch {
                host: Some(host),
                ..Fetch::get(path)
            };
            runtime.block_on(support::fetch(&support::client(), server.address, request))
        };
        for host in [
            format!("localhost:{port}"),
            format!("127.0.0.1:{port}"),
            "localhost".into(),
            "10.1.2.3".into(),
            format!("[::1]:{port}"),
            format!("stones.lan:{port}"),
        ] {
            let answer = get_for_host(&host, "/api/sum?limit=4");
            assert_eq!(answer.status, 200, "{host}: {}", answer.body);
        }
        // A name that someone else's DNS points at this machine, in every
        // bind mode.
        for host in [
            format!("rebound.example:{port}"),
            "stones.lan.example".into(),
        ] {
            for path in ["/api/sum?limit=4", "/"] {
                let answer = get_for_host(&host, path);
                answer.json(path, 403);
                assert!(
                    answer.body.contains("IP addresses and localhost only")
                        && answer.body.contains(&host),
                    "{host}{path}: {}",
                    answer.body
                );
            }
        }
    }
}

/// Every `curl` example of this crate's README answers, byte for byte,
/// what the README shows under it.
#[test]
fn readme_curl_examples_answer_what_they_show() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("README.md");
    let server = Server::start();
    let mut lines = readme.lines();
    let mut checked = 0;
    while let Some(line) = lines.next() {
        let Some(url) = line
            .strip_prefix("$ curl -s '")
            .and_then(|rest| rest.strip_suffix('\''))
        else {
            continue;
        };
        let path = url
            .strip_prefix("http://127.0.0.1:8260")
            .expect("an example asks the default address");
        let shown = lines.next().expect("the answer shown");
        let answer = server.get(path);
        assert_eq!(answer.body, shown, "{path}");
        checked += 1;
    }
    assert!(checked >= 5, "{checked} examples");
}
