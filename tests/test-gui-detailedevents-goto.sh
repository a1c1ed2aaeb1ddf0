#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# test-gui-detailedevents-goto.sh: the event list's Go to field (Alt+G):
# a bare number is seconds since the start, as its hint says; #N is event
# N, selected and made the current time as a click does; a time past the
# trace's end goes to the last event.
. "${TESTS_SRCDIR:?}/lttv-env.sh"
. "$srcdir/viewers-env.sh"

"$synth" -o "$tmp/t" --cpus 4 --processes 50 --events 200000 --seed 3 > /dev/null ||
	{ echo "Bail out! ltt-synth failed"; exit 1; }
"$lttv" -m textDump -t "$tmp/t" > "$tmp/dump" || { echo "Bail out! textDump failed"; exit 1; }
. "$srcdir/detailedevents-rows.sh"
dump_rows "$tmp/dump" "$(awk 'NR == 1 { print $4 }' "$tmp/dump")" > "$tmp/expected"
last=$(tail -n 1 "$tmp/expected" | awk '{ print $4 }')
event150000=$(awk 'NR == 150001 { print $4 }' "$tmp/expected")

echo "1..5"

ns() {
	echo "$1" | awk -F. '{ printf "%d%09d\n", $1, $2 }' | sed 's/^0*\([0-9]\)/\1/'
}

# Types TEXT in the Go to field (key names, one per character), then
# prints the tab's state.
goto() {
	keys=$(echo "$1" | sed 's/./& /g; s/\./period/g; s/#/numbersign/g')
	printf 'open %s\nresize 1024 768\nwait\nkey <Alt>g\nkey %s Return\nwait\nprint\nquit\n' \
		"$tmp/t" "$keys" > "$tmp/goto.script"
	gui_run detailedevents "$tmp/goto.script"
	sed -n 's/.* time \([0-9.]*\) traces.*/\1/p' "$tmp/out"
}

t=$(goto 0.1)
[ "$(ns "$t")" -ge 100000000 ] && [ "$(ns "$t")" -lt 101000000 ]
check $? "0.1: the first event at or after 0.1 s ($t)"

t=$(goto 1)
[ "$t" = "$last" ]
check $? "1 (the trace is $last s long): seconds, past the end: the last event ($t)"

t=$(goto 0.3)
[ "$t" = "$last" ]
check $? "0.3: past the end: the last event ($t)"

t=$(goto '#150000')
[ "$t" = "$event150000" ]
check $? "#150000: event 150000 selected, the current time its time ($t, want $event150000)"

# An event number past the end of a 2 M-event trace, asked for at once
# (the index is still being made): once the index is done, the list says there is none and the
# tab is no longer busy (it waited for a number that never came: `wait`
# hung).
"$synth" -o "$tmp/big" --cpus 4 --processes 50 --events 2000000 --seed 3 > /dev/null ||
	{ echo "Bail out! ltt-synth failed"; exit 1; }
printf 'open %s\nkey <Alt>g\nkey numbersign 9 9 9 9 9 9 9 Return\nwait\nprint\nquit\n' "$tmp/big" > "$tmp/past.script"
gui_run detailedevents "$tmp/past.script"
[ $status -eq 0 ] && grep -q '^window ' "$tmp/out"
check $? "#9999999 while indexing: the tab is idle again once the index is done (status $status)"
