#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# test-gui-statistics.sh: the statistics viewer under Xvfb gives the figures
# of `lttv -m textDump -s` (which tests/lttv-analysis.sh checks against
# ltt-synth --truth): for the whole trace, and for a time window set after
# the viewer switched to "Time window" (so it follows the tab).  The
# figures are read back through the viewer's copy (Ctrl+C: the CSV of
# textDump's --stats-format=csv).  The viewer builds its nodes down to the
# processes and the rest as rows open: what the rows opened after a window
# change show (Ctrl+Shift+C copies the rows shown) is the full tree's.
. "${TESTS_SRCDIR:?}/lttv-env.sh"
. "$srcdir/viewers-env.sh"

"$synth" -o "$tmp/t" --cpus 2 --processes 20 --events 20000 --seed 3 > /dev/null ||
	{ echo "Bail out! ltt-synth failed"; exit 1; }

echo "1..10"

"$lttv" -m textDump -t "$tmp/t" -s --no-events --stats-format=csv > "$tmp/whole.csv"
cat > "$tmp/whole.script" <<SCRIPT
open $tmp/t
resize 1024 768
wait
screenshot $tmp/whole.png statistics
click statistics 300 150
key <Control>c
quit
SCRIPT
gui_run statistics "$tmp/whole.script"
[ "$(wc -l < "$tmp/whole.csv")" -gt 1000 ] && diff -u "$tmp/whole.csv" "$tmp/copied" >&2
check $? "whole trace: the figures of lttv -m textDump -s"

