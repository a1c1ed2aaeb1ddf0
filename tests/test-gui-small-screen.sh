#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# test-gui-small-screen.sh: on an 800x600 screen the window, with the
# three viewers, fits the screen's width (the control flow's legend and the
# time bar made it 823 pixels), and every viewer has its slot in it.
. "${TESTS_SRCDIR:?}/lttv-env.sh"
. "$srcdir/viewers-env.sh"

"$synth" -o "$tmp/t" --cpus 4 --processes 50 --events 20000 --seed 3 > /dev/null ||
	{ echo "Bail out! ltt-synth failed"; exit 1; }
echo "1..2"

b=$top_builddir/lttv/modules/gui
printf 'open %s\nviewer statistics\nwait\nscreenshot %s\nlayout\nquit\n' "$tmp/t" "$tmp/small.png" > "$tmp/s.script"
LTTV_MODULE_PATH="$b/controlflow/.libs:$b/detailedevents/.libs:$b/statistics/.libs" \
	timeout 120 xvfb-run -a -s "-screen 0 800x600x24" "$gui" --script "$tmp/s.script" > "$tmp/out" 2> "$tmp/err"
status=$?
size=$("$pngcheck" "$tmp/small.png" 2>/dev/null | head -n 1)
[ $status -eq 0 ] && [ "${size%% *}" -le 800 ] 2>/dev/null
check $? "the window fits an 800-pixel screen ($size; $(head -c 200 "$tmp/err"))"
# Each slot lies inside the window, across its width.
awk -v w="${size%% *}" '$1 == "layout" && $2 + 0 >= 0 { n++; if ($3 < 0 || $3 + $5 > w || $5 < 300 || $6 < 50) bad++ }
	END { exit !(n == 3 && bad == 0) }' "$tmp/out"
check $? "the three viewers have their slots inside it: $(grep -c '^layout' "$tmp/out") of 3"
