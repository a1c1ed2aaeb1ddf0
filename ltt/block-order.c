/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* block-order.c: which valid blocks of a channel file are read, and in
 * which order.  A header can pass every check (its CRC recomputed by
 * whatever damaged it) and still lie about its times or its sequence
 * number; one such block must cost its own events only, never those of the
 * good blocks around it.  Blocks are put in sequence order, headers whose
 * times overlap a neighbour are checked against their events, and the
 * largest set of blocks whose times follow each other is kept. */
#include <stdlib.h>
#include "byteorder-private.h"
#include "trace-private.h"

/* One block being placed. */
typedef struct {
	LttBlock b;
	guint64 lo, hi;          /* times it covers: the header's, or its events' once checked */
	guint score;             /* 1 when its sequence number agrees with its place in the file */
	gboolean checked;        /* lo, hi come from the events */
	gboolean kept;
	gboolean header_lies;    /* its header's times overlap a kept neighbour's events */
} Candidate;

/* Best chain ending at a candidate, compared as (count, score, start):
 * most blocks, then the ones that sit where their sequence says, then the
 * narrowest span in time (a header that lies about its times widens it). */
typedef struct {
	guint32 count;
	guint32 score;
	guint64 start;
	gint32 last;             /* candidate ending the chain, -1 for none */
} Chain;

static gboolean chain_better(const Chain *a, const Chain *b)
{
	if (a->count != b->count)
		return a->count > b->count;
	if (a->score != b->score)
		return a->score > b->score;
	return a->start > b->start;
}

/* The times of the events of block b as next() would decode them, up to
 * the first damage; FALSE when it holds none. */
static gboolean event_span(const LttTracefile *tf, const LttBlock *b, guint64 *first, guint64 *last)
{
	const guint8 *blk = tf->map + b->file_offset;
	guint32 pos = b->header_size;
	guint64 prev = b->begin;
	gboolean any = FALSE;

	while (b->used - pos >= LTT_EVENT_HEADER_SIZE && pos <= b->used) {
		const guint8 *h = blk + pos;
		guint32 hlen = LTT_EVENT_HEADER_SIZE, size;
		guint64 t;

		if (ltt_load_u16(h + 4, tf->swap) != LTT_EVENT_ID_EXTENDED) {
			t = (prev & ~G_GUINT64_CONSTANT(0xFFFFFFFF)) | ltt_load_u32(h, tf->swap);
			if (t < prev && (t += G_GUINT64_CONSTANT(1) << 32) < prev)
				break;
			size = ltt_load_u16(h + 6, tf->swap);
		} else {
			if (b->used - pos < LTT_EVENT_HEADER_EXT_SIZE)
				break;
			t = ltt_load_u64(h + 8, tf->swap);
			size = ltt_load_u32(h + 20, tf->swap);
			hlen = LTT_EVENT_HEADER_EXT_SIZE;
			if (t < prev)
				break;
		}
		if (size > b->used - pos - hlen)
			break;
		if (!any)
			*first = t;
		*last = t;
		any = TRUE;
		prev = t;
		pos += hlen + size;
	}
	return any;
}

static void check_events(const LttTracefile *tf, Candidate *c)
{
	guint64 first, last;

	if (c->checked)
		return;
	c->checked = TRUE;
	if (event_span(tf, &c->b, &first, &last)) {
		c->lo = first;
		c->hi = last;
	} else {
		c->hi = c->lo;
	}
}

/* 1 when one of the (up to four) nearest blocks in the file has a sequence
 * number that differs from c's by their distance in blocks: c sits where
 * its sequence number says.  Not a count: a block next to a damaged one
 * must not lose to a damaged one with more good neighbours. */
static void score_layout(Candidate *c, guint n)
{
	for (guint i = 0; i < n; i++)
		for (guint j = i >= 2 ? i - 2 : 0; j <= i + 2 && j < n; j++)
			if (j != i && c[j].b.sequence - c[i].b.sequence
			              == (guint64) ((gint64) c[j].b.number - (gint64) c[i].b.number))
				c[i].score = 1;
}

static int by_sequence(const void *a, const void *b)
{
	const Candidate *x = a, *y = b;

	if (x->b.sequence != y->b.sequence)
		return x->b.sequence < y->b.sequence ? -1 : 1;
	return x->b.file_offset < y->b.file_offset ? -1 : x->b.file_offset > y->b.file_offset;
}

static int by_u64(const void *a, const void *b)
{
	guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

	return x < y ? -1 : x > y;
}

/* The best chain of c[] (in sequence order, each block's lo at or after
 * the previous one's hi, and after `after`): a Fenwick tree of the best
 * chain ending at each hi gives it in O(n log n). */
