//! The bit pass: a big kind's rows nearest to a query by the Hamming distance of their sign
//! bits, found without sorting the kind (a count of rows per distance gives the cut-off).

use domain::matching::vector;

use super::{KindIndex, NO_SLOT};

/// The `wide` eligible rows of `k` with a vector nearest to `query` by bits, as (distance,
/// position), in no order; `without_vector` is called with the position of each eligible row
/// that has none. Distances are at most the bits of a vector, so a count of rows per distance
/// finds the cut-off in two passes (no sort of the site's rows). `query` is as wide as the
/// kind's rows ([`KindIndex::words`]).
pub(super) fn nearest_rows(
    k: &KindIndex,
    query: &[u64],
    wide: usize,
    mut without_vector: impl FnMut(usize),
) -> Vec<(u32, u32)> {
    // The buffer is taken out of the thread's slot for the pass: the pass must not run inside
    // a closure handed to the slot, which would be compiled without POPCNT (below).
    let mut scratch = SCRATCH.take();
    let out = nearest_rows_into(k, query, wide, &mut without_vector, &mut scratch);
    SCRATCH.set(scratch);
    out
}

/// What a pass writes as it goes, kept per thread: a pass over 100,000 members would otherwise
/// ask the allocator for a fresh 200 kB on every request, and glibc pays for any block over a
/// kilobyte by consolidating its small free lists first.
#[derive(Default)]
struct Scratch {
    /// Each row's distance (`u16::MAX`: not a candidate).
    distances: Vec<u16>,
    /// How many candidate rows are at each distance.
    per_distance: Vec<u32>,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> =
        const { std::cell::RefCell::new(Scratch { distances: Vec::new(), per_distance: Vec::new() }) };
}

fn nearest_rows_into(
    k: &KindIndex,
    query: &[u64],
    wide: usize,
    without_vector: &mut impl FnMut(usize),
    scratch: &mut Scratch,
) -> Vec<(u32, u32)> {
    // The build targets baseline x86-64, which has no POPCNT instruction: `count_ones` is
    // then a dozen shifts and multiplies per word, most of this pass over 100,000 members.
    // Every x86-64 CPU since 2008 has the instruction; the pass is compiled a second time
    // with it. The whole loop must sit in that copy: a closure it calls through (a
    // thread-local's `with`, say) is a function of its own, compiled without the feature.
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        // SAFETY: the CPU has POPCNT, the one feature the copy is compiled with.
        return unsafe { nearest_rows_popcnt(k, query, wide, without_vector, scratch) };
    }
    nearest_rows_portable(k, query, wide, without_vector, scratch)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
fn nearest_rows_popcnt(
    k: &KindIndex,
    query: &[u64],
    wide: usize,
    without_vector: &mut impl FnMut(usize),
    scratch: &mut Scratch,
) -> Vec<(u32, u32)> {
    nearest_rows_portable(k, query, wide, without_vector, scratch)
}

/// Bits of the model's 384 numbers: the width the pass is unrolled for.
const MODEL_WORDS: usize = 6;

#[inline(always)]
fn nearest_rows_portable(
    k: &KindIndex,
    query: &[u64],
    wide: usize,
    without_vector: &mut impl FnMut(usize),
    scratch: &mut Scratch,
) -> Vec<(u32, u32)> {
    let most = query.len() * 64;
    match <&[u64; MODEL_WORDS]>::try_from(query) {
        Ok(q) => {
            let (rows, _) = k.bits.as_chunks::<MODEL_WORDS>();
            let distances_in_order =
                rows.iter().map(|b| (0..MODEL_WORDS).map(|w| (b[w] ^ q[w]).count_ones()).sum::<u32>());
            cut_nearest_into(k, distances_in_order, most, wide, without_vector, scratch)
        }
        Err(_) => {
            let distances_in_order = k.bits.chunks_exact(query.len().max(1)).map(|b| vector::hamming(b, query));
            cut_nearest_into(k, distances_in_order, most, wide, without_vector, scratch)
        }
    }
}

