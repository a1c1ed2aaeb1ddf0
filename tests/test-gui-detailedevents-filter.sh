#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# test-gui-detailedevents-filter.sh: with the tab's filter set (the script's
# `filter`, as the Filter dialog sets it), every movement of the detailed
# event list shows the events `lttv -m textFilter -e EXPR -m textDump`
# prints, as whole pages of them: the first page, Page Down, the wheel
# down (three rows), End, Page Up, Up (one row) and the wheel up.  Two
# filters: a dense one, and a sparse one (121 of 100,000 events) whose
# pages span more events than the list reads back at once.  Both use the
# process state (state.pid), which the list must restore wherever it reads.
. "${TESTS_SRCDIR:?}/lttv-env.sh"
. "$srcdir/viewers-env.sh"
. "$srcdir/detailedevents-rows.sh"

"$synth" -o "$tmp/t" --cpus 2 --processes 20 --events 100000 --seed 3 > /dev/null ||
	{ echo "Bail out! ltt-synth failed"; exit 1; }
start=$("$lttv" -m textDump -t "$tmp/t" | awk 'NR == 1 { print $4; exit }')
[ -n "$start" ] || { echo "Bail out! textDump failed"; exit 1; }

echo "1..3"

# check_filter EXPR: one run of lttv-gui, the page copied after each move.
check_filter() {
	expr=$1
	"$lttv" -m textFilter -e "$expr" -m textDump -t "$tmp/t" > "$tmp/dump" ||
		{ echo "Bail out! textFilter failed"; exit 1; }
	dump_rows "$tmp/dump" "$start" > "$tmp/expected"
	cat > "$tmp/filter.script" <<SCRIPT
open $tmp/t
resize 1024 768
wait
filter $expr
wait
click detailedevents 400 100
key <Control><Shift>c
key Page_Down
wait
key <Control><Shift>c
scroll detailedevents 400 100 down
wait
key <Control><Shift>c
key End
wait
key <Control><Shift>c
key Page_Up
wait
key <Control><Shift>c
key Up
wait
key <Control><Shift>c
scroll detailedevents 400 100 up
wait
key <Control><Shift>c
quit
SCRIPT
	gui_run detailedevents "$tmp/filter.script" || return 1
	list_rows "$tmp/copied" > "$tmp/shown"
	total=$(wc -l < "$tmp/shown")
	p=$((total / 7))
	passing=$(wc -l < "$tmp/expected")
	# Every page is a whole one: the filter leaves enough events.
	if [ "$p" -lt 10 ] || [ $((p * 7)) -ne "$total" ] || [ "$passing" -lt $((2 * p + 4)) ]; then
		echo "# $total rows copied in 7 pages, $passing events pass: expected 7 pages of at least 10 rows"
		return 1
	fi
	status=0
	k=0
	# The first row of each page in the filtered events (from 0), by move.
	for move in "first page:0" "Page Down:$p" "wheel down:$((p + 3))" "End:$((passing - p))" \
	            "Page Up:$((passing - 2 * p))" "Up:$((passing - 2 * p - 1))" "wheel up:$((passing - 2 * p - 4))"; do
		first=${move##*:}
		sed -n "$((k * p + 1)),$((k * p + p))p" "$tmp/shown" > "$tmp/page"
		sed -n "$((first + 1)),$((first + p))p" "$tmp/expected" > "$tmp/want"
		if ! diff -u "$tmp/want" "$tmp/page" > "$tmp/diff"; then
			echo "# after ${move%:*}: expected the filtered events $first to $((first + p - 1)) of $passing"
			sed 's/^/# /' "$tmp/diff" | head -n 12
			status=1
		fi
		k=$((k + 1))
	done
	return $status
}

check_filter 'event.name = sched_wakeup | state.pid = 104'
check $? "every move shows whole pages of the events the dense filter selects"
check_filter 'event.name = sched_switch & state.pid = 104'
check $? "every move shows whole pages of the events the sparse filter selects"

# An expression that does not compile stops the script at its line, with
# the column, as the Filter dialog reports it.
printf 'open %s\nfilter event.name = sched_switch &\nquit\n' "$tmp/t" > "$tmp/bad.script"
gui_run detailedevents "$tmp/bad.script" > /dev/null
status=$?
grep -q "bad.script:2: filter: .*column" "$tmp/gui-err"
[ $? -eq 0 ] && [ $status -eq 1 ]
check $? "a filter that does not compile fails its line: $(head -n 1 "$tmp/gui-err")"
