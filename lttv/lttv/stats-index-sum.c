/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* stats-index-sum.c: the deltas of a window's checkpoint intervals,
 * summed and given to the window's tail (stats-index.c).
 *
 * A window as wide as a 10 M-event trace adds 3.5 million leaf deltas
 * (180 MB) into 700,000 leaves.  Added in the deltas' order, each went to
 * a leaf far from the last one (45 MB of sums): the sum waited on the
 * memory.  The deltas list their records by number, and each checkpoint
 * knows where each group of numbers starts (Drain.groups): the sum adds
 * one group over every checkpoint, then the next, so the leaves it adds
 * to stay in the cache.  A thread of its own (the summer) sums the
 * groups while the caller replays the window's ends; once the caller has
 * the tail, a second thread (the giver) gives it the groups in order, and
 * sums the next groups itself while the one it needs is not summed yet
 * (the two threads take groups from one counter).  The caller only waits
 * (lttv_index_sum_wait), so a viewer's main loop goes on meanwhile. */
#include "config.h"
#include <string.h>
#include "stats-index-private.h"

typedef struct {
	guint32 type, next;      /* next: index + 1 in the pool, 0: none */
	guint64 count;
} SumCount;

/* One cache line: two event types in place cover 93 % of a 10 M-event
 * synthetic trace's leaf deltas, the others go to the pool. */
#define SUM_INLINE_TYPES 2
typedef struct {
	LttTime cpu_time, elapsed, cumulative;
	guint32 cpu;
	gint32 submode;
	guint16 mode;
	gboolean used : 1;
	guint32 types[SUM_INLINE_TYPES];   /* type + 1 (0: free) of counts[] */
	guint32 more;            /* first SumCount + 1 of the other types */
	guint64 counts[SUM_INLINE_TYPES];
} SumLeaf;

typedef struct {
	SumLeaf *leaves;
	guint n;
	const char *name;
	gint32 tgid;
	LttTime uncertain;
	LttTime *charged;        /* by CPU, n_charged */
	guint n_charged;
} SumRecord;

/* The sums of one group of records (LTTV_INDEX_GROUP_RECORDS numbers). */
typedef struct {
	SumRecord *records;      /* by number - 1, shared by the groups (each has its own numbers) */
	GArray *touched;         /* guint32 numbers - 1 */
	GArray *pool;            /* SumCount */
} Sum;

struct _LttvIndexSum {
	/* Copies of what the index held at the start: its arrays move as its
	 * thread counts (the deltas and frames do not). */
	Drain *drains;           /* (ia, ib], their groups in group_at */
	guint n_drains;
	guint32 *group_at;
	RecordKey *records;
	guint n_records;
	const char **names;
	guint n_groups;
	SumRecord *sums;         /* by record number - 1 */
	Sum *groups;
	GThread *summer, *giver;
	gint next;               /* atomic: the next group to sum, by whichever thread takes it */
	GMutex lock;
	GCond changed;
	gboolean *done;          /* by group, under lock */
	gboolean stop;           /* under lock: cancelled */
	/* The giver's: the corrections (by record), the tail, its types. */
	GArray *fix;
	LttvStats *tail;
	guint *map;
	gboolean given, ok;      /* under lock */
};

static SumLeaf *sum_leaf(Sum *m, const LttvIndexSum *s, guint32 r, guint32 leaf)
{
	SumRecord *sr = &m->records[r];

	if (sr->leaves == NULL) {
		sr->n = MAX(s->records[r].n_leaves, leaf + 1);
		sr->leaves = g_new0(SumLeaf, sr->n);
		g_array_append_val(m->touched, r);
	}
	if (leaf >= sr->n) {
		guint n = leaf + 1;

		sr->leaves = g_renew(SumLeaf, sr->leaves, n);
		memset(sr->leaves + sr->n, 0, (n - sr->n) * sizeof(SumLeaf));
		sr->n = n;
	}
	return &sr->leaves[leaf];
}

