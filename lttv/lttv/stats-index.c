/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* stats-index.c: window statistics from what was counted once
 * (doc/analysis.md §6.3).
 *
 * Once the pass is over, a thread of the precomputation reads the trace
 * through a reader of its own and counts statistics from its start.
 * After every interval-th event (where the pass takes its checkpoints), at
 * the next time boundary (the next event strictly later) it takes
 * what its records gained since the previous one: the records touched
 * since (marked as they change, never a scan of all leaves) give their
 * non-zero leaves to a sparse delta in the arena and start again from
 * zero; and it notes the frames open then (their cumulative time so far).
 * Where a frame open at a checkpoint ends, and the state's repair count,
 * are kept too.
 *
 * A window [t0, t1) spanning two usable checkpoints a < b is then the
 * replay of [t0, a) (a head that leaves its open frames' times to what
 * follows), the deltas of (a, b], the replay of [b, t1) (a tail whose
 * elapsed times count from t0), and for the frames open at t0 and at b
 * the part of their cumulative and elapsed times the deltas and the tail
 * cannot have (see window_corrections).  Usable: no frame not identified
 * at it is identified later, so no time given before it moves later.
 * Summing the deltas costs about the leaves the window's segments touched. */
#include "config.h"
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif
#include <sys/mman.h>
#include "stats-index-private.h"
#include "window-stats.h"

#define ARENA_SEGMENT (4u << 20)
/* Checkpoint intervals a window's middle must span to come from the index. */
#define MIN_SEGMENTS 3

static gpointer count_thread(gpointer data);

LttvStatsIndex *lttv_stats_index_new(LttTrace *trace, guint interval, const char *dir, gboolean read_file,
                                     gboolean write_file)
{
	LttvStatsIndex *x = g_new0(LttvStatsIndex, 1);

	x->trace = trace;
	x->interval = MAX(interval, 1);
	/* Made here: references on the trace are taken by one thread. */
	x->reader = ltt_trace_new_reader(trace);
	x->merge = lttv_merge_new(x->reader);
	x->ts = lttv_trace_state_new(x->reader);
	g_mutex_init(&x->lock);
	g_cond_init(&x->moved);
	x->arena = lttv_arena_new(ARENA_SEGMENT);
	x->drains = g_array_new(FALSE, FALSE, sizeof(Drain));
	x->records = g_array_new(FALSE, FALSE, sizeof(RecordKey));
	x->spans = g_array_new(FALSE, FALSE, sizeof(Span));
	x->groups = g_array_new(FALSE, FALSE, sizeof(guint32));
	x->types = g_ptr_array_new();
	x->names = g_ptr_array_new();
	g_ptr_array_add(x->names, NULL);
	x->name_ids = g_hash_table_new(NULL, NULL);
	x->read_file = read_file;
	x->write_file = write_file;
	x->buf = g_byte_array_new();
	x->frames = g_array_new(FALSE, FALSE, sizeof(OpenFrame));
	x->s = lttv_stats_new(x->ts, ltt_trace_start_time(trace));
	/* Elapsed times from each frame's entry: a window removes what lies
	 * before its start. */
	x->s->elapsed_from = 0;
	x->s->index = x;
	x->s->epoch = 1;
	x->s->touched = g_ptr_array_new();
	if (dir != NULL)
		lttv_arena_use_file(x->arena, dir);
	x->thread = g_thread_new("lttv-window-index", count_thread, x);
	return x;
}

static guint32 record_number(LttvStatsIndex *x, LttvStatsTask *t)
{
	if (t->number == 0) {
		RecordKey k = { t->pid, t->cpu, t->birth, 0 };

		g_array_append_val(x->records, k);
		t->number = x->records->len;
	}
	return t->number;
}

void lttv_stats_index_frame_end(LttvStatsIndex *x, guint32 span, LttvStatsTask *t, guint leaf)
{
	Span *sp;

	g_mutex_lock(&x->lock);
	sp = &g_array_index(x->spans, Span, span - 1);
	sp->record = record_number(x, t);
	sp->leaf = leaf;
	sp->delta = x->drains->len;
	g_mutex_unlock(&x->lock);
}

