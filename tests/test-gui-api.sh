#!/bin/sh
# test-gui-api.sh: runs test-gui-api (the viewer API, GLib's TAP) on a
# private Xvfb, over a trace of ltt-synth.
. "${TESTS_SRCDIR:?}/lttv-env.sh"
. "$srcdir/gui-env.sh"
require_xvfb
"$synth" -o "$tmp/trace" --cpus 2 --events 5000 --seed 9 >&2 || { echo "Bail out! ltt-synth failed"; exit 1; }
GUI_TEST_TRACE="$tmp/trace" "$top_builddir/tests/test-gui-api"
