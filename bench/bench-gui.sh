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
#   - the machine's load average before and after each run.
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
run() {
	local t0=$EPOCHREALTIME
	"$gui" -m guiprobe "${viewers[@]}" -t "$trace" --script - 2>"$tmp/err" |
		while IFS= read -r line; do
			awk -v a="$t0" -v b="$EPOCHREALTIME" -v l="$line" 'BEGIN { printf "%.1f %s\n", (b - a) * 1000, l }'
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

find "$trace" -maxdepth 1 -name '.lttv*' -exec rm -f {} +
load first_open.before
script | run > "$tmp/out"
load first_open.after
report first_open
load second_open.before
script | run > "$tmp/out"
load second_open.after
report second_open
