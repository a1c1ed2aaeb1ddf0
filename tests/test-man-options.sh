#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# test-man-options.sh: every long option a tool's --help lists is in its man
# page (doc/man/TOOL.1, written \-\-name); for lttv, also the options of each
# text module (lttv -m MODULE --help).  A tool this build lacks is skipped.
. "${TESTS_SRCDIR:?}/lttv-env.sh"
man="$TOP_SRCDIR/doc/man"
b=$top_builddir
tools="ltt-export:$b/ltt/import/ltt-export ltt-import:$b/ltt/import/ltt-import ltt-synth:$b/ltt/ltt-synth
ltt-ust-drain:$b/ltt-control/ust/ltt-ust-drain lttctl:$b/ltt-control/lttctl lttd:$b/ltt-control/lttd
lttv-gui:$b/lttv/modules/gui/lttv-gui/lttv-gui lttv:$lttv"
echo "1..$(echo $tools | wc -w)"
# missing PAGE HELP-TEXT: the long options of HELP-TEXT not in PAGE.
missing() {
	printf '%s\n' "$2" | grep -oE -- '--[a-z][a-z0-9-]*' | sort -u | while read -r opt; do
		grep -qF -- "$(printf %s "$opt" | sed 's/-/\\-/g')" "$1" || printf ' %s' "$opt"
	done
}
for t in $tools; do
	name=${t%%:*} prog=${t#*:}
	if [ ! -x "$prog" ]; then
		skip_reason="not built"
		check 77 "$name"
		continue
	fi
	help=$("$prog" --help 2>&1)
	if [ "$name" = lttv ]; then
		for m in $("$lttv" --list-modules 2>/dev/null | awk '/^$/ { exit } { print $1 }'); do
			help="$help
$("$lttv" -m "$m" --help 2>&1)"
		done
	fi
	gone=$(missing "$man/$name.1" "$help")
	[ -z "$gone" ]
	check $? "doc/man/$name.1 has every option of $name --help${gone:+ (missing:$gone)}"
done
