//! The 47-tile blob set: the corner rule and the index table.

/// Side bits of the blob mask.
const N: u8 = 1;
const E: u8 = 4;
const S: u8 = 16;
const W: u8 = 64;
/// Corner bits with the two sides each needs: NE, SE, SW, NW.
const CORNERS: [(u8, u8); 4] = [(2, N | E), (8, E | S), (32, S | W), (128, W | N)];

/// `mask` with every corner bit cleared whose two sides are not both set:
/// a corner only changes the tile when it closes an inner angle.
#[must_use]
pub const fn reduce_blob(mask: u8) -> u8 {
    let mut out = mask;
    let mut i = 0;
    while i < CORNERS.len() {
        let (corner, sides) = CORNERS[i];
        if mask & sides != sides {
            out &= !corner;
        }
        i += 1;
    }
    out
}

const fn masks() -> [u8; 47] {
    let mut out = [0u8; 47];
    let mut n = 0;
    let mut m: u16 = 0;
    while m < 256 {
        let b = m as u8;
        if reduce_blob(b) == b && n < 47 {
            out[n] = b;
            n += 1;
        }
        m += 1;
    }
    out
}

/// The 47 reduced blob masks in ascending order: tile `i` of a blob set is
/// drawn for mask `BLOB_MASKS[i]`.
pub const BLOB_MASKS: [u8; 47] = masks();

const fn index_table() -> [u8; 256] {
    let mut out = [0u8; 256];
    let mut m: u16 = 0;
    while m < 256 {
        let r = reduce_blob(m as u8);
        let mut i = 0;
        while i < BLOB_MASKS.len() {
            if BLOB_MASKS[i] == r {
                out[m as usize] = i as u8;
            }
            i += 1;
        }
        m += 1;
    }
    out
}

const INDEX: [u8; 256] = index_table();

/// The blob tile index (0..=46) of a raw 8-neighbour mask.
#[must_use]
pub const fn blob_index(mask: u8) -> u8 {
    INDEX[mask as usize]
}
