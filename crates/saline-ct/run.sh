#!/bin/sh
# Runs the constant-time harness under valgrind memcheck with the named
# exclusions, prints which exclusions matched (and how often), then the
# harness's own lines; memcheck's full report is kept in target/ct/memcheck.log.
#   crates/saline-ct/run.sh HARNESS
set -eu
harness=$1
here=$(dirname "$0")
log=$(dirname "$harness")/memcheck.log
status=0
valgrind --tool=memcheck --error-limit=no --track-origins=yes --read-inline-info=yes \
	--suppressions="$here/known-variable-time.supp" -v --log-file="$log" \
	"$harness" >"$log.out" || status=$?
echo "Known variable-time paths, excluded by name (memcheck matches):"
sed -n 's/^.*used_suppression: *\([0-9]*\) \([^ ]*\) .*/  \2: \1/p' "$log" | sort
if [ "$status" -ne 0 ]; then
	grep -B2 -A25 'depends on uninitialised\|Use of uninitialised' "$log" | head -120 || true
fi
cat "$log.out"
exit "$status"
