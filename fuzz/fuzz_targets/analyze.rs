#![no_main]
// Engine against oracle; the check and its report live in oracle::fuzz.
libfuzzer_sys::fuzz_target!(|bytes: &[u8]| {
    oracle::fuzz::analyze(bytes).unwrap_or_else(|failure| panic!("{failure}"));
});
