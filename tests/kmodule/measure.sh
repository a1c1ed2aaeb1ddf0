#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# measure.sh BUILD_DIR: the cost of the kernel trace module against ftrace,
# in one 2-CPU qemu guest (TCG: times are comparable only inside one run,
# so the table gives ratios).  For doc/performance.md; not a test.
#   make -C BUILD_DIR/bench bench-syscall-loop && tests/kmodule/measure.sh BUILD_DIR
top_src=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:?usage: measure.sh BUILD_DIR}" && pwd)
. "$top_src/tests/kmodule/guest.sh"
kmodule_prepare || { echo "measure.sh: $KMODULE_WHY" >&2; exit 1; }
[ -x "$build/bench/bench-syscall-loop" ] || { echo "measure.sh: make -C $build/bench bench-syscall-loop" >&2; exit 1; }
work=$build/tests/kmodule-measure
rm -rf "$work" && mkdir -p "$work/boot"
kmodule_build "$top_src" "$work/build" || { cat "$work/build/build.log"; exit 1; }
cp "$KMODULE_KO" "$work/boot/" && kmodule_initramfs "$work/initramfs.gz" || exit 1
echo "B='$build'" >"$work/guest"
cat >>"$work/guest" <<'GUEST'
w=$(dirname "$0")
cd "$w" || exit 1
export LTTCTL_STATE_DIR=/tmp/lttctl
T=/sys/kernel/tracing
mount -t tracefs nodev $T
insmod ltt-tracer.ko || exit 2
N=200000
loop="$B/bench/bench-syscall-loop $N"
job() {   # forks, execs, system calls, faults: 50 runs of a small shell pipeline
	i=0
	while [ $i -lt 50 ]; do echo $i | /bin/cat >/dev/null; i=$((i + 1)); done
}
now() { date +%s%N; }
timed() {   # timed NAME COMMAND...: "NAME seconds" of the job
	a=$(now); "$@" >/dev/null 2>&1; b=$(now)
	echo "$1 $(( (b - a) / 1000 ))" >>job.us
}
ft_on() {   # ft_on EVENTS...: an overwriting instance nobody reads (the kernel's write alone)
	mkdir $T/instances/m 2>/dev/null
	echo 4096 >$T/instances/m/buffer_size_kb
	echo mono >$T/instances/m/trace_clock
	echo 1 >$T/instances/m/options/overwrite
	for e in "$@"; do echo "$e" >>$T/instances/m/set_event; done
	echo 1 >$T/instances/m/tracing_on
}
ft_off() { echo 0 >$T/instances/m/tracing_on; echo >$T/instances/m/set_event; rmdir $T/instances/m; }
mod_on() { printf 'subbuf_size 65536\nsubbuf_count 64\nmode overwrite\nevents %s\nstart\n' "$1" >/dev/ltt/ctl; }
mod_off() { echo stop >/dev/ltt/ctl; }
job >/dev/null 2>&1   # warm the page cache of the 9p root
for round in 1 2 3; do
	echo "none $($loop)" >>loop.out
	mod_on sys_enter,sys_exit; echo "module $($loop)" >>loop.out; mod_off
	ft_on raw_syscalls:sys_enter raw_syscalls:sys_exit; echo "ftrace $($loop)" >>loop.out; ft_off
	echo "module+lttd $($B/ltt-control/lttctl record --tracer=module -n -e sys_enter -e sys_exit -o /tmp/m$round -- $loop 2>/dev/null)" >>loop.out
	echo "ftrace+lttd $($B/ltt-control/lttctl record --tracer=ftrace -n -e raw_syscalls:sys_enter -e raw_syscalls:sys_exit -o /tmp/f$round -- $loop 2>/dev/null)" >>loop.out
	timed none job
	mod_on all; timed module job; mod_off
	ft_on sched:sched_switch sched:sched_wakeup sched:sched_wakeup_new sched:sched_process_fork \
		sched:sched_process_exec sched:sched_process_exit sched:sched_process_free \
		task:task_newtask raw_syscalls irq:irq_handler_entry irq:irq_handler_exit \
		irq:softirq_entry irq:softirq_exit irq:softirq_raise exceptions
	timed ftrace job; ft_off
	a=$(now); $B/ltt-control/lttctl record --tracer=module -o /tmp/jm$round -- sh -c "$(type job | sed 1d); job" >/dev/null 2>&1; b=$(now)
	echo "module+lttd $(( (b - a) / 1000 ))" >>job.us
	a=$(now); $B/ltt-control/lttctl record --tracer=ftrace -o /tmp/jf$round -- sh -c "$(type job | sed 1d); job" >/dev/null 2>&1; b=$(now)
	echo "ftrace+lttd $(( (b - a) / 1000 ))" >>job.us
	rm -rf /tmp/m$round /tmp/f$round /tmp/jm$round /tmp/jf$round
done
rmmod ltt_tracer
GUEST
kmodule_boot "$work/initramfs.gz" "$work/boot" "$work/guest" 2 || { kmodule_report "$work/boot"; exit 1; }
d=$work/boot
echo "getppid loop ($(sed -n 's/.*calls \([0-9]*\).*/\1/p' "$d/loop.out" | head -1) calls, 2 events each), median of 3 in one guest:"
awk '{ for (i = 1; i <= NF; i++) if ($i == "ns_per_call") v[$1] = v[$1] " " $(i + 1) }
	END { for (k in v) print k, v[k] }' "$d/loop.out" | while read -r name a b c; do
	echo "$name $(printf '%s\n%s\n%s\n' "$a" "$b" "$c" | sort -n | sed -n 2p)"
done >"$d/loop.median"
base=$(awk '$1 == "none" { print $2 }' "$d/loop.median")
kft=$(awk '$1 == "ftrace" { print $2 }' "$d/loop.median")
awk -v base="$base" -v kft="$kft" '{ ev = ($2 - base) / 2; printf "  %-12s %8.1f ns/call  %7.1f ns/event  %5.2f x ftrace in-kernel\n", $1, $2, ev, (kft > base ? ev / ((kft - base) / 2) : 0) }' "$d/loop.median" | sort
echo "job (50 x 'echo | cat', all default events), median of 3:"
awk '{ v[$1] = v[$1] " " $2 } END { for (k in v) print k, v[k] }' "$d/job.us" | while read -r name a b c; do
	echo "$name $(printf '%s\n%s\n%s\n' "$a" "$b" "$c" | sort -n | sed -n 2p)"
done >"$d/job.median"
jbase=$(awk '$1 == "none" { print $2 }' "$d/job.median")
awk -v base="$jbase" '{ printf "  %-12s %8.3f s  %+6.1f %%\n", $1, $2 / 1e6, ($2 - base) / base * 100 }' "$d/job.median" | sort
