#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# gui-mnemonics.sh: the Alt+letter of every labelled control of the
# viewers a window may show at once (controlflow, detailedevents,
# statistics) and of the menu bar is unique.  Two controls sharing a
# letter make Alt+letter only move the focus between them: the check box
# or button is not pressed.
top=${TOP_SRCDIR:?}
echo "1..1"
{
	# The menu bar's menus (the items are reached once a menu is open).
	grep -o '"[A-Za-z]*Menu", NULL, "[^"]*"' "$top/lttv/modules/gui/lttv-gui/menus.c" | sed 's/.*, "//; s/"$//'
	# The viewers' controls: the strings given to *_with_mnemonic*() and
	# to the event list's button() helper.
	for f in "$top"/lttv/modules/gui/controlflow/*.c "$top"/lttv/modules/gui/detailedevents/*.c \
		"$top"/lttv/modules/gui/statistics/*.c; do
		tr '\n' ' ' < "$f" | grep -o '_mnemonic[a-z_]*([^"]*"[^"]*"' | sed 's/.*"\([^"]*\)"$/\1/'
		grep -o 'button("[^"]*"' "$f" | sed 's/button("//; s/"$//'
	done
} | grep '_' | sed 's/.*_\(.\).*/\1/' | tr 'A-Z' 'a-z' > "${TMPDIR:-/tmp}/mnemonics.$$"
dups=$(sort "${TMPDIR:-/tmp}/mnemonics.$$" | uniq -d | tr '\n' ' ')
count=$(wc -l < "${TMPDIR:-/tmp}/mnemonics.$$")
rm -f "${TMPDIR:-/tmp}/mnemonics.$$"
if [ "$count" -ge 15 ] && [ -z "$dups" ]; then
	echo "ok 1 - $count mnemonics, each letter once"
else
	echo "not ok 1 - $count mnemonics; used twice: $dups"
fi
