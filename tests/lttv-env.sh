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

# install_copy DEST: make install DESTDIR=DEST of the build tree, one at a
# time (tests run in parallel: two installs of one tree relink the same
# files at once); the lock is on the build folder itself.
# MAKEFLAGS is emptied: the jobserver it names belongs to the make running
# the tests, whose descriptors this script does not have (flock's lock
# would be taken for one).
install_copy() {
	if command -v flock > /dev/null; then
		MAKEFLAGS= MFLAGS= flock "$top_builddir" make -C "$top_builddir" install DESTDIR="$1"
	else
		MAKEFLAGS= MFLAGS= make -C "$top_builddir" install DESTDIR="$1"
	fi
}

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
