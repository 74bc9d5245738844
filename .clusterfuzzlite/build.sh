#!/bin/bash -eu
# ClusterFuzzLite (and OSS-Fuzz) build: every cargo-fuzz target of fuzz/
# into $OUT, each with its seed corpus from corpus/TARGET as
# $OUT/TARGET_seed_corpus.zip.
#
# In the builder image (Rust nightly, SANITIZER=address) the targets get
# AddressSanitizer; with SANITIZER unset or "none" they build on stable
# without one (`-s none`, as CI fuzzes). Tested by .ci/clusterfuzzlite-test
# with $SRC and $OUT set to temporary folders.
cd "$SRC/mahjong-sim"

sanitizer=${SANITIZER:-none}
case "$sanitizer" in
  none) flags=(-s none) ;;
  address) flags=(-s address) ;;
  *) echo "build.sh: sanitizer $sanitizer is not supported (address or none)" >&2; exit 1 ;;
esac

# Optimized with debug assertions and overflow checks (cargo-fuzz's default),
# as CI fuzzes: the same build serves both.
cargo fuzz build "${flags[@]}"

built=fuzz/target/x86_64-unknown-linux-gnu/release
for target in $(cargo fuzz list); do
  cp "$built/$target" "$OUT/"
  if [ -d "corpus/$target" ]; then
    rm -f "$OUT/${target}_seed_corpus.zip"
    (cd "corpus/$target" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
  fi
done
