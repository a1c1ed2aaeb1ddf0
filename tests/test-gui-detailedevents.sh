#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# test-gui-detailedevents.sh: the detailed event list under Xvfb shows the
# events `lttv -m textDump` prints, in the same order: the first page, the
# page after Page Down, the page after a jump to a time; clicking a row
# sets the tab's current time to its event's.  The rows are read back
# through the list's copy (Ctrl+Shift+C: the page; Ctrl+C: the selection).
. "${TESTS_SRCDIR:?}/lttv-env.sh"
. "$srcdir/viewers-env.sh"
. "$srcdir/import-env.sh"

"$synth" -o "$tmp/t" --cpus 2 --processes 20 --events 20000 --seed 3 > /dev/null ||
	{ echo "Bail out! ltt-synth failed"; exit 1; }
"$lttv" -m textDump -t "$tmp/t" > "$tmp/dump" || { echo "Bail out! textDump failed"; exit 1; }

. "$srcdir/detailedevents-rows.sh"
dump_rows "$tmp/dump" "$(awk 'NR == 1 { print $4 }' "$tmp/dump")" > "$tmp/expected"

echo "1..10"

cat > "$tmp/page.script" <<SCRIPT
open $tmp/t
resize 1024 768
wait
click detailedevents 400 100
key <Control><Shift>c
key Page_Down
wait
key <Control><Shift>c
quit
SCRIPT
gui_run detailedevents "$tmp/page.script"
list_rows "$tmp/copied" > "$tmp/shown"
count=$(wc -l < "$tmp/shown")
head -n "$count" "$tmp/expected" > "$tmp/want"
[ "$count" -ge 20 ] && diff -u "$tmp/want" "$tmp/shown" >&2
check $? "the first page and the page after Page Down are textDump's first $count events"

# The page faults' address and ip are addresses: shown in hex (list_rows
# compared their values with textDump's above); error_code stays decimal.
faults=$(grep -c 'page_fault_.*{ address = 0x[0-9a-f]*, ip = 0x[0-9a-f]*, error_code = [0-9]* }' "$tmp/copied")
[ "$faults" -ge 1 ] && ! grep 'page_fault_' "$tmp/copied" | grep -Eq 'address = [0-9]+,'
check $? "addresses in hex: $faults page faults show address = 0x..., ip = 0x..."

# A time in the middle of the trace, between two events.
jump=$(awk 'NR == 10000 { print $4 }' "$tmp/expected")
cat > "$tmp/jump.script" <<SCRIPT
open $tmp/t
resize 1024 768
wait
time $jump
wait
click detailedevents 400 100
key <Control><Shift>c
quit
SCRIPT
gui_run detailedevents "$tmp/jump.script"
list_rows "$tmp/copied" > "$tmp/shown"
count=$(wc -l < "$tmp/shown")
awk -v jump="$jump" '!found && $4 == jump { found = 1 } found' "$tmp/expected" |
	head -n "$count" > "$tmp/want"
[ "$count" -ge 10 ] && diff -u "$tmp/want" "$tmp/shown" >&2
check $? "after a jump to $jump s the page starts at the first event at that time"

cat > "$tmp/click.script" <<SCRIPT
open $tmp/t
resize 1024 768
wait
click detailedevents 400 100
key End
wait
click detailedevents 400 120
key <Control>c
print
quit
SCRIPT
gui_run detailedevents "$tmp/click.script"
selected=$(cut -f 4 "$tmp/copied")
now=$(sed -n 's/.* time \([0-9.]*\) traces.*/\1/p' "$tmp/out")
[ -n "$selected" ] && [ "$selected" != 0.000000000 ] && [ "$selected" = "$now" ]
check $? "clicking a row makes its time ($selected) the tab's current time ($now)"

cat > "$tmp/end.script" <<SCRIPT
open $tmp/t
resize 1024 768
wait
click detailedevents 400 100
key End
wait
key <Control><Shift>c
quit
SCRIPT
gui_run detailedevents "$tmp/end.script"
list_rows "$tmp/copied" > "$tmp/shown"
count=$(wc -l < "$tmp/shown")
tail -n "$count" "$tmp/expected" > "$tmp/want"
[ "$count" -ge 10 ] && diff -u "$tmp/want" "$tmp/shown" >&2
check $? "End shows the last $count events"

