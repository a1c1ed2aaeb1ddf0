#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# Kernel and user-space events recorded together: `lttctl record -u` makes
# lttd drain the libltt-ust buffers into the kernel trace's directory, and
# lttv merges both in time.  Checked: both kinds of channel are there, every
# user-space event is present and none lost, the merged dump is in time
# order, and the user-space events fall inside the application's life as
# the kernel saw it (exec to exit), which only holds if both share a clock.
# Needs root and tracefs; says so and skips otherwise.
B=${TOP_BUILDDIR:-..}
LTTCTL=$B/ltt-control/lttctl
EXAMPLE=$B/tests/ust-example/ust-example
LTTV=$B/lttv/lttv/lttv
LTTV_MODULE_PATH=$B/lttv/modules/text
export LTTV_MODULE_PATH
echo "1..5"
skip_all() {
	for i in 1 2 3 4 5; do echo "ok $i # SKIP $1"; done
	exit 0
}
[ "$(id -u)" = 0 ] || skip_all "needs root"
[ -d /sys/kernel/tracing/instances ] || skip_all "needs tracefs at /sys/kernel/tracing"
[ -x "$LTTCTL" ] || skip_all "lttctl not built (configure found no libtracefs)"

TMP=$(mktemp -d "${TMPDIR:-/tmp}/test-ust-kernel.XXXXXX") || exit 1
trap 'rm -rf "$TMP"' EXIT
n=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi; }

"$LTTCTL" record -o "$TMP/trace" -u "$TMP/registry" -- "$EXAMPLE" --threads 2 --events 3000 \
	> "$TMP/app.out" 2> "$TMP/lttctl.err"
st=$?
sed 's/^/# /' "$TMP/app.out" "$TMP/lttctl.err"
emitted=$(sed -n 's/^emitted \([0-9]*\) lost \([0-9]*\) .*/\1/p' "$TMP/app.out")
app_lost=$(sed -n 's/^emitted \([0-9]*\) lost \([0-9]*\) .*/\2/p' "$TMP/app.out")
[ $st -eq 0 ] && [ "$emitted" = 6000 ] && [ "$app_lost" = 0 ]
ok $? "lttctl record -u of a 2-thread application (status $st, emitted ${emitted:-?}, lost ${app_lost:-?})"

ls "$TMP/trace" | grep -q '^kernel_[0-9]*$' && ls "$TMP/trace" | grep -q '^ust-ust-example-[0-9]*_[0-9]*$'
ok $? "kernel and user-space channel files in one trace directory"

"$LTTV" -m textDump -t "$TMP/trace" > "$TMP/dump" 2> "$TMP/lttv.err"
st=$?
ust=$(awk '$2 ~ /^ust-/ && $5 != "ust_thread"' "$TMP/dump" | wc -l)
[ $st -eq 0 ] && [ "$ust" -eq 6000 ]
ok $? "every user-space event read back, none lost (lttv status $st, $ust events)"

awk '{ if ($4 < last) bad++; last = $4 } END { exit bad > 0 }' "$TMP/dump"
ok $? "kernel and user-space events merged in time order"

pid=$(ls "$TMP/trace" | sed -n 's/^ust-ust-example-\([0-9]*\)_.*/\1/p' | head -n 1)
awk -v pid="$pid" '
	$5 == "sched_process_exec" && $0 ~ (" pid=" pid " ") { exec_t = $4 }
	$5 == "sched_process_exit" && $0 ~ (" pid=" pid " ") { exit_t = $4 }
	$2 ~ /^ust-/ { if (first == "") first = $4; last = $4 }
	END {
		printf "# exec %s, user-space events %s .. %s, exit %s\n", exec_t, first, last, exit_t
		exit !(exec_t != "" && exit_t != "" && first >= exec_t && last <= exit_t)
	}' "$TMP/dump"
ok $? "user-space events lie between the kernel's exec and exit of the application (one clock)"
