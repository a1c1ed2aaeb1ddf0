/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* ltt-time.c: LttTime as text, "SECONDS.NNNNNNNNN". */
#include <stdio.h>
#include "ltt-error.h"
#include "ltt-time.h"

gsize ltt_time_format(LttTime t, char *buf)
{
	int n = g_snprintf(buf, LTT_TIME_STRING_SIZE, "%" G_GUINT64_FORMAT ".%09" G_GUINT64_FORMAT,
	                   t / LTT_NSEC_PER_SEC, t % LTT_NSEC_PER_SEC);
	return (gsize) n;
}

static gboolean time_error(const char *text, const char *at, const char *what, GError **error)
{
	g_set_error(error, LTT_ERROR, LTT_ERROR_PARSE, "time \"%s\": column %u: expected %s", text,
	            (guint) (at - text) + 1, what);
	return FALSE;
}

gboolean ltt_time_parse(const char *text, LttTime *t, GError **error)
{
	const char *p = text;
	guint64 sec = 0, frac = 0;
	guint digits = 0;

	if (!g_ascii_isdigit(*p))
		return time_error(text, p, "a number of seconds", error);
	for (; g_ascii_isdigit(*p); p++) {
		guint d = (guint) (*p - '0');
		if (sec > (G_MAXUINT64 / LTT_NSEC_PER_SEC - d) / 10)
			return time_error(text, text, "a time below 2^64 ns", error);
		sec = sec * 10 + d;
	}
	if (*p == '.') {
		p++;
		for (; g_ascii_isdigit(*p); p++, digits++) {
			if (digits == 9)
				return time_error(text, p, "at most 9 fraction digits", error);
			frac = frac * 10 + (guint64) (*p - '0');
		}
		if (digits == 0)
			return time_error(text, p, "fraction digits after '.'", error);
		for (guint i = digits; i < 9; i++)
			frac *= 10;
	}
	if (*p != '\0')
		return time_error(text, p, digits ? "the end of the time" : "'.' or the end of the time", error);
	if (sec * LTT_NSEC_PER_SEC > G_MAXUINT64 - frac)
		return time_error(text, text, "a time below 2^64 ns", error);
	*t = sec * LTT_NSEC_PER_SEC + frac;
	return TRUE;
}
