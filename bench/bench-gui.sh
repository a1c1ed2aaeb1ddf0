#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# bench-gui.sh BUILD [TRACE]: lttv-gui on a 10 M-event, 2,000-process
# ltt-synth trace under a private Xvfb at 1920x1080, driven by --script:
#   - launch to the first drawn window (control flow + event list), first
#     open (no cache: the precomputation starts) and second open (cache);
#   - launch to the end of the precomputation;
#   - zoom and scroll steps once precomputed: input to settled screen (the
#     time between two `print` lines around one `key`);
#   - after them, the whole trace drawn again (F, zoom to fit);
#   - the longest main-loop stall (guiprobe): in wall-clock time, and in the
#     main thread's CPU time between two turns (a wall-clock gap on a loaded
#     machine also counts time the process did not run), each with the
#     other clock's figure for the same gap; with GUIPROBE_VERBOSE=1, every
#     gap over 50 ms;
#   - the peak resident memory (guiprobe), with the anonymous / file /
#     shared split of the largest sample;
#   - the machine's load average before and after each run;
#   - in two more runs (first and second open, with the statistics viewer
#     too, in its "Time window" mode), timed by the script's `clock` lines (the
#     monotonic clock and the main thread's CPU time, each read once the
#     window is settled): Page Down in the event list, 16 times from its
#     start, its middle and its end, without and with a filter; a jump to
#     an event number and to a time typed in the list's Go to entry (16
#     random targets each, from the Return to the page shown); the
#     statistics viewer's figures for time windows of 5 widths (1/10,000
#     of the trace to the whole trace, 3 random windows each), from the
#     window change to the final figures.  Each as median and worst, wall
#     and main-thread CPU.  With GUI_SHOTS=DIR, their last screenshots
#     and the scripts' output are copied there.
# Figures go to stdout as "name value unit"; doc/performance.md keeps them.
set -euo pipefail
build=${1:?usage: bench-gui.sh BUILD [TRACE]}
trace=${2:-${TMPDIR:-/tmp}/lttv-bench-gui/t10m}
gui=$build/lttv/modules/gui/lttv-gui/lttv-gui
tmp=$(mktemp -d)
xvfb_pid=
trap '[ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null; rm -rf "$tmp"' EXIT

make -C "$build/bench" guiprobe.la >/dev/null
if [ ! -f "$trace/metadata" ]; then
	mkdir -p "$(dirname "$trace")"
	"$build/ltt/ltt-synth" -o "$trace" --cpus 4 --processes 2000 --events 10000000 --seed 1 >/dev/null
fi
export LTTV_MODULE_PATH="$build/bench/.libs"
viewers=()
for d in controlflow detailedevents; do
	if [ -f "$build/lttv/modules/gui/$d/$d.la" ]; then
		LTTV_MODULE_PATH="$LTTV_MODULE_PATH:$build/lttv/modules/gui/$d/.libs"
		viewers+=(--viewer "$d")
	fi
done
echo "viewers ${viewers[*]}"
stats_viewer=
if [ -f "$build/lttv/modules/gui/statistics/statistics.la" ]; then
	LTTV_MODULE_PATH="$LTTV_MODULE_PATH:$build/lttv/modules/gui/statistics/.libs"
	stats_viewer=statistics
fi
# The user's own HOME and XDG_CACHE_HOME: with a new one, fontconfig
# builds its font cache in the first draw (6 s here), which no user sees
# twice.  The trace's own caches (beside it) are removed before the first
# open below.

mkfifo "$tmp/displayfd"
Xvfb -displayfd 3 -screen 0 1920x1200x24 -nolisten tcp 3>"$tmp/displayfd" >"$tmp/xvfb.log" 2>&1 &
xvfb_pid=$!
read -r display < "$tmp/displayfd"
export DISPLAY=":$display"

# Runs lttv-gui on the script of stdin; each line it prints gets the time
# since launch (ms) in front.  Its stderr (guiprobe's line) goes to $tmp/err.
# The time is read by the shell itself (no process started per line, which
# would delay the next lines).
run() {
	local t0=${EPOCHREALTIME/./} t
	"$gui" -m guiprobe "${viewers[@]}" -t "$trace" --script - 2>"$tmp/err" |
		while IFS= read -r line; do
			t=$(( ${EPOCHREALTIME/./} - t0 ))
			printf '%d.%d %s\n' $((t / 1000)) $((t % 1000 / 100)) "$line"
		done
}

# The zoom and scroll steps: W zooms in, S out, D and A pan.
steps() {
	local k
	for k in w w w w w d d a a s s s s w d a; do
		printf 'key %s\nprint\n' "$k"
	done
}

