#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# lttv-time-range.sh: lttv's --begin and --end seek to the first event of
# the range and stop after its last one (they do not read and drop the
# events outside it); with -p and -s the state at --begin is the one the
# whole run has there.
. "${TESTS_SRCDIR:?}/lttv-env.sh"
"$top_builddir/ltt/ltt-synth" -o "$tmp/t" --cpus 2 --processes 10 --events 20000 --seed 3 \
	> /dev/null || { echo "Bail out! ltt-synth failed"; exit 1; }
"$lttv" -m textDump -p -t "$tmp/t" > "$tmp/all" || { echo "Bail out! lttv failed"; exit 1; }

echo "1..9"
# Times of the 5000th and 15000th events, and the first one's in nanoseconds.
b=$(sed -n 5000p "$tmp/all" | cut -d' ' -f4)
e=$(sed -n 15000p "$tmp/all" | cut -d' ' -f4)
first=$(sed -n 1p "$tmp/all" | cut -d' ' -f4)
ns() { echo "$1" | awk -F. '{ printf "%d%s\n", $1, $2 }'; }
# The lines of the whole dump from time $1 to time $2, both included.
between() { awk -v b="$(ns "$1")" -v e="$(ns "$2")" '{ split($4, t, "."); n = t[1] t[2] } n + 0 >= b + 0 && n + 0 <= e + 0' "$tmp/all"; }

between "$b" "$e" > "$tmp/want"
"$lttv" -m textDump -p --begin "$b" --end "$e" -t "$tmp/t" > "$tmp/got"
cmp -s "$tmp/want" "$tmp/got" && [ -s "$tmp/got" ]
check $? "--begin/--end print the events of the range, process columns as in the whole run"

"$lttv" -v -m textDump --begin "$b" --end "$e" -t "$tmp/t" 2> "$tmp/err" > /dev/null
grep -q "^lttv: $(wc -l < "$tmp/want") events read$" "$tmp/err"
check $? "only the events of the range are read (a seek, not a filter)"

"$lttv" -v -m textDump -p --begin "$b" --end "$e" -t "$tmp/t" 2> "$tmp/err" > /dev/null
grep -q "^lttv: $(wc -l < "$tmp/want") events read$" "$tmp/err"
check $? "with -p too (the state at --begin is rebuilt without delivering the events before it)"

# +S.F: seconds after the first event.
off=0.012345678
abs=$(awk -v f="$(ns "$first")" -v o=12345678 'BEGIN { n = f + o; printf "%d.%09d\n", int(n / 1e9), n % 1e9 }')
"$lttv" -m textDump --begin "+$off" -t "$tmp/t" > "$tmp/rel"
"$lttv" -m textDump --begin "$abs" -t "$tmp/t" > "$tmp/abs"
cmp -s "$tmp/rel" "$tmp/abs" && [ -s "$tmp/rel" ] && [ "$(wc -l < "$tmp/rel")" -lt 20000 ]
check $? "--begin=+S.F is S.F seconds after the start of the trace"

"$lttv" -m textDump --end "+0" -t "$tmp/t" > "$tmp/one"
[ "$(cut -d' ' -f4 "$tmp/one" | sort -u)" = "$first" ]
check $? "--end=+0 stops after the events at the first time"

"$lttv" -m textDump -s --no-events --stats-format=paths --begin "$b" --end "$e" -t "$tmp/t" > "$tmp/stats"
grep -qx "t/events $(wc -l < "$tmp/want")" "$tmp/stats"
check $? "-s counts the events of the range"

"$lttv" -m textDump --begin 1000000 -t "$tmp/t" > "$tmp/none" 2>&1
[ $? -eq 0 ] && [ ! -s "$tmp/none" ]
check $? "a range after the trace prints nothing, status 0"

"$lttv" -m textDump --begin 1.2.3 -t "$tmp/t" > /dev/null 2> "$tmp/err"
[ $? -eq 1 ] && grep -q 'option --begin: time "1.2.3": column 4' "$tmp/err"
check $? "a malformed time names the column"

"$lttv" -m textDump --end "+1x" -t "$tmp/t" > /dev/null 2> "$tmp/err"
[ $? -eq 1 ] && grep -q 'option --end: time "1x": column 2' "$tmp/err"
check $? "a malformed relative time names the column"
