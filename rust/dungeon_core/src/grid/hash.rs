//! [`DungeonGrid::layout_hash`]: a 64-bit fingerprint of a grid's content,
//! the same on every platform, for checking that two machines built the
//! same dungeon.
//!
//! The hash is SipHash-2-4 (Aumasson and Bernstein, 2012) with the fixed,
//! public key `k0 = u64::from_le_bytes(*b"dungeon:")`,
//! `k1 = u64::from_le_bytes(*b"layout:1")`, streamed over the canonical
//! encoding below. SipHash is specified bit for bit and its reference
//! vectors pin this implementation; std's `DefaultHasher` is not (its
//! algorithm may change between Rust releases). The key is public: the hash
//! tells honest peers apart, it is no defence against a forger.
//!
//! # Canonical encoding (format 1)
//!
//! Every integer little-endian with a fixed width; no `usize`, no floats.
//! Room numbers are those of [`DungeonGrid::room_records`].
//!
//! | field | encoding |
//! | --- | --- |
//! | magic | the 4 bytes `DGLH` |
//! | format | `u8` = 1 |
//! | kind | `u8`: 0 room grid, 1 tile map |
//! | width, height | `u32` each |
//! | cells | `width × height` bytes, the cell codes, row-major |
//! | door masks | `width × height` bytes, row-major |
//! | start, end | `i32 x, i32 y` each |
//! | rooms | count `u32`; per room: role `u8` ([`RoomRole`](super::RoomRole) code), shape `u8` ([`RoomShape`](super::RoomShape) code), rect `i32 x, y, w, h` |
//! | planned graph | four lists, each count `u32` then its items: Delaunay edges, tree edges, extra edges (`u32` pairs), main path (`u32` rooms) |
//! | locks | count `u32`; per lock, in canonical order: kind `u8` (0 key, 1 one-way), from `u32`, into `u32`, key room `u32` (`u32::MAX` for one-way) |
//!
//! The room records carry everything the generator stored about rooms: the
//! room rectangles of a tile map, a room grid's room cells and large-room
//! shapes, and the special roles. Left out: the generator's name, the seed
//! and the level (metadata: two runs that build the same dungeon hash the
//! same), and whatever is derived from the fields above (connections, room
//! index, caches).

use super::{DungeonGrid, GridKind, LockKind, PlannedGraph};

/// The key's first half: `b"dungeon:"` read little-endian.
const K0: u64 = u64::from_le_bytes(*b"dungeon:");
/// The key's second half: `b"layout:1"` read little-endian.
const K1: u64 = u64::from_le_bytes(*b"layout:1");
/// Encoding format, written after the magic; a new encoding gets a new one.
const FORMAT: u8 = 1;

impl DungeonGrid {
    /// A stable 64-bit hash of the layout: cells, door masks, start and
    /// end, rooms (role, shape, rectangle), the planned graph and the locks
    /// (the module docs list the encoding). The same grid gives the same
    /// hash on every platform and in every library version that keeps
    /// encoding format 1; the generator name, seed and level do not count.
    ///
    /// For multiplayer: peers that generate from the same seed, level,
    /// settings and library version get the same hash, so sending it with
    /// the seed and comparing proves they built the same dungeon.
    #[must_use]
    pub fn layout_hash(&self) -> u64 {
        let mut h = SipHasher24::new(K0, K1);
        h.write(b"DGLH");
        h.write(&[FORMAT]);
        h.write(&[match self.kind {
            GridKind::RoomGrid => 0,
            GridKind::TileMap => 1,
        }]);
        h.write_u32(self.width as u32);
        h.write_u32(self.height as u32);
        let mut chunk = [0u8; 256];
        for cells in self.cells.chunks(chunk.len()) {
            for (b, c) in chunk.iter_mut().zip(cells) {
                *b = c.code();
            }
            h.write(&chunk[..cells.len()]);
        }
        h.write(&self.doors);
        for p in [self.start, self.end] {
            h.write_i32(p.0);
            h.write_i32(p.1);
        }
        let rooms = self.room_records();
        h.write_len(rooms.len());
        for r in rooms {
            h.write(&[r.role as u8, r.shape as u8]);
            for v in [r.rect.x, r.rect.y, r.rect.w, r.rect.h] {
                h.write_i32(v);
            }
        }
        encode_plan(&mut h, &self.plan);
        encode_locks(&mut h, self);
        h.finish()
    }
}

/// The planned graph: Delaunay, tree and extra edges, then the main path.
fn encode_plan(h: &mut SipHasher24, plan: &PlannedGraph) {
    for edges in [&plan.delaunay, &plan.tree, &plan.extra] {
        h.write_len(edges.len());
        for &(a, b) in edges {
            h.write_len(a);
            h.write_len(b);
        }
    }
    h.write_len(plan.main_path.len());
    for &r in &plan.main_path {
        h.write_len(r);
    }
}

