#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# test-spdx.sh: every source file of the git checkout says its licence
# (SPDX-License-Identifier in its first lines): GPL-2.0-or-later, or
# LGPL-2.1-or-later for the libraries any program may link (libltt,
# liblttvcore, libltt-ust); debian/copyright says the same per folder.
# build-aux/ holds automake's scripts, with the FSF's own notices.
top=${TOP_SRCDIR:?}
echo "1..2"
if ! command -v git >/dev/null 2>&1 || ! git -C "$top" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	echo "ok 1 # SKIP not a git checkout: every source file has an SPDX header"
	echo "ok 2 # SKIP not a git checkout: only GPL-2.0-or-later and LGPL-2.1-or-later"
	exit 0
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
git -C "$top" ls-files -- '*.c' '*.h' '*.sh' '*.am' '*.ac' '*.in' '*.1' 'scripts/*' '.ci/*' \
	'debian/rules' | grep -v '^build-aux/' > "$tmp/files"
while read -r f; do
	[ -f "$top/$f" ] || continue
	head -n 3 "$top/$f" | grep -q 'SPDX-License-Identifier:' || echo "$f"
done < "$tmp/files" > "$tmp/missing"
sed 's/^/# no SPDX header: /' "$tmp/missing" | head -n 30
if [ -s "$tmp/missing" ]; then echo "not ok 1 - every source file has an SPDX header"; else echo "ok 1 - every source file has an SPDX header"; fi
while read -r f; do
	[ -f "$top/$f" ] || continue
	head -n 3 "$top/$f" | sed -n 's/.*SPDX-License-Identifier: *\([^ *]*\).*/\1/p' |
		grep -qvxE 'GPL-2\.0-or-later|LGPL-2\.1-or-later' && echo "$f"
done < "$tmp/files" > "$tmp/other"
sed 's/^/# another licence: /' "$tmp/other"
if [ -s "$tmp/other" ]; then echo "not ok 2 - only GPL-2.0-or-later and LGPL-2.1-or-later"; else echo "ok 2 - only GPL-2.0-or-later and LGPL-2.1-or-later"; fi