void lttv_stats_index_identified(LttvStatsIndex *x, LttTime entry)
{
	guint j;

	/* The time the frame gave before those checkpoints moves now, which a
	 * window starting or ending there would not do. */
	g_mutex_lock(&x->lock);
	j = x->drains->len;
	while (j-- > 0 && g_array_index(x->drains, Drain, j).at > entry)
		g_array_index(x->drains, Drain, j).unusable = TRUE;
	g_mutex_unlock(&x->lock);
}

int lttv_open_frame_compare(const void *pa, const void *pb)
{
	const OpenFrame *a = pa, *b = pb;

	if (a->pid != b->pid)
		return a->pid < b->pid ? -1 : 1;
	if (a->birth != b->birth)
		return a->birth < b->birth ? -1 : 1;
	if (a->cpu != b->cpu)
		return a->cpu < b->cpu ? -1 : 1;
	return a->level < b->level ? -1 : a->level > b->level;
}

static void put_count(GByteArray *b, guint type, guint64 n, guint16 *n_counts)
{
	/* A count beyond 32 bits goes as several. */
	while (n > 0) {
		DeltaCount c = { type, (guint32) MIN(n, G_MAXUINT32) };

		g_byte_array_append(b, (const guint8 *) &c, sizeof(c));
		n -= c.count;
		(*n_counts)++;
	}
}

/* Appends what leaf l (index i) gained since the last checkpoint, and
 * starts it again from zero. */
static void take_leaf(GByteArray *b, LttvStatsLeaf *l, guint i)
{
	gsize at = b->len;
	DeltaLeaf d = { i, l->cpu, l->submode, l->mode, 0, l->cpu_time, l->elapsed_time, l->cumulative_time };
	guint k;

	g_byte_array_append(b, (const guint8 *) &d, sizeof(d));
	if (l->dense != NULL) {
		for (k = 0; k < l->n_dense; k++)
			put_count(b, k, l->dense[k], &d.n_counts);
		memset(l->dense, 0, l->n_dense * sizeof(guint64));
	} else {
		for (k = 0; k < LTTV_STATS_INLINE_TYPES; k++)
			if (l->types[k] != 0)
				put_count(b, l->types[k] - 1, l->counts[k], &d.n_counts);
		memset(l->counts, 0, sizeof(l->counts));
	}
	l->cpu_time = l->elapsed_time = l->cumulative_time = 0;
	memcpy(b->data + at, &d, sizeof(d));
}

static gpointer arena_copy(LttvStatsIndex *x, const void *data, gsize len)
{
	gpointer p = lttv_arena_alloc(x->arena, MAX(len, 8));

	memcpy(p, data, len);
	return p;
}

/* Records no live task or CPU counts to any more (the task ended; a
 * birth learnt later moved it to another record) are all in the deltas
 * once taken: freed, so that the heap holds about the live tasks' records,
 * not all the trace's.  A task met again takes a new record (and number);
 * windows add records by key. */
static void drop_dead_records(LttvStats *s)
{
	GHashTable *live = g_hash_table_new(NULL, NULL);
	GPtrArray *all = lttv_trace_state_processes(s->ts);
	GHashTableIter it;
	gpointer key;
	guint i;

	for (i = 0; i < all->len; i++) {
		const LttvProcess *p = g_ptr_array_index(all, i);

		if (p->stats != NULL && p->stats->task != NULL)
			g_hash_table_add(live, p->stats->task);
	}
	g_ptr_array_unref(all);
	for (i = 0; i < s->cpu_count; i++)
		if (s->cpus[i].no_task != NULL)
			g_hash_table_add(live, s->cpus[i].no_task);
	g_hash_table_iter_init(&it, s->tasks);
	while (g_hash_table_iter_next(&it, &key, NULL))
		if (!g_hash_table_contains(live, key))
			g_hash_table_iter_remove(&it);
	g_hash_table_destroy(live);
}

/* The index of name in x->names (added when new): deltas hold no pointer,
 * so that the index's file holds them as they are. */
static guint64 name_id(LttvStatsIndex *x, const char *name)
{
	gpointer id;

	if (name == NULL)
		return 0;
	if (!g_hash_table_lookup_extended(x->name_ids, name, NULL, &id)) {
		id = GUINT_TO_POINTER(x->names->len);
		g_ptr_array_add(x->names, (gpointer) name);
		g_hash_table_insert(x->name_ids, (gpointer) name, id);
	}
	return GPOINTER_TO_UINT(id);
}

