#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# readme-commands.sh: every line of README.md's "Using it" block runs as
# typed against what `make install` gives (here into a DESTDIR, as
# ./scripts/demo installs into the prefix), from a folder that sees the
# source tree's doc/ as the README's reader does.  Each line is one check:
# it must exit 0 and, when it names an output trace or file, make it.
# Three things are arranged so that the lines run unattended, not changed:
# /tmp/ is a private folder; `less` and `lttv-gui` are shell functions
# (less reads its input away; lttv-gui runs under xvfb-run with a script
# that waits for every computation and quits); `cc` adds the build's
# compiler flags (a sanitizer build's libraries need its runtime).  The
# recording lines (lttctl, and the lines reading what they recorded) need
# root and tracefs: skipped loudly without them.
. "${TESTS_SRCDIR:?}/lttv-env.sh"
top_srcdir=${TOP_SRCDIR:?}
# fontconfig's cache lives until the process ends (gui-lsan.supp), in a
# sanitizer build's lttv-gui.
LSAN_OPTIONS="suppressions=$srcdir/gui-lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export LSAN_OPTIONS

awk '/^## Using it/ { u = 1 } u && /^```/ { b++; next } u && b == 1 { print } b == 2 { exit }' \
	"$top_srcdir/README.md" | sed -E 's/[[:space:]]+# .*$//' > "$tmp/lines"
total=$(wc -l < "$tmp/lines")
echo "1..$((total + 1))"
[ "$total" -ge 8 ]
check $? "README.md's Using it block has its $total command lines"

dest=$installed
if ! command -v bash > /dev/null || ! command -v pkg-config > /dev/null ||
   [ ! -f "$installed/.done" ]; then
	tail -n 20 "$installed_log" 2>/dev/null | sed 's/^/# /'
	skip_reason="make check's make install DESTDIR=... failed, or no bash or pkg-config"
	i=0; while [ $i -lt "$total" ]; do check 77 "README line"; i=$((i + 1)); done
	exit 0
fi

# Where the build's .pc files say things go, moved under $dest.
pcvar() { PKG_CONFIG_PATH="$top_builddir/ltt:$top_builddir/lttv/lttv" pkg-config --variable="$1" "$2"; }
prefix=$(pcvar prefix libltt) libdir=$(pcvar libdir libltt) plugindir=$(pcvar plugindir lttv)
mkdir "$tmp/pc"
for pc in "$dest$libdir"/pkgconfig/*.pc; do
	sed -E "s|^(prefix\|exec_prefix\|libdir\|includedir)=/|\1=$dest/|" "$pc" > "$tmp/pc/${pc##*/}"
done
make_var() { sed -n "s/^$1 = //p" "$top_builddir/Makefile"; }

# The README's reader stands in the source tree; here a folder whose doc/ is
# the tree's, so that what the lines write stays out of the tree.
mkdir "$tmp/cwd" "$tmp/tmp"
ln -s "$top_srcdir/doc" "$tmp/cwd/doc"
cat > "$tmp/quit.script" <<SCRIPT
wait
quit
SCRIPT
cat > "$tmp/env.bash" <<ENV
export PATH="$dest$prefix/bin:\$PATH" LD_LIBRARY_PATH="$dest$libdir"
export PKG_CONFIG_PATH="$tmp/pc" LTTV_MODULE_PATH="$dest$plugindir"
export XDG_CACHE_HOME="$tmp/cache"
less() { cat > /dev/null; }
lttv-gui() { timeout 120 xvfb-run -a -s "-screen 0 1024x768x24" "$dest$prefix/bin/lttv-gui" --script "$tmp/quit.script" "\$@"; }
cc() { command cc "\$@" $(make_var CFLAGS) $(make_var LDFLAGS); }
cd "$tmp/cwd"
ENV

recording=yes
if [ "$(id -u)" -ne 0 ]; then
	recording="not root"
elif [ ! -d /sys/kernel/tracing/instances ]; then
	recording="tracefs is not mounted on /sys/kernel/tracing"
fi
gui=yes
command -v xvfb-run > /dev/null || gui="xvfb-run is not installed"

# Traces the recording lines make: the lines that read them wait on them.
recorded=$(sed -n -E 's|^lttctl record -o (/tmp/[^ ]+).*|\1|p' "$tmp/lines")
while IFS= read -r line; do
	what=$(printf '%s' "$line" | cut -c1-70)
	needs_recording=no
	case $line in lttctl*) needs_recording=yes ;; esac
	for trace in $recorded; do
		case "$line " in *"$trace "*) needs_recording=yes ;; esac
	done
	if [ "$needs_recording" = yes ] && [ "$recording" != yes ]; then
		skip_reason=$recording
		echo "*** SKIPPED: README line needs recording ($recording): $line ***" >&2
		check 77 "$what"
		continue
	fi
	case $line in lttv-gui*)
		if [ "$gui" != yes ]; then
			skip_reason=$gui
			check 77 "$what"
			continue
		fi ;;
	esac
	command=$(printf '%s' "$line" | sed "s|/tmp/|$tmp/tmp/|g")
	bash -c ". '$tmp/env.bash' && $command" > "$tmp/out" 2>&1
	status=$?
	# The file or trace a line writes must be there.
	made=$(printf '%s' "$command" | sed -E "s/'[^']*'//g" | sed -n -E 's/.*(-o|>) +([^ |]+).*/\2/p')
	case $made in /dev/*|'') ;; *)
		[ $status -eq 0 ] && { [ -e "$made" ] || [ -e "$tmp/cwd/$made" ]; } || status=1 ;;
	esac
	[ $status -eq 0 ] || sed 's/^/# /' "$tmp/out" | tail -n 15
	check $status "$what"
done < "$tmp/lines"
