/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* analysis-merge.c: a binary heap of tracefiles keyed by their current
 * event's time, ties broken by tracefile index as ltt_event_position_compare
 * orders them. */
#include "config.h"
#include "analysis-merge.h"

/* A tracefile that has a current event, and that event's time. */
typedef struct {
	LttTime time;
	guint tfi;
} HeapEntry;

struct _AnalysisMerge {
	LttTrace *trace;
	guint n;
	LttTracefile **tracefiles;
	HeapEntry *heap;
	guint len;
	guint64 damaged;
};

static gboolean before(const AnalysisMerge *m, guint a, guint b)
{
	const HeapEntry *x = &m->heap[a], *y = &m->heap[b];

	return x->time < y->time || (x->time == y->time && x->tfi < y->tfi);
}

static void sift_down(AnalysisMerge *m, guint i)
{
	for (;;) {
		guint l = 2 * i + 1, r = l + 1, best = i;
		HeapEntry tmp;

		if (l < m->len && before(m, l, best))
			best = l;
		if (r < m->len && before(m, r, best))
			best = r;
		if (best == i)
			return;
		tmp = m->heap[i];
		m->heap[i] = m->heap[best];
		m->heap[best] = tmp;
		i = best;
	}
}

/* Moves tracefile tfi to its next event; FALSE at its end. */
static gboolean step(AnalysisMerge *m, guint tfi)
{
	LttTracefile *tf = m->tracefiles[tfi];

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

static void rebuild(AnalysisMerge *m, const gboolean *has_event)
{
	guint i;

	m->len = 0;
	for (i = 0; i < m->n; i++)
		if (has_event[i]) {
			m->heap[m->len].tfi = i;
			m->heap[m->len].time = ltt_event_time(ltt_tracefile_event(m->tracefiles[i]));
			m->len++;
		}
	for (i = m->len / 2; i-- > 0;)
		sift_down(m, i);
}

static gboolean merge_seek_after(gpointer data, const LttEventPosition *last, const gboolean *has_last,
                                 guint n, GError **error)
{
	AnalysisMerge *m = data;
	gboolean *has_event = g_new0(gboolean, m->n);
	guint i;

	for (i = 0; i < m->n; i++) {
		LttTracefile *tf = m->tracefiles[i];

		if (last != NULL && i < n && has_last[i]) {
			if (!ltt_tracefile_seek_position(tf, &last[i], error)) {
				g_free(has_event);
				return FALSE;
			}
		} else {
			ltt_tracefile_seek_begin(tf);
		}
		has_event[i] = step(m, i);
	}
	rebuild(m, has_event);
	g_free(has_event);
	return TRUE;
}

static gboolean merge_seek_begin(gpointer data, GError **error)
{
	return merge_seek_after(data, NULL, NULL, 0, error);
}

static const LttEvent *merge_peek(gpointer data)
{
	AnalysisMerge *m = data;

	return m->len > 0 ? ltt_tracefile_event(m->tracefiles[m->heap[0].tfi]) : NULL;
}

static void merge_advance(gpointer data)
{
	AnalysisMerge *m = data;

	if (m->len == 0)
		return;
	if (step(m, m->heap[0].tfi))
		m->heap[0].time = ltt_event_time(ltt_tracefile_event(m->tracefiles[m->heap[0].tfi]));
	else
		m->heap[0] = m->heap[--m->len];
	sift_down(m, 0);
}

const LttvEventSource analysis_merge_source = {
	merge_seek_begin, merge_seek_after, merge_peek, merge_advance
};

AnalysisMerge *analysis_merge_new(LttTrace *trace)
{
	AnalysisMerge *m = g_new0(AnalysisMerge, 1);
	guint i;

	m->trace = ltt_trace_ref(trace);
	m->n = ltt_trace_tracefile_count(trace);
	m->tracefiles = g_new0(LttTracefile *, m->n);
	for (i = 0; i < m->n; i++)
		m->tracefiles[i] = ltt_trace_tracefile(trace, i);
	m->heap = g_new0(HeapEntry, m->n);
	merge_seek_begin(m, NULL);
	return m;
}

void analysis_merge_free(AnalysisMerge *m)
{
	if (m == NULL)
		return;
	ltt_trace_unref(m->trace);
	g_free(m->tracefiles);
	g_free(m->heap);
	g_free(m);
}

guint64 analysis_merge_damaged(const AnalysisMerge *m)
{
	return m->damaged;
}