static int compare_numbers(gconstpointer pa, gconstpointer pb)
{
	const LttvStatsTask *a = *(LttvStatsTask *const *) pa, *b = *(LttvStatsTask *const *) pb;

	return a->number < b->number ? -1 : a->number > b->number;
}

gboolean lttv_stats_index_group_delta(Drain *d, GArray *groups)
{
	const guint8 *p = d->delta, *end = d->delta + d->delta_len;
	guint first = groups->len, n = 0;
	guint32 last = 0, at;

	while (p < end) {
		DeltaRecord r;
		guint k;

		memcpy(&r, p, sizeof(r));
		if (r.record <= last) {
			g_array_set_size(groups, first);
			return FALSE;
		}
		last = r.record;
		at = (guint32) (p - d->delta);
		for (; n <= (r.record - 1) / LTTV_INDEX_GROUP_RECORDS; n++)
			g_array_append_val(groups, at);
		p += sizeof(r);
		for (k = 0; k < r.n_leaves; k++)
			p += sizeof(DeltaLeaf) + ((const DeltaLeaf *) p)->n_counts * sizeof(DeltaCount);
		p += r.n_charges * sizeof(DeltaCharge);
	}
	at = (guint32) d->delta_len;
	g_array_append_val(groups, at);
	d->groups = first;
	d->n_groups = n;
	return TRUE;
}

/* Takes the checkpoint: everything before at is in the records.  Under
 * the lock. */
static void take(LttvStatsIndex *x, LttTime at)
{
	LttvStats *s = x->s;
	LttvTraceState *ts = s->ts;
	const GPtrArray *handlers = ts->table->handlers;
	GPtrArray *all;
	Drain d = { at, ts->repairs, FALSE, NULL, 0, NULL, 0, 0, 0 };
	guint i, j;

	for (i = 0; i < ts->cpu_count; i++)
		if (lttv_stats_cpu_there(s, i))
			lttv_stats_on_cpu_leave(s, i, at);
	all = lttv_trace_state_processes(ts);
	g_array_set_size(x->frames, 0);
	for (i = 0; i < all->len; i++) {
		LttvProcess *p = g_ptr_array_index(all, i);
		LttvStatsProc *ps;

		if (p->depth == 0)
			continue;
		ps = lttv_stats_proc(p);
		lttv_stats_flush_task(s, p);
		if (ps->depth < p->depth)
			lttv_stats_frame_new(ps, p->depth - 1);
		for (j = 0; j < p->depth; j++) {
			LttvStatsFrame *f = &ps->frames[j];
			OpenFrame o = { p->pid, p->pid <= 0 ? p->cpu : 0, p->birth, j, 0, p->stack[j].entry, f->acc };

			if (f->span == 0) {
				Span none = { 0, 0, 0 };

				g_array_append_val(x->spans, none);
				f->span = x->spans->len;
			}
			o.span = f->span;
			g_array_append_val(x->frames, o);
		}
	}
	g_ptr_array_unref(all);
	qsort(x->frames->data, x->frames->len, sizeof(OpenFrame), lttv_open_frame_compare);
	d.n_frames = x->frames->len;
	d.frames = arena_copy(x, x->frames->data, x->frames->len * sizeof(OpenFrame));

	/* By record number: a window sums them by groups of numbers. */
	for (i = 0; i < s->touched->len; i++)
		record_number(x, g_ptr_array_index(s->touched, i));
	g_ptr_array_sort(s->touched, compare_numbers);
	g_byte_array_set_size(x->buf, 0);
	for (i = 0; i < s->touched->len; i++) {
		LttvStatsTask *t = g_ptr_array_index(s->touched, i);
		DeltaRecord r = { record_number(x, t), 0, t->tgid, 0, t->uncertain, name_id(x, t->name) };
		gsize at_record = x->buf->len;
		RecordKey *k = &g_array_index(x->records, RecordKey, t->number - 1);

		k->n_leaves = MAX(k->n_leaves, t->n_leaves);
		g_byte_array_append(x->buf, (const guint8 *) &r, sizeof(r));
		/* Only the leaves changed since the last checkpoint. */
		for (j = 0; t->dirty != NULL && j < t->dirty->len; j++) {
			guint l = g_array_index(t->dirty, guint, j);

			t->dirty_bits[l / 32] &= ~(1u << (l % 32));
			if (!lttv_stats_leaf_empty(&t->leaves[l])) {
				take_leaf(x->buf, &t->leaves[l], l);
				r.n_leaves++;
			}
		}
		if (t->dirty != NULL)
			g_array_set_size(t->dirty, 0);
		for (j = 0; j < t->n_charged; j++) {
			DeltaCharge c = { j, 0, t->charged[j] };

			if (c.ns == 0)
				continue;
			g_byte_array_append(x->buf, (const guint8 *) &c, sizeof(c));
			r.n_charges++;
			t->charged[j] = 0;
		}
		t->uncertain = 0;
		memcpy(x->buf->data + at_record, &r, sizeof(r));
	}
	g_ptr_array_set_size(s->touched, 0);
	s->epoch++;
	drop_dead_records(s);
	d.delta_len = x->buf->len;
	d.delta = arena_copy(x, x->buf->data, x->buf->len);
	lttv_stats_index_group_delta(&d, x->groups);
	for (i = x->types->len; i < handlers->len; i++)
		g_ptr_array_add(x->types, (gpointer) ((const LttvEventHandler *) g_ptr_array_index(handlers, i))->type);
	g_array_append_val(x->drains, d);
}

