//! The web API's query parsing from arbitrary bytes, for every endpoint,
//! through the checks each endpoint's handler makes before it asks the
//! library (`stone_game_server::check_query`: how each parameter is
//! written, then the caps): never a panic, and every refusal a 400 or a
//! 422 whose message quotes little of what was sent.

#![no_main]

use libfuzzer_sys::fuzz_target;

const PATHS: [&str; 6] = [
    "/api/position",
    "/api/slice",
    "/api/grundy",
    "/api/remoteness",
    "/api/sum",
    "/api/openapi.json",
];

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let path = PATHS[usize::from(first) % PATHS.len()];
    let query = String::from_utf8_lossy(rest);
    match stone_game_server::check_query(path, &query) {
        Ok(known) => assert!(known, "{path} is an endpoint"),
        Err((status, message)) => {
            assert!(status == 400 || status == 422, "{status}: {message}");
            // A message quotes at most a short prefix of a value, cut in
            // characters (README: 32 of a value, 128 of serde's words
            // naming a parameter): far less than a long query, in
            // characters, whatever their bytes.
            let characters = message.chars().count();
            assert!(characters < 400, "{characters} characters: {message}");
        }
    }
});
