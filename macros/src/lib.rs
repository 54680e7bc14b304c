//! The `tables!` macro of [`stone-game`](https://docs.rs/stone-game): the
//! game's tables at a limit the calling crate chooses, computed while the
//! macro expands.
//!
//! Use it through `stone-game`'s feature `macros`, as `stone_game::tables!`:
//! that `macro_rules!` front passes its own path (`$crate`) to this macro,
//! which expands through it, so a crate that renames its dependency on
//! `stone-game` calls the macro by its name for it. `stone-game`'s docs
//! document it, and its README compares it with `STONE_GAME_LIMIT`.
//!
//! `tables!(N)` gives the tables of normal play, and `tables!(N, misere)`
//! those of the misère game, where whoever takes the last stone loses
//! (`tables!(N, normal)` names normal play explicitly; a trailing comma is
//! allowed).
//!
//! The macro runs the generator's scan ([`stone_game_generator::scan`]) and
//! renders its tables into bytes ([`stone_game_generator::emit::render`]),
//! the same code and the same bytes as `stone-game`'s build script. The
//! bytes go out as five byte-string literals, not one token per entry: at
//! the largest limit they cost rustc about three times what
//! `include_bytes!` of the same bytes does (BENCHMARKS.md, section 8).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use proc_macro2::{Literal, Span, TokenStream, TokenTree};
use quote::quote;
use stone_game_generator::emit::{Options, Rendered, render};
use stone_game_generator::format::MAX_LIMIT;
use stone_game_generator::scan::Scan;
use stone_game_scan::Convention;
use syn::ext::IdentExt;
use syn::parse::{ParseStream, Parser};
use syn::{Ident, LitInt, Token};

/// The integer suffixes a limit may carry: the unsigned types that hold
/// every limit up to [`MAX_LIMIT`] (and the empty suffix: none).
const SUFFIXES: [&str; 6] = ["", "u16", "u32", "u64", "u128", "usize"];

/// How it works: the macro (crate `stone-game-macros`, called through
/// `stone_game::tables!` under `stone-game`'s feature `macros`, which passes
/// it the path to `stone-game`, a `;`, then its own input) runs the scan of
/// `stone-game-generator`, the build script's, at the limit its first
/// argument gives and under the convention its optional second argument
/// names (`misere` or `normal`; normal play without one), and renders the
/// tables with the generator's `render` into the build script's bytes, the
/// same layout for either convention. They go out as byte-string literals
/// to a `#[doc(hidden)]` function of `stone-game`, named through the path it
/// was given, which reads them as it reads the embedded tables. The scan runs at
/// the proc macro's optimisation level: `opt-level` 0 unless the profile's
/// `build-override` raises it.
#[proc_macro]
pub fn tables(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    expand(input.into())
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// The expansion of `tables!` for its input (the path to `stone-game`, a
/// `;`, then the caller's input): the tables' bytes as byte strings, or the
/// error at the input's span.
fn expand(input: TokenStream) -> syn::Result<TokenStream> {
    let (krate, input) = split_crate_path(input)?;
    let (limit, convention) = split_arguments(input);
    let (limit, span) = parse_limit(limit)?;
    let convention = parse_convention(convention)?;
    let failed = |e: &dyn std::fmt::Display| {
        syn::Error::new(span, format!("cannot compute the tables for {limit}: {e}"))
    };
    let scan = Scan::run_for(convention, limit, |_| {}).map_err(|e| failed(&e))?;
    let rendered = render(&scan, Options::TABLES).map_err(|e| failed(&e))?;
    let limit = Literal::u32_suffixed(limit);
    let [triples, partners, sums, counts, ranks] = byte_strings(&rendered);
    let convention = match convention {
        Convention::Normal => quote!(Normal),
        Convention::Misere => quote!(Misere),
    };
    Ok(quote! {
        #krate::__private::tables_from_bytes(
            #limit, #triples, #partners, #sums, #counts, #ranks,
            #krate::Convention::#convention
        )
    })
}

/// The rendered tables as byte-string literals, in the order
/// `tables_from_bytes` takes them.
fn byte_strings(rendered: &Rendered) -> [Literal; 5] {
    [
        &rendered.triples,
        &rendered.partners,
        &rendered.sums,
        &rendered.counts,
        &rendered.ranks,
    ]
    .map(|bytes| Literal::byte_string(bytes))
}

/// The caller's input split at its first comma: the limit's tokens, and
/// what follows the comma (`None` without one).
fn split_arguments(input: TokenStream) -> (TokenStream, Option<TokenStream>) {
    let mut tokens = input.into_iter();
    let mut limit = TokenStream::new();
    for token in tokens.by_ref() {
        match token {
            TokenTree::Punct(p) if p.as_char() == ',' => return (limit, Some(tokens.collect())),
            token => limit.extend([token]),
        }
    }
    (limit, None)
}