static void set_reached(LttvStatsIndex *x, LttTime reached, gboolean done)
{
	g_mutex_lock(&x->lock);
	x->reached = reached;
	x->done = done;
	g_cond_broadcast(&x->moved);
	g_mutex_unlock(&x->lock);
}

/* Counts the whole trace, taking a checkpoint after every interval-th
 * event at the next time boundary (one amid events of one time would not
 * do: a window cannot end there). */
static gpointer count_thread(gpointer data)
{
	LttvStatsIndex *x = data;
	const LttEvent *ev;
	guint64 n = 0;

#ifdef __linux__
	/* Below the viewer's threads: it only makes later windows faster. */
	setpriority(PRIO_PROCESS, (id_t) syscall(SYS_gettid), 10);
#endif
	/* What an earlier count left in its file, checked on this thread (it
	 * holds no lock meanwhile: windows replay until it is in place). */
	if (x->read_file && lttv_stats_index_read_file(x)) {
		lttv_stats_free(x->s);
		x->s = NULL;
		set_reached(x, G_MAXUINT64, TRUE);
		return NULL;
	}
	if (!lttv_merge_source.seek_begin(x->merge, NULL)) {
		set_reached(x, 0, TRUE);
		return NULL;
	}
	while ((ev = lttv_merge_source.peek(x->merge)) != NULL) {
		if (x->due) {
			x->due = FALSE;
			if (ev->time > x->due_time) {
				g_mutex_lock(&x->lock);
				take(x, x->due_time + 1);
				g_mutex_unlock(&x->lock);
			}
		}
		/* Every event earlier than ev's time is counted. */
		if (n % 4096 == 0) {
			if (g_atomic_int_get(&x->stop)) {
				set_reached(x, ev->time, TRUE);
				return NULL;
			}
			set_reached(x, ev->time, FALSE);
		}
		lttv_stats_apply(x->s, ev);
		if (++n % x->interval == 0) {
			x->due = TRUE;
			x->due_time = ev->time;
		}
		lttv_merge_source.advance(x->merge);
	}
	g_mutex_lock(&x->lock);
	if (x->due)
		take(x, x->due_time + 1);
	x->due = FALSE;
	g_mutex_unlock(&x->lock);
	/* The records are in the deltas: their memory goes back now. */
	lttv_stats_free(x->s);
	x->s = NULL;
	set_reached(x, G_MAXUINT64, TRUE);
	/* Complete and no longer changing: windows read it meanwhile. */
	if (x->write_file)
		lttv_stats_index_write_file(x);
	return NULL;
}

void lttv_stats_index_stop(LttvStatsIndex *x)
{
	g_atomic_int_set(&x->cancel_write, 1);
	g_atomic_int_set(&x->stop, 1);
}

