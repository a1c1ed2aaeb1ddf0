#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# record-overhead.sh: what recording costs (seed 002 reports < 2.5 % for
# core kernel events).  Prints, for a realistic job (tar+gzip of a tree, and
# a build of libltt), its time untraced, traced by `lttctl record` (lttd
# draining to disk), traced by the bare kernel buffer with no reader (the
# floor: a flight-recorder instance nobody reads) and by `trace-cmd record`
# where it runs; the cost per event on a system-call loop; and lttd's CPU
# use.  Needs root, tracefs and a built tree:
#   make -C bench bench-syscall-loop && sudo bench/record-overhead.sh [BUILD_DIR]
# RUNS (default 3) runs per configuration, interleaved; the median is shown.
set -u
build=${1:-${TOP_BUILDDIR:-$(cd "$(dirname "$0")/.." && pwd)}}
lttctl=$build/ltt-control/lttctl
loop=$build/bench/bench-syscall-loop
runs=${RUNS:-3}
tree=${TREE:-/usr/include}
tracefs=${LTT_TRACEFS:-/sys/kernel/tracing}
tmp=$(mktemp -d)
LTTCTL_STATE_DIR=$tmp/state
export LTTCTL_STATE_DIR
floor=floor-$$
cleanup() {
	"$lttctl" destroy "$floor" >/dev/null 2>&1
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

if [ "$(id -u)" != 0 ] || [ ! -d "$tracefs/instances" ]; then
	echo "record-overhead: needs root and tracefs ($tracefs)" >&2
	exit 77
fi
for f in "$lttctl" "$loop"; do
	[ -x "$f" ] || { echo "record-overhead: $f not built (make -C bench bench-syscall-loop)" >&2; exit 1; }
done

now() { date +%s.%N; }
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# The build job compiles libltt in a scratch tree of its own, so that the
# benchmark never cleans the build it measures with.
srcdir=$(cd "$(dirname "$0")/.." && pwd)
mkdir "$tmp/job-build"
(cd "$tmp/job-build" && "$srcdir/configure" -q --without-tracefs >/dev/null 2>&1) ||
	{ echo "record-overhead: cannot configure a scratch build of $srcdir" >&2; exit 1; }

# The jobs, in a file that the traced shells source too.
jobs=$tmp/jobs.sh
cat > "$jobs" <<JOBS
job_tar() { tar -C "$(dirname "$tree")" -cf - "$(basename "$tree")" 2>/dev/null | gzip -3 > /dev/null; }
job_build() { make -s -C "$tmp/job-build/ltt" clean >/dev/null && make -s -C "$tmp/job-build/ltt" -j2 libltt.la >/dev/null 2>&1; }
JOBS
. "$jobs"

# Each mode runs "$@" once and prints its wall time in seconds.  Under
# lttctl record the job times itself, inside the traced shell, so that the
# figure compares with the others; the whole command (creating the
# instance and its buffers, the state dump, the last drain) is kept apart.
run_base() { t0=$(now); "$@"; t1=$(now); echo "$t1 - $t0" | bc; }
run_lttd() {
	rm -rf "$tmp/trace"
	t0=$(now)
	"$lttctl" record -o "$tmp/trace" -- sh -c "s=\$(date +%s.%N); $*; e=\$(date +%s.%N); echo \"\$e - \$s\" | bc > '$tmp/job.time'" \
		2>"$tmp/lttd.err"
	t1=$(now)
	cat "$tmp/job.time"
	echo "$t1 - $t0" | bc >> "$tmp/whole"
	awk '$1 == "lttd.cpu_time_ns" { c = $2 } $1 ~ /^lttd\.cpu[0-9]+\.events$/ { e += $2 }
	     $1 ~ /^lttd\.cpu[0-9]+\.lost$/ { l += $2 }
	     END { print c, e, l }' "$tmp/trace/metadata" > "$tmp/lttd.last"
}
run_floor() {
	echo 1 > "$tracefs/instances/ltt-$floor/tracing_on"
	t0=$(now); "$@"; t1=$(now)
	echo 0 > "$tracefs/instances/ltt-$floor/tracing_on"
	echo > "$tracefs/instances/ltt-$floor/trace"
	echo "$t1 - $t0" | bc
}
have_trace_cmd=no
if command -v trace-cmd >/dev/null; then
	if (cd "$tmp" && trace-cmd record -e sched_switch -o "$tmp/probe.dat" -- true) >"$tmp/tc.err" 2>&1 \
	   && [ -s "$tmp/probe.dat" ]; then
		have_trace_cmd=yes
	else
		tc_reason=$(grep -v '^$' "$tmp/tc.err" | head -n 2 | tr '\n' ' ')
	fi
else
	tc_reason="not installed"
fi
run_trace_cmd() {
	t0=$(now)
	(cd "$tmp" && trace-cmd record -e sched -e task -e raw_syscalls -e irq -e exceptions \
		-o "$tmp/tc.dat" -- sh -c "$*" >/dev/null 2>&1)
	t1=$(now)
	echo "$t1 - $t0" | bc
}

"$lttctl" create "$floor" -o "$tmp/unused" -f >/dev/null || exit 1

bench_job() {   # bench_job NAME SHELL-FUNCTION
	name=$1
	fn=$2
	: > "$tmp/base"; : > "$tmp/lttd"; : > "$tmp/floor"; : > "$tmp/tc"; : > "$tmp/lttdcpu"; : > "$tmp/whole"
	$fn   # warm the page cache
	i=0
	while [ $i -lt "$runs" ]; do
		# Rotate the order so that no configuration always follows the
		# same one; write back the previous trace before each timing.
		for k in 0 1 2 3; do
			case $(( (k + i) % 4 )) in
			0) sync; run_base $fn >> "$tmp/base" ;;
			1) sync; run_floor $fn >> "$tmp/floor" ;;
			2) sync; run_lttd ". '$jobs'; $fn" >> "$tmp/lttd"
			   read cpu events lost < "$tmp/lttd.last"
			   echo "$cpu $events $lost $(tail -n 1 "$tmp/lttd")" >> "$tmp/lttdcpu"
			   rm -rf "$tmp/trace" ;;
			3) if [ $have_trace_cmd = yes ]; then
			       sync; run_trace_cmd ". '$jobs'; $fn" >> "$tmp/tc"
			   fi ;;
			esac
		done
		i=$((i + 1))
	done
	base=$(median < "$tmp/base")
	pct() { echo "scale=2; ($1 - $base) * 100 / $base" | bc; }
	printf '%-28s %8.3f s\n' "$name: untraced" "$base"
	t=$(median < "$tmp/floor"); printf '%-28s %8.3f s  %+6s %%\n' "  kernel buffer, no reader" "$t" "$(pct "$t")"
	t=$(median < "$tmp/lttd"); printf '%-28s %8.3f s  %+6s %%\n' "  lttctl record (lttd)" "$t" "$(pct "$t")"
	t=$(median < "$tmp/whole"); printf '%-28s %8.3f s  (job + instance set-up, state dump, last drain)\n' "  lttctl record, whole" "$t"
	if [ $have_trace_cmd = yes ]; then
		t=$(median < "$tmp/tc"); printf '%-28s %8.3f s  %+6s %%\n' "  trace-cmd record" "$t" "$(pct "$t")"
	else
		printf '%-28s   n/a (%s)\n' "  trace-cmd record" "$tc_reason"
	fi
	awk '{ cpu += $1; ev += $2; lost += $3; wall += $4 }
	     END { printf "  lttd: %.0f events/run, %.0f lost, CPU %.3f s per run = %.2f %% of one CPU\n",
	           ev / NR, lost / NR, cpu / NR / 1e9, cpu / 1e9 / wall * 100 }' "$tmp/lttdcpu"
}

