#!/bin/sh
# lttv-clock-date.sh: textDump --clock-date prints each event's time as the
# wall-clock date (the trace's clock plus the metadata's clock.offset) after
# a header naming the clock; without it, seconds of the trace's clock.
. "${TESTS_SRCDIR:?}/lttv-env.sh"
synth="$top_builddir/ltt/ltt-synth"
"$synth" -o "$tmp/synth" --cpus 2 --processes 3 --events 50 --seed 1 > /dev/null ||
	{ echo "Bail out! ltt-synth failed"; exit 1; }
echo "1..2"

# ltt-synth's clock: monotonic, offset 1700000000 s; its first event at 10 s.
"$lttv" -m textDump -t "$tmp/synth" --clock-date > "$tmp/date" 2> "$tmp/err"
status=$?
head -1 "$tmp/date" | grep -q '^# times: wall-clock UTC, the monotonic clock .*synth: 1700000000000000000 ns' &&
	sed -n 2p "$tmp/date" | grep -q '^synth kernel 0 2023-11-14T22:13:30\.000000000Z ' &&
	[ $status -eq 0 ] && [ ! -s "$tmp/err" ]
check $? "--clock-date: a header naming the clock, then wall-clock dates"

"$lttv" -m textDump -t "$tmp/synth" > "$tmp/plain" 2> "$tmp/err"
head -1 "$tmp/plain" | grep -q '^synth kernel 0 10\.000000000 ' &&
	[ "$(wc -l < "$tmp/plain")" -eq "$(($(wc -l < "$tmp/date") - 1))" ]
check $? "without it: seconds of the trace's clock, the same events"