gboolean lttv_stats_index_wait(LttvStatsIndex *x, LttTime t)
{
	LttTime reached;
	gboolean ended;

	return lttv_stats_index_wait_until(x, t, G_MAXINT64, &reached, &ended);
}

gboolean lttv_stats_index_wait_until(LttvStatsIndex *x, LttTime t, gint64 deadline, LttTime *reached,
                                     gboolean *ended)
{
	gboolean there;

	g_mutex_lock(&x->lock);
	while (!x->done && x->reached < t && g_cond_wait_until(&x->moved, &x->lock, deadline))
		;
	there = x->reached >= t;
	*reached = x->reached;
	*ended = x->done;
	g_mutex_unlock(&x->lock);
	return there;
}

void lttv_stats_index_free(LttvStatsIndex *x)
{
	if (x == NULL)
		return;
	/* A file being written is finished (unless stopped before): the next
	 * open need not count again. */
	g_atomic_int_set(&x->stop, 1);
	g_thread_join(x->thread);
	if (x->s != NULL)
		lttv_stats_free(x->s);
	lttv_trace_state_free(x->ts);
	lttv_merge_free(x->merge);
	ltt_trace_take_reader_warnings(x->trace, x->reader);
	ltt_trace_unref(x->reader);
	g_mutex_clear(&x->lock);
	g_cond_clear(&x->moved);
	lttv_arena_free(x->arena);
	g_array_unref(x->drains);
	g_array_unref(x->records);
	g_array_unref(x->spans);
	g_array_unref(x->groups);
	g_ptr_array_unref(x->types);
	g_ptr_array_unref(x->names);
	g_hash_table_destroy(x->name_ids);
	g_free(x->warning);
	if (x->map != NULL)
		munmap(x->map, x->map_len);
	g_byte_array_unref(x->buf);
	g_array_unref(x->frames);
	g_free(x);
}

gsize lttv_stats_index_heap(LttvStatsIndex *x)
{
	gsize n;

	g_mutex_lock(&x->lock);
	n = sizeof(*x) + x->drains->len * sizeof(Drain) + x->records->len * sizeof(RecordKey)
	       + x->spans->len * sizeof(Span) + (x->types->len + x->names->len) * sizeof(gpointer) + x->buf->len
	       + x->frames->len * sizeof(OpenFrame) + x->groups->len * sizeof(guint32);
	g_mutex_unlock(&x->lock);
	return n;
}

gsize lttv_stats_index_mapped(LttvStatsIndex *x)
{
	gsize n;

	g_mutex_lock(&x->lock);
	n = lttv_arena_mapped(x->arena) + x->map_len;
	g_mutex_unlock(&x->lock);
	return n;
}

gboolean lttv_stats_index_from_file(LttvStatsIndex *x)
{
	gboolean from_file;

	g_mutex_lock(&x->lock);
	from_file = x->from_file;
	g_mutex_unlock(&x->lock);
	return from_file;
}

char *lttv_stats_index_take_warning(LttvStatsIndex *x)
{
	char *w;

	g_mutex_lock(&x->lock);
	w = x->warning;
	x->warning = NULL;
	g_mutex_unlock(&x->lock);
	return w;
}

guint lttv_stats_index_usable(LttvStatsIndex *x)
{
	guint n = 0, j;

	g_mutex_lock(&x->lock);
	for (j = 0; j < x->drains->len; j++)
		n += !g_array_index(x->drains, Drain, j).unusable;
	g_mutex_unlock(&x->lock);
	return n;
}

/* ---- a window ---- */
static const OpenFrame *find_frame(const Drain *d, const OpenFrame *key)
{
	return bsearch(key, d->frames, d->n_frames, sizeof(OpenFrame), lttv_open_frame_compare);
}

static LttvSplitTask *split_task(const LttvStats *s, const OpenFrame *f)
{
	LttvSplitTask key = { .pid = f->pid, .cpu = f->cpu, .birth = f->birth };

	return s->split != NULL ? g_hash_table_lookup(s->split, &key) : NULL;
}

static gboolean same_task(const OpenFrame *a, const OpenFrame *b)
{
	return a->pid == b->pid && a->birth == b->birth && a->cpu == b->cpu;
}

