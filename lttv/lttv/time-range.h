/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* time-range.h: lttv's --begin and --end, the times the run starts and
 * stops at.  A bound is a time of the trace clock as textDump prints it
 * (S or S.F, the filter's event.time), or "+S[.F]": seconds after the start
 * of the traceset (its earliest trace's first event). */
#ifndef LTTV_TIME_RANGE_H
#define LTTV_TIME_RANGE_H

#include <glib.h>
#include <ltt/ltt-time.h>
#include "traceset.h"

typedef struct {
	gboolean given;
	gboolean relative;     /* "+S.F": after the traceset's start */
	LttTime t;
} LttvTimeBound;

/* Parses text into *bound; the error names the column. */
gboolean lttv_time_bound_parse(const char *text, LttvTimeBound *bound, GError **error);

/* The absolute times of begin and end over the traces of ts (begin 0 and end
 * LTT_TIME_INFINITE when not given); fails when begin is after end. */
gboolean lttv_time_range_resolve(const LttvTimeBound *begin, const LttvTimeBound *end,
                                 LttvTraceset *ts, LttTime *from, LttTime *to, GError **error);

#endif
