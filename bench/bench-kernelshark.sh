#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# bench-kernelshark.sh BUILD [TRACE.DAT]: KernelShark (Debian's kernelshark
# 2.2.1) and lttv-gui on one trace.dat of about 10 M kernel events, in one
# run, under one private Xvfb, measured from outside both the same way
# (peers/x-settle.c: the X DAMAGE extension reports every screen change):
#   - launch to the drawn window: the last screen change before the screen
#     stays still for 3 s while the program is idle (its window made
#     1920x1080 as soon as it maps: there is no window manager);
#   - 16 zoom steps once drawn, the same input for both: Control + one
#     wheel step over the graph (KernelShark's CPU plots, lttv-gui's control
#     flow), from the input to the last screen change before the screen
#     stays still for 1 s.  KernelShark has no discrete pan: its <, > (and
#     +, -) buttons and arrow keys move the view for as long as they are
#     held, and a click of no duration (XTEST's press and release at once)
#     makes it zoom or pan without end (its "work in progress" notice
#     handles the release before the loop that waits for it starts);
#   - the peak resident memory (VmHWM of /proc, read before the end);
#   - lttv-gui also prints, through --script, when its window is first drawn
#     and when its precomputation ends (as bench-gui.sh).
# Each program opens the file as trace-cmd 3 writes it (version 7, zstd
# compressed) and as a version 6 file without compression (made beside it
# by `trace-cmd convert`).  lttv-gui opens each twice: first with no cache
# (the import into $XDG_CACHE_HOME/lttv/import and the precomputation
# happen in that run), then with both caches.  KernelShark runs as an
# unprivileged user (as root it shows a warning dialog that waits for a
# click) with a HOME of its own.
#
# Without TRACE.DAT (default $TMPDIR/lttv-bench-ks/trace.dat, made once):
# a tracefs instance records lttctl's default kernel events while the
# machine archives /usr/share, walks / and makes system calls in a loop
# (peers/ftrace-extract.sh: `trace-cmd record` fails on the benchmark VM).
# Needs root, tracefs and trace-cmd.
# Figures go to stdout as "name value unit"; doc/performance.md keeps them.
set -euo pipefail
build=${1:?usage: bench-kernelshark.sh BUILD [TRACE.DAT]}
dat=${2:-${TMPDIR:-/tmp}/lttv-bench-ks/trace.dat}
src=$(cd "$(dirname "$0")" && pwd)
gui=$build/lttv/modules/gui/lttv-gui/lttv-gui
tmp=$(mktemp -d)
xvfb_pid=
# KEEP=1: the work folder stays (x-settle's outputs; with X_SETTLE_DEBUG
# set, every screen change of every run).
trap '[ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null; [ -n "${KEEP:-}" ] && echo "kept $tmp" || rm -rf "$tmp"' EXIT

for c in kernelshark trace-cmd Xvfb cc pkg-config setpriv fc-list; do
	command -v "$c" >/dev/null || { echo "bench-kernelshark: $c is needed (apt install kernelshark trace-cmd xvfb libxdamage-dev libxtst-dev)" >&2; exit 1; }
done
cc -O2 -o "$tmp/x-settle" "$src/peers/x-settle.c" $(pkg-config --cflags --libs x11 xdamage xtst)
make -C "$build/lttv" >/dev/null

if [ ! -f "$dat" ]; then
	mkdir -p "$(dirname "$dat")"
	cc -O2 -o "$tmp/syscall-loop" "$src/bench-syscall-loop.c"
	cat > "$tmp/load.sh" <<LOAD
tar -C /usr -cf - share 2>/dev/null | gzip -1 > /dev/null &
find / -xdev > /dev/null 2>&1 &
$tmp/syscall-loop 500000 > /dev/null &
wait
LOAD
	BUFFER_KB=1048576 sh "$src/peers/ftrace-extract.sh" "$dat" sh "$tmp/load.sh"
fi
v6=${dat%.dat}-v6.dat
[ -f "$v6" ] || trace-cmd convert -i "$dat" --file-version 6 --compression none -o "$v6" >/dev/null 2>&1
chmod a+r "$dat" "$v6"
[ -f "$dat.events" ] || trace-cmd report "$dat" 2>/dev/null | tail -n +2 | wc -l > "$dat.events"
echo "trace $dat $(cat "$dat.events") events, $(($(stat -c %s "$dat") / 1048576)) MiB" \
	"(version 6 uncompressed: $(($(stat -c %s "$v6") / 1048576)) MiB)"

