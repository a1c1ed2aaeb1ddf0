#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# test-gui-api.sh: runs test-gui-api (the viewer API, GLib's TAP) on a
# private Xvfb, over a trace of ltt-synth.
. "${TESTS_SRCDIR:?}/lttv-env.sh"
. "$srcdir/gui-env.sh"
require_xvfb
"$synth" -o "$tmp/trace" --cpus 2 --events 5000 --seed 9 >&2 || { echo "Bail out! ltt-synth failed"; exit 1; }
# More events than the statistics viewer reads at once: its whole-trace
# figures come from a worker thread.
"$synth" -o "$tmp/big" --cpus 2 --events 300000 --seed 9 >&2 || { echo "Bail out! ltt-synth failed"; exit 1; }
LTTV_MODULE_PATH="$LTTV_MODULE_PATH:$top_builddir/lttv/modules/gui/statistics/.libs" \
	GUI_TEST_TRACE="$tmp/trace" GUI_TEST_BIG_TRACE="$tmp/big" "$top_builddir/tests/test-gui-api"
