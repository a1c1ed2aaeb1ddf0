/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* merge-window.h: the events of every tracefile within one time window,
 * copied and sorted into merge order (private to tracecontext.c).
 *
 * Merging N tracefiles one event at a time reads N cursors in turn and
 * replays a log2 N tournament per event; past a few dozen tracefiles that
 * costs more than the events themselves (bench-merge).  A window instead
 * reads each tracefile sequentially up to the window's end, copying its
 * events, and sorts their times with a stable radix sort, so that the cost
 * per event hardly depends on N.  The window's buffers are kept small per
 * event (8-byte keys, no second copy of the events) so that a window of
 * 16 events from each of 1,000 tracefiles stays in the second-level cache. */
#ifndef LTTV_MERGE_WINDOW_H
#define LTTV_MERGE_WINDOW_H

#include <glib.h>
#include <ltt/tracefile.h>

/* A window never spans more than this (ns): a key holds a relative time
 * shifted left by the bits of a copy index (at most MERGE_WINDOW_INDEX_BITS
 * in a window wider than 1 ns, whose size is bounded). */
#define MERGE_WINDOW_INDEX_BITS 22
#define MERGE_WINDOW_MAX_WIDTH (G_GUINT64_CONSTANT(1) << (64 - MERGE_WINDOW_INDEX_BITS))

typedef struct {
	LttEvent *copies;           /* appended tracefile after tracefile */
	guint32 *orders;            /* per copy: its tracefile, in (trace, tracefile) order */
	/* While filling, keys[c] is copy c's time minus the window's start;
	 * once sorted, keys[i] = rel << index_bits | copy, in merge order. */
	guint64 *keys;
	guint64 *scratch;           /* the radix sort's other buffer */
	guint index_bits;
	guint64 index_mask;
	gboolean identity;          /* sorted order = copy order (one tracefile) */
	guint cap;
	guint len;                  /* events in the window */
	guint next;                 /* the next event to deliver, in merge order */
} MergeWindow;

void merge_window_init(MergeWindow *w, guint cap);
void merge_window_free(MergeWindow *w);
/* Empties the window (its buffers stay). */
static inline void merge_window_reset(MergeWindow *w)
{
	w->len = w->next = 0;
	w->identity = TRUE;
	w->index_bits = 0;
	w->index_mask = 0;
}
void merge_window_grow(MergeWindow *w);

/* Appends a copy of e, rel after the window's start, from tracefile order. */
static inline void merge_window_append(MergeWindow *w, const LttEvent *e, LttTime rel, guint32 order)
{
	if (G_UNLIKELY(w->len == w->cap))
		merge_window_grow(w);
	w->copies[w->len] = *e;
	w->orders[w->len] = order;
	w->keys[w->len] = rel;
	w->len++;
}

/* Sorts the keys by rel, stably: appended in (tracefile, sequence) order,
 * equal times then come in tracefile order, as the merge requires.  max_rel
 * bounds every rel (it sets the number of passes); it must be below
 * MERGE_WINDOW_MAX_WIDTH unless it is 0.  one_run: the copies are in order
 * as appended (one tracefile), nothing to sort. */
void merge_window_sort(MergeWindow *w, LttTime max_rel, gboolean one_run);

/* The copy index of the i-th event in merge order. */
static inline guint merge_window_copy_index(const MergeWindow *w, guint i)
{
	return w->identity ? i : (guint) (w->keys[i] & w->index_mask);
}

static inline const LttEvent *merge_window_event(const MergeWindow *w, guint i, guint *order)
{
	guint c = merge_window_copy_index(w, i);
	*order = w->orders[c];
	return &w->copies[c];
}

#endif