/// The locks section: a count `u32`, then per lock, in the grid's
/// canonical lock order, kind `u8`, the room it is entered from `u32`, the
/// room it opens into `u32`, and the key's room `u32` (`u32::MAX` for a
/// one-way door). Kind: 0 a key lock, 1 a one-way door. A grid without
/// locks writes the count 0.
fn encode_locks(h: &mut SipHasher24, grid: &DungeonGrid) {
    let locks = grid.locks();
    h.write_len(locks.len());
    for lock in locks {
        let (kind, key) = match lock.kind {
            LockKind::Key { key } => (0, u32::try_from(key).unwrap_or(u32::MAX)),
            LockKind::OneWay => (1, u32::MAX),
        };
        h.write(&[kind]);
        h.write_len(lock.from);
        h.write_len(lock.into);
        h.write_u32(key);
    }
}

/// SipHash-2-4 over a byte stream, fed in pieces of any size.
#[derive(Clone, Debug)]
pub(crate) struct SipHasher24 {
    v: [u64; 4],
    /// Bytes not yet compressed, little-endian in the low `pending` bytes.
    tail: u64,
    pending: usize,
    /// Total bytes written (only its low 8 bits enter the hash).
    len: u64,
}

impl SipHasher24 {
    /// A hasher keyed with `(k0, k1)`.
    pub(crate) const fn new(k0: u64, k1: u64) -> Self {
        Self {
            v: [
                k0 ^ 0x736f_6d65_7073_6575,
                k1 ^ 0x646f_7261_6e64_6f6d,
                k0 ^ 0x6c79_6765_6e65_7261,
                k1 ^ 0x7465_6462_7974_6573,
            ],
            tail: 0,
            pending: 0,
            len: 0,
        }
    }

    fn round(v: &mut [u64; 4]) {
        v[0] = v[0].wrapping_add(v[1]);
        v[1] = v[1].rotate_left(13) ^ v[0];
        v[0] = v[0].rotate_left(32);
        v[2] = v[2].wrapping_add(v[3]);
        v[3] = v[3].rotate_left(16) ^ v[2];
        v[0] = v[0].wrapping_add(v[3]);
        v[3] = v[3].rotate_left(21) ^ v[0];
        v[2] = v[2].wrapping_add(v[1]);
        v[1] = v[1].rotate_left(17) ^ v[2];
        v[2] = v[2].rotate_left(32);
    }

    /// Two compression rounds over one 8-byte word.
    fn compress(&mut self, m: u64) {
        self.v[3] ^= m;
        Self::round(&mut self.v);
        Self::round(&mut self.v);
        self.v[0] ^= m;
    }

