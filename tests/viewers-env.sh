# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# viewers-env.sh: sourced by the viewer tests (tests/viewers.am) after
# lttv-env.sh.  Sets gui_run VIEWER SCRIPT: lttv-gui with only VIEWER (a
# plugin of the build tree) under its own X server (xvfb-run -a), running
# SCRIPT ($pngcheck reads its screenshots); its standard output goes to $tmp/out, what the viewer copies
# (LTTV_GUI_COPY_FILE) to $tmp/copied, both emptied first.  Without
# xvfb-run, or when the server does not start, the whole test is skipped,
# loudly.
gui="$top_builddir/lttv/modules/gui/lttv-gui/lttv-gui"
synth="$top_builddir/ltt/ltt-synth"
pngcheck="$top_builddir/tests/test-gui-pngcheck"
# fontconfig's cache lives until the process ends (gui-lsan.supp).
LSAN_OPTIONS="suppressions=$srcdir/gui-lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export LSAN_OPTIONS

skip_all() {
	echo "1..0 # SKIP $1"
	echo "*** SKIPPED: $1: the viewers were not tested ***" >&2
	exit 0
}
command -v xvfb-run > /dev/null || skip_all "xvfb-run is not installed (package xvfb)"
xvfb-run -a -s "-screen 0 1280x1024x24" true > /dev/null 2>&1 || skip_all "xvfb-run cannot start an X server"

gui_run() {
	viewer=$1 script=$2
	: > "$tmp/out"
	: > "$tmp/copied"
	LTTV_MODULE_PATH="$top_builddir/lttv/modules/gui/$viewer/.libs" LTTV_GUI_COPY_FILE="$tmp/copied" \
		timeout 120 xvfb-run -a -s "-screen 0 1920x1080x24" \
		"$gui" --viewer "$viewer" --script "$script" > "$tmp/out" 2> "$tmp/gui-err"
	status=$?
	[ $status -eq 0 ] || { echo "# lttv-gui exited with $status:"; sed 's/^/# /' "$tmp/gui-err"; }
	return $status
}
