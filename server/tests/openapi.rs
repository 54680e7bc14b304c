//! The OpenAPI document (`/api/openapi.json`) against the server itself:
//! real answers and refusals of every endpoint, in both conventions and for
//! a sum of games, are what the document's schemas say for their status;
//! the caps it states are the server's; its pattern for `piles` admits
//! exactly what is answered.

mod support;

use serde_json::{Value, json};
use support::{Fetch, Server};

/// The schema `document` gives `path`'s answers with `status`, inside a
/// root that holds the document's components, so that its references
/// resolve.
fn schema_for(document: &Value, path: &str, status: u16) -> Value {
    let response = &document["paths"][path]["get"]["responses"][status.to_string()];
    assert!(!response.is_null(), "{path}: no {status} documented");
    let response = match response["$ref"].as_str() {
        Some(pointer) => document
            .pointer(pointer.trim_start_matches('#'))
            .unwrap_or_else(|| panic!("{pointer} does not resolve")),
        None => response,
    };
    let schema = &response["content"]["application/json"]["schema"];
    assert!(schema.is_object(), "{path} {status}: no JSON schema");
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "components": document["components"],
        "allOf": [schema],
    })
}

/// Why `value` does not fit `schema`: empty when it does.
fn violations(schema: &Value, value: &Value) -> Vec<String> {
    let validator = jsonschema::validator_for(schema).expect("a valid JSON schema");
    validator
        .iter_errors(value)
        .map(|e| e.to_string())
        .collect()
}

/// Asks `query` (a path and its query) for `status`, and checks the answer
/// against the document.
fn check(server: &Server, document: &Value, query: &str, status: u16) -> Value {
    let path = query.split('?').next().unwrap_or(query);
    let answer = server.json(query, status);
    let wrong = violations(&schema_for(document, path, status), &answer);
    assert!(wrong.is_empty(), "{query} ({status}): {wrong:?}\n{answer}");
    answer
}

fn document(server: &Server) -> Value {
    server.json("/api/openapi.json", 200)
}

#[test]
fn every_answer_and_refusal_is_what_the_document_says() {
    let server = Server::start();
    let document = document(&server);
    for (query, status) in [
        ("/api/position?piles=3,5,7", 200),
        ("/api/position?piles=3,5,7&misere=1", 200),
        ("/api/position?piles=0,0,0", 200),
        ("/api/position?piles=0,0,0&misere=1", 200),
        ("/api/position?piles=1,2,3,4,5,6,0,0,1", 200),
        ("/api/position?piles=1,2,3,4,5,6&misere=1", 400),
        ("/api/position?piles=3,5,x", 400),
        ("/api/position?piles=3,5,7&colour=red", 400),
        ("/api/position?piles=1001,0,0", 422),
        ("/api/slice?a=5&limit=20", 200),
        ("/api/slice?a=5&limit=20&misere=1", 200),
        ("/api/slice?a=5&limit=1001", 422),
        ("/api/grundy?a=5&limit=10", 200),
        ("/api/grundy?a=5&limit=10&misere=1", 400),
        ("/api/remoteness?a=5&limit=10", 200),
        ("/api/remoteness?a=5&limit=10&misere=1", 200),
        ("/api/remoteness?a=5&limit=-1", 400),
        ("/api/sum?limit=100", 200),
        ("/api/sum?limit=50&misere=1", 200),
        ("/api/sum?limit=1001", 422),
        ("/api/sum?limit=5&misere=2", 400),
        ("/api/openapi.json", 200),
        ("/api/openapi.json?limit=4", 400),
    ] {
        check(&server, &document, query, status);
    }
    // A method the API does not answer: 405, as documented.
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    for path in ["/api/sum?limit=4", "/api/openapi.json"] {
        let request = Fetch {
            method: hyper::Method::DELETE,
            ..Fetch::get(path)
        };
        let answer = runtime.block_on(support::fetch(&support::client(), server.address, request));
        let body = answer.json(path, 405);
        let route = path.split('?').next().unwrap();
        let wrong = violations(&schema_for(&document, route, 405), &body);
        assert!(wrong.is_empty(), "{path}: {wrong:?}");
    }
}

#[test]
fn the_schemas_tell_a_wrong_answer() {
    let server = Server::start();
    let document = document(&server);
    let mut answer = server.json("/api/position?piles=3,5,7", 200);
    let schema = schema_for(&document, "/api/position", 200);
    assert!(violations(&schema, &answer).is_empty());
    answer["outcome"] = json!("draw");
    assert!(!violations(&schema, &answer).is_empty());
    answer["outcome"] = json!("win");
    answer["moves"][0]["to"] = json!("3 5 6");
    assert!(!violations(&schema, &answer).is_empty());
    let mut total = server.json("/api/sum?limit=4", 200);
    let schema = schema_for(&document, "/api/sum", 200);
    assert!(violations(&schema, &total).is_empty());
    total.as_object_mut().unwrap().remove("convention");
    assert!(!violations(&schema, &total).is_empty());
}

/// Each `maximum` the document gives a parameter is the server's cap: one
/// past it is refused with 422, which names the same largest value.
#[test]
fn the_documented_caps_are_the_servers() {
    let server = Server::start();
    let document = document(&server);
    let mut caps = 0;
    for (path, item) in document["paths"].as_object().unwrap() {
        let parameters = item["get"]["parameters"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        for parameter in &parameters {
            let Some(most) = parameter["schema"]["maximum"].as_u64() else {
                continue;
            };
            let name = parameter["name"].as_str().unwrap();
            // The other parameters at their smallest.
            let query: Vec<String> = parameters
                .iter()
                .filter(|p| p["required"] == true)
                .map(|p| {
                    let other = p["name"].as_str().unwrap();
                    let value = if other == name { most + 1 } else { 0 };
                    format!("{other}={value}")
                })
                .collect();
            let query = format!("{path}?{}", query.join("&"));
            let refusal = server.json(&query, 422);
            assert_eq!(refusal["limit"], most, "{query}");
            caps += 1;
        }
    }
    // a and limit of three planes, and the sum's limit.
    assert_eq!(caps, 7);
}

/// The document's pattern for `piles` admits exactly the piles answered
/// in normal play: refused ones get 400, or 422 past the largest pile.
#[test]
fn the_pattern_for_piles_admits_exactly_what_is_answered() {
    let server = Server::start();
    let document = document(&server);
    let parameters = document["paths"]["/api/position"]["get"]["parameters"]
        .as_array()
        .unwrap();
    let piles = parameters.iter().find(|p| p["name"] == "piles").unwrap();
    let schema = &piles["schema"];
    let eight_games = vec!["1"; 24].join(",");
    let nine_games = vec!["1"; 27].join(",");
    for (piles, status) in [
        ("3,5,7", 200),
        ("0,0,0", 200),
        ("1000,10,0", 200),
        ("1,2,3,4,5,6", 200),
        (eight_games.as_str(), 200),
        (nine_games.as_str(), 400),
        ("1001,0,0", 422),
        ("01,2,3", 400),
        ("3,5", 400),
        ("3,5,7,", 400),
        ("3,,5,7", 400),
        ("3%205%207", 400),
        ("3+5+7", 400),
        ("3,5,-7", 400),
        ("", 400),
    ] {
        let answer = server.get(&format!("/api/position?piles={piles}"));
        assert_eq!(answer.status, status, "{piles}: {}", answer.body);
        let text = piles.replace("%20", " ").replace('+', " ");
        let admitted = violations(schema, &json!(text)).is_empty();
        assert_eq!(admitted, status == 200, "{piles}");
    }
}