    /// Feeds `bytes`.
    pub(crate) fn write(&mut self, mut bytes: &[u8]) {
        self.len = self.len.wrapping_add(bytes.len() as u64);
        while self.pending > 0 {
            let Some((&b, rest)) = bytes.split_first() else {
                return;
            };
            self.tail |= u64::from(b) << (8 * self.pending);
            self.pending = (self.pending + 1) % 8;
            bytes = rest;
            if self.pending == 0 {
                let word = std::mem::take(&mut self.tail);
                self.compress(word);
            }
        }
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            let mut word = [0u8; 8];
            word.copy_from_slice(w);
            self.compress(u64::from_le_bytes(word));
        }
        for &b in words.remainder() {
            self.tail |= u64::from(b) << (8 * self.pending);
            self.pending += 1;
        }
    }

    /// Feeds `v` as 4 little-endian bytes.
    pub(crate) fn write_u32(&mut self, v: u32) {
        self.write(&v.to_le_bytes());
    }

    /// Feeds `v` as 4 little-endian bytes.
    pub(crate) fn write_i32(&mut self, v: i32) {
        self.write(&v.to_le_bytes());
    }

    /// Feeds a count or room number as a `u32` (`u32::MAX` if larger, which
    /// no grid reaches: its cells would not fit in memory).
    pub(crate) fn write_len(&mut self, n: usize) {
        self.write_u32(u32::try_from(n).unwrap_or(u32::MAX));
    }

    /// The hash of everything written so far.
    pub(crate) fn finish(&self) -> u64 {
        let mut v = self.v;
        let m = self.tail | ((self.len & 0xff) << 56);
        v[3] ^= m;
        Self::round(&mut v);
        Self::round(&mut v);
        v[0] ^= m;
        v[2] ^= 0xff;
        for _ in 0..4 {
            Self::round(&mut v);
        }
        v[0] ^ v[1] ^ v[2] ^ v[3]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GeneratorConfig;
    use crate::grid::{Cell, RoomRole, RoomShape};

    /// SipHash-2-4's reference vectors (the reference implementation's
    /// `vectors.h`, read as little-endian `u64`): key `00 01 .. 0f`,
    /// message `00 01 .. (n-1)` for `n` in `0..64`.
    const REFERENCE: [u64; 64] = [
        0x726fdb47dd0e0e31,
        0x74f839c593dc67fd,
        0x0d6c8009d9a94f5a,
        0x85676696d7fb7e2d,
        0xcf2794e0277187b7,
        0x18765564cd99a68d,
        0xcbc9466e58fee3ce,
        0xab0200f58b01d137,
        0x93f5f5799a932462,
        0x9e0082df0ba9e4b0,
        0x7a5dbbc594ddb9f3,
        0xf4b32f46226bada7,
        0x751e8fbc860ee5fb,
        0x14ea5627c0843d90,
        0xf723ca908e7af2ee,
        0xa129ca6149be45e5,
        0x3f2acc7f57c29bdb,
        0x699ae9f52cbe4794,
        0x4bc1b3f0968dd39c,
        0xbb6dc91da77961bd,
        0xbed65cf21aa2ee98,
        0xd0f2cbb02e3b67c7,
        0x93536795e3a33e88,
        0xa80c038ccd5ccec8,
        0xb8ad50c6f649af94,
        0xbce192de8a85b8ea,
        0x17d835b85bbb15f3,
        0x2f2e6163076bcfad,
        0xde4daaaca71dc9a5,
        0xa6a2506687956571,
        0xad87a3535c49ef28,
        0x32d892fad841c342,
        0x7127512f72f27cce,
        0xa7f32346f95978e3,
        0x12e0b01abb051238,
        0x15e034d40fa197ae,
        0x314dffbe0815a3b4,
        0x027990f029623981,
        0xcadcd4e59ef40c4d,
        0x9abfd8766a33735c,
        0x0e3ea96b5304a7d0,
        0xad0c42d6fc585992,
        0x187306c89bc215a9,
        0xd4a60abcf3792b95,
        0xf935451de4f21df2,
        0xa9538f0419755787,
        0xdb9acddff56ca510,
        0xd06c98cd5c0975eb,
        0xe612a3cb9ecba951,
        0xc766e62cfcadaf96,
        0xee64435a9752fe72,
        0xa192d576b245165a,
        0x0a8787bf8ecb74b2,
        0x81b3e73d20b49b6f,
        0x7fa8220ba3b2ecea,
        0x245731c13ca42499,
        0xb78dbfaf3a8d83bd,
        0xea1ad565322a1a0b,
        0x60e61c23a3795013,
        0x6606d7e446282b93,
        0x6ca4ecb15c5f91e1,
        0x9f626da15c9625f3,
        0xe51b38608ef25f57,
        0x958a324ceb064572,
    ];

    fn reference_key() -> (u64, u64) {
        let key: Vec<u8> = (0..16).collect();
        let half = |k: &[u8]| u64::from_le_bytes(k.try_into().unwrap());
        (half(&key[..8]), half(&key[8..]))
    }

    #[test]
    fn matches_the_reference_vectors() {
        let (k0, k1) = reference_key();
        let msg: Vec<u8> = (0..64).collect();
        for (n, &want) in REFERENCE.iter().enumerate() {
            let mut h = SipHasher24::new(k0, k1);
            h.write(&msg[..n]);
            assert_eq!(h.finish(), want, "message of {n} bytes");
        }
    }

    #[test]
    fn any_split_of_the_stream_gives_the_same_hash() {
        let (k0, k1) = reference_key();
        let msg: Vec<u8> = (0..64).collect();
        for n in 0..64 {
            for cut in [1, 3, 7, 8, 9] {
                let mut h = SipHasher24::new(k0, k1);
                for piece in msg[..n].chunks(cut) {
                    h.write(piece);
                }
                h.write(&[]);
                assert_eq!(h.finish(), REFERENCE[n], "{n} bytes in pieces of {cut}");
            }
        }
    }

    /// `g` with its derived caches dropped, as a grid edited by hand must
    /// be (room records are derived once and kept).
    fn fresh(mut g: DungeonGrid) -> DungeonGrid {
        g.derived = super::super::Derived::default();
        g
    }

    fn isaac_floor(preset: &str) -> DungeonGrid {
        let config = crate::isaac::IsaacConfig::preset(preset).unwrap();
        crate::isaac::generate(&config, 7, 3).unwrap()
    }

    #[test]
    fn one_cell_door_role_shape_or_end_changes_the_hash() {
        let g = isaac_floor("large_rooms");
        let h = g.layout_hash();
        assert!(!g.specials.is_empty() && !g.large_rooms.is_empty());

        let mut c = g.clone();
        let i = c.cells.iter().position(|&x| x == Cell::Empty).unwrap();
        c.cells[i] = Cell::Room;
        assert_ne!(fresh(c).layout_hash(), h, "one cell");

        let mut c = g.clone();
        let i = c.doors.iter().position(|&m| m != 0).unwrap();
        c.doors[i] ^= c.doors[i] & c.doors[i].wrapping_neg();
        assert_ne!(fresh(c).layout_hash(), h, "one door side");

        let mut c = g.clone();
        let role = &mut c.specials[0].1;
        *role = if *role == RoomRole::Shop {
            RoomRole::Treasure
        } else {
            RoomRole::Shop
        };
        assert_ne!(fresh(c).layout_hash(), h, "one room's role");

        let mut c = g.clone();
        c.large_rooms[0].1 = if c.large_rooms[0].1 == RoomShape::Wide {
            RoomShape::Tall
        } else {
            RoomShape::Wide
        };
        assert_ne!(fresh(c).layout_hash(), h, "one room's shape");

        let mut c = g.clone();
        c.end = c.start;
        assert_ne!(fresh(c).layout_hash(), h, "the end cell");
    }

    #[test]
    fn planned_graph_and_room_rects_count() {
        let config = crate::tinykeep::TinyKeepConfig::preset("tinykeep").unwrap();
        let g = crate::tinykeep::generate(&config, 3, 1).unwrap();
        let h = g.layout_hash();
        assert!(!g.plan.extra.is_empty() || !g.plan.tree.is_empty());

        let mut c = g.clone();
        c.plan = PlannedGraph::default();
        assert_ne!(c.layout_hash(), h, "planned graph");

        let mut c = g.clone();
        c.room_rects[0].w += 1;
        assert_ne!(fresh(c).layout_hash(), h, "a room rectangle");
    }

    #[test]
    fn metadata_and_caches_do_not_count() {
        let g = isaac_floor("branching");
        let h = g.layout_hash();
        let mut c = g.clone();
        c.generator = "other".into();
        c.seed ^= 1;
        c.level += 1;
        assert_eq!(c.layout_hash(), h);
        // Reading derived data first (connections, room index) changes nothing.
        let c = fresh(g.clone());
        let _ = (c.connections().len(), c.room_at(c.start));
        assert_eq!(c.layout_hash(), h);
        let back = DungeonGrid::from_json(&g.to_json()).unwrap();
        assert_eq!(back.layout_hash(), h, "JSON round trip");
    }

    #[test]
    fn the_encoding_starts_with_its_magic_and_format() {
        // The empty-room-list grid of one empty cell, encoded by hand.
        let g = DungeonGrid::new(1, 1);
        let mut h = SipHasher24::new(K0, K1);
        let mut bytes = b"DGLH".to_vec();
        bytes.extend([FORMAT, 0]);
        bytes.extend(1u32.to_le_bytes());
        bytes.extend(1u32.to_le_bytes());
        bytes.extend([0, 0]);
        bytes.extend([0u8; 16]);
        bytes.extend([0u8; 4 + 4 * 4 + 4]);
        h.write(&bytes);
        assert_eq!(g.layout_hash(), h.finish());
    }

    #[test]
    fn every_lock_field_counts() {
        use crate::grid::{Lock, LockKind};
        let g = isaac_floor("branching");
        let h = g.layout_hash();
        let start = g.room_at(g.start).unwrap();
        let lock = |from: usize, into: usize, key: Option<usize>| Lock {
            from,
            into,
            kind: key.map_or(LockKind::OneWay, |key| LockKind::Key { key }),
        };
        // The first connection that takes a lock whose key lies in the
        // start room, then the same lock changed field by field.
        let locked = g
            .connections()
            .iter()
            .flat_map(|c| [(c.rooms.0, c.rooms.1), (c.rooms.1, c.rooms.0)])
            .find_map(|(a, b)| {
                let l = lock(a, b, Some(start));
                g.clone().with_locks(vec![l]).ok().map(|locked| (locked, l))
            });
        let Some((locked, l)) = locked else {
            panic!("no connection takes a lock");
        };
        let with = locked.layout_hash();
        assert_ne!(with, h, "a lock");
        let mut other = g.clone();
        other.locks = vec![lock(l.into, l.from, Some(start))];
        assert_ne!(other.layout_hash(), with, "its direction");
        other.locks = vec![lock(l.from, l.into, Some(start + 1))];
        assert_ne!(other.layout_hash(), with, "its key room");
        other.locks = vec![lock(l.from, l.into, None)];
        assert_ne!(other.layout_hash(), with, "its kind");
        let back = DungeonGrid::from_json(&locked.to_json()).unwrap();
        assert_eq!(back.layout_hash(), with, "JSON round trip");
    }

    #[test]
    fn the_key_spells_its_name() {
        assert_eq!(K0.to_le_bytes(), *b"dungeon:");
        assert_eq!(K1.to_le_bytes(), *b"layout:1");
    }
}
