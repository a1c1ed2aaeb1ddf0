/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
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
	w->orders = g_new(guint32, w->cap);
	w->keys = g_new(guint64, w->cap);
	w->scratch = g_new(guint64, w->cap);
	merge_window_reset(w);
}

void merge_window_free(MergeWindow *w)
{
	g_free(w->copies);
	g_free(w->orders);
	g_free(w->keys);
	g_free(w->scratch);
	memset(w, 0, sizeof(*w));
}

void merge_window_grow(MergeWindow *w)
{
	/* Only while filling: no hook holds a pointer to a copy then. */
	w->cap *= 2;
	w->copies = g_renew(LttEvent, w->copies, w->cap);
	w->orders = g_renew(guint32, w->orders, w->cap);
	w->keys = g_renew(guint64, w->keys, w->cap);
	w->scratch = g_renew(guint64, w->scratch, w->cap);
}

void merge_window_sort(MergeWindow *w, LttTime max_rel, gboolean one_run)
{
	guint n = w->len;
	w->identity = one_run || max_rel == 0 || n < 2;
	if (w->identity)
		return;
	guint b = g_bit_storage(n - 1);
	w->index_bits = b;
	w->index_mask = (G_GUINT64_CONSTANT(1) << b) - 1;
	guint64 *from = w->keys, *to = w->scratch;
	/* The first pass reads plain times and writes keys with their copy
	 * index below: the later passes and the reader need nothing else. */
	for (guint shift = 0; (max_rel >> shift) != 0; shift += DIGIT_BITS) {
		guint start[DIGITS] = { 0 };
		guint s = shift == 0 ? 0 : b + shift;
		for (guint i = 0; i < n; i++)
			start[(from[i] >> s) & (DIGITS - 1)]++;
		guint sum = 0;
		for (guint d = 0; d < DIGITS; d++) {
			guint c = start[d];
			start[d] = sum;
			sum += c;
		}
		if (shift == 0) {
			for (guint i = 0; i < n; i++)
				to[start[from[i] & (DIGITS - 1)]++] = from[i] << b | i;
		} else {
			for (guint i = 0; i < n; i++)
				to[start[(from[i] >> s) & (DIGITS - 1)]++] = from[i];
		}
		guint64 *t = from;
		from = to;
		to = t;
	}
	w->keys = from;
	w->scratch = to;
}
