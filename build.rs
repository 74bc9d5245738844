//! Generates the winning-distance tables at compile time (about 0.2 s) into
//! OUT_DIR, so nothing generated is kept in the repository.

#[path = "src/distance/generate.rs"]
mod generate;

use std::fmt::Write;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=src/distance/generate.rs");
    println!("cargo:rerun-if-changed=build.rs");
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let out = Path::new(&out);
    let t = generate::build();
    let mut rs = String::new();
    for (name, bits) in [
        ("SUIT_BITS", generate::SUIT_BITS),
        ("HONOR_BITS", generate::HONOR_BITS),
        ("CH_BITS", generate::CH_BITS),
    ] {
        writeln!(rs, "/// Row stride (a power of two) of a pair table or `last`.\npub const {name}: u32 = {bits};").unwrap();
    }
    for (name, value) in [
        ("AB_ROWS", generate::AB_ROWS),
        ("SUIT_LEN", generate::SUIT_LEN),
        ("HONOR_LEN", generate::HONOR_LEN),
    ] {
        writeln!(
            rs,
            "/// See `generate.rs`.\npub const {name}: usize = {value};"
        )
        .unwrap();
    }
    // One array for all five tables, each at a constant offset: every
    // lookup is then off one base address (one register), not five.
    let mut all = Vec::new();
    for (name, bytes) in [
        ("SUIT_AT", &t.suit),
        ("HONOR_AT", &t.honor),
        ("AB_AT", &t.ab),
        ("CH_AT", &t.ch),
        ("LAST_AT", &t.last),
    ] {
        writeln!(
            rs,
            "/// Where its table starts in `TABLES` ({} bytes).\npub const {name}: usize = {};",
            bytes.len(),
            all.len()
        )
        .unwrap();
        all.extend_from_slice(bytes);
    }
    std::fs::write(out.join("tables.bin"), &all).expect("write tables");
    writeln!(
        rs,
        "/// The generated tables, end to end (see `generate.rs`).\npub static TABLES: [u8; {}] = *include_bytes!(concat!(env!(\"OUT_DIR\"), \"/tables.bin\"));",
        all.len()
    )
    .unwrap();
    // Each class's vector of best overlaps, for `suit_bests`/`honor_bests`.
    for (name, vectors) in [
        ("SUIT_VECTORS", &t.suit_vectors),
        ("HONOR_VECTORS", &t.honor_vectors),
    ] {
        writeln!(
            rs,
            "/// Best overlaps `[m][p]` of each class.\npub static {name}: [[[u8; 2]; 5]; {}] = {vectors:?};",
            vectors.len()
        )
        .unwrap();
    }
    std::fs::write(out.join("distance_tables.rs"), rs).expect("write tables.rs");
}
