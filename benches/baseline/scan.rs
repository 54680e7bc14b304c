//! The bench's baseline: the row scan of `generator/src/scan.rs` at commit
//! 6f92bbf, kept unchanged so that the comparison can be rerun. Four
//! `BitRows`, six 64-bit windows funnelled from two words each per step, every
//! key of a losing triple set; no skipped prefixes, no tiles.
//!
//! [`run_probed`] also counts, through a [`Probe`], what the profile in
//! BENCHMARKS.md reports; with `()` as the probe the counting compiles away.

/// What the profile counts. Every method defaults to doing nothing.
pub trait Probe {
    /// A pair whose partner is searched for, and the 64-bit windows it took.
    fn search(&mut self, _windows: usize) {}
    /// The rows of one table widened (copied to a wider stride).
    fn widen(&mut self) {}
}

impl Probe for () {}

struct BitRows {
    rows: usize,
    stride: usize,
    words: Vec<u64>,
}

impl BitRows {
    fn new(rows: usize, cols: usize) -> Self {
        let stride = cols.div_ceil(64) + 1;
        BitRows {
            rows,
            stride,
            words: vec![0; rows * stride],
        }
    }

    #[inline]
    fn row(&self, row: usize) -> &[u64] {
        &self.words[row * self.stride..(row + 1) * self.stride]
    }

    #[inline]
    fn set(&mut self, row: usize, col: usize, probe: &mut impl Probe) {
        if row >= self.rows {
            return;
        }
        let word = col / 64;
        if word >= self.stride {
            probe.widen();
            self.widen(word + 1);
        }
        self.words[row * self.stride + word] |= 1 << (col % 64);
    }

    #[cold]
    fn widen(&mut self, min_stride: usize) {
        let stride = min_stride.max(self.stride + self.stride / 2);
        let mut words = vec![0; self.rows * stride];
        for (new, old) in words
            .chunks_exact_mut(stride)
            .zip(self.words.chunks_exact(self.stride))
        {
            new[..old.len()].copy_from_slice(old);
        }
        self.stride = stride;
        self.words = words;
    }
}

#[inline]
fn word_at(row: &[u64], col: usize) -> u64 {
    funnel(row, col / 64, (col % 64) as u32)
}

#[inline]
fn funnel(row: &[u64], word: usize, shift: u32) -> u64 {
    let low = row.get(word).copied().unwrap_or(0);
    let high = row.get(word + 1).copied().unwrap_or(0);
    (low >> shift) | ((high << 1) << (63 - shift))
}

struct Keys {
    one: BitRows,
    two: BitRows,
    two_t: BitRows,
    all: BitRows,
}

impl Keys {
    fn new(limit: usize, cols: usize) -> Self {
        Keys {
            one: BitRows::new(limit + 1, cols),
            two: BitRows::new(limit + 1, cols),
            two_t: BitRows::new(limit + 1, cols),
            all: BitRows::new(limit + 1, cols),
        }
    }

    fn first_free_z<'a>(&'a self, x: usize, y: usize, probe: &mut impl Probe) -> usize {
        let window = |row: &'a [u64], col: usize| (row, col / 64, (col % 64) as u32);
        let (r0, w0, s0) = window(self.one.row(y), y);
        let (r1, w1, s1) = window(self.one.row(x), y);
        let (r2, w2, s2) = window(self.two.row(y - x), y);
        let (r3, w3, s3) = window(self.two_t.row(x), 0);
        let (r4, w4, s4) = window(self.two_t.row(y), y - x);
        let (r5, w5, s5) = window(self.all.row(y - x), y - x);
        let mut step = 0;
        loop {
            let held = funnel(r0, w0 + step, s0)
                | funnel(r1, w1 + step, s1)
                | funnel(r2, w2 + step, s2)
                | funnel(r3, w3 + step, s3)
                | funnel(r4, w4 + step, s4)
                | funnel(r5, w5 + step, s5);
            if held != u64::MAX {
                probe.search(step + 1);
                return y + 64 * step + (!held).trailing_zeros() as usize;
            }
            step += 1;
        }
    }

    fn hold(&mut self, x: usize, y: usize, z: usize, probe: &mut impl Probe) {
        self.one.set(x, y, probe);
        self.one.set(x, z, probe);
        self.one.set(y, z, probe);
        for (diff, untouched) in [(y - x, z), (z - y, x), (z - x, y)] {
            self.two.set(diff, untouched, probe);
            self.two_t.set(untouched, diff, probe);
        }
        self.all.set(y - x, z - x, probe);
    }
}

fn index(a: usize, b: usize) -> usize {
    b * (b + 1) / 2 + a
}

/// The losing triples and the partner table up to `limit`, as
/// `Scan::run(limit)` gives them.
pub fn run(limit: u32) -> (Vec<[u16; 3]>, Vec<u32>) {
    run_probed(limit, &mut ())
}

/// [`run`], reporting to `probe`.
pub fn run_probed(limit: u32, probe: &mut impl Probe) -> (Vec<[u16; 3]>, Vec<u32>) {
    let l = limit as usize;
    let mut keys = Keys::new(l, 2 * l + 2);
    let mut partners = vec![u32::MAX; (l + 1) * (l + 2) / 2];
    let mut triples = Vec::new();
    for x in 0..=l {
        let mut y = x;
        loop {
            let held = word_at(keys.one.row(x), y);
            y += held.trailing_ones() as usize;
            if held == u64::MAX {
                continue;
            }
            if y > l {
                break;
            }
            let z = keys.first_free_z(x, y, probe);
            keys.hold(x, y, z, probe);
            partners[index(x, y)] = z as u32;
            if z <= l {
                partners[index(x, z)] = y as u32;
                partners[index(y, z)] = x as u32;
                triples.push([x as u16, y as u16, z as u16]);
            }
            y += 1;
        }
    }
    (triples, partners)
}
