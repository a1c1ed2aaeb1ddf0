#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# lttng-ust-trace.sh OUT EVENTS CHANNELS MODE: records a CTF trace with
# LTTng-UST, for babeltrace2 to read beside our reader (run-all.sh).  The
# application is bench-ust-lttng (bench/bench-ust-lttng.c): events of
# (thread u32, seq u64, value u64), the same as bench-ust writes.
#   MODE split   CHANNELS threads, each thread's events go to its own channel
#                (a filter on the thread field): 2 x CHANNELS streams on 2
#                CPUs, each written by one thread, EVENTS in all.
#   MODE fanout  two threads; every tracepoint hit is written to all
#                CHANNELS channels, so consecutive events of the trace come
#                from different streams (2 x CHANNELS of them): the worst case
#                for a merge.  EVENTS in all.
# Channels block instead of discarding (LTTNG_UST_ALLOW_BLOCKING) so that the
# trace holds every event whatever the consumer's speed, and the application
# waits for its registration however long (with hundreds of channels it
# exceeds the default 3 s, after which it would run untraced and leave
# incomplete metadata).  Starts lttng-sessiond when none answers, and stops
# it afterwards.
set -u
out=$1 events=$2 channels=$3 mode=$4
src=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d) || exit 1
session=lttv-bench-$$
sessiond=
cleanup() {
	lttng destroy "$session" >/dev/null 2>&1
	[ -n "$sessiond" ] && kill "$sessiond" 2>/dev/null && wait "$sessiond" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
fail() { echo "lttng-ust-trace: $*" >&2; exit 1; }

command -v lttng >/dev/null && command -v lttng-sessiond >/dev/null || fail "lttng-tools not installed"
pkg-config --exists lttng-ust 2>/dev/null || fail "liblttng-ust-dev not installed"
${CC:-cc} -O2 -I"$src" "$src/bench-ust-lttng.c" -o "$tmp/app" $(pkg-config --cflags --libs lttng-ust) -pthread \
	2>"$tmp/cc.err" || fail "cannot build bench-ust-lttng: $(head -n 3 "$tmp/cc.err")"
if ! lttng list >/dev/null 2>&1; then
	lttng-sessiond >"$tmp/sessiond.log" 2>&1 & sessiond=$!
	i=0
	while ! lttng list >/dev/null 2>&1 && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
	lttng list >/dev/null 2>&1 || fail "lttng-sessiond does not answer: $(head -n 3 "$tmp/sessiond.log")"
fi

rm -rf "$out"
lttng create "$session" --output="$out" >/dev/null || fail "lttng create failed"
# Room for the metadata of many channels; small sub-buffers when there are
# many channels (tmpfs use is channels x CPUs x 4 sub-buffers).
lttng enable-channel -u -s "$session" metadata --subbuf-size=4M --num-subbuf=2 >/dev/null ||
	fail "lttng enable-channel metadata failed"
subbuf=1M
[ "$channels" -gt 16 ] && subbuf=64k
c=0
while [ $c -lt "$channels" ]; do
	lttng enable-channel -u -s "$session" "ch$c" --subbuf-size=$subbuf --num-subbuf=4 --blocking-timeout=inf \
		>/dev/null || fail "lttng enable-channel failed"
	if [ "$mode" = split ]; then
		lttng enable-event -u -s "$session" -c "ch$c" bench_ust:tick --filter "thread == $c" >/dev/null
	else
		lttng enable-event -u -s "$session" -c "ch$c" bench_ust:tick >/dev/null
	fi || fail "lttng enable-event failed"
	c=$((c + 1))
done
lttng start "$session" >/dev/null || fail "lttng start failed"
export LTTNG_UST_ALLOW_BLOCKING=1 LTTNG_UST_REGISTER_TIMEOUT=-1
if [ "$mode" = split ]; then
	"$tmp/app" "$channels" $((events / channels)) >/dev/null
else
	"$tmp/app" 2 $((events / channels / 2)) >/dev/null
fi || fail "bench-ust-lttng failed"
msg=$(lttng stop "$session" 2>&1) || fail "lttng stop failed: $msg"
case $msg in *discarded*|*lost*) fail "$msg" ;; esac
lttng destroy "$session" >/dev/null 2>&1
