#!/bin/sh
# Runs each fuzz target for SECONDS over its corpus and the seeds, then
# prints one line per target (executions, coverage) and a total.
#   fuzz/run.sh FUZZ_DIR HOST SECONDS TARGET...
# A crash, a leak, a timeout (10 s) or an input above 2 GiB of memory stops
# the target and fails the run; the input is kept in FUZZ_DIR/artifacts/
# (reproduce with `FUZZ_DIR/HOST/release/TARGET FILE`).
set -eu
dir=$1 host=$2 seconds=$3
shift 3
bin=$dir/$host/release
total=0 failed=""
for target in "$@"; do
	mkdir -p "$dir/corpus/$target" "$dir/artifacts/$target" "$dir/seeds/$target" "$dir/logs"
	log=$dir/logs/$target.log
	if "$bin/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
		-artifact_prefix="$dir/artifacts/$target/" "$dir/corpus/$target" "$dir/seeds/$target" >"$log" 2>&1; then
		status=ok
	else
		status=FAILED
		failed="$failed $target"
	fi
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
	cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2)
	printf '%-24s %-6s %10s executions in %ss, coverage %s\n' "$target" "$status" "${runs:-0}" "$seconds" "${cov:-?}"
	total=$((total + ${runs:-0}))
	if [ "$status" = FAILED ]; then
		grep -A30 -m1 -E '==ERROR|panicked|deadly signal|Test unit written' "$log" | head -40 || tail -n 40 "$log"
	fi
done
echo "fuzz: $total executions over $# targets${failed:+; failed:$failed}"
[ -z "$failed" ]
