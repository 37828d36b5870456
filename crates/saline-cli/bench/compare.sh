#!/bin/sh
# `saline` against the tools it replaces, on one file in the same hyperfine
# run: b3sum vs `saline hash -a blake3`, age vs `saline encrypt` and
# `saline decrypt`. Writes hyperfine's markdown tables (wall time) to $OUT;
# the user and system CPU times are in hyperfine's terminal output.
#
#   make cli-bench                          # 1 GB in /dev/shm (tmpfs)
#   SIZE=100000000 RUNS=3 CLI_BENCH_DIR=/tmp/x make cli-bench
set -eu
SALINE=${SALINE:-target/release/saline}
SIZE=${SIZE:-1000000000}
RUNS=${RUNS:-5}
DIR=${CLI_BENCH_DIR:-/dev/shm/saline-cli-bench}
OUT=${OUT:-bench/results/cli.md}
for tool in hyperfine age age-keygen b3sum "$SALINE"; do
    command -v "$tool" >/dev/null || { echo "compare.sh: $tool is missing" >&2; exit 1; }
done
mkdir -p "$DIR" "$(dirname "$OUT")"
SALINE=$(realpath "$SALINE")
cd "$DIR"
[ "$(stat -c %s big.bin 2>/dev/null || echo 0)" = "$SIZE" ] || head -c "$SIZE" /dev/urandom > big.bin
rm -f key.txt && age-keygen -o key.txt 2>/dev/null
R=$(age-keygen -y key.txt)
age -r "$R" -o big.age big.bin
: > results.md
# run HEADING hyperfine-options... : one table under a heading.
run() {
    heading=$1
    shift
    hyperfine -N -w 1 -r "$RUNS" --export-markdown part.md "$@"
    { echo "## $heading"; echo; cat part.md; echo; } >> results.md
}
# Each pair in one hyperfine run, so that both see the same load. The
# encrypt and decrypt pairs write a new output file each run (--prepare
# removes the last one): replacing an existing 1 GB output on tmpfs made
# some runs of `saline` (which writes a temporary file and renames it over
# the destination, so a failure never leaves half a file) take 1 to 2 s
# longer, in system time, while age truncates the old file in place. The
# last table keeps that case visible.
run "BLAKE3 of the file" "b3sum big.bin" "$SALINE hash -a blake3 big.bin"
run "encrypt to a new file" --prepare "rm -f out.age" \
    "age -r $R -o out.age big.bin" "$SALINE encrypt -r $R -o out.age big.bin"
run "decrypt to a new file" --prepare "rm -f out.bin" \
    "age -d -i key.txt -o out.bin big.age" "$SALINE decrypt -i key.txt -o out.bin big.age"
run "encrypt over the previous output" \
    "age -r $R -o out.age big.bin" "$SALINE encrypt -r $R -o out.age big.bin"
cd - >/dev/null
{ echo "# saline vs b3sum and age: $SIZE bytes in $DIR, $(date -u +%Y-%m-%d)"; echo; cat "$DIR/results.md"; } > "$OUT"
rm -f "$DIR"/out.age "$DIR"/out.bin "$DIR"/part.md
echo "compare.sh: wrote $OUT"
