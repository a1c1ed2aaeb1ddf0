# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# lttv-env.sh: sourced by the lttv shell tests (TESTS_SRCDIR/lttv-env.sh).
# Sets lttv (the command in the build tree) with its text modules, srcdir,
# tmp (a directory removed on exit), and check STATUS DESCRIPTION, one TAP
# line: 0 passes, 77 skips (saying $skip_reason), anything else fails.
top_builddir=${TOP_BUILDDIR:?}
srcdir=${TESTS_SRCDIR:?}
lttv="$top_builddir/lttv/lttv/lttv"
LTTV_MODULE_PATH="$top_builddir/lttv/modules/text"
export LTTV_MODULE_PATH
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# installed: the `make install DESTDIR=` copy of the build tree that
# `make check` makes before the tests run (tests/packaging.am), complete
# when installed/.done exists; its log is installed_log.
installed="$top_builddir/tests/install-copy"
installed_log="$top_builddir/tests/install-copy.log"

n=0
skip_reason=skipped
check() {
	n=$((n + 1))
	case $1 in
	0) echo "ok $n - $2" ;;
	77) echo "ok $n # SKIP $skip_reason: $2" ;;
	*) echo "not ok $n - $2" ;;
	esac
}