# Find: the expression typed in the Find entry (Alt+D), Enter twice (the
# next two matches after the selected event, a state dump's), then
# Previous (Alt+O): the tab's current time follows each.
switches=$(awk '$5 == "sched_switch" { print $4 }' "$tmp/expected" | head -n 2 | tr '\n' ' ')
cat > "$tmp/find.script" <<SCRIPT
open $tmp/t
resize 1024 768
wait
click detailedevents 400 100
key <Alt>d
key e v e n t period n a m e space equal space s c h e d underscore s w i t c h Return
wait
print
key Return
wait
print
key <Alt>o
wait
print
quit
SCRIPT
gui_run detailedevents "$tmp/find.script"
found=$(sed -n 's/.* time \([0-9.]*\) traces.*/\1/p' "$tmp/out" | tr '\n' ' ')
set -- $switches
[ "$found" = "$1 $2 $1 " ]
check $? "Find next, next, previous event.name = sched_switch: $found(the first two: $switches)"

# Go to an event number (Alt+G, "#1000", Enter): the page starts at event
# 1000 (from 0), textDump's line 1001.
cat > "$tmp/number.script" <<SCRIPT
open $tmp/t
resize 1024 768
wait
key <Alt>g
key numbersign 1 0 0 0 Return
wait
click detailedevents 400 100
key <Control><Shift>c
quit
SCRIPT
gui_run detailedevents "$tmp/number.script"
list_rows "$tmp/copied" > "$tmp/shown"
count=$(wc -l < "$tmp/shown")
tail -n +1001 "$tmp/expected" | head -n "$count" > "$tmp/want"
[ "$count" -ge 10 ] && diff -u "$tmp/want" "$tmp/shown" >&2
check $? "Go to #1000 shows events 1000 to $((999 + count))"

# The PID column is the task the event names itself (common_pid) where the
# state believes another: every fourth switch is missing, so the state's
# belief is stale until an event repairs it (doc/detailedevents.md).
"$synth" -o "$tmp/missed" --cpus 2 --processes 20 --events 5000 --seed 3 --common-pid --missed-switches=4 > /dev/null ||
	{ echo "Bail out! ltt-synth failed"; exit 1; }
{
	printf 'open %s\nresize 1024 768\nwait\nkey <Alt>g\nkey numbersign 2 0 0 0 Return\nwait\n' "$tmp/missed"
	printf 'click detailedevents 400 100\n'
	for i in 1 2 3 4 5 6 7 8 9 10; do printf 'key <Control><Shift>c\nkey Page_Down\nwait\n'; done
	echo quit
} > "$tmp/missed.script"
gui_run detailedevents "$tmp/missed.script"
awk -F '\t' 'match($8, /common_pid = -?[0-9]+/) {
	n++; if (substr($8, RSTART + 13, RLENGTH - 13) != $6) { bad++; print "# PID " $6 " for " $0 }
} END { print n + 0, bad + 0 }' "$tmp/copied" > "$tmp/pids"
rows=$(tail -n 1 "$tmp/pids" | cut -d ' ' -f 1)
bad=$(tail -n 1 "$tmp/pids" | cut -d ' ' -f 2)
grep '^#' "$tmp/pids"
[ "${rows:-0}" -ge 100 ] && [ "$bad" = 0 ]
check $? "the PID column is each event's common_pid on $rows rows after missed switches ($bad differ)"

# Before the state dump names the task running on a CPU, and without a
# pid in the event, the row says "-", no name.
cat > "$tmp/first.script" <<SCRIPT
open $tmp/t
resize 1024 768
wait
click detailedevents 400 100
key <Control><Shift>c
quit
SCRIPT
gui_run detailedevents "$tmp/first.script"
first=$(head -n 1 "$tmp/copied" | cut -f 5-7)
[ "$first" = "$(printf 'ltt_statedump_process\t-\t')" ]
check $? "the first event, before the state knows CPU 0's task, shows PID - and no process: '$first'"

# A switch out of a task the state has not named yet names it itself:
# LTTng's trace scp_src starts before its state dump, and its first
# sched_switch (prev_tid = 2274, prev_comm = "lttng-sessiond") shows that
# name in Process.
if [ -d "$traces/scp_src" ] && [ -x "$ltt_import" ]; then
	printf 'open %s\nresize 1024 768\nwait\nclick detailedevents 400 100\nkey <Control><Shift>c\nquit\n' \
		"$traces/scp_src" > "$tmp/ctf.script"
	gui_run detailedevents "$tmp/ctf.script"
	switch=$(awk -F '\t' '$5 == "sched_switch" { print $6 "\t" $7; exit }' "$tmp/copied")
	[ "$switch" = "$(printf '2274\tlttng-sessiond')" ]
	check $? "the first switch of scp_src names the task it leaves from its prev_comm: '$switch'"
else
	skip_reason="no shared/traces/scp_src or no CTF import"
	check 77 "a switch names the task it leaves"
fi
