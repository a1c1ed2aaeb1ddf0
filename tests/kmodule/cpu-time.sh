#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# cpu-time.sh BUILD_DIR [ROUNDS]: why the trace's CPU time of a task and the
# kernel's differ in the qemu guest (TCG).  Records test-kmodule.sh's
# workload (4 children, 500 getppid calls, 40 ms asleep, 200 ms busy)
# ROUNDS times (default 3) through the module and through ftrace with
# sched_stat_runtime, the kernel's charge of each run.  Prints per round the
# children's CPU time in the trace against the kernel's (schedstat) and,
# through ftrace, how each run's length in the trace (switch to switch)
# differs from what the kernel charged it, by how the run began: for doc/
# kernel-module.md; not a test.
top_src=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:?usage: cpu-time.sh BUILD_DIR [ROUNDS]}" && pwd)
rounds=${2:-3}
lttv=$build/lttv/lttv/lttv
. "$top_src/tests/kmodule/guest.sh"
kmodule_prepare || { echo "cpu-time.sh: $KMODULE_WHY" >&2; exit 1; }
work=$build/tests/kmodule-cpu-time
rm -rf "$work" && mkdir -p "$work/boot"
kmodule_build "$top_src" "$work/build" || { cat "$work/build/build.log"; exit 1; }
cp "$KMODULE_KO" "$work/boot/" && kmodule_initramfs "$work/initramfs.gz" || exit 1
printf "B='%s'\nrounds=%s\n" "$build" "$rounds" >"$work/guest"
cat >>"$work/guest" <<'GUEST'
w=$(dirname "$0")
cd "$w" || exit 1
insmod ltt-tracer.ko || exit 2
export LTTCTL_STATE_DIR=/tmp/lttctl
mount -t tracefs nodev /sys/kernel/tracing
wl="$B/tests/workload/ltt-workload $B/tests/workload/ltt-workload-child 4 500 40 200"
r=1
while [ $r -le $rounds ]; do
	$B/ltt-control/lttctl record --tracer=module -o $w/module$r -- $wl >module$r.workload 2>module$r.log || exit 3
	$B/ltt-control/lttctl record --tracer=ftrace -e sched:sched_stat_runtime -o $w/ftrace$r -- $wl \
		>ftrace$r.workload 2>ftrace$r.log || exit 4
	r=$((r + 1))
done
rmmod ltt_tracer
GUEST
kmodule_boot "$work/initramfs.gz" "$work/boot" "$work/guest" 2 || { kmodule_report "$work/boot"; exit 1; }
d=$work/boot
r=1
while [ $r -le "$rounds" ]; do
	for tracer in module ftrace; do
		"$lttv" -m textDump "$d/$tracer$r" >"$d/$tracer$r.dump" 2>/dev/null || exit 1
		echo "round $r, $tracer:"
		# A run: from the switch to a child to the switch away from it, on one
		# CPU.  Its charge: the child's sched_stat_runtime in between.
		awk '
		FNR == NR { if ($1 == "child") kernel[$2] = $3; next }
		{
			cpu = $3; t = $4; name = $5
			delete f
			for (i = 6; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
			if (name == "sched_stat_runtime") { if (f["pid"] in kernel) { charge[f["pid"]] += f["runtime"]; have = 1 }; next }
			if (name == "sched_wakeup") { woken[f["pid"]] = t; next }
			if (name != "sched_switch") next
			p = f["prev_pid"]; nx = f["next_pid"]
			if ((p in kernel) && running[cpu] == p) {
				run = (t - start[cpu]) * 1e9
				traced[p] += run
				d = run - charge[p]
				runs++; absdiff += d < 0 ? -d : d
				if (from_idle[cpu]) { idle_runs++; idle_diff += d; idle_gap += gap[cpu] }
				else other_diff += d
			}
			from_idle[cpu] = p == 0
			# The wakeup of this run, when it came after the last switch away.
			gap[cpu] = (nx in woken) && woken[nx] > left[nx] ? (t - woken[nx]) * 1e9 : 0
			left[p] = t
			running[cpu] = nx; start[cpu] = t; charge[nx] = 0
		}
		END {
			lo = 1e9; hi = -1e9
			for (p in kernel) {
				e = (traced[p] - kernel[p]) / kernel[p] * 100
				if (e < lo) lo = e
				if (e > hi) hi = e
				tk += kernel[p]; tt += traced[p]
			}
			printf "  children: trace %.2f ms, kernel %.2f ms: %+.2f %% (single children %+.2f to %+.2f %%)\n",
				tt / 1e6, tk / 1e6, (tt - tk) / tk * 100, lo, hi
			if (!have) exit
			printf "  %d runs, |trace - charge| %.2f ms in all; %d runs switched to from idle: %+.2f ms (their wakeups came %.2f ms before the switches); the others %+.2f ms\n",
				runs, absdiff / 1e6, idle_runs, idle_diff / 1e6, idle_gap / 1e6, other_diff / 1e6
		}' "$d/$tracer$r.workload" "$d/$tracer$r.dump"
	done
	r=$((r + 1))
done
