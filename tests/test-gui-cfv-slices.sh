#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# test-gui-cfv-slices.sh: runs test-gui-cfv-slices (the control flow viewer
# draws its rows in slices without flicker, GLib's TAP) on a private Xvfb,
# over a trace of ltt-synth with more tasks than one slice of rows; and
# the process tree's refill over several turns, on a trace of thousands of
# tasks.
. "${TESTS_SRCDIR:?}/lttv-env.sh"
. "$srcdir/gui-env.sh"
LTTV_MODULE_PATH="$top_builddir/lttv/modules/gui/controlflow/.libs:$top_builddir/lttv/modules/gui/controlflow:$LTTV_MODULE_PATH"
export LTTV_MODULE_PATH
require_xvfb
"$synth" -o "$tmp/trace" --cpus 2 --processes 40 --events 20000 --seed 5 >&2 ||
	{ echo "Bail out! ltt-synth failed"; exit 1; }
# Thousands of tasks: a refill of the process tree takes several turns.
"$synth" -o "$tmp/many" --cpus 2 --processes 3000 --events 60000 --seed 5 >&2 ||
	{ echo "Bail out! ltt-synth failed"; exit 1; }
GUI_TEST_TRACE="$tmp/trace" GUI_TEST_MANY_TASKS_TRACE="$tmp/many" timeout 300 "$top_builddir/tests/test-gui-cfv-slices"
