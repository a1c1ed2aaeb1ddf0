/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* intervals-summary.c: the state that held longest, over a chunk of
 * changes and over a query's slot.
 *
 * A slot of a zoomed-out query spans thousands of changes: reading them
 * would read most of the store's pages at every redraw (an entity's chunks
 * lie among every other entity's, so each chunk read maps pages of
 * others too).  Each full chunk has a 24-byte summary instead, and a slot
 * that spans whole chunks reads only theirs: it takes the value that
 * held longest among the chunks' own dominant values, each counted for
 * the time it held in its chunk.  A slot within two chunks reads its
 * changes and is exact. */
#include "config.h"
#include <string.h>
#include "intervals-private.h"

/* Every distinct value of two chunks, and one more: a slot read from its
 * changes (at most two chunks and the change before) is counted exactly.
 * Over more chunks, values beyond the table's size are left out. */
#define SHARE_SLOTS (2 * LTTV_INTERVAL_CHUNK + 1)
/* Values are found by hashing: a CPU's chunk has a value per task it ran,
 * and a search through them for each change cost the pass 8 %. */
#define SHARE_HASH 512

typedef struct {
	guint32 value;
	guint64 ns;
} Share;

typedef struct {
	Share share[SHARE_SLOTS];
	guint n;
	guint16 index[SHARE_HASH];   /* 1 + index in share; 0: free */
} ShareTable;

static void share_init(ShareTable *t)
{
	t->n = 0;
	memset(t->index, 0, sizeof(t->index));
}

static inline void share_add(ShareTable *t, guint32 value, guint64 ns)
{
	guint h = (value * 0x9E3779B1u) >> (32 - 9);

	while (t->index[h] != 0 && t->share[t->index[h] - 1].value != value)
		h = (h + 1) & (SHARE_HASH - 1);
	if (t->index[h] == 0) {
		if (t->n == SHARE_SLOTS)
			return;
		t->share[t->n].value = value;
		t->share[t->n].ns = 0;
		t->index[h] = (guint16) ++t->n;
	}
	t->share[t->index[h] - 1].ns += ns;
}

/* The value that held longest; the first met among equals. */
static const Share *share_best(const ShareTable *t)
{
	guint m, best = 0;

	for (m = 1; m < t->n; m++)
		if (t->share[m].ns > t->share[best].ns)
			best = m;
	return &t->share[best];
}

/* Chunk c, which has a successor (so it is full). */
static LttvChunkSummary summarize(const LttvEntityRecord *rec, guint c)
{
	const LttvIntervalChunk *chunk = rec->chunks[c];
	guint64 end = rec->chunks[c + 1]->times[0];
	LttvChunkSummary s;
	ShareTable t;
	const Share *best;
	guint k;

	share_init(&t);
	for (k = 0; k < LTTV_INTERVAL_CHUNK; k++) {
		guint64 next = k + 1 < LTTV_INTERVAL_CHUNK ? chunk->times[k + 1] : end;

		share_add(&t, lttv_entity_share_key(rec, chunk->values[k]), next > chunk->times[k] ? next - chunk->times[k] : 0);
	}
	best = share_best(&t);
	s.start = chunk->times[0];
	s.end = end;
	s.dominant = best->value;
	/* Times out of order (a damaged cache) leave no span: no share. */
	s.share = end > s.start ? (guint32) MIN((double) best->ns / (double) (end - s.start) * 4294967296.0,
	                                        4294967295.0)
	                        : 0;
	return s;
}

void lttv_intervals_summarize(LttvEntityRecord *rec)
{
	guint due = lttv_summaries_due(rec->n);

	while (rec->n_summaries < due) {
		if (rec->n_summaries == rec->summaries_capacity) {
			rec->summaries_capacity = MAX(4, rec->summaries_capacity * 2);
			rec->summaries = g_renew(LttvChunkSummary, rec->summaries, rec->summaries_capacity);
		}
		rec->summaries[rec->n_summaries] = summarize(rec, rec->n_summaries);
		rec->n_summaries++;
	}
}

LttvChunkSummary lttv_chunk_summary(const LttvEntityRecord *rec, guint c)
{
	return c < rec->n_summaries ? rec->summaries[c] : summarize(rec, c);
}

guint lttv_chunk_at(const LttvEntityRecord *rec, guint from, LttTime t)
{
	guint used = (rec->n + LTTV_INTERVAL_CHUNK - 1) / LTTV_INTERVAL_CHUNK, a = from, b, step = 1;

	/* Gallops first: a query moves forward a few chunks at a time. */
	while (a + step < used && lttv_chunk_start(rec, a + step) <= t) {
		a += step;
		step *= 2;
	}
	b = MIN(used, a + step);
	a++;
	while (a < b) {
		guint mid = a + (b - a) / 2;

		if (lttv_chunk_start(rec, mid) <= t)
			a = mid + 1;
		else
			b = mid;
	}
	return a - 1;
}

guint32 lttv_chunks_dominant(const LttvEntityRecord *rec, guint a, guint b)
{
	ShareTable t;
	guint c;

	share_init(&t);
	for (c = a; c < b; c++) {
		LttvChunkSummary s = lttv_chunk_summary(rec, c);

		share_add(&t, s.dominant, (guint64) ((double) s.share / 4294967296.0 * (double) (s.end - s.start)));
	}
	return share_best(&t)->value;
}

guint32 lttv_changes_dominant(const LttvEntityRecord *rec, guint i, guint j, LttTime s, LttTime e, LttTime end_all,
                              gboolean *mixed)
{
	ShareTable t;
	guint k;

	share_init(&t);
	*mixed = FALSE;
	for (k = i; k <= j; k++) {
		LttTime a = MAX(lttv_entity_time(rec, k), s);
		LttTime b = MIN(k + 1 < rec->n ? lttv_entity_time(rec, k + 1) : end_all, e);

		share_add(&t, lttv_entity_share_key(rec, lttv_entity_value(rec, k)), b > a ? b - a : 0);
		/* Several values, even of one key (a CPU running two tasks). */
		*mixed |= k > i && lttv_entity_value(rec, k) != lttv_entity_value(rec, i);
	}
	return share_best(&t)->value;
}
