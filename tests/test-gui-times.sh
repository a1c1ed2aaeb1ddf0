#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# test-gui-times.sh: the times asked of lttv-gui (doc/gui.md, "Times"):
# a time must lie in the trace, else the script line or the time bar's
# field says why; a window keeps its start and has its end cut back to the
# trace's; the time bar's End is the last nanosecond shown (the whole
# trace ends at its last event); with no trace, no window.
. "${TESTS_SRCDIR:?}/lttv-env.sh"
. "$srcdir/gui-env.sh"

require_xvfb
echo "1..10"

"$synth" -o "$tmp/t" --cpus 4 --processes 50 --events 200000 --seed 3 > /dev/null ||
	{ echo "Bail out! ltt-synth failed"; exit 1; }

# A hang is a failure (timeout's status 124), not a stuck test.
run() {
	timeout 120 "$gui" -t "$tmp/t" --viewer eventrate "$@" --script - > "$tmp/out" 2> "$tmp/err"
	status=$?
}
sec() {
	printf '%d.%09d' $(( $1 / 1000000000 )) $(( $1 % 1000000000 ))
}

run <<EOF2
print
quit
EOF2
span_end=$(awk '{ print $3 }' "$tmp/out")
last=$(sec $(( $(ns "$span_end") - 1 )))

run <<EOF2
window 0.05 99
print
window 0.05 0.3
print
quit
EOF2
[ $status -eq 0 ] && [ "$(sed -n 1p "$tmp/out" | awk '{ print $2, $3 }')" = "0.050000000 $span_end" ] &&
	[ "$(sed -n 2p "$tmp/out" | awk '{ print $2, $3 }')" = "0.050000000 $span_end" ]
check $? "window 0.05 99, window 0.05 0.3: the start kept, the end cut back to the trace's ($span_end): $(tr '\n' ' ' < "$tmp/out")"

run <<EOF2
print
time 99
print
EOF2
[ $status -eq 1 ] && grep -q "stdin:2: time: 99 is past the end of the trace (its last event is at $last)" "$tmp/err" &&
	[ "$(wc -l < "$tmp/out")" -eq 1 ]
check $? "time 99: refused, naming the line and the last event's time ($(cat "$tmp/err"))"

run <<EOF2
time $last
window 0.3 0.4
EOF2
[ $status -eq 1 ] && grep -q "stdin:2: window: 0.3 is past the end of the trace" "$tmp/err"
check $? "time LAST accepted; window 0.3 0.4: refused ($(cat "$tmp/err"))"

# The time bar's fields, typed into (Alt+E End, then Tab: Current
# time).
run <<EOF2
wait
window 0.05 0.1
key <Alt>e
key <Control>a 9 9 Return
print
quit
EOF2
[ $status -eq 0 ] && [ "$(awk '{ print $2, $3 }' "$tmp/out")" = "0.050000000 $span_end" ]
check $? "End 99 typed: the start kept, the end cut back ($(cat "$tmp/out"))"

run <<EOF2
wait
window 0.05 0.1
key <Alt>e
key <Control>a $(echo "$last" | sed 's/./& /g; s/\./period/g') Return
print
key <Alt>e
key <Control>a 0 period 1 Return
print
quit
EOF2
[ $status -eq 0 ] && [ "$(sed -n 1p "$tmp/out" | awk '{ print $2, $3 }')" = "0.050000000 $span_end" ]
check $? "End $last (the last event, as the statistics and the event list show it) typed: the window includes it"
[ "$(sed -n 2p "$tmp/out" | awk '{ print $2, $3 }')" = "0.050000000 0.100000001" ]
check $? "End 0.1 typed: the window includes 0.1 s ($(sed -n 2p "$tmp/out"))"

run <<EOF2
wait
key <Alt>e Tab
key <Control>a 9 9 Return
print
quit
EOF2
[ $status -eq 0 ] && [ "$(awk '{ print $5 }' "$tmp/out")" = 0.000000000 ]
check $? "Current time 99 typed: refused, the time kept ($(cat "$tmp/out"))"

# Without a trace.
timeout 120 "$gui" --script - > "$tmp/out" 2> "$tmp/err" <<EOF2
window 0 1
EOF2
[ $? -eq 1 ] && grep -q "stdin:1: window: no trace is open" "$tmp/err"
check $? "window 0 1 without a trace: refused ($(cat "$tmp/err"))"
timeout 120 "$gui" --script - > "$tmp/out" 2> "$tmp/err" <<EOF2
time 0
EOF2
[ $? -eq 1 ] && grep -q "stdin:1: time: no trace is open" "$tmp/err"
check $? "time 0 without a trace: refused"

run <<EOF2
wait
key <Control>w
status
quit
EOF2
[ $status -eq 0 ] && grep -q '^status Tab closed; no trace open' "$tmp/out"
check $? "Ctrl+W on the only tab: the status bar says so ($(cat "$tmp/out"))"