# The window [A, L + 1 ns), L an event's time: the events of textDump's
# --begin=A --end=L.  The window's figures are closed at its end, L + 1 ns,
# textDump's at its last event, L: every row has the same events, and
# each submode (a leaf of the times) at most 1 ns more of each time.
times=$("$lttv" -m textDump -t "$tmp/t" | awk '
	NR == 1 { split($4, t, "."); s0 = t[1]; n0 = t[2] }
	NR == 5000 || NR == 9000 || NR == 9001 {
		split($4, t, "."); printf "%d ", (t[1] - s0) * 1000000000 + t[2] - n0 }')
set -- $times
a=$1 l=$2 next=$3
[ "$next" -gt $((l + 1)) ] || { echo "Bail out! two events 1 ns apart at the window's end"; exit 1; }
sec() { printf '%d.%09d' $(($1 / 1000000000)) $(($1 % 1000000000)); }
"$lttv" -m textDump -t "$tmp/t" -s --no-events --stats-format=csv --begin=+"$(sec $a)" \
	--end=+"$(sec $l)" > "$tmp/window.csv"
cat > "$tmp/window.script" <<SCRIPT
open $tmp/t
resize 1024 768
wait
key <Alt>m
window $(sec $a) $(sec $((l + 1)))
wait
click statistics 300 150
key <Control>c
quit
SCRIPT
gui_run statistics "$tmp/window.script"
paste -d '|' "$tmp/window.csv" "$tmp/copied" | awk -F '|' '
	function ns(s,  p) { if (s == "") return 0; split(s, p, "."); return p[1] * 1000000000 + p[2] }
	{
		n1 = split($1, x, ","); n2 = split($2, y, ",")
		if (n1 != n2) { print "# line " NR ": " $1 " | " $2; bad = 1; next }
		for (i = 1; i <= 11; i++) if (x[i] != y[i]) { print "# line " NR ": " $1 " | " $2; bad = 1; next }
		for (i = 12; i <= 14; i++) {
			d = ns(y[i]) - ns(x[i])
			if (d < 0 || (x[1] == "submode" && d > 1)) { print "# line " NR ": " $1 " | " $2; bad = 1; next }
		}
	}
	END { exit bad || NR < 100 }'
check $? "time window $(sec $a) to $(sec $((l + 1))): the events of textDump -s --begin --end, times closed 1 ns later"

# The screenshot shows the figures: the tree's rows are drawn (dark text on
# the white rows below the header), not an empty view.
dark=$("$pngcheck" "$tmp/whole.png" dark@300x60+0+55 | awk 'NR == 2 { print $2 }')
[ "${dark:-0}" -gt 100 ]
check $? "the screenshot shows the tree's rows (${dark:-no} dark pixels)"

# A row's children are made when it is first expanded: CPU 0's rows appear
# below it (Shift+Right opens every level under the cursor's row) (the text of the rows in the tree's lower part).
cat > "$tmp/expand.script" <<SCRIPT
open $tmp/t
resize 1024 768
wait
screenshot $tmp/collapsed.png statistics
click statistics 300 150
key Home
key Down
key <Shift>Right
screenshot $tmp/expanded.png statistics
quit
SCRIPT
gui_run statistics "$tmp/expand.script"
before=$("$pngcheck" "$tmp/collapsed.png" dark@300x150+0+140 | awk 'NR == 2 { print $2 }')
after=$("$pngcheck" "$tmp/expanded.png" dark@300x150+0+140 | awk 'NR == 2 { print $2 }')
[ "${before:-1}" -eq 0 ] && [ "${after:-0}" -gt 300 ]
check $? "expanding CPU 0 shows its processes (dark pixels below the CPU rows: ${before:-none} collapsed, ${after:-none} expanded)"

# "By CPU" off, clicked as a person would: the processes are the trace's
# children, and the idle and unknown tasks keep a row per CPU (a row was
# found by its key, one for both idle tasks: swapper/0's row was lost).
# Every process row has an expander; the rows counted are the process
# rows of the figures copied.
"$synth" -o "$tmp/few" --cpus 2 --processes 4 --events 2000 --seed 5 > /dev/null ||
	{ echo "Bail out! ltt-synth failed"; exit 1; }
cat > "$tmp/bycpu.script" <<SCRIPT
open $tmp/few
resize 1024 768
wait
click statistics 275 12
wait
screenshot $tmp/bycpu.png statistics
click statistics 300 150
key <Control>c
quit
SCRIPT
gui_run statistics "$tmp/bycpu.script"
rows=$(grep -c '^process,' "$tmp/copied")
idle=$(grep -c '^process,few,,0,' "$tmp/copied")
one=$("$pngcheck" "$tmp/bycpu.png" dark@16x25+14+80 | awk 'NR == 2 { print $2 }')
all=$("$pngcheck" "$tmp/bycpu.png" dark@16x500+14+80 | awk 'NR == 2 { print $2 }')
echo "# process rows copied: $rows ($idle idle); expander pixels: $all, $one per row"
[ "$idle" = 2 ] && [ "${one:-0}" -gt 5 ] && [ "$all" = $((rows * one)) ]
check $? "By CPU off: one row per process, both idle tasks shown ($all dark pixels of expanders for $rows rows)"

# After a window change, CPU 0's row opened with every level under it
# (Shift+Right): its processes' children are built then, from the window's
# statistics.  The rows shown under CPU 0 (Ctrl+Shift+C) are every row of
# CPU 0 in the full tree (Ctrl+C, built whole), figure for figure.
cat > "$tmp/lazy.script" <<SCRIPT
open $tmp/t
resize 1024 768
wait
key <Alt>m
window $(sec $a) $(sec $((l + 1)))
wait
click statistics 300 150
key Home
key Down
key Down
key <Shift>Right
key <Control><Shift>c
key <Control>c
quit
SCRIPT
gui_run statistics "$tmp/lazy.script"
awk -F, '/^level/ { part++ } part == 1 && $3 == "0"' "$tmp/copied" > "$tmp/shown0"
awk -F, '/^level/ { part++ } part == 2 && $3 == "0"' "$tmp/copied" > "$tmp/full0"
events=$(grep -c '^event,' "$tmp/shown0")
[ "$(grep -c '^level' "$tmp/copied")" -eq 2 ] && [ "$events" -gt 100 ] && diff -u "$tmp/full0" "$tmp/shown0" >&2
check $? "a process row opened after a window change: its modes, submodes and events (${events:-no} event rows) are the full tree's"

# The rows the user opened stay open when the figures change range
# (Whole trace to Time window): CPU 0's processes are still shown.
cat > "$tmp/keep.script" <<SCRIPT
open $tmp/t
resize 1024 768
wait
click statistics 300 60
key Home
key Down
key plus
wait
key <Alt>m
wait
screenshot $tmp/kept.png statistics
quit
SCRIPT
gui_run statistics "$tmp/keep.script"
kept=$("$pngcheck" "$tmp/kept.png" dark@300x150+0+140 | awk 'NR == 2 { print $2 }')
[ "${kept:-0}" -gt 300 ]
check $? "an opened row stays open when the range changes (${kept:-no} dark pixels below CPU 0)"

# A click on a figure's title sorts biggest first, the next click smallest
# first; on Name, A to Z.  The rows shown (Ctrl+Shift+C) after each click:
# CPU 0's processes, opened, in the order of their events (column 11) or
# names (column 6: A to Z whatever their case, the row "(no known task on
# CPU 0)" after them).
cat > "$tmp/sort.script" <<SCRIPT
open $tmp/t
resize 1024 768
wait
click statistics 300 60
key Home
key Down
key plus
click statistics 535 42
key <Control><Shift>c
click statistics 535 42
key <Control><Shift>c
click statistics 200 42
key <Control><Shift>c
quit
SCRIPT
gui_run statistics "$tmp/sort.script"
part() { awk -F, -v want="$1" -v col="$2" '/^level/ { n++ } n == want && $1 == "process" && $3 == "0" { print $col }' "$tmp/copied"; }
part 1 11 > "$tmp/first"
part 2 11 > "$tmp/second"
part 3 6 > "$tmp/names"
processes=$(wc -l < "$tmp/first")
echo "# events after one click: $(head -n 5 "$tmp/first" | tr '\n' ' ')..."
[ "$processes" -ge 10 ] && sort -n -r -c "$tmp/first" && sort -n -c "$tmp/second" &&
	! cmp -s "$tmp/first" "$tmp/second" && [ "$(tail -n 1 "$tmp/names")" = unknown ] &&
	head -n -1 "$tmp/names" | awk '{ print tolower($0) }' | LC_ALL=C sort -c
check $? "Events sorts biggest first, then smallest first; Name A to Z ($processes processes of CPU 0)"

# A trace too big to be counted within the main loop's budget (over
# 100,000 events): its whole-trace figures are counted in a thread, and
# the viewer works until they are in, so that `wait` returns with them.
# Back to the whole trace from a time window, the precomputation is there
# already: `wait` returned at once, with the figures counted so far from
# it (closed 1 ns after the end), before the thread's.
"$synth" -o "$tmp/big" --cpus 2 --processes 40 --events 400000 --seed 9 > /dev/null ||
	{ echo "Bail out! ltt-synth failed"; exit 1; }
"$lttv" -m textDump -t "$tmp/big" -s --no-events --stats-format=csv > "$tmp/big.csv"
cat > "$tmp/big.script" <<SCRIPT
open $tmp/big
wait
click statistics 300 150
key <Alt>m
wait
key <Alt>a
wait
key <Control>c
quit
SCRIPT
gui_run statistics "$tmp/big.script"
[ "$(wc -l < "$tmp/big.csv")" -gt 1000 ] && diff -u "$tmp/big.csv" "$tmp/copied" > "$tmp/big.diff"
check $? "400,000 events: after wait, the whole trace's figures are lttv -m textDump -s's ($(head -n 12 "$tmp/big.diff" | tr '\n' ' '))"

# With the rows focused, w zooms the window in as anywhere else (the tree's
# type-ahead search took the letters).
cat > "$tmp/zoom.script" <<SCRIPT
open $tmp/t
resize 1024 768
wait
print
click statistics 300 150
key w
print
quit
SCRIPT
gui_run statistics "$tmp/zoom.script"
before=$(sed -n 1p "$tmp/out" | awk '{ print $3 }')
after=$(sed -n 2p "$tmp/out" | awk '{ print $3 }')
[ $status -eq 0 ] && [ -n "$after" ] && [ "$after" != "$before" ]
check $? "w with the statistics rows focused: the window zooms in (end $before, then $after)"
