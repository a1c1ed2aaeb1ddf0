#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# test-gui-controlflow.sh: the control flow viewer under a private Xvfb,
# through lttv-gui --script, checked against the trace's own events: a task
# switched out to sleep is drawn blocked until its wakeup, then waiting for
# a CPU until it is switched in again (the colours of cfv-states.c, as
# cairo renders them); a click sets the current time under the pointer;
# a task that has exited has nothing drawn; wakeups draw their lines.
. "${TESTS_SRCDIR:?}/lttv-env.sh"
. "$srcdir/gui-env.sh"
LTTV_MODULE_PATH="$top_builddir/lttv/modules/gui/controlflow/.libs:$top_builddir/lttv/modules/gui/controlflow:$LTTV_MODULE_PATH"
pixels="$top_builddir/tests/test-gui-cfv-pixels"
BLOCKED=eed447
WAITING=f38f11
BLANK=ffffff

require_xvfb
echo "1..17"

# Rows: CPU 0 and CPU 1, then by PID: swapper/0, swapper/1, init, the
# processes from 100.
"$synth" -o "$tmp/trace" --cpus 2 --processes 3 --events 20000 --seed 5 ||
	{ echo "Bail out! ltt-synth failed"; exit 1; }
"$lttv" -m textDump -t "$tmp/trace" > "$tmp/dump" || { echo "Bail out! textDump failed"; exit 1; }
row_101=6

# The longest sleep of pid 101 (switched out with prev_state != 0, until
# its wakeup) and the longest wait for a CPU that follows a wakeup, in ns
# since the trace's first event.
awk -v pid=101 '
function ns(t,   p) { split(t, p, "."); return p[1] * 1000000000 + p[2] }
NR == 1 { start = ns($4) }
{ t = ns($4) - start }
$5 == "sched_switch" && index($0, " prev_pid=" pid " ") && !index($0, "prev_state=0 ") { slept = t }
($5 == "sched_wakeup" || $5 == "sched_wakeup_new") && index($0, " pid=" pid " ") && slept >= 0 {
	if (t - slept > sleep_len) { sleep_len = t - slept; sleep_at = slept }
	slept = -1; woke = t
}
$5 == "sched_switch" && index($0, " next_pid=" pid " ") && woke >= 0 {
	if (t - woke > wait_len) { wait_len = t - woke; wait_at = woke }
	woke = -1
}
BEGIN { slept = -1; woke = -1 }
END { printf "%d %d %d %d\n", sleep_at, sleep_len, wait_at, wait_len }' "$tmp/dump" > "$tmp/intervals"
read -r sleep_at sleep_len wait_at wait_len < "$tmp/intervals"

# A window over the middle three fifths of an interval, as seconds.
window() {
	awk -v at="$1" -v len="$2" 'BEGIN {
		a = at + len / 5; b = at + len - len / 5
		printf "%d.%09d %d.%09d\n", a / 1e9, a % 1e9, b / 1e9, b % 1e9 }'
}

run() {
	timeout 120 "$gui" --viewer controlflow "$@" --script - > "$tmp/out" 2> "$tmp/err"
	status=$?
}

run -t "$tmp/trace" <<EOF2
resize 1024 768
wait
window $(window "$sleep_at" "$sleep_len")
wait
screenshot $tmp/sleep.png controlflow
window $(window "$wait_at" "$wait_len")
wait
screenshot $tmp/wait.png controlflow
quit
EOF2
[ $status -eq 0 ] && [ ! -s "$tmp/err" ]
check $? "the script runs (windows over a sleep and a wait of pid 101)"

"$pixels" "$tmp/sleep.png" $row_101 > "$tmp/sleep.px" 2>&1 &&
	[ "$(sed -n 2p "$tmp/sleep.px")" = "$(printf "$BLOCKED %.0s" 1 2 3 4 5 6 7 8; echo $BLOCKED)" ]
check $? "pid 101 is drawn blocked all over a window inside its longest sleep ($sleep_len ns)"

"$pixels" "$tmp/wait.png" $row_101 > "$tmp/wait.px" 2>&1 &&
	[ "$(sed -n 2p "$tmp/wait.px")" = "$(printf "$WAITING %.0s" 1 2 3 4 5 6 7 8; echo $WAITING)" ]