mkfifo "$tmp/displayfd"
Xvfb -displayfd 3 -screen 0 1920x1200x24 -nolisten tcp 3>"$tmp/displayfd" >"$tmp/xvfb.log" 2>&1 &
xvfb_pid=$!
read -r display < "$tmp/displayfd"
export DISPLAY=":$display"

# The zoom steps, the same for both: in x5, out x4, in x3, out x4; over
# KernelShark's first CPU plot and lttv-gui's control flow drawing.
ks_steps=() gui_steps=()
for k in up up up up up down down down down up up up down down down down; do
	ks_steps+=(-s "wheel:700,170,$k,ctrl")
	gui_steps+=(-s "wheel:1200,300,$k,ctrl")
done

# report LABEL FILE: x-settle's figures, with the steps' median and worst.
report() {
	local label=$1 out=$2 n
	awk -v l="$label" '$1 == "mapped_ms" { printf "%s.mapped_ms %s ms\n", l, $2 }
		$1 == "drawn_ms" { printf "%s.drawn_ms %s ms\n", l, $2 }
		$1 == "vmhwm_kb" { printf "%s.vmhwm_mb %.0f MB\n", l, $2 / 1024 }' "$out"
	awk '$1 == "step" { print $3 }' "$out" | sort -n > "$tmp/steps"
	n=$(wc -l < "$tmp/steps")
	if [ "$n" -gt 0 ]; then
		echo "$label.step_median_ms $(sed -n "$(((n + 1) / 2))p" "$tmp/steps") ms"
		echo "$label.step_max_ms $(tail -n 1 "$tmp/steps") ms"
		echo "$label.steps_unchanged $(grep -c '^0\.0$' "$tmp/steps" || true)"
		echo "$label.steps_ms $(awk '$1 == "step" { printf "%s ", $3 }' "$out")"
	fi
}

# KernelShark, unprivileged, its font cache made before it is timed.
mkdir -p "$tmp/ks-home"
chmod 700 "$tmp/ks-home"
chown nobody "$tmp/ks-home"
chmod 755 "$tmp"
ks=(setpriv --reuid=nobody --regid=nogroup --clear-groups env HOME="$tmp/ks-home" XDG_RUNTIME_DIR="$tmp/ks-home")
"${ks[@]}" fc-list >/dev/null
kernelshark_run() {   # kernelshark_run LABEL FILE
	"$tmp/x-settle" -g 1920x1080 "${ks_steps[@]}" -- "${ks[@]}" kernelshark -i "$2" > "$tmp/$1.out" 2>"$tmp/$1.err" ||
		{ echo "bench-kernelshark: KernelShark on $2: $(tail -n 1 "$tmp/$1.err")" >&2; exit 1; }
	report "$1" "$tmp/$1.out"
}

# lttv-gui: caches of its own (import, precomputation), fonts as the user's.
export XDG_CACHE_HOME=$tmp/xdg
mkdir -p "$XDG_CACHE_HOME"
fc-list >/dev/null
export LTTV_MODULE_PATH=$build/lttv/modules/gui/controlflow/.libs:$build/lttv/modules/gui/detailedevents/.libs
printf 'screenshot %s/first.png\nprint\nwait\nprint\n' "$tmp" > "$tmp/gui.script"
lttv_gui_run() {   # lttv_gui_run LABEL FILE
	local t0=$EPOCHREALTIME
	"$tmp/x-settle" -g 1920x1080 "${gui_steps[@]}" -- "$gui" --viewer controlflow --viewer detailedevents \
		-t "$2" --script "$tmp/gui.script" 2>"$tmp/$1.err" |
		while IFS= read -r line; do
			awk -v a="$t0" -v b="$EPOCHREALTIME" -v l="$line" 'BEGIN { printf "%.1f %s\n", (b - a) * 1000, l }'
		done > "$tmp/$1.out"
	grep -q vmhwm_kb "$tmp/$1.out" || { echo "bench-kernelshark: lttv-gui on $2: $(tail -n 1 "$tmp/$1.err")" >&2; exit 1; }
	cut -d' ' -f2- "$tmp/$1.out" > "$tmp/$1.figures"
	report "$1" "$tmp/$1.figures"
	awk -v l="$1" '$2 == "window" { n++; if (n == 1) printf "%s.script_first_drawn_ms %s ms\n", l, $1;
		if (n == 2) printf "%s.script_precomputed_ms %s ms\n", l, $1 }' "$tmp/$1.out"
}

for form in v7 v6; do
	file=$dat
	[ $form = v6 ] && file=$v6
	kernelshark_run "kernelshark_$form" "$file"
	lttv_gui_run "lttv_gui_${form}_first_open" "$file"
	lttv_gui_run "lttv_gui_${form}_second_open" "$file"
done