/* The cumulative time of frame f (open at d's checkpoint) as if it ended
 * there: its own and that of the frames open above it, which give it
 * theirs when they end; less what the head counted of them (when given). */
static LttTime cumulative_at(const Drain *d, const OpenFrame *f, const LttvStats *head)
{
	const LttvSplitTask *h = head != NULL ? split_task(head, f) : NULL;
	const OpenFrame *first = f;
	LttTime sum = 0;

	for (; f < d->frames + d->n_frames && same_task(f, first); f++) {
		sum += f->acc;
		if (h != NULL && f->level < h->depth)
			sum -= h->acc[f->level];
	}
	return sum;
}

static int compare_corrections(gconstpointer pa, gconstpointer pb)
{
	const Correction *a = pa, *b = pb;

	return a->record < b->record ? -1 : a->record > b->record;
}

/* The frames the deltas and the tail count differently from one pass over
 * [t0, t1).  The pass gave a frame that ended in (a, b] its whole elapsed
 * and cumulative times, from its entry: for one open at t0 the part
 * before t0 is taken back from the leaf where it ended (into fix, by
 * record, for the sum to apply).  The tail gave a frame open at b its
 * cumulative time after b only: it gets the part from max(entry, t0) to
 * b.  The part before t0 of a frame open at t0 is its cumulative time at
 * a as the pass had it, less the head's. */
static gboolean window_corrections(GArray *fix, const LttvStatsIndex *x, const Drain *da, const Drain *db,
                                   const LttvStats *head, LttvStats *tail, LttTime t0, guint ib)
{
	guint i;

	for (i = 0; i < da->n_frames; i++) {
		const OpenFrame *f = &da->frames[i];
		const Span *sp = &g_array_index(x->spans, Span, f->span - 1);
		Correction c;

		if (f->entry >= t0)
			continue;
		if (sp->record == 0 || sp->delta > ib) {
			/* Open at b too (below); a frame that left the stack
			 * without ending is not expected. */
			const OpenFrame *fb = find_frame(db, f);

			if (fb == NULL || fb->entry != f->entry)
				return FALSE;
			continue;
		}
		c.record = sp->record - 1;
		c.leaf = sp->leaf;
		c.elapsed = t0 - f->entry;
		c.cumulative = cumulative_at(da, f, head);
		g_array_append_val(fix, c);
	}
	g_array_sort(fix, compare_corrections);
	for (i = 0; i < db->n_frames; i++) {
		const OpenFrame *f = &db->frames[i];
		LttTime extra = cumulative_at(db, f, NULL);
		LttvSplitTask *t;

		if (f->entry < t0) {
			const OpenFrame *fa = find_frame(da, f);

			if (fa == NULL || fa->entry != f->entry)
				return FALSE;
			extra -= cumulative_at(da, fa, head);
		}
		if (extra == 0)
			continue;
		t = split_task(tail, f);
		if (t == NULL || f->level >= t->depth || t->frames[f->level].task == NULL)
			return FALSE;
		t->frames[f->level].task->leaves[t->frames[f->level].leaf].cumulative_time += extra;
	}
	return TRUE;
}

/* Applies the events earlier than until to s. */
static void count_until(LttvStats *s, LttvMerge *merge, LttTime until)
{
	const LttEvent *ev;

	while ((ev = lttv_merge_source.peek(merge)) != NULL && ev->time < until) {
		lttv_stats_apply(s, ev);
		lttv_merge_source.advance(merge);
	}
}

struct _LttvIndexWindow {
	LttvIndexSum *sum;
	LttvStats *head, *tail;
	guint64 head_repairs, tail_from;
};