/* Adds n events of type to l. */
static inline void sum_count(Sum *m, SumLeaf *l, guint32 type, guint64 n)
{
	guint32 at, last = 0, k;
	SumCount fresh = { type, 0, n };

	for (k = 0; k < SUM_INLINE_TYPES; k++) {
		if (l->types[k] == 0)
			l->types[k] = type + 1;
		if (l->types[k] == type + 1) {
			l->counts[k] += n;
			return;
		}
	}
	for (at = l->more; at != 0 && g_array_index(m->pool, SumCount, at - 1).type != type;
	     at = g_array_index(m->pool, SumCount, at - 1).next)
		last = at;
	if (at != 0) {
		g_array_index(m->pool, SumCount, at - 1).count += n;
		return;
	}
	g_array_append_val(m->pool, fresh);
	if (last == 0)
		l->more = m->pool->len;
	else
		g_array_index(m->pool, SumCount, last - 1).next = m->pool->len;
}

/* Adds the deltas of group g of records over (from, to] (drain indexes). */
static void sum_group(Sum *m, const LttvIndexSum *s, guint g)
{
	SumRecord *sr;
	guint j, k, c;

	for (j = 0; j < s->n_drains; j++) {
		const Drain *d = &s->drains[j];
		const guint32 *at = &s->group_at[d->groups];
		const guint8 *p, *end;

		if (g >= d->n_groups)
			continue;
		p = d->delta + at[g];
		end = d->delta + at[g + 1];
		while (p < end) {
			DeltaRecord r;

			memcpy(&r, p, sizeof(r));
			p += sizeof(r);
			sr = &m->records[r.record - 1];
			sum_leaf(m, s, r.record - 1, 0);
			sr->name = s->names[r.name];
			sr->tgid = r.tgid;
			sr->uncertain += r.uncertain;
			for (k = 0; k < r.n_leaves; k++) {
				const DeltaLeaf *dl = (const DeltaLeaf *) p;
				const DeltaCount *dc = (const DeltaCount *) (p + sizeof(DeltaLeaf));
				/* The record's leaves are made as many as it ever had. */
				SumLeaf *l = G_LIKELY(dl->leaf < sr->n) ? &sr->leaves[dl->leaf]
				                                        : sum_leaf(m, s, r.record - 1, dl->leaf);

				if (!l->used) {
					l->used = TRUE;
					l->cpu = dl->cpu;
					l->mode = dl->mode;
					l->submode = dl->submode;
				}
				l->cpu_time += dl->cpu_time;
				l->elapsed += dl->elapsed;
				l->cumulative += dl->cumulative;
				for (c = 0; c < dl->n_counts; c++)
					sum_count(m, l, dc[c].type, dc[c].count);
				p += sizeof(DeltaLeaf) + dl->n_counts * sizeof(DeltaCount);
			}
			for (k = 0; k < r.n_charges; k++) {
				DeltaCharge dc;

				memcpy(&dc, p, sizeof(dc));
				p += sizeof(dc);
				if (dc.cpu >= sr->n_charged) {
					guint n = dc.cpu + 1;

					sr->charged = g_renew(LttTime, sr->charged, n);
					memset(sr->charged + sr->n_charged, 0, (n - sr->n_charged) * sizeof(LttTime));
					sr->n_charged = n;
				}
				sr->charged[dc.cpu] += dc.ns;
			}
		}
	}
}

/* Applies the corrections of the records below `below` from *next on;
 * FALSE when one is for a leaf the deltas did not have. */
static gboolean apply_corrections(Sum *m, const LttvIndexSum *s, const GArray *fix, guint *next, guint32 below)
{
	for (; *next < fix->len && g_array_index(fix, Correction, *next).record < below; (*next)++) {
		const Correction *c = &g_array_index(fix, Correction, *next);
		SumLeaf *l = sum_leaf(m, s, c->record, c->leaf);

		if (!l->used)
			return FALSE;
		l->elapsed -= c->elapsed;
		l->cumulative -= c->cumulative;
	}
	return TRUE;
}

/* The tail's type index of each of the index's types. */
static guint *type_map(const LttvStatsIndex *x, const LttvStats *tail)
{
	guint *map = g_new(guint, MAX(x->types->len, 1));
	guint i;

	for (i = 0; i < x->types->len; i++) {
		const LttEventType *et = g_ptr_array_index(x->types, i);
		const LttEventType *mine = ltt_trace_event_type_lookup(tail->ts->trace, ltt_event_type_channel(et),
		                                                       ltt_event_type_id(et));

		map[i] = lttv_event_table_lookup(tail->ts->table, mine != NULL ? mine : et)->type_index;
	}
	return map;
}

/* Gives the tail what the sum's touched records hold, in the tail's types
 * (map); records the tail does not have take the sum's names.  The sum
 * then holds nothing (its pool is emptied too). */
