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
    for (name, bytes) in [
        ("suit", &t.suit),
        ("honor", &t.honor),
        ("ab", &t.ab),
        ("ch", &t.ch),
        ("last", &t.last),
    ] {
        std::fs::write(out.join(format!("{name}.bin")), bytes).expect("write table");
        writeln!(
            rs,
            "/// Generated table `{name}`.\npub static {}: [u8; {}] = *include_bytes!(concat!(env!(\"OUT_DIR\"), \"/{name}.bin\"));",
            name.to_uppercase(),
            bytes.len()
        )
        .unwrap();
    }
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