/// What the second argument may be.
const CONVENTIONS: &str = "expected `misere` or `normal`, the convention the tables are for, \
     as in `tables!(1000, misere)`";

/// The convention the input after the limit asks for: normal play without
/// one, `misere` or `normal` after the comma, and an optional trailing
/// comma after either. Anything else is refused at its first token.
fn parse_convention(arguments: Option<TokenStream>) -> syn::Result<Convention> {
    let Some(arguments) = arguments else {
        return Ok(Convention::Normal);
    };
    let parser = |input: ParseStream<'_>| {
        // A trailing comma after the limit, as `assert!` and `vec!` take one.
        if input.is_empty() {
            return Ok(Convention::Normal);
        }
        // Any identifier, keywords too, so that `tables!(10, true)` is told
        // what is expected like any other word. syn looks through the
        // invisible group a declarative macro's `$c:expr` passes a word in.
        let word = input
            .call(Ident::parse_any)
            .map_err(|_| input.error(CONVENTIONS))?;
        let convention = if word == "misere" {
            Convention::Misere
        } else if word == "normal" {
            Convention::Normal
        } else {
            return Err(syn::Error::new(word.span(), CONVENTIONS));
        };
        if input.peek(Token![,]) {
            input.parse::<Token![,]>()?;
        }
        if !input.is_empty() {
            return Err(input.error(
                "expected nothing more: `tables!` takes a limit and, after a comma, \
                 `misere` or `normal`",
            ));
        }
        Ok(convention)
    };
    parser.parse2(arguments)
}

/// The path to `stone-game` that `stone_game::tables!` passes first (its
/// `$crate`), and the caller's input after the `;` that ends it.
fn split_crate_path(input: TokenStream) -> syn::Result<(TokenStream, TokenStream)> {
    let mut tokens = input.into_iter();
    let mut krate = TokenStream::new();
    for token in tokens.by_ref() {
        match token {
            TokenTree::Punct(p) if p.as_char() == ';' => {
                if !krate.is_empty() {
                    return Ok((krate, tokens.collect()));
                }
                break;
            }
            token => krate.extend([token]),
        }
    }
    Err(syn::Error::new(
        Span::call_site(),
        "this macro expands `stone_game::tables!`, which passes it the path to \
         `stone-game` and a `;` first: call `stone_game::tables!(N)`",
    ))
}

/// The limit the input asks for, and the span to blame for a later error.
fn parse_limit(input: TokenStream) -> syn::Result<(u32, Span)> {
    let expected =
        format!("expected a whole number from 0 to {MAX_LIMIT}, the largest pile the tables cover");
    if input.is_empty() {
        return Err(syn::Error::new(
            Span::call_site(),
            format!("{expected}, as in `tables!(1000)`"),
        ));
    }
    let Ok(literal) = syn::parse2::<LitInt>(input.clone()) else {
        // A whole number and then a convention (`tables!(100 misere)`):
        // what is missing is the comma, at the convention. Other tokens
        // after a number (`100 000`, `1_000 u32`) are slips of the number.
        let mut tokens = input.clone().into_iter();
        if let (Some(TokenTree::Literal(number)), Some(TokenTree::Ident(next))) =
            (tokens.next(), tokens.next())
            && (next == "misere" || next == "normal")
            && syn::parse2::<LitInt>(TokenTree::Literal(number).into()).is_ok()
        {
            return Err(syn::Error::new(
                next.span(),
                "expected `,` after the limit: `tables!` takes a limit and, after a \
                 comma, `misere` or `normal`",
            ));
        }
        // All the limit's tokens: a sign or a stray token is part of what
        // is wrong.
        return Err(syn::Error::new_spanned(
            input,
            format!("{expected}, as in `tables!(1000)`"),
        ));
    };
    // syn reads a minus sign and the number after it as one literal.
    if literal.base10_digits().starts_with('-') {
        return Err(syn::Error::new_spanned(
            input,
            format!("{expected}, without a minus sign"),
        ));
    }
    let span = literal.span();
    let suffix = literal.suffix();
    if !SUFFIXES.contains(&suffix) {
        return Err(syn::Error::new(
            span,
            format!(
                "{expected}, unsuffixed or with one of the suffixes {}, not `{suffix}`",
                SUFFIXES[1..].join(", ")
            ),
        ));
    }
    // In any base, with or without `_`: syn reads the value. One too large
    // for a u32 is past the range all the same.
    match literal.base10_parse::<u32>() {
        Ok(limit) if limit <= MAX_LIMIT => Ok((limit, span)),
        _ => Err(syn::Error::new(
            span,
            format!(
                "{expected}; {} is past {MAX_LIMIT}",
                literal.base10_digits()
            ),
        )),
    }
}

