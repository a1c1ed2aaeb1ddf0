/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* precompute-merge.c: a binary heap of tracefiles keyed by their current
 * event's time, ties broken by tracefile index as
 * ltt_event_position_compare orders them. */
#include "config.h"
#include "precompute-private.h"

typedef struct {
	LttTime time;
	guint tfi;
} MergeEntry;

struct _LttvMerge {
	LttTrace *trace;
	guint n;
	MergeEntry *heap;
	guint len;
	guint64 damaged;
};

static gboolean entry_before(const MergeEntry *x, const MergeEntry *y)
{
	return x->time < y->time || (x->time == y->time && x->tfi < y->tfi);
}

static void sift_down(LttvMerge *m, guint i)
{
	MergeEntry moving = m->heap[i];

	for (;;) {
		guint l = 2 * i + 1, best = l;

		if (l >= m->len)
			break;
		if (l + 1 < m->len && entry_before(&m->heap[l + 1], &m->heap[l]))
			best = l + 1;
		if (!entry_before(&m->heap[best], &moving))
			break;
		m->heap[i] = m->heap[best];
		i = best;
	}
	m->heap[i] = moving;
}

/* Moves tracefile tfi to its next event, skipping damage; FALSE at its end. */
static gboolean next_event(LttvMerge *m, guint tfi)
{
	LttTracefile *tf = ltt_trace_tracefile(m->trace, tfi);

	for (;;) {
		GError *error = NULL;

		switch (ltt_tracefile_next(tf, &error)) {
		case LTT_READ_EVENT:
			return TRUE;
		case LTT_READ_END:
			return FALSE;
		case LTT_READ_DAMAGED:
			m->damaged++;
			g_clear_error(&error);
			break;
		}
	}
}

static void push(LttvMerge *m, guint tfi)
{
	m->heap[m->len].tfi = tfi;
	m->heap[m->len].time = ltt_tracefile_event(ltt_trace_tracefile(m->trace, tfi))->time;
	m->len++;
}

/* Positions come from any reader of the trace: only their block and offset
 * are used, on this reader's tracefile of the same index. */
static gboolean merge_seek_after(gpointer data, const LttEventPosition *last, const gboolean *has_last, guint n,
                                 GError **error)
{
	LttvMerge *m = data;
	guint i;

	m->len = 0;
	for (i = 0; i < m->n; i++) {
		LttTracefile *tf = ltt_trace_tracefile(m->trace, i);

		if (last != NULL && i < n && has_last[i]) {
			LttEventPosition pos = last[i];

			pos.tracefile = tf;
			if (!ltt_tracefile_seek_position(tf, &pos, error))
				return FALSE;
		} else {
			ltt_tracefile_seek_begin(tf);
		}
		if (next_event(m, i))
			push(m, i);
	}
	for (i = m->len / 2; i-- > 0;)
		sift_down(m, i);
	return TRUE;
}

static gboolean merge_seek_begin(gpointer data, GError **error)
{
	return merge_seek_after(data, NULL, NULL, 0, error);
}

static const LttEvent *merge_peek(gpointer data)
{
	LttvMerge *m = data;

	return m->len > 0 ? ltt_tracefile_event(ltt_trace_tracefile(m->trace, m->heap[0].tfi)) : NULL;
}

static void merge_advance(gpointer data)
{
	LttvMerge *m = data;

	if (m->len == 0)
		return;
	if (next_event(m, m->heap[0].tfi))
		m->heap[0].time = ltt_tracefile_event(ltt_trace_tracefile(m->trace, m->heap[0].tfi))->time;
	else
		m->heap[0] = m->heap[--m->len];
	if (m->len > 0)
		sift_down(m, 0);
}

const LttvEventSource lttv_merge_source = {
	merge_seek_begin, merge_seek_after, merge_peek, merge_advance
};

LttvMerge *lttv_merge_new(LttTrace *trace)
{
	LttvMerge *m = g_new0(LttvMerge, 1);

	m->trace = ltt_trace_ref(trace);
	m->n = ltt_trace_tracefile_count(trace);
	m->heap = g_new0(MergeEntry, m->n);
	merge_seek_begin(m, NULL);
	return m;
}

void lttv_merge_free(LttvMerge *m)
{
	if (m == NULL)
		return;
	ltt_trace_unref(m->trace);
	g_free(m->heap);
	g_free(m);
}

void lttv_merge_places(const LttvMerge *m, LttvMarkPlace *places)
{
	guint i;

	for (i = 0; i < m->n; i++)
		places[i] = (LttvMarkPlace) { LTTV_MARK_NO_EVENT, 0, 0 };
	/* The tracefiles in the heap are those with an event left, each at it. */
	for (i = 0; i < m->len; i++) {
		const LttEvent *e = ltt_tracefile_event(ltt_trace_tracefile(m->trace, m->heap[i].tfi));

		places[m->heap[i].tfi] = (LttvMarkPlace) { e->block, e->offset, e->time };
	}
}

guint64 lttv_merge_damaged(const LttvMerge *m)
{
	return m->damaged;
}