script() {
	printf 'resize 1920 1080\nscreenshot %s/first.png\nprint\nwait\nprint\n' "$tmp"
	steps
	printf 'key f\nprint\nquit\n'
}

report() {   # report LABEL: the figures of the run in $tmp/out
	local label=$1 n
	awk -v l="$label" 'NR == 1 { printf "%s.first_drawn_ms %s ms\n", l, $1 }
		NR == 2 { printf "%s.precomputed_ms %s ms\n", l, $1 }' "$tmp/out"
	# Lines 3 to 18: the steps; 19: the whole trace again.
	awk 'NR > 2 && NR <= 18 { print $1 - prev } NR >= 2 { prev = $1 }' "$tmp/out" | sort -n > "$tmp/steps"
	n=$(wc -l < "$tmp/steps")
	if [ "$n" -gt 0 ]; then
		echo "$label.step_median_ms $(sed -n "$(((n + 1) / 2))p" "$tmp/steps") ms"
		echo "$label.step_max_ms $(tail -n 1 "$tmp/steps") ms"
	fi
	awk 'NR == 19 { printf "%s.whole_trace_draw_ms %.1f ms\n", l, $1 - prev } { prev = $1 }' l="$label" "$tmp/out"
	local cpu
	cpu=$(sed -n 's/^guiprobe: stall_max_cpu_ms \([0-9.]*\)$/\1/p' "$tmp/err")
	sed -n 's/^guiprobe: stall_max_ms \([0-9.]*\) at_s \([0-9.]*\) stalls_over_50ms \([0-9]*\) vmhwm_kb \([0-9]*\)$/\1 \2 \3 \4/p' "$tmp/err" |
		awk -v l="$label" -v c="$cpu" '{ printf "%s.stall_max_ms %s ms (at %s s; main thread CPU in it %s ms)\n%s.stalls_over_50ms %s\n%s.vmhwm_mb %.0f MB\n", l, $1, $2, c, l, $3, l, $4 / 1024 }'
	sed -n 's/^guiprobe: cpu_stall_max_ms \([0-9.]*\) at_s \([0-9.]*\) cpu_stalls_over_50ms \([0-9]*\) wall_ms \([0-9.]*\)$/\1 \2 \3 \4/p' "$tmp/err" |
		awk -v l="$label" '{ printf "%s.cpu_stall_max_ms %s ms (at %s s; wall %s ms)\n%s.cpu_stalls_over_50ms %s\n", l, $1, $2, $4, l, $3 }'
	sed -n "s/^guiprobe: gap /$label.gap /p" "$tmp/err"
	sed -n 's/^guiprobe: rss_peak_kb \([0-9]*\) anon_kb \([0-9]*\) file_kb \([0-9]*\) shmem_kb \([0-9]*\)$/\1 \2 \3 \4/p' "$tmp/err" |
		awk -v l="$label" '{ printf "%s.rss_sampled_peak_mb %.0f MB (anon %.0f, file %.0f, shmem %.0f)\n", l, $1 / 1024, $2 / 1024, $3 / 1024, $4 / 1024 }'
}

load() { echo "$1.load_average $(cut -d' ' -f1-3 /proc/loadavg)"; }

# ---- The event list, the jumps and the statistics viewer ----
# Each `clock` line of the script ends the interval named on the same line
# of $tmp/labels ("-": a clock that only starts one).

label() { echo "$1" >> "$tmp/labels"; }

