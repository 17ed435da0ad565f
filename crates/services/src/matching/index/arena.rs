//! The vectors of a site's distinct texts, quantised to bytes, with their sign bits: one slot
//! per text, shared by every item with that text and freed when the last one goes.

use std::collections::HashMap;

use domain::matching::vector;

use super::NO_SLOT;

/// Vectors of distinct texts, quantised, with their sign bits.
#[derive(Default)]
pub(super) struct Arena {
    pub(super) dims: usize,
    pub(super) words: usize,
    pub(super) values: Vec<i8>,
    pub(super) scales: Vec<f32>,
    pub(super) bits: Vec<u64>,
    pub(super) slot_of: HashMap<String, u32>,
    pub(super) hash_of: Vec<String>,
    pub(super) refs: Vec<u32>,
    pub(super) free: Vec<u32>,
}

impl Arena {
    pub(super) fn insert(&mut self, hash: &str, v: &[f32]) -> Option<u32> {
        if self.dims == 0 {
            self.dims = v.len();
            self.words = v.len().div_ceil(64);
        }
        if v.len() != self.dims || v.is_empty() {
            return None;
        }
        let q = vector::quantize(v);
        let bits = vector::sign_bits(v);
        let slot = match self.free.pop() {
            Some(slot) => {
                let s = slot as usize;
                self.values[s * self.dims..(s + 1) * self.dims].copy_from_slice(&q.values);
                self.scales[s] = q.scale;
                self.bits[s * self.words..(s + 1) * self.words].copy_from_slice(&bits);
                self.hash_of[s] = hash.to_string();
                self.refs[s] = 0;
                slot
            }
            None => {
                self.values.extend_from_slice(&q.values);
                self.scales.push(q.scale);
                self.bits.extend_from_slice(&bits);
                self.hash_of.push(hash.to_string());
                self.refs.push(0);
                (self.scales.len() - 1) as u32
            }
        };
        self.slot_of.insert(hash.to_string(), slot);
        Some(slot)
    }

    pub(super) fn hold(&mut self, slot: u32) {
        if slot != NO_SLOT {
            self.refs[slot as usize] += 1;
        }
    }

    pub(super) fn release(&mut self, slot: u32) {
        if slot == NO_SLOT {
            return;
        }
        let s = slot as usize;
        self.refs[s] = self.refs[s].saturating_sub(1);
        if self.refs[s] == 0 {
            let hash = std::mem::take(&mut self.hash_of[s]);
            self.slot_of.remove(&hash);
            self.free.push(slot);
        }
    }

    pub(super) fn values(&self, slot: u32) -> (&[i8], f32) {
        let s = slot as usize;
        (&self.values[s * self.dims..(s + 1) * self.dims], self.scales[s])
    }

    pub(super) fn bits(&self, slot: u32) -> &[u64] {
        let s = slot as usize;
        &self.bits[s * self.words..(s + 1) * self.words]
    }

    pub(super) fn f32s(&self, slot: u32) -> Vec<f32> {
        let (values, scale) = self.values(slot);
        values.iter().map(|x| *x as f32 * scale).collect()
    }
}
