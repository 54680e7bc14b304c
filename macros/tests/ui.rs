//! Bad input to `tables!` is a compile error at the argument, saying what
//! is expected: trybuild compiles each `ui/*.rs` and compares rustc's
//! messages with the `.stderr` beside it.

#[test]
fn bad_input_is_a_compile_error_that_says_what_is_expected() {
    trybuild::TestCases::new().compile_fail("tests/ui/*.rs");
}
