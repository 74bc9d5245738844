#![no_main]
// Engine against oracle; the check and its report live in oracle::target.
libfuzzer_sys::fuzz_target!(|bytes: &[u8]| {
    oracle::fuzz::run::<oracle::target::McrJudge>(&oracle::engine::Production, bytes).unwrap_or_else(|failure| panic!("{failure}"));
});