static void sum_to(Sum *m, const LttvIndexSum *s, LttvStats *tail, const guint *map)
{
	guint i, j;

	for (i = 0; i < m->touched->len; i++) {
		guint32 r = g_array_index(m->touched, guint32, i);
		const RecordKey *k = &s->records[r];
		SumRecord *sr = &m->records[r];
		LttvStatsTask key = { .pid = k->pid, .birth = k->birth, .cpu = k->cpu }, *t;
		gboolean known = g_hash_table_contains(tail->tasks, &key);

		t = lttv_stats_task_record(tail, k->pid, k->birth, k->cpu);
		if (!known && sr->name != NULL) {
			t->name = sr->name;
			t->tgid = sr->tgid;
		}
		t->uncertain += sr->uncertain;
		lttv_stats_task_reserve(t, t->n_leaves + sr->n);
		for (j = 0; j < sr->n_charged; j++)
			if (sr->charged[j] != 0)
				lttv_stats_task_charge(t, j, sr->charged[j]);
		for (j = 0; j < sr->n; j++) {
			const SumLeaf *l = &sr->leaves[j];
			gboolean any = l->cpu_time != 0 || l->elapsed != 0 || l->cumulative != 0;
			guint32 c, u;
			guint li;
			LttvStatsLeaf *leaf;

			for (u = 0; u < SUM_INLINE_TYPES; u++)
				any = any || l->counts[u] != 0;
			for (c = l->more; !any && c != 0; c = g_array_index(m->pool, SumCount, c - 1).next)
				any = g_array_index(m->pool, SumCount, c - 1).count != 0;
			if (!l->used || !any)
				continue;
			li = lttv_stats_task_leaf(t, l->cpu, (LttvExecMode) l->mode, l->submode);   /* may move the leaves */
			leaf = &t->leaves[li];
			leaf->cpu_time += l->cpu_time;
			leaf->elapsed_time += l->elapsed;
			leaf->cumulative_time += l->cumulative;
			for (u = 0; u < SUM_INLINE_TYPES; u++)
				if (l->counts[u] != 0)
					lttv_stats_leaf_count(tail, leaf, map[l->types[u] - 1], l->counts[u]);
			for (c = l->more; c != 0; c = g_array_index(m->pool, SumCount, c - 1).next) {
				const SumCount *sc = &g_array_index(m->pool, SumCount, c - 1);

				if (sc->count != 0)
					lttv_stats_leaf_count(tail, leaf, map[sc->type], sc->count);
			}
		}
	}
	for (i = 0; i < m->touched->len; i++) {
		SumRecord *sr = &m->records[g_array_index(m->touched, guint32, i)];

		g_free(sr->leaves);
		g_free(sr->charged);
		memset(sr, 0, sizeof(*sr));
	}
	g_array_set_size(m->touched, 0);
	g_array_set_size(m->pool, 0);
}

/* Sums the next group no thread took yet; FALSE when none is left. */
static gboolean sum_next(LttvIndexSum *s)
{
	guint g = (guint) g_atomic_int_add(&s->next, 1);

	if (g >= s->n_groups)
		return FALSE;
	sum_group(&s->groups[g], s, g);
	g_mutex_lock(&s->lock);
	s->done[g] = TRUE;
	g_cond_broadcast(&s->changed);
	g_mutex_unlock(&s->lock);
	return TRUE;
}

static gpointer summer_thread(gpointer data)
{
	while (sum_next(data))
		;
	return NULL;
}

/* Waits for group g, summing the next ones meanwhile; FALSE when
 * cancelled. */
static gboolean wait_group(LttvIndexSum *s, guint g)
{
	gboolean more = TRUE, there;

	g_mutex_lock(&s->lock);
	while (!s->done[g] && !s->stop) {
		if (more) {
			g_mutex_unlock(&s->lock);
			more = sum_next(s);
			g_mutex_lock(&s->lock);
		} else {
			g_cond_wait(&s->changed, &s->lock);
		}
	}
	there = s->done[g] && !s->stop;
	g_mutex_unlock(&s->lock);
	return there;
}

