/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* ust-drainer-sources.c: the drainer's sources, compiled into fuzz-ust-drain
 * so that they are instrumented with it.  Included rather than listed in
 * ust.am: a conditional rule for their directory would clash with
 * test-ust-type-size's (make warns of an overridden recipe). */
#include "ltt-control/ust/lttd-ust.c"
#include "ltt-control/ust/ust-app.c"
#include "ltt-control/ust/ust-tsc.c"
