/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* time-range.c: lttv's --begin and --end. */
#include <config.h>
#include <ltt/ltt-error.h>
#include <ltt/trace.h>
#include "time-range.h"

gboolean lttv_time_bound_parse(const char *text, LttvTimeBound *bound, GError **error)
{
	gboolean relative = text[0] == '+';
	LttTime t;
	if (!ltt_time_parse(relative ? text + 1 : text, &t, error))
		return FALSE;
	bound->given = TRUE;
	bound->relative = relative;
	bound->t = t;
	return TRUE;
}

static LttTime traceset_start(LttvTraceset *ts)
{
	LttTime start = LTT_TIME_INFINITE;
	for (guint i = 0; i < lttv_traceset_number(ts); i++)
		start = MIN(start, ltt_trace_start_time(lttv_trace_ltt(lttv_traceset_get(ts, i))));
	return start == LTT_TIME_INFINITE ? LTT_TIME_ZERO : start;
}

static LttTime resolve(const LttvTimeBound *b, LttTime start, LttTime none)
{
	if (!b->given)
		return none;
	if (!b->relative)
		return b->t;
	return b->t > LTT_TIME_INFINITE - start ? LTT_TIME_INFINITE : start + b->t;
}

gboolean lttv_time_range_resolve(const LttvTimeBound *begin, const LttvTimeBound *end,
                                 LttvTraceset *ts, LttTime *from, LttTime *to, GError **error)
{
	LttTime start = traceset_start(ts);
	*from = resolve(begin, start, LTT_TIME_ZERO);
	*to = resolve(end, start, LTT_TIME_INFINITE);
	if (*from > *to) {
		char b[LTT_TIME_STRING_SIZE], e[LTT_TIME_STRING_SIZE];
		ltt_time_format(*from, b);
		ltt_time_format(*to, e);
		g_set_error(error, LTT_ERROR, LTT_ERROR_PARSE, "--begin (%s) is after --end (%s)", b, e);
		return FALSE;
	}
	return TRUE;
}