#[cfg(test)]
mod tests {
    use stone_game_generator::format::{rank_directory, read_rank_entry};

    use super::*;

    fn error_of(input: TokenStream) -> String {
        expand(quote!(::stone_game; #input))
            .expect_err("refused")
            .to_string()
    }

    #[test]
    fn every_way_of_writing_a_limit_gives_that_limit() {
        for (input, limit) in [
            (quote!(0), 0),
            (quote!(12), 12),
            (quote!(2_000), 2000),
            (quote!(0x7d0), 2000),
            (quote!(0o17), 15),
            (quote!(0b1_0000), 16),
            (quote!(4000), MAX_LIMIT),
            (quote!(100u16), 100),
            (quote!(100u32), 100),
            (quote!(100u64), 100),
            (quote!(100u128), 100),
            (quote!(100usize), 100),
        ] {
            let text = input.to_string();
            let (parsed, _) = parse_limit(input).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(parsed, limit, "{text}");
        }
    }

    #[test]
    fn anything_else_is_refused_with_what_is_expected() {
        let expected = format!("expected a whole number from 0 to {MAX_LIMIT}");
        let past = Literal::u32_unsuffixed(MAX_LIMIT + 1);
        for input in [
            quote!(),
            quote!(abc),
            quote!(-1),
            quote!(1.5),
            quote!(1e3),
            quote!("100"),
            quote!(10 misery),
            quote!(100 000),
            quote!(1_000 u32),
            quote!(0x10 x y),
            quote!(, misere),
            quote!((10)),
            quote!(#past),
            quote!(18446744073709551616),
            quote!(100u8),
            quote!(100i32),
        ] {
            let text = input.to_string();
            let error = error_of(input);
            assert!(error.starts_with(&expected), "{text}: {error}");
        }
        assert!(error_of(quote!(#past)).ends_with("4001 is past 4000"));
        assert!(error_of(quote!(-1)).ends_with(", without a minus sign"));
        assert!(error_of(quote!(-0)).ends_with(", without a minus sign"));
        assert!(error_of(quote!(4_294_967_296)).ends_with("; 4294967296 is past 4000"));
        assert!(error_of(quote!(100i32)).ends_with(", u128, usize, not `i32`"));
        // A number and a convention: the comma is what is missing.
        for input in [quote!(10 misere), quote!(10 normal), quote!(0x10 misere x)] {
            let text = input.to_string();
            let error = error_of(input);
            assert!(
                error.starts_with("expected `,` after the limit"),
                "{text}: {error}"
            );
        }
    }

    fn convention_of(input: TokenStream) -> syn::Result<Convention> {
        let (_, convention) = split_arguments(input);
        parse_convention(convention)
    }

    #[test]
    fn the_convention_is_normal_play_unless_misere_is_asked_for() {
        for (input, convention) in [
            (quote!(10), Convention::Normal),
            (quote!(10,), Convention::Normal),
            (quote!(10, normal), Convention::Normal),
            (quote!(10, normal,), Convention::Normal),
            (quote!(10, misere), Convention::Misere),
            (quote!(10, misere,), Convention::Misere),
        ] {
            let text = input.to_string();
            let parsed = convention_of(input).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(parsed, convention, "{text}");
        }
        // `$c:ident` and `$c:tt` pass the word as it is; `$c:expr` passes
        // it in an invisible group, which is read through too.
        let group = proc_macro2::Group::new(proc_macro2::Delimiter::None, quote!(misere));
        assert_eq!(
            convention_of(quote!(10, #group)).ok(),
            Some(Convention::Misere)
        );
    }

    #[test]
    fn any_other_second_argument_is_refused_at_its_token() {
        for input in [
            quote!(10, misery),
            quote!(10, Misere),
            quote!(10, 20),
            quote!(10, "misere"),
            quote!(10, true),
            quote!(10, ,),
            quote!(10, (misere)),
        ] {
            let text = input.to_string();
            let error = error_of(input);
            assert!(
                error.starts_with("expected `misere` or `normal`"),
                "{text}: {error}"
            );
        }
        for input in [
            quote!(10, misere, 3),
            quote!(10, normal misere),
            quote!(10, misere,,),
        ] {
            let text = input.to_string();
            let error = error_of(input);
            assert!(
                error.starts_with("expected nothing more"),
                "{text}: {error}"
            );
        }
    }

    #[test]
    fn a_misere_expansion_holds_the_misere_scans_bytes() {
        let scan = Scan::run_for(Convention::Misere, 12, |_| {}).expect("scans");
        let expansion = expand(quote!(::stone_game; 12, misere))
            .expect("expands")
            .to_string();
        let normal = expand(quote!(::stone_game; 12))
            .expect("expands")
            .to_string();
        assert_ne!(expansion, normal);
        holds_the_bytes(&expansion, &scan);
    }

    /// Each table's bytes, as the generator renders `scan`, are one of the
    /// byte strings of `expansion`.
    fn holds_the_bytes(expansion: &str, scan: &Scan) {
        let rendered = render(scan, Options::TABLES).expect("renders");
        for literal in byte_strings(&rendered) {
            let literal = literal.to_string();
            assert!(expansion.contains(&literal), "{literal}");
        }
    }

    #[test]
    fn a_literal_passed_through_a_declarative_macro_is_read() {
        // `$n:literal` and `$n:expr` reach the macro in an invisible group.
        let group = proc_macro2::Group::new(proc_macro2::Delimiter::None, quote!(300));
        let (limit, _) = parse_limit(quote!(#group)).expect("read through the group");
        assert_eq!(limit, 300);
    }

    /// The expansion, one argument a line: the function it calls, the limit,
    /// and each table's byte string, under a comment with the scan's numbers
    /// that the bytes encode.
    fn readable(expansion: TokenStream, scan: &Scan) -> String {
        let (sums, counts) = scan.prefix_sums();
        let comments = [
            String::new(),
            format!("triples (x, y, z as u16): {:?}", scan.triples()),
            format!("partners (u16, by pair_index): {:?}", scan.partners()),
            format!("S(l) (u64): {sums:?}"),
            format!("counts (u64): {counts:?}"),
            format!(
                "rank directory (count, bits, per 64 pairs): {}",
                ranks(scan)
            ),
        ];
        let mut tokens = expansion.into_iter();
        let mut text = String::new();
        for token in tokens.by_ref() {
            if let proc_macro2::TokenTree::Group(arguments) = token {
                text.push_str("(\n");
                let arguments: Vec<_> = arguments.stream().into_iter().collect();
                let arguments = arguments.split(|t| t.to_string() == ",");
                for (argument, comment) in arguments.zip(&comments) {
                    if !comment.is_empty() {
                        text.push_str(&format!("    // {comment}\n"));
                    }
                    let argument: TokenStream = argument.iter().cloned().collect();
                    text.push_str(&format!("    {argument},\n"));
                }
                text.push_str(")\n");
                break;
            }
            text.push_str(&token.to_string());
        }
        assert!(tokens.next().is_none(), "one call, nothing after it");
        text
    }

    /// The scan's rank directory, as its entries' counts and bits.
    fn ranks(scan: &Scan) -> String {
        let directory = rank_directory(scan.limit(), scan.triples()).expect("the scan's triples");
        let entries: Vec<String> = directory
            .into_iter()
            .map(read_rank_entry)
            .map(|(before, bits)| format!("({before}, {bits:#b})"))
            .collect();
        format!("[{}]", entries.join(", "))
    }

    #[test]
    fn the_expansion_at_limit_4() {
        let expansion = expand(quote!(::stone_game; 4)).expect("expands");
        let scan = Scan::run(4).expect("scans");
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path("../snapshots");
        settings.set_prepend_module_to_snapshot(false);
        settings
            .bind(|| insta::assert_snapshot!("tables_macro_limit_4", readable(expansion, &scan)));
    }

    #[test]
    fn the_byte_strings_are_the_generators_bytes() {
        let expansion = expand(quote!(::stone_game; 12))
            .expect("expands")
            .to_string();
        holds_the_bytes(&expansion, &Scan::run(12).expect("scans"));
        assert!(expansion.starts_with(":: stone_game :: __private :: tables_from_bytes (12u32 ,"));
    }

    #[test]
    fn the_expansion_goes_through_the_path_it_is_given() {
        for (path, start) in [
            (quote!(::stone_game), ":: stone_game :: __private ::"),
            (quote!(sg), "sg :: __private ::"),
            (
                quote!(crate::deps::sg),
                "crate :: deps :: sg :: __private ::",
            ),
        ] {
            let expansion = expand(quote!(#path; 0)).expect("expands").to_string();
            assert!(expansion.starts_with(start), "{expansion}");
        }
    }

    #[test]
    fn input_without_the_crate_path_is_refused() {
        for input in [quote!(), quote!(100), quote!(; 100), quote!(sg 100)] {
            let text = input.to_string();
            let error = expand(input).expect_err("refused").to_string();
            assert!(
                error.contains("call `stone_game::tables!(N)`"),
                "{text}: {error}"
            );
        }
    }
}