# keys TEXT: the key names that type TEXT (digits, '.', '#').
keys() {
	local text=$1 i c out=
	for ((i = 0; i < ${#text}; i++)); do
		c=${text:i:1}
		case $c in
		.) out+=" period" ;;
		\#) out+=" numbersign" ;;
		*) out+=" $c" ;;
		esac
	done
	echo "$out"
}

# The list's Go to entry (Alt+G), its text replaced by TEXT; then Return.
goto_line() { printf 'key <Alt>g <Control>a%s Return\nwait\n' "$(keys "$1")"; }

# page_downs LABEL FIRST: 16 Page Downs from event number FIRST.
page_downs() {
	local i
	goto_line "#$2"
	# A click on a row gives the list the keyboard focus.
	printf 'click detailedevents 400 100\nwait\nclock\n'
	label -
	for i in $(seq 16); do
		printf 'key Page_Down\nwait\nclock\n'
		label "$1"
	done
}

# jumps LABEL TARGET...: each target typed in the Go to entry, timed from
# the Return to the page shown.
jumps() {
	local label=$1 target
	shift
	for target in "$@"; do
		printf 'key <Alt>g <Control>a%s\nclock\nkey Return\nwait\nclock\n' "$(keys "$target")"
		label -
		label "$label"
	done
}

# span: the trace's length in seconds, from a launch that shows it whole.
span() {
	printf 'print\nquit\n' | "$gui" -t "$trace" --script - | awk '{ print $3 }'
}

list_script() {   # list_script SPAN EVENTS
	local span=$1 events=$2 f
	: > "$tmp/labels"
	printf 'resize 1920 1080\nwait\n'
	if [ -n "$stats_viewer" ]; then
		# Inserted first, switched to the time window (a click gives the
		# radio button the focus, Space selects it) once `wait` has seen
		# its worker thread give the whole trace's exact figures: neither
		# the list nor the windows' figures are timed beside it.
		printf 'viewer statistics\nwait\nclick statistics 120 10\nkey space\nwait\n'
	fi
	for f in "" "event.name = sched_switch"; do
		local tag=${f:+.filtered}
		printf 'filter %s\nwait\n' "$f"
		page_downs "page_down.start$tag" 0
		page_downs "page_down.middle$tag" $((events / 2))
		page_downs "page_down.end$tag" $((events - 10000))
	done
	printf 'filter\nwait\n'
	jumps jump.number $(awk -v n="$events" 'BEGIN { srand(1); for (i = 0; i < 16; i++) printf "#%d ", int(rand() * n) }')
	jumps jump.time $(awk -v s="$span" 'BEGIN { srand(2); for (i = 0; i < 16; i++) printf "%.9f ", rand() * s }')
	if [ -n "$stats_viewer" ]; then
		printf 'screenshot %s/list.png\nclock\n' "$tmp"
		label -
		awk -v s="$span" 'BEGIN { srand(3); n = split("10000 1000 100 10 1", div, " ");
			for (i = 1; i <= n; i++) for (k = 0; k < 3; k++) {
				w = s / div[i]; a = (div[i] == 1) ? 0 : rand() * (s - w);
				# The whole trace comes after a narrower window, so each is a change.
				printf "window %.9f %.9f\nwait\nclock\n", a, a + w
				if (div[i] == 1) printf "window 0 %.9f\nwait\nclock\n", s / 2
			} }'
		for d in 10000 1000 100 10 1; do
			for k in 1 2 3; do
				label "statistics.window_1_of_$d"
				if [ "$d" = 1 ]; then label -; fi
			done
		done
		printf 'screenshot %s/statistics.png\n' "$tmp"
	fi
	printf 'quit\n'
}

list_report() {   # list_report LABEL: the figures of $tmp/out with $tmp/labels
	grep ' clock ' "$tmp/out" | awk '{ print $3, $4 }' | paste -d ' ' "$tmp/labels" - |
		awk -v l="$1" '$1 != "-" { w[$1] = w[$1] " " ($2 - pw); c[$1] = c[$1] " " ($3 - pc); o[$1] = ++n }
			{ pw = $2; pc = $3 }
			function stat(s, what,   a, k, i, j, t) {
				k = split(s, a, " ")
				for (i = 2; i <= k; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
				return sprintf("%s median %.1f ms worst %.1f ms (of %d)", what, a[int((k + 1) / 2)], a[k], k)
			}
			END { for (x in o) printf "%s.%s %s; %s\n", l, x, stat(w[x], "wall"), stat(c[x], "main-thread CPU") }' | sort
}

# The span and the event count, before the caches go (this launch may
# start a precomputation).
trace_span=$(span)
# The trace's event count (the default trace's; EVENTS=N for another trace).
trace_events=${EVENTS:-10000000}
echo "trace_span_s $trace_span"

find "$trace" -maxdepth 1 -name '.lttv*' -exec rm -f {} +
load first_open.before
script | run > "$tmp/out"
load first_open.after
report first_open
load second_open.before
script | run > "$tmp/out"
load second_open.after
report second_open

# The event list, the jumps and the statistics: a first open (no cache)
# and a second.
find "$trace" -maxdepth 1 -name '.lttv*' -exec rm -f {} +
for open in first_open second_open; do
	load "$open.list.before"
	list_script "$trace_span" "$trace_events" > "$tmp/script"
	run < "$tmp/script" > "$tmp/out"
	load "$open.list.after"
	[ -z "${GUI_SHOTS:-}" ] || mkdir -p "$GUI_SHOTS"
	[ -z "${GUI_SHOTS:-}" ] || cp "$tmp"/list.png "$tmp"/statistics.png "$GUI_SHOTS/" 2>/dev/null || true
	[ -z "${GUI_SHOTS:-}" ] || cp "$tmp/out" "$GUI_SHOTS/$open.list.out"
	list_report "$open"
done