check $? "pid 101 is drawn waiting for a CPU all over its longest wait ($wait_len ns)"

# A task that has exited: the last event naming pid 100 ends its row.
last_100=$(awk '
function ns(t,   p) { split(t, p, "."); return p[1] * 1000000000 + p[2] }
NR == 1 { start = ns($4) }
index($0, "pid=100 ") { last = ns($4) - start }
END { print last }' "$tmp/dump")
end_ns=$(awk '
function ns(t,   p) { split(t, p, "."); return p[1] * 1000000000 + p[2] }
NR == 1 { start = ns($4) } END { print ns($4) - start }' "$tmp/dump")
if [ "$last_100" -lt $((end_ns / 2)) ]; then
	run -t "$tmp/trace" <<EOF2
resize 1024 768
wait
window $(window "$last_100" $((end_ns - last_100)))
wait
screenshot $tmp/gone.png controlflow
quit
EOF2
	[ $status -eq 0 ] && "$pixels" "$tmp/gone.png" 5 > "$tmp/gone.px" 2>&1 &&
		[ "$(sed -n 2p "$tmp/gone.px")" = "$(printf "$BLANK %.0s" 1 2 3 4 5 6 7 8; echo $BLANK)" ]
	check $? "nothing is drawn for pid 100 after it exited"
else
	echo "ok 4 # SKIP pid 100 lives past the middle of this trace"
fi

# A click in the middle of the canvas sets the current time there.
canvas_left=$(awk 'NR == 1 { print $2 }' "$tmp/sleep.px")
canvas_top=$(awk 'NR == 1 { print $3 }' "$tmp/sleep.px")
canvas_width=$(awk 'NR == 1 { print $4 }' "$tmp/sleep.px")
set -- $(window "$sleep_at" "$sleep_len")
run -t "$tmp/trace" <<EOF2
resize 1024 768
wait
window $1 $2
wait
click controlflow $((canvas_left + canvas_width / 2)) $((canvas_top + 10))
print
quit
EOF2
awk -v a="$1" -v b="$2" -v w="$canvas_width" '
function ns(t,   p) { split(t, p, "."); return p[1] * 1000000000 + p[2] }
$1 == "window" { t = ns($5); lo = ns(a); hi = ns(b); mid = (lo + hi) / 2; px = (hi - lo) / w
	ok = t >= mid - 2 * px && t <= mid + 2 * px }
END { exit ok ? 0 : 1 }' "$tmp/out"
check $? "a click in the middle of the rows sets the current time to the middle of the window"

# With the rows focused (a click), Right pans a fifth of the window and
# plus halves it, as everywhere in the window (Help > Keys).
run -t "$tmp/trace" <<EOF2
resize 1024 768
wait
window $1 $2
wait
click controlflow $((canvas_left + canvas_width / 2)) $((canvas_top + 10))
print
key Right
print
key plus
print
quit
EOF2
awk '
function ns(t,   p) { split(t, p, "."); return p[1] * 1000000000 + p[2] }
$1 == "window" { s[NR] = ns($2); w[NR] = ns($3) - ns($2) }
END { exit !(NR == 3 && s[2] - s[1] >= w[1] / 5 - 2 && s[2] - s[1] <= w[1] / 5 + 2 && w[2] == w[1] \
             && w[3] >= w[2] / 2 - 2 && w[3] <= w[2] / 2 + 2) }' "$tmp/out"
check $? "rows focused: Right pans a fifth, plus halves the window ($(tr '\n' ' ' < "$tmp/out"))"

# The wheel over the process tree scrolls the rows (the same picture twice
# before, a different one after), on a trace with more rows than fit.
"$synth" -o "$tmp/many" --cpus 2 --processes 60 --events 20000 --seed 5 > /dev/null ||
	{ echo "Bail out! ltt-synth failed"; exit 1; }
run -t "$tmp/many" <<EOF2
resize 1024 768
wait
screenshot $tmp/rows-a.png controlflow
screenshot $tmp/rows-b.png controlflow
scroll controlflow 100 $((canvas_top + 40)) down
wait
screenshot $tmp/rows-c.png controlflow
quit
EOF2
[ $status -eq 0 ] && cmp -s "$tmp/rows-a.png" "$tmp/rows-b.png" && ! cmp -s "$tmp/rows-b.png" "$tmp/rows-c.png"
check $? "the wheel over the process tree scrolls the rows"

# Wakeups on demand: the check box draws lines (near-black) over the rows.
run -t "$tmp/trace" <<EOF2
resize 1024 768
wait
window $(window "$wait_at" $((wait_len * 50)))
wait
screenshot $tmp/nolines.png controlflow
key <Alt>w
wait
screenshot $tmp/lines.png controlflow
quit
EOF2
before=$("$pixels" "$tmp/nolines.png" 0 191919 | awk 'NR == 3')
after=$("$pixels" "$tmp/lines.png" 0 191919 | awk 'NR == 3')
[ $status -eq 0 ] && [ "${before:-0}" -eq 0 ] && [ "${after:-0}" -gt 0 ]
check $? "Alt+W (the Wakeups check box) draws the window's wakeups ($after line pixels)"

# The legend names every state drawn.
run -t "$tmp/trace" <<EOF2
resize 1024 768
wait
screenshot $tmp/whole.png controlflow
quit
EOF2
"$pngcheck" "$tmp/whole.png" $BLOCKED | awk 'NR == 2 { exit $3 > 100 ? 0 : 1 }'
check $? "the whole trace at 1024x768: blocked tasks over most of the width"

# The whole of a busier trace: each pixel of an idle task's row spans
# hundreds of its state changes, read from the store's chunk summaries
# (doc/controlflow.md, "Several states in one pixel").  From the events:
# per pixel slot, how long swapper/0 ran its idle loop and how long the
# longest of its other states lasted (waiting while another task runs, an
# IRQ or soft IRQ handler by number).
"$synth" -o "$tmp/busy" --cpus 2 --processes 3 --events 1000000 --seed 5 ||
	{ echo "Bail out! ltt-synth failed"; exit 1; }
run -t "$tmp/busy" <<EOF2
resize 1024 768
wait
print
screenshot $tmp/busy.png controlflow
quit
EOF2
"$pixels" "$tmp/busy.png" 2 all > "$tmp/busy.px" 2>&1
busy_width=$(awk 'NR == 1 { print $4 }' "$tmp/busy.px")
busy_ns=$(awk '
function ns(t,   p) { split(t, p, "."); return p[1] * 1000000000 + p[2] }
$1 == "window" { print ns($3) - ns($2) }' "$tmp/out")
"$lttv" -m textDump -t "$tmp/busy" | awk -v cpu=0 -v w="$busy_ns" -v px="${busy_width:-1}" '
function ns(t,   p) { split(t, p, "."); return p[1] * 1000000000 + p[2] }
function upto(t,   k, e) {
	while (last < t) {
		k = int((last - start) / res); e = start + (k + 1) * res; if (e > t) e = t
		d[k, state] += e - last; keys[k, state] = 1; last = e
	}
}
NR == 1 { start = ns($4); last = start; res = int(w / px); state = "wait" }
{ upto(ns($4)) }
$5 == "ltt_statedump_process" && index($0, " cpu=" cpu " ") && index($0, "status=RUNNING") {
	match($0, / pid=[0-9]+/); cur = substr($0, RSTART + 5, RLENGTH - 5) + 0; seen = 1 }
$5 == "ltt_statedump_end" && !seen { cur = 0 }
$3 == cpu && $5 == "sched_switch" { match($0, /next_pid=[0-9]+/); cur = substr($0, RSTART + 9, RLENGTH - 9) + 0 }
$3 == cpu && ($5 == "irq_handler_entry" || $5 == "softirq_entry") { stack[++depth] = $5 " " $6 }
$3 == cpu && ($5 == "irq_handler_exit" || $5 == "softirq_exit") { if (depth > 0) depth-- }
{ state = cur != 0 ? "wait" : depth == 0 ? "idle" : stack[depth] }
END {
	for (key in keys) { split(key, p, SUBSEP); if (p[2] != "idle" && d[key] > other[p[1]]) other[p[1]] = d[key] }
	for (k = 0; k < px; k++) printf "%d %d\n", d[k, "idle"], other[k]
}' > "$tmp/busy.truth"
# Columns where the idle loop is drawn (its colour at the row's centre)
# carry the several-states mark on the row's second line; where another
# state clearly lasted longer (1.5 times, in the slot and both
# neighbours, so that a pixel's rounding does not matter) the idle loop is
# drawn at no more than 2 % of them.
awk 'NR == FNR { idle[FNR] = $1; other[FNR] = $2; next }
FNR == 3 { for (x = 1; x <= NF; x++) drawn[x] = $x == "c7d7e1" }
FNR == 4 { for (x = 1; x <= NF; x++) marked[x] = $x != "ffffff"; n = NF }
END {
	for (x = 1; x <= n; x++) {
		shown += drawn[x]; unmarked += drawn[x] && !marked[x]
		if (x > 1 && x < n && other[x - 1] >= 1.5 * idle[x - 1] && other[x] >= 1.5 * idle[x] &&
		    other[x + 1] >= 1.5 * idle[x + 1]) { busy++; wrong += drawn[x] }
	}
	printf "%d %d %d %d\n", shown, unmarked, busy, wrong
}' "$tmp/busy.truth" "$tmp/busy.px" > "$tmp/busy.check"
read -r busy_shown busy_unmarked busy_other busy_wrong < "$tmp/busy.check"
[ $status -eq 0 ] && [ "${busy_shown:-0}" -gt 5 ] && [ "$busy_unmarked" -eq 0 ]
check $? "whole busy trace: swapper/0's idle loop drawn in $busy_shown columns, all marked as several states ($busy_unmarked not)"
[ "${busy_other:-0}" -gt 50 ] && [ $((busy_wrong * 50)) -le "$busy_other" ]
check $? "whole busy trace: the idle loop drawn in $busy_wrong of the $busy_other columns where another state of swapper/0 lasted longer"

# A damaged trace: the rows are drawn from what was readable and a red
# line above them says what was left out (#b00000, cfv's damage label).
cp -r "$tmp/trace" "$tmp/damaged"
printf '\377\377\377\377\377\377\377\377' |
	dd of="$tmp/damaged/kernel_0" bs=1 seek=65560 conv=notrunc 2>/dev/null
run -t "$tmp/damaged" <<EOF2
resize 1024 768
wait
screenshot $tmp/damaged.png controlflow
quit
EOF2
red=$("$pngcheck" "$tmp/damaged.png" b00000 | awk 'NR == 2 { print $2 }')
[ $status -eq 0 ] && [ "${red:-0}" -gt 20 ] && "$pngcheck" "$tmp/whole.png" b00000 | awk 'NR == 2 { exit $2 == 0 ? 0 : 1 }'
check $? "a damaged trace is marked above the rows ($red red pixels), a sound one is not"

# A CTF trace whose stream file is cut inside a packet opens as the import
# of its whole packets: the damage the import skipped is marked too.
. "$srcdir/import-env.sh"
if [ -d "$traces/scp_src" ] && [ -x "$ltt_import" ]; then
	mkdir "$tmp/cut" && cp "$traces/scp_src/metadata" "$tmp/cut/" &&
		head -c 1000000 "$traces/scp_src/channel0_0" > "$tmp/cut/channel0_0"
	run -t "$tmp/cut" <<EOF2
resize 1024 768
wait
screenshot $tmp/cut.png controlflow
quit
EOF2
	red=$("$pngcheck" "$tmp/cut.png" b00000 | awk 'NR == 2 { print $2 }')
	[ $status -eq 0 ] && [ "${red:-0}" -gt 20 ] && grep -q "cut short" "$tmp/err"
	check $? "a CTF trace cut inside a packet: opened, its damage marked above the rows ($red red pixels)"
else
	skip_reason="no shared/traces/scp_src or no CTF import"
	check 77 "a CTF trace cut inside a packet is marked"
fi

# LTTng's sched_wakeup names the task woken "tid": its wakeups are drawn
# too (ksoftirqd/0 woken from the idle task, 16.330-16.334 s).
if [ -d "$traces/scp_src" ] && [ -x "$ltt_import" ]; then
	run -t "$traces/scp_src" <<EOF2
resize 1024 768
wait
window 16.330 16.334
wait
screenshot $tmp/ctf-nolines.png controlflow
key <Alt>w
wait
screenshot $tmp/ctf-lines.png controlflow
quit
EOF2
	before=$("$pngcheck" "$tmp/ctf-nolines.png" 191919 | awk 'NR == 2 { print $2 }')
	after=$("$pngcheck" "$tmp/ctf-lines.png" 191919 | awk 'NR == 2 { print $2 }')
	[ $status -eq 0 ] && [ "${after:-0}" -gt $((${before:-0} + 200)) ]
	check $? "an LTTng trace's wakeups are drawn ($before then $after line pixels)"
else
	skip_reason="no shared/traces/scp_src or no CTF import"
	check 77 "an LTTng trace's wakeups are drawn"
fi

# The CPUs' rows on top: what each CPU executes.  On a trace whose CPUs
# run tasks three quarters of the time (lttv -s: the idle tasks' CPU
# time), the whole trace shows them busy at every sampled pixel, although
# no single task runs long (a slot's longest state is counted by what the
# CPU executes, not by which task).
"$synth" -o "$tmp/cpubusy" --cpus 2 --processes 60 --events 300000 --seed 4 > /dev/null ||
	{ echo "Bail out! ltt-synth failed"; exit 1; }
idle_share=$("$lttv" -m textDump -t "$tmp/cpubusy" -s --no-events --stats-format=csv | awk -F, '
	$1 == "cpu" && $3 == 0 { cpu = $12 } $1 == "process" && $3 == 0 && $4 == 0 { idle = $12 }
	END { printf "%d", idle / cpu * 100 }')
run -t "$tmp/cpubusy" <<EOF2
resize 1024 768
wait
screenshot $tmp/cpubusy.png controlflow
quit
EOF2
CPU_BUSY=54617a
[ $status -eq 0 ] && [ "${idle_share:-100}" -lt 40 ] &&
	[ "$("$pixels" "$tmp/cpubusy.png" 0 | sed -n 2p)" = "$(printf "$CPU_BUSY %.0s" 1 2 3 4 5 6 7 8; echo $CPU_BUSY)" ] &&
	[ "$("$pixels" "$tmp/cpubusy.png" 1 | sed -n 2p)" = "$(printf "$CPU_BUSY %.0s" 1 2 3 4 5 6 7 8; echo $CPU_BUSY)" ]
check $? "the CPUs' rows show them busy over the whole trace (idle ${idle_share}% of CPU 0)"

# The tree pane fits its columns to the viewer (cfv-tree.c's widths):
# at 1024x768 the name, PID, TGID, PPID and CPU (360 pixels), at 1920x1080
# every column (494); the canvas starts after the pane's 5-pixel handle.
# A fixed 330 pixels cut the CPU column at 1024 and left a wide screen's
# tree as narrow.
run -t "$tmp/trace" <<EOF3
resize 1024 768
wait
screenshot $tmp/pane-1024.png controlflow
resize 1920 1080
wait
screenshot $tmp/pane-1920.png controlflow
quit
EOF3
small=$("$pixels" "$tmp/pane-1024.png" 0 | awk 'NR == 1 { print $2 }')
wide=$("$pixels" "$tmp/pane-1920.png" 0 | awk 'NR == 1 { print $2 }')
[ $status -eq 0 ] && [ "${small:-0}" -ge 360 ] && [ "$small" -le 370 ] && [ "${wide:-0}" -ge 494 ] && [ "$wide" -le 504 ]
check $? "the tree pane fits its columns: canvas from x = ${small:-?} at 1024x768, ${wide:-?} at 1920x1080"

# The handle dragged by the user stays where it was put, the window
# resized after.
run -t "$tmp/trace" <<EOF3
resize 1024 768
wait
drag controlflow $((small - 3)) 150 250 150
wait
screenshot $tmp/dragged-1024.png controlflow
resize 1920 1080
wait
screenshot $tmp/dragged-1920.png controlflow
quit
EOF3
dragged=$("$pixels" "$tmp/dragged-1024.png" 0 | awk 'NR == 1 { print $2 }')
kept=$("$pixels" "$tmp/dragged-1920.png" 0 | awk 'NR == 1 { print $2 }')
[ $status -eq 0 ] && [ "${dragged:-0}" -ge 250 ] && [ "$dragged" -le 256 ] && [ "$kept" = "$dragged" ]
check $? "the handle dragged to x = 250 stays: canvas from x = ${dragged:-?}, then ${kept:-?} at 1920x1080"
