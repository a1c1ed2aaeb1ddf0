/* merge-window.c: copies of a window's events and their stable radix sort. */
#include <config.h>
#include <string.h>
#include "merge-window.h"

/* 11-bit digits: two passes cover a window of 4 ms at nanosecond
 * resolution, and the counts (8 KiB) stay in the first-level cache. */
#define DIGIT_BITS 11
#define DIGITS (1U << DIGIT_BITS)

void merge_window_init(MergeWindow *w, guint cap)
{
	w->cap = MAX(cap, 16);
	w->copies = g_new(LttEvent, w->cap);
	w->sorted = g_new(LttEvent, w->cap);
	w->keys = g_new(MergeWindowKey, w->cap);
	w->scratch = g_new(MergeWindowKey, w->cap);
	merge_window_reset(w);
}

void merge_window_free(MergeWindow *w)
{
	g_free(w->copies);
	g_free(w->sorted);
	g_free(w->keys);
	g_free(w->scratch);
	memset(w, 0, sizeof(*w));
}

void merge_window_grow(MergeWindow *w)
{
	/* Only while filling: no hook holds a pointer to a copy then. */
	w->cap *= 2;
	w->copies = g_renew(LttEvent, w->copies, w->cap);
	w->sorted = g_renew(LttEvent, w->sorted, w->cap);
	w->keys = g_renew(MergeWindowKey, w->keys, w->cap);
	w->scratch = g_renew(MergeWindowKey, w->scratch, w->cap);
}

void merge_window_sort(MergeWindow *w, LttTime max_rel, gboolean one_run)
{
	if (one_run) {
		LttEvent *t = w->sorted;
		w->sorted = w->copies;
		w->copies = t;
		return;
	}
	MergeWindowKey *from = w->keys, *to = w->scratch;
	for (guint shift = 0; shift < 64 && (max_rel >> shift) != 0; shift += DIGIT_BITS) {
		guint start[DIGITS] = { 0 };
		for (guint i = 0; i < w->len; i++)
			start[(from[i].rel >> shift) & (DIGITS - 1)]++;
		guint sum = 0;
		for (guint d = 0; d < DIGITS; d++) {
			guint c = start[d];
			start[d] = sum;
			sum += c;
		}
		for (guint i = 0; i < w->len; i++)
			to[start[(from[i].rel >> shift) & (DIGITS - 1)]++] = from[i];
		MergeWindowKey *t = from;
		from = to;
		to = t;
	}
	w->keys = from;
	w->scratch = to;
	/* Random reads in a loop of independent copies, which the processor
	 * overlaps, rather than one at a time between hooks. */
	for (guint i = 0; i < w->len; i++)
		w->sorted[i] = w->copies[from[i].copy];
}