static void keep_best_chain(Candidate *c, guint n, guint64 after)
{
	guint64 *his = g_new(guint64, n);
	Chain *tree = g_new(Chain, n + 1), best = { 0, 0, 0, -1 };
	gint32 *pred = g_new(gint32, n);
	guint64 best_hi = 0;

	for (guint i = 0; i < n; i++)
		his[i] = c[i].hi;
	qsort(his, n, sizeof *his, by_u64);
	for (guint i = 0; i <= n; i++)
		tree[i] = (Chain) { 0, 0, 0, -1 };
	for (guint k = 0; k < n; k++) {
		Candidate *x = &c[k];
		Chain prefix = { 0, 0, x->lo, -1 }, mine;
		guint lo = 0, hi = n;

		pred[k] = -1;
		if (x->lo < after)
			continue;
		/* Chains ending at a hi <= x->lo: the his[] below upper_bound(lo). */
		while (lo < hi) {
			guint mid = lo + (hi - lo) / 2;
			if (his[mid] <= x->lo)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (guint p = lo; p > 0; p -= p & -p)
			if (tree[p].last >= 0 && chain_better(&tree[p], &prefix))
				prefix = tree[p];
		pred[k] = prefix.last;
		mine = (Chain) { prefix.count + 1, prefix.score + x->score, prefix.last >= 0 ? prefix.start : x->lo,
		                 (gint32) k };
		/* Position of x->hi: lower_bound, 1-based. */
		lo = 0, hi = n;
		while (lo < hi) {
			guint mid = lo + (hi - lo) / 2;
			if (his[mid] < x->hi)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (guint p = lo + 1; p <= n; p += p & -p)
			if (tree[p].last < 0 || chain_better(&mine, &tree[p]))
				tree[p] = mine;
		/* The final choice also weighs the span, which ends at x->hi. */
		if (best.last < 0 || mine.count > best.count || (mine.count == best.count && mine.score > best.score)
		    || (mine.count == best.count && mine.score == best.score && x->hi - mine.start < best_hi - best.start)) {
			best = mine;
			best_hi = x->hi;
		}
	}
	for (gint32 i = best.last; i >= 0; i = pred[i])
		c[i].kept = TRUE;
	g_free(his);
	g_free(tree);
	g_free(pred);
}

static void warn_block(LttTracefile *tf, const Candidate *c, const char *what)
{
	ltt_trace_warn(tf->trace, g_strdup_printf("%s: block %u (offset %" G_GUINT64_FORMAT "): sequence %"
	                                          G_GUINT64_FORMAT ", times %" G_GUINT64_FORMAT " to %"
	                                          G_GUINT64_FORMAT " %s", tf->path, c->b.number,
	                                          c->b.file_offset, c->b.sequence, c->b.begin, c->b.end, what));
}

static void place(LttTracefile *tf, GArray *found)
{
	guint n = found->len;
	Candidate *c = g_new0(Candidate, n);
	const LttBlock *last = tf->blocks->len ? &g_array_index(tf->blocks, LttBlock, tf->blocks->len - 1) : NULL;
	guint64 after = last ? last->end : 0;

	for (guint i = 0; i < n; i++) {
		c[i].b = g_array_index(found, LttBlock, i);
		c[i].lo = c[i].b.begin;
		c[i].hi = c[i].b.end;
	}
	score_layout(c, n);
	qsort(c, n, sizeof *c, by_sequence);
	/* Headers that overlap their neighbour in sequence order may lie about
	 * their times: their events say what they cover. */
	for (guint k = 0; k < n; k++) {
		Candidate *x = &c[k];
		if (k == 0 ? x->lo < after : c[k - 1].hi > x->lo) {
			check_events(tf, x);
			if (k > 0)
				check_events(tf, &c[k - 1]);
		}
	}
	keep_best_chain(c, n, after);
	/* A kept block whose header reaches over a kept neighbour's events has
	 * times that lie: it is read, as its events say, and reported. */
	guint64 next_lo = G_MAXUINT64;
	for (guint k = n; k-- > 0;) {
		Candidate *x = &c[k];
		if (!x->kept)
			continue;
		if (x->b.end > next_lo)
			x->header_lies = TRUE;
		next_lo = x->lo;
	}
	for (guint k = 0; k < n; k++) {
		Candidate *x = &c[k];
		if (!x->kept) {
			warn_block(tf, x, "disagree with the neighbouring blocks; block skipped");
			continue;
		}
		if (x->b.begin < after)
			x->header_lies = TRUE;
		if (x->header_lies)
			warn_block(tf, x, "overlap a neighbouring block, but its events do not; block read");
		x->b.end = x->hi;
		after = x->hi;
		g_array_append_val(tf->blocks, x->b);
		tf->event_count += x->b.event_count;
	}
	g_free(c);
}

/* TRUE when found continues the index as it is: each block after the
 * previous one in sequence and in time (every well-written file). */
static gboolean in_order(const LttTracefile *tf, const GArray *found)
{
	const LttBlock *prev = tf->blocks->len ? &g_array_index(tf->blocks, LttBlock, tf->blocks->len - 1) : NULL;

	for (guint i = 0; i < found->len; i++) {
		const LttBlock *b = &g_array_index(found, LttBlock, i);
		if (prev != NULL && (b->sequence <= prev->sequence || b->begin < prev->end))
			return FALSE;
		prev = b;
	}
	return TRUE;
}

void ltt_block_order_append(LttTracefile *tf, GArray *found)
{
	if (found->len == 0)
		return;
	if (in_order(tf, found)) {
		for (guint i = 0; i < found->len; i++)
			tf->event_count += g_array_index(found, LttBlock, i).event_count;
		g_array_append_vals(tf->blocks, found->data, found->len);
	} else {
		place(tf, found);
	}
}