LttvIndexWindow *lttv_stats_index_window_begin(LttvStatsIndex *x, const LttvCompactCheckpoints *cps,
                                               LttvMerge *merge, LttTime t0, LttTime t1, gboolean *used,
                                               GError **error)
{
	guint n = x->drains->len, ia, ib, lo, hi;
	Drain da, db;
	LttvTraceState *ts0, *tsb;
	LttvIndexWindow *w;
	GArray *fix;

	*used = FALSE;
	g_mutex_lock(&x->lock);
	/* Identifications up to t1 must be known: they make checkpoints
	 * unusable. */
	if (x->reached < t1) {
		g_mutex_unlock(&x->lock);
		return NULL;
	}
	n = x->drains->len;
	/* The first drain at or after t0, the last at or before t1. */
	for (lo = 0, hi = n; lo < hi;) {
		guint mid = lo + (hi - lo) / 2;

		if (g_array_index(x->drains, Drain, mid).at < t0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (ia = lo; ia < n && g_array_index(x->drains, Drain, ia).unusable; ia++)
		;
	for (lo = ia, hi = n; lo < hi;) {
		guint mid = lo + (hi - lo) / 2;

		if (g_array_index(x->drains, Drain, mid).at <= t1)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (ib = lo; ib > ia + 1 && g_array_index(x->drains, Drain, ib - 1).unusable; ib--)
		;
	/* Below a few segments, the two replays and the sum cost more than
	 * replaying the window. */
	if (ia >= n || ib < ia + 1 + MIN_SEGMENTS) {
		g_mutex_unlock(&x->lock);
		return NULL;
	}
	ib--;
	/* Copies: the drains move as the thread adds checkpoints. */
	da = g_array_index(x->drains, Drain, ia);
	db = g_array_index(x->drains, Drain, ib);

	*used = TRUE;
	w = g_new0(LttvIndexWindow, 1);
	/* The sum runs while the two ends are replayed. */
	w->sum = lttv_index_sum_start(x, ia, ib);
	ts0 = lttv_compact_checkpoints_state_at(cps, t0, &lttv_merge_source, merge, error);
	if (ts0 == NULL) {
		g_mutex_unlock(&x->lock);
		lttv_index_sum_cancel(w->sum);
		g_free(w);
		return NULL;
	}
	w->head = lttv_stats_new(ts0, t0);
	count_until(w->head, merge, da.at);
	lttv_stats_close_head(w->head, da.at);
	w->head_repairs = ts0->repairs - w->head->repairs_from;
	tsb = lttv_compact_checkpoints_state_at(cps, db.at, &lttv_merge_source, merge, error);
	if (tsb == NULL) {
		g_mutex_unlock(&x->lock);
		lttv_index_sum_cancel(w->sum);
		lttv_window_stats_free(w->head);
		g_free(w);
		return NULL;
	}
	w->tail = lttv_stats_new_tail(tsb, db.at, t0);
	count_until(w->tail, merge, t1);
	lttv_stats_close(w->tail, t1);
	w->tail_from = w->tail->repairs_from;
	/* Repairs: the head's, the tail's and the counting's between a and b. */
	w->head_repairs += db.repairs - da.repairs;

	fix = g_array_new(FALSE, FALSE, sizeof(Correction));
	if (!window_corrections(fix, x, &da, &db, w->head, w->tail, t0, ib)) {
		/* Not expected: the caller replays the window. */
		g_mutex_unlock(&x->lock);
		g_array_unref(fix);
		lttv_index_sum_cancel(w->sum);
		lttv_window_stats_free(w->head);
		lttv_window_stats_free(w->tail);
		g_free(w);
		*used = FALSE;
		return NULL;
	}
	lttv_index_sum_give(w->sum, x, fix, w->tail);
	g_mutex_unlock(&x->lock);
	return w;
}

gboolean lttv_stats_index_window_wait(LttvIndexWindow *w, gint64 deadline)
{
	return lttv_index_sum_wait(w->sum, deadline);
}

LttvStats *lttv_stats_index_window_end(LttvIndexWindow *w, gboolean *used)
{
	LttvStats *tail = w->tail;

	*used = lttv_index_sum_end(w->sum);
	if (!*used) {
		/* Not expected: the caller replays the window. */
		lttv_window_stats_free(w->head);
		lttv_window_stats_free(tail);
		g_free(w);
		return NULL;
	}
	lttv_stats_add(tail, w->head);
	tail->elapsed_from = tail->start;
	tail->repairs_from = w->tail_from - w->head_repairs;
	lttv_window_stats_free(w->head);
	g_free(w);
	return tail;
}

void lttv_stats_index_window_cancel(LttvIndexWindow *w)
{
	if (w == NULL)
		return;
	lttv_index_sum_cancel(w->sum);
	lttv_window_stats_free(w->head);
	lttv_window_stats_free(w->tail);
	g_free(w);
}