echo "== record-overhead: $(uname -r), $(nproc) CPUs, $runs runs each, median"
bench_job "tar+gzip of $tree" job_tar
bench_job "build of libltt" job_build

# Cost per event: a loop of getppid calls, 2 events each.
n=${CALLS:-2000000}
b=$("$loop" "$n" | awk '{ print $6 }')
f=$(echo 1 > "$tracefs/instances/ltt-$floor/tracing_on"; "$loop" "$n" | awk '{ print $6 }';
    echo 0 > "$tracefs/instances/ltt-$floor/tracing_on")
rm -rf "$tmp/trace"
l=$("$lttctl" record -o "$tmp/trace" -- "$loop" "$n" 2>/dev/null | awk '{ print $6 }')
lost=$(awk '$1 ~ /^lttd\.cpu[0-9]+\.lost$/ { l += $2 } END { print l + 0 }' "$tmp/trace/metadata")
echo "== system-call loop: $n getppid calls (2 events each)"
echo "  untraced:                  $b ns per call"
echo "  kernel buffer, no reader:  $f ns per call, $(echo "scale=1; ($f - $b) / 2" | bc) ns per event"
echo "  lttctl record (lttd):      $l ns per call, $(echo "scale=1; ($l - $b) / 2" | bc) ns per event ($lost lost)"
