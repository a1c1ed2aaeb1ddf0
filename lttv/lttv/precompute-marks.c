/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* precompute-marks.c: the event marks of the pass: where each tracefile
 * of the trace stood before every K-th event, what the event index
 * (event-index.c) seeks from.  Recorded by the pass as it goes, or adopted
 * from a cache file's mapping; never changed once the pass is done. */
#include "config.h"
#include "precompute-private.h"

struct _LttvEventMarks {
	guint n_tracefiles;
	guint interval;
	GArray *owned;                  /* LttvMarkPlace, n_tracefiles per mark; NULL when adopted */
	const LttvMarkPlace *places;    /* adopted: in a mapping the caller keeps */
	guint64 count;
};

LttvEventMarks *lttv_event_marks_new(guint n_tracefiles, guint interval)
{
	LttvEventMarks *m = g_new0(LttvEventMarks, 1);

	m->n_tracefiles = n_tracefiles;
	m->interval = MAX(interval, 1);
	m->owned = g_array_new(FALSE, FALSE, sizeof(LttvMarkPlace));
	return m;
}

LttvEventMarks *lttv_event_marks_adopt(guint n_tracefiles, guint interval, const LttvMarkPlace *places,
                                       guint64 count)
{
	LttvEventMarks *m = g_new0(LttvEventMarks, 1);

	m->n_tracefiles = n_tracefiles;
	m->interval = MAX(interval, 1);
	m->places = places;
	m->count = count;
	return m;
}

void lttv_event_marks_free(LttvEventMarks *m)
{
	if (m == NULL)
		return;
	if (m->owned != NULL)
		g_array_unref(m->owned);
	g_free(m);
}

void lttv_event_marks_note(LttvEventMarks *m, const LttvMerge *merge, guint64 n)
{
	if (n % m->interval != 0 || m->owned == NULL || n / m->interval != m->count)
		return;
	g_array_set_size(m->owned, (guint) ((m->count + 1) * m->n_tracefiles));
	lttv_merge_places(merge, &g_array_index(m->owned, LttvMarkPlace, m->count * m->n_tracefiles));
	m->count++;
}

guint64 lttv_event_marks_count(const LttvEventMarks *m)
{
	return m->count;
}

guint lttv_event_marks_interval(const LttvEventMarks *m)
{
	return m->interval;
}

guint lttv_event_marks_tracefiles(const LttvEventMarks *m)
{
	return m->n_tracefiles;
}

const LttvMarkPlace *lttv_event_marks_get(const LttvEventMarks *m, guint64 i)
{
	const LttvMarkPlace *all;

	if (i >= m->count)
		return NULL;
	all = m->owned != NULL ? (const LttvMarkPlace *) (gconstpointer) m->owned->data : m->places;
	return all + i * m->n_tracefiles;
}

gsize lttv_event_marks_heap(const LttvEventMarks *m)
{
	return sizeof(*m) + (m->owned != NULL ? m->owned->len * sizeof(LttvMarkPlace) : 0);
}
