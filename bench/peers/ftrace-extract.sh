#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# ftrace-extract.sh OUT.dat COMMAND [ARG...]: a trace.dat of the kernel
# events lttctl records by default (bench/run-all.sh compares `trace-cmd
# report` with `lttv -m textDump` on the same workload).  `trace-cmd record`
# fails on the benchmark VM ("Can't enable ftrace"), so this makes a tracefs
# instance by hand, enables the events, runs COMMAND, writes the instance's
# buffer out with `trace-cmd extract -B` and removes the instance.  The
# per-CPU buffer (BUFFER_KB, default 524288) must hold the whole run: nobody
# reads it meanwhile.  Needs root.
set -u
out=$1
shift
tracefs=${LTT_TRACEFS:-/sys/kernel/tracing}
name=lttv-bench-$$
inst=$tracefs/instances/$name
fail() { echo "ftrace-extract: $*" >&2; exit 1; }
command -v trace-cmd >/dev/null || fail "trace-cmd not installed"
[ -d "$tracefs/instances" ] || fail "no tracefs at $tracefs"
mkdir "$inst" || fail "cannot create $inst (root needed)"
trap 'rmdir "$inst" 2>/dev/null' EXIT
trap 'exit 1' INT TERM
echo 0 > "$inst/tracing_on"
echo "${BUFFER_KB:-524288}" > "$inst/buffer_size_kb" || fail "cannot size the buffer"
for e in sched/sched_switch sched/sched_wakeup sched/sched_wakeup_new sched/sched_process_fork \
         sched/sched_process_exec sched/sched_process_exit sched/sched_process_free task/task_newtask \
         raw_syscalls/sys_enter raw_syscalls/sys_exit irq/irq_handler_entry irq/irq_handler_exit \
         irq/softirq_entry irq/softirq_exit irq/softirq_raise \
         exceptions/page_fault_user exceptions/page_fault_kernel; do
	[ -e "$inst/events/$e/enable" ] && echo 1 > "$inst/events/$e/enable"
done
echo 1 > "$inst/tracing_on"
"$@" >/dev/null 2>&1
echo 0 > "$inst/tracing_on"
overrun=$(awk '/^overrun:/ { s += $2 } END { print s + 0 }' "$inst"/per_cpu/cpu*/stats)
rm -f "$out"
trace-cmd extract -B "$name" -o "$out" >/dev/null 2>&1 || fail "trace-cmd extract failed"
for e in "$inst"/events/*/enable; do echo 0 > "$e"; done 2>/dev/null
[ "$overrun" = 0 ] || echo "ftrace-extract: $overrun events overwritten (raise BUFFER_KB)" >&2
