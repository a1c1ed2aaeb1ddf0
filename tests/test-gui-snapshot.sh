#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# test-gui-snapshot.sh: runs test-gui-snapshot (lttv-gui's screenshots, GLib's
# TAP) on a private Xvfb.  A hang is a failure (timeout), not a stuck test.
. "${TESTS_SRCDIR:?}/lttv-env.sh"
. "$srcdir/gui-env.sh"
require_xvfb
timeout 300 "$top_builddir/tests/test-gui-snapshot"
