# gui-env.sh: sourced by the GUI tests (TESTS_SRCDIR/gui-env.sh) after
# lttv-env.sh.  Sets gui (lttv-gui of the build tree, finding the example
# viewer eventrate), synth, pngcheck, and start_xvfb, which starts a private
# Xvfb on a free display and exports DISPLAY, or says why it cannot.
gui="$top_builddir/lttv/modules/gui/lttv-gui/lttv-gui"
synth="$top_builddir/ltt/ltt-synth"
pngcheck="$top_builddir/tests/test-gui-pngcheck"
LTTV_MODULE_PATH="$top_builddir/doc/examples"
export LTTV_MODULE_PATH
# What GTK's libraries keep until exit is not a leak of ours (ASan build).
LSAN_OPTIONS="suppressions=$srcdir/gui-lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export LSAN_OPTIONS
# The user's key bindings ($XDG_CONFIG_HOME/lttv/keys) stay out of the tests.
unset XDG_CONFIG_HOME
HOME=$tmp
export HOME

xvfb_pid=
trap 'if [ -n "$xvfb_pid" ]; then kill "$xvfb_pid" 2>/dev/null; wait "$xvfb_pid" 2>/dev/null; fi; rm -rf "$tmp"' EXIT

start_xvfb() {
	if ! command -v Xvfb >/dev/null 2>&1; then
		xvfb_error="Xvfb is not installed (scripts/install-deps installs it)"
		return 1
	fi
	# Xvfb picks a free display and writes its number on -displayfd once
	# it accepts clients; read blocks until then (EOF if Xvfb dies).
	mkfifo "$tmp/displayfd" || return 1
	Xvfb -displayfd 3 -screen 0 1920x1200x24 -nolisten tcp 3>"$tmp/displayfd" \
		>"$tmp/xvfb.log" 2>&1 &
	xvfb_pid=$!
	display=
	read -r display < "$tmp/displayfd"
	if [ -z "$display" ]; then
		xvfb_error="Xvfb did not start: $(tail -n 3 "$tmp/xvfb.log" | tr '\n' ' ')"
		xvfb_pid=
		return 1
	fi
	DISPLAY=":$display"
	export DISPLAY
}

# Skips the whole test, loudly, when there is no display to test on.
require_xvfb() {
	if ! start_xvfb; then
		echo "1..0 # SKIP $xvfb_error"
		echo "SKIPPED: $0 needs Xvfb: $xvfb_error" >&2
		exit 0
	fi
}

# ns from a seconds.nanoseconds time as lttv-gui prints it.
ns() {
	echo "$1" | awk -F. '{ printf "%d%09d\n", $1, $2 }' | sed 's/^0*\([0-9]\)/\1/'
}
