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

/* Few runs (the copies of one tracefile are in time order): a merge of
 * the runs costs less per event than the radix sort's passes, as a
 * tracefile usually holds several consecutive events of the merged order. */
static void merge_runs(MergeWindow *w, const guint32 *first, guint n_runs, guint b)
{
	const guint64 *rel = w->keys;
	guint64 *out = w->scratch;
	guint64 head[MERGE_WINDOW_FEW_RUNS];
	guint32 pos[MERGE_WINDOW_FEW_RUNS], end[MERGE_WINDOW_FEW_RUNS];
	guint k = 0, o = 0;
	for (guint i = 0; i < n_runs; i++) {
		guint32 e = i + 1 < n_runs ? first[i + 1] : w->len;
		if (first[i] != e) {
			pos[k] = first[i];
			end[k] = e;
			head[k] = rel[first[i]];
			k++;
		}
	}
	while (k > 1) {
		/* The run with the earliest head, the first one on ties; its
		 * events go out while before the heads of the runs before it
		 * and not after those of the runs after it. */
		guint j = 0;
		guint64 best = head[0], before = G_MAXUINT64, after = G_MAXUINT64;
		for (guint m = 1; m < k; m++) {
			if (head[m] < best) {
				before = MIN(before, MIN(best, after));
				after = G_MAXUINT64;
				best = head[m];
				j = m;
			} else {
				after = MIN(after, head[m]);
			}
		}
		guint64 upto = MIN(after, before - 1);   /* before > best >= 0 */
		guint32 c = pos[j], e = end[j];
		do {
			out[o++] = rel[c] << b | c;
			c++;
		} while (c < e && rel[c] <= upto);
		if (c < e) {
			pos[j] = c;
			head[j] = rel[c];
		} else {
			for (guint m = j + 1; m < k; m++) {
				pos[m - 1] = pos[m];
				end[m - 1] = end[m];
				head[m - 1] = head[m];
			}
			k--;
		}
	}
	for (guint32 c = pos[0]; c < end[0]; c++)
		out[o++] = rel[c] << b | c;
	w->keys = out;
	w->scratch = (guint64 *) rel;
}

void merge_window_sort(MergeWindow *w, LttTime max_rel, const guint32 *first, guint n_runs)
{
	guint n = w->len, runs = 0;
	for (guint i = 0; i < n_runs && runs < 2; i++)
		runs += first[i] != (i + 1 < n_runs ? first[i + 1] : n);
	w->identity = runs < 2 || max_rel == 0 || n < 2;
	if (w->identity)
		return;
	guint b = g_bit_storage(n - 1);
	w->index_bits = b;
	w->index_mask = (G_GUINT64_CONSTANT(1) << b) - 1;
	if (n_runs <= MERGE_WINDOW_FEW_RUNS) {
		merge_runs(w, first, n_runs, b);
		return;
	}
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