#[inline(always)]
fn cut_nearest_into(
    k: &KindIndex,
    distances_in_order: impl Iterator<Item = u32>,
    most: usize,
    wide: usize,
    without_vector: &mut impl FnMut(usize),
    scratch: &mut Scratch,
) -> Vec<(u32, u32)> {
    let Scratch { distances, per_distance } = scratch;
    distances.clear();
    distances.resize(k.rows.len(), u16::MAX);
    per_distance.clear();
    per_distance.resize(most + 1, 0);
    // Written in place rather than pushed: a push stores the length back on every row.
    let rows = k.rows.iter().zip(distances_in_order).zip(distances.iter_mut());
    for (at, ((row, d), distance)) in rows.enumerate() {
        if !row.eligible {
            continue;
        }
        if row.slot == NO_SLOT {
            without_vector(at);
            continue;
        }
        let d = (d as usize).min(most);
        per_distance[d] += 1;
        *distance = d as u16;
    }
    // The smallest distance `cut` with at least `wide` rows at or below it.
    let (mut cut, mut below) = (0usize, 0usize);
    while cut < per_distance.len() && below + (per_distance[cut] as usize) < wide {
        below += per_distance[cut] as usize;
        cut += 1;
    }
    let mut at_cut = wide.saturating_sub(below);
    let mut out = Vec::with_capacity(wide.min(k.rows.len()));
    for (at, d) in distances.iter().enumerate() {
        let d = usize::from(*d);
        if d < cut || (d == cut && at_cut > 0) {
            if d == cut {
                at_cut -= 1;
            }
            out.push((d as u32, at as u32));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matching::index::Row;

    /// A kind of rows (slot, eligible) whose bits are `bits[slot]`, set as `apply` sets them.
    fn kind_of(rows: &[(u32, bool)], bits: &[Vec<u64>]) -> KindIndex {
        let mut k = KindIndex::default();
        for (at, (slot, eligible)) in rows.iter().enumerate() {
            k.rows.push(Row { slot: *slot, eligible: *eligible });
            k.set_bits(at, bits.get(*slot as usize).map(Vec::as_slice));
        }
        k
    }

    #[test]
    fn the_nearest_rows_by_bits_are_cut_at_the_distance_that_holds_enough_first_by_position() {
        // One word of bits: slot n differs from the query in its lowest n bits.
        let bits: Vec<Vec<u64>> = (0..5u32).map(|n| vec![(1u64 << n) - 1]).collect();
        // The first row has no vector: the width comes from the first that has one.
        let rows = [
            (NO_SLOT, true),
            (3, true),
            (1, true),
            (NO_SLOT, true),
            (1, false),
            (0, true),
            (1, true),
            (2, true),
            (1, true),
        ];
        let k = kind_of(&rows, &bits);
        assert_eq!(k.bits.len(), rows.len());
        let mut without = Vec::new();
        let mut nearest = nearest_rows(&k, &[0], 3, |at| without.push(at));
        nearest.sort_unstable();
        // Distance 0 (row 5), then the first two of the three at distance 1 (rows 2 and 6);
        // the ineligible row 4 never counts.
        assert_eq!(nearest, vec![(0, 5), (1, 2), (1, 6)]);
        assert_eq!(without, vec![0, 3]);
        let mut all = nearest_rows(&k, &[0], 100, |_| {});
        all.sort_unstable();
        assert_eq!(all, vec![(0, 5), (1, 2), (1, 6), (1, 8), (2, 7), (3, 1)]);
    }

    #[test]
    fn the_pass_with_the_popcnt_instruction_finds_what_the_portable_pass_finds() {
        // Six words of bits per row, as a 384-number vector has, from a fixed generator.
        let mut state = 7u64;
        let mut next = || {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            state
        };
        let bits: Vec<Vec<u64>> = (0..300).map(|_| (0..6).map(|_| next()).collect()).collect();
        let rows: Vec<(u32, bool)> = (0..300u32).map(|slot| (slot, slot % 7 != 0)).collect();
        let k = kind_of(&rows, &bits);
        let query: Vec<u64> = (0..6).map(|_| next()).collect();
        let mut portable = nearest_rows_portable(&k, &query, 40, &mut |_| {}, &mut Scratch::default());
        let mut chosen = nearest_rows(&k, &query, 40, |_| {});
        portable.sort_unstable();
        chosen.sort_unstable();
        assert_eq!(portable.len(), 40);
        assert_eq!(chosen, portable);
        let hand: Vec<u32> = portable.iter().map(|(_, at)| vector::hamming(&bits[*at as usize], &query)).collect();
        assert_eq!(hand, portable.iter().map(|(d, _)| *d).collect::<Vec<_>>());
        // A width other than the model's takes the general pass and finds the same.
        let narrow: Vec<Vec<u64>> = bits.iter().map(|b| b[..2].to_vec()).collect();
        let k = kind_of(&rows, &narrow);
        let mut general = nearest_rows(&k, &query[..2], 40, |_| {});
        general.sort_unstable();
        let hand: Vec<u32> =
            general.iter().map(|(_, at)| vector::hamming(&narrow[*at as usize], &query[..2])).collect();
        assert_eq!(hand, general.iter().map(|(d, _)| *d).collect::<Vec<_>>());
        let mut every: Vec<(u32, u32)> = rows
            .iter()
            .enumerate()
            .filter(|(_, (_, eligible))| *eligible)
            .map(|(at, (slot, _))| (vector::hamming(&narrow[*slot as usize], &query[..2]), at as u32))
            .collect();
        every.sort_unstable();
        assert_eq!(general, every[..40].to_vec());
    }
}
