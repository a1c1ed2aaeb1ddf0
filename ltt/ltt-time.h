/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* ltt-time.h: LttTime, nanoseconds of the trace clock. */
#ifndef LTT_TIME_H
#define LTT_TIME_H

#include <glib.h>

G_BEGIN_DECLS

/* Nanoseconds since the trace clock's origin (CLOCK_MONOTONIC based for
 * traces we record).  A plain integer so comparisons and deltas are cheap. */
typedef guint64 LttTime;

#define LTT_TIME_ZERO ((LttTime) 0)
#define LTT_TIME_INFINITE G_MAXUINT64
#define LTT_NSEC_PER_SEC G_GUINT64_CONSTANT(1000000000)

/* Size of a buffer that holds any formatted time, NUL included. */
#define LTT_TIME_STRING_SIZE 32

/* Writes "SECONDS.NNNNNNNNN" (always nine fraction digits) into buf, which
 * holds LTT_TIME_STRING_SIZE bytes; returns the length written. */
gsize ltt_time_format(LttTime t, char *buf);

/* Parses "S", "S.F" (F: 1 to 9 fraction digits) into *t.  On failure sets
 * error (LTT_ERROR_PARSE) naming the column and returns FALSE. */
gboolean ltt_time_parse(const char *text, LttTime *t, GError **error);

G_END_DECLS

#endif
