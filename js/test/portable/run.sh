#!/usr/bin/env bash
# The portability test (issue 8): the native addon must run, and give the
# same bytes as on this machine, on older x86-64 CPUs. Runs
# js/test/portable/probe.mjs on the host, then under Debian's qemu-user
# emulating Nehalem (2008: SSE4.2, no AVX, no AES-NI) and Haswell (AVX2,
# AES-NI, no AVX-512), and compares the output line by line. A build for
# the host CPU (rustc's native target CPU) dies with SIGILL here.
# Usage: js/test/portable/run.sh   (after `make js-native`; x86-64 hosts only)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
node="$(command -v node)"
case "$(uname -m)" in
  x86_64) ;;
  *) echo "portable: $(uname -m) host: the qemu x86-64 CPU models do not apply, skipped"; exit 0 ;;
esac
if ! command -v qemu-x86_64 >/dev/null; then
  echo "portable: installing Debian's qemu-user"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq qemu-user >/dev/null
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# The probe's last line lists the backends the registry chose, which may
# rightly differ by CPU (AES-GCM's ring+aws-lc needs VAES): printed, not
# compared; every byte line is.
bytes() { grep -v '^backends ' "$1"; }
"$node" "$here/probe.mjs" >"$tmp/host.txt"
lines=$(bytes "$tmp/host.txt" | wc -l)
status=0
for cpu in Nehalem Haswell; do
  # qemu warns on stderr about CPUID bits TCG lacks (pcid, x2apic ...): not ours.
  if ! qemu-x86_64 -cpu "$cpu" "$node" "$here/probe.mjs" >"$tmp/$cpu.txt" 2>"$tmp/$cpu.err"; then
    echo "portable: FAIL under -cpu $cpu (the process died):" >&2
    grep -v "TCG doesn't support" "$tmp/$cpu.err" | tail -5 >&2
    status=1
  elif ! diff -u <(bytes "$tmp/host.txt") <(bytes "$tmp/$cpu.txt") >"$tmp/$cpu.diff"; then
    echo "portable: FAIL under -cpu $cpu: output differs from the host" >&2
    head -20 "$tmp/$cpu.diff" >&2
    status=1
  else
    echo "portable: -cpu $cpu: $lines lines identical to the host"
    if ! cmp -s <(grep '^backends ' "$tmp/host.txt") <(grep '^backends ' "$tmp/$cpu.txt"); then
      echo "portable: -cpu $cpu chose other backends than the host (a CPU-dependent rule):"
      node -e '
        const [a, b] = process.argv.slice(1).map((f) => JSON.parse(require("fs").readFileSync(f, "utf8").match(/^backends (.*)$/m)[1]));
        for (const x of b) { const h = a.find((y) => y.primitive === x.primitive); if (!h || h.selected !== x.selected) console.log(`  ${x.primitive}: ${x.selected} (host: ${h ? h.selected : "none"})`); }
      ' "$tmp/host.txt" "$tmp/$cpu.txt"
    fi
  fi
done
exit $status
