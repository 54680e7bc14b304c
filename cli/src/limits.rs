//! The largest limits the tool computes to, for the parsers that name them
//! and the commands that refuse past them. It imports nothing of the crate.

/// The largest limit of a scan of the whole tables (`partner`, `draw`, and
/// `is-losing` and `moves` where the triples would cost more). Its time
/// grows as the cube of the limit and its memory as the square: at this
/// limit it takes minutes and gigabytes (README, "The command-line tool",
/// has the measured figures), and past it the library's
/// `ScannedTables::scan` serves.
pub(crate) const MAX_WHOLE_SCAN: u32 = 32_000;

/// The largest `verify --brute-limit`, which `verify` checks and the
/// parser of `--brute-limit` names. The brute force's time grows as the
/// fourth power of its limit (BENCHMARKS.md).
pub(crate) const MAX_BRUTE: u32 = 500;

/// The largest pile whose Grundy values the tool computes (`grundy`, `value`
/// and `moves` of a sum of games, `play` with one, `draw grundy`): that of
/// remoteness. The time grows about as the cube of the limit, and at this
/// limit the values take about 20 seconds and 1.7 GB (BENCHMARKS.md,
/// "Grundy values"). The library's
/// [`GrundyTable::compute`](stone_game::GrundyTable::compute) goes further.
pub(crate) const MAX_GRUNDY: u32 = MAX_REMOTENESS;

/// The largest pile whose remoteness the tool computes (`value`, `moves
/// --all`, `play`'s engine, `draw remoteness`): the time grows as the cube
/// of the limit (BENCHMARKS.md, "Remoteness"), and at this limit `value`
/// takes a few seconds. The library's
/// [`RemotenessTable::compute`](stone_game::RemotenessTable::compute) goes
/// further.
pub(crate) const MAX_REMOTENESS: u32 = 1500;