/* Gives the groups to the tail in order, each once summed. */
static gpointer giver_thread(gpointer data)
{
	LttvIndexSum *s = data;
	guint g, next_fix = 0;
	gboolean ok = TRUE;

	for (g = 0; ok && g < s->n_groups; g++) {
		ok = wait_group(s, g) && apply_corrections(&s->groups[g], s, s->fix, &next_fix,
		                                           (g + 1) * LTTV_INDEX_GROUP_RECORDS);
		if (ok)
			sum_to(&s->groups[g], s, s->tail, s->map);
	}
	g_mutex_lock(&s->lock);
	s->given = TRUE;
	s->ok = ok;
	g_cond_broadcast(&s->changed);
	g_mutex_unlock(&s->lock);
	return NULL;
}

LttvIndexSum *lttv_index_sum_start(const LttvStatsIndex *x, guint ia, guint ib)
{
	LttvIndexSum *s = g_new0(LttvIndexSum, 1);
	guint g, j, n_at = 0;

	s->n_drains = ib - ia;
	s->drains = g_memdup2(&g_array_index(x->drains, Drain, ia + 1), s->n_drains * sizeof(Drain));
	for (j = 0; j < s->n_drains; j++)
		n_at += s->drains[j].n_groups + 1;
	s->group_at = g_new(guint32, n_at);
	for (j = 0, n_at = 0; j < s->n_drains; j++) {
		Drain *d = &s->drains[j];

		memcpy(s->group_at + n_at, &g_array_index(x->groups, guint32, d->groups),
		       (d->n_groups + 1) * sizeof(guint32));
		d->groups = n_at;
		n_at += d->n_groups + 1;
	}
	s->n_records = x->records->len;
	s->records = g_memdup2(x->records->data, s->n_records * sizeof(RecordKey));
	s->names = g_memdup2(x->names->pdata, x->names->len * sizeof(gpointer));
	s->n_groups = (s->n_records + LTTV_INDEX_GROUP_RECORDS - 1) / LTTV_INDEX_GROUP_RECORDS;
	s->sums = g_new0(SumRecord, s->n_records);
	s->groups = g_new(Sum, s->n_groups);
	s->done = g_new0(gboolean, s->n_groups);
	for (g = 0; g < s->n_groups; g++) {
		s->groups[g].records = s->sums;
		s->groups[g].touched = g_array_new(FALSE, FALSE, sizeof(guint32));
		s->groups[g].pool = g_array_new(FALSE, FALSE, sizeof(SumCount));
	}
	g_mutex_init(&s->lock);
	g_cond_init(&s->changed);
	s->summer = g_thread_new("lttv-window-sum", summer_thread, s);
	return s;
}

void lttv_index_sum_give(LttvIndexSum *s, const LttvStatsIndex *x, GArray *fix, LttvStats *tail)
{
	s->fix = fix;
	s->tail = tail;
	s->map = type_map(x, tail);
	s->giver = g_thread_new("lttv-window-give", giver_thread, s);
}

gboolean lttv_index_sum_wait(LttvIndexSum *s, gint64 deadline)
{
	gboolean given;

	g_mutex_lock(&s->lock);
	while (!s->given && g_cond_wait_until(&s->changed, &s->lock, deadline))
		;
	given = s->given;
	g_mutex_unlock(&s->lock);
	return given;
}

static void sum_free(LttvIndexSum *s)
{
	guint i;

	/* No group is left to take. */
	g_atomic_int_set(&s->next, (gint) s->n_groups);
	g_mutex_lock(&s->lock);
	s->stop = s->stop || !s->given;
	g_cond_broadcast(&s->changed);
	g_mutex_unlock(&s->lock);
	g_thread_join(s->summer);
	if (s->giver != NULL)
		g_thread_join(s->giver);
	for (i = 0; i < s->n_records; i++) {
		g_free(s->sums[i].leaves);
		g_free(s->sums[i].charged);
	}
	for (i = 0; i < s->n_groups; i++) {
		g_array_unref(s->groups[i].touched);
		g_array_unref(s->groups[i].pool);
	}
	if (s->fix != NULL)
		g_array_unref(s->fix);
	g_free(s->map);
	g_free(s->groups);
	g_free(s->done);
	g_free(s->sums);
	g_free(s->names);
	g_free(s->records);
	g_free(s->group_at);
	g_free(s->drains);
	g_mutex_clear(&s->lock);
	g_cond_clear(&s->changed);
	g_free(s);
}

gboolean lttv_index_sum_end(LttvIndexSum *s)
{
	gboolean ok;

	lttv_index_sum_wait(s, G_MAXINT64);
	ok = s->ok;
	sum_free(s);
	return ok;
}

void lttv_index_sum_cancel(LttvIndexSum *s)
{
	sum_free(s);
}
