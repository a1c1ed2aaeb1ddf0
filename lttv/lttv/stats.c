/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* stats.c: the statistics engine, driven by the state's transitions
 * (lttv_stats_on_*, state-private.h; the frequent ones are inlined from
 * stats-private.h).  CPU time is attributed at each change of what a CPU
 * executes, so it is exact; see doc/analysis.md §3 for the definitions.
 *
 * The leaves (CPU, task, mode, submode) number hundreds of thousands on a
 * long trace, too many to stay in cache.  So counts and times first go to
 * the frames of the running task, which are hot, and reach the leaves when
 * a frame ends, when its task runs again on another CPU, or when the frame
 * met more event types than it holds.  A task's leaves are contiguous (LttvStatsTask),
 * so those of the running tasks stay in cache too. */
#include "config.h"
#include <stdlib.h>
#include <string.h>
#include "stats-private.h"

#ifndef G_ALWAYS_INLINE        /* GLib before 2.74 */
#define G_ALWAYS_INLINE
#endif

/* Time a frame whose mode or number is not known yet gave to a leaf, so it
 * can be moved once the frame is identified. */
typedef struct {
	guint frame;
	guint cpu;                     /* the leaf's key */
	LttvExecMode mode;
	gint32 submode;
	LttTime amount;
} PendingTime;

/* A task's key, as records (and the tasks a split carries over) have it. */
static inline guint key_hash(gint32 pid, LttTime birth, guint cpu)
{
	return (guint) pid * 2654435761u ^ (guint) birth ^ (guint) (birth >> 32) ^ cpu * 40503u;
}

static guint task_hash(gconstpointer k)
{
	const LttvStatsTask *t = k;

	return key_hash(t->pid, t->birth, t->cpu);
}

static gboolean task_equal(gconstpointer a, gconstpointer b)
{
	const LttvStatsTask *x = a, *y = b;

	return x->pid == y->pid && x->birth == y->birth && x->cpu == y->cpu;
}

static void task_free(LttvStatsTask *t)
{
	guint i;

	for (i = 0; i < t->n_leaves; i++)
		g_free(t->leaves[i].dense);
	g_free(t->leaves);
	g_free(t->slots);
	g_free(t->charged);
	if (t->dirty != NULL)
		g_array_unref(t->dirty);
	g_free(t->dirty_bits);
	g_free(t);
}

void lttv_stats_touch_leaf_slow(LttvStats *s, LttvStatsTask *t, guint i)
{
	lttv_stats_touch(s, t);
	if (i / 32 >= t->dirty_words) {
		guint words = MAX(i / 32 + 1, t->leaves_capacity / 32 + 1);

		t->dirty_bits = g_renew(guint32, t->dirty_bits, words);
		memset(t->dirty_bits + t->dirty_words, 0, (words - t->dirty_words) * sizeof(guint32));
		t->dirty_words = words;
	}
	if (t->dirty_bits[i / 32] & (1u << (i % 32)))
		return;
	t->dirty_bits[i / 32] |= 1u << (i % 32);
	if (t->dirty == NULL)
		t->dirty = g_array_new(FALSE, FALSE, sizeof(guint));
	g_array_append_val(t->dirty, i);
}

/* The slot of (cpu, mode, submode) in t: its leaf's or the free one for it. */
static inline guint32 *task_slot(const LttvStatsTask *t, guint cpu, LttvExecMode mode, gint32 submode)
{
	guint mask = t->capacity - 1, i = lttv_stats_leaf_hash(cpu, mode, submode) & mask;
	const LttvStatsLeaf *l;

	for (;; i = (i + 1) & mask) {
		if (t->slots[i] == 0)
			return &t->slots[i];
		l = &t->leaves[t->slots[i] - 1];
		if (l->submode == submode && l->mode == mode && l->cpu == cpu)
			return &t->slots[i];
	}
}

static void task_grow(LttvStatsTask *t)
{
	guint i;

	t->capacity = t->capacity > 0 ? t->capacity * 2 : 32;
	g_free(t->slots);
	t->slots = g_new0(guint32, t->capacity);
	for (i = 0; i < t->n_leaves; i++)
		*task_slot(t, t->leaves[i].cpu, t->leaves[i].mode, t->leaves[i].submode) = i + 1;
}

/* The record of (pid, birth) (on cpu for pid <= 0), created empty. */
static LttvStatsTask *task_record(LttvStats *s, gint32 pid, LttTime birth, guint cpu)
{
	LttvStatsTask key = { .pid = pid, .birth = birth, .cpu = pid <= 0 ? cpu : 0 };
	LttvStatsTask *t = g_hash_table_lookup(s->tasks, &key);

	if (t == NULL) {
		t = g_memdup2(&key, sizeof(key));
		t->name = "";
		t->tgid = -1;
		task_grow(t);
		g_hash_table_add(s->tasks, t);
	}
	return t;
}

static guint task_leaf_new(LttvStatsTask *t, guint cpu, LttvExecMode mode, gint32 submode)
{
	guint i = t->n_leaves;
	LttvStatsLeaf *leaf;

	/* At most half full: most lookups find their leaf at the first probe. */
	if (2 * (t->n_leaves + 1) > t->capacity)
		task_grow(t);
	if (i == t->leaves_capacity) {
		t->leaves_capacity = MAX(16, 2 * i);
		t->leaves = g_renew(LttvStatsLeaf, t->leaves, t->leaves_capacity);
	}
	*task_slot(t, cpu, mode, submode) = i + 1;
	leaf = &t->leaves[i];
	memset(leaf, 0, sizeof(*leaf));
	leaf->cpu = cpu;
	leaf->mode = (guint8) mode;
	leaf->submode = submode;
	t->n_leaves++;
	return i;
}

/* Index of t's leaf (cpu, mode, submode), created empty.  Indexes stay
 * valid; pointers only until the task's next new leaf. */
static inline guint task_leaf(LttvStatsTask *t, guint cpu, LttvExecMode mode, gint32 submode)
{
	guint32 slot = *task_slot(t, cpu, mode, submode);

	if (G_UNLIKELY(slot == 0))
		return task_leaf_new(t, cpu, mode, submode);
	return slot - 1;
}

/* The leaf of the unknown task (pid -1) on cpu: the events and time of
 * the CPU while no task is known there. */
static LttvStatsLeaf *no_task_leaf(LttvStats *s, guint cpu)
{
	LttvStatsCpu *c = &s->cpus[cpu];
	guint i;

	if (c->no_task == NULL) {
		c->no_task = task_record(s, -1, 0, cpu);
		c->no_task->name = "unknown";
	}
	i = task_leaf(c->no_task, cpu, LTTV_MODE_UNKNOWN, LTTV_SUBMODE_NONE);
	lttv_stats_touch_leaf(s, c->no_task, i);
	return &c->no_task->leaves[i];
}

void lttv_stats_charge_unknown(LttvStats *s, guint cpu, LttTime dt)
{
	no_task_leaf(s, cpu)->cpu_time += dt;
}

static void leaf_dense(LttvStats *s, LttvStatsLeaf *leaf, guint type)
{
	guint n = MAX(type + 1, s->ts->table->handlers->len);
	guint64 *dense = g_new0(guint64, n);
	guint i;

	if (leaf->dense != NULL) {
		memcpy(dense, leaf->dense, leaf->n_dense * sizeof(guint64));
		g_free(leaf->dense);
	} else {
		/* Cleared so that no fast path matches them any more. */
		for (i = 0; i < LTTV_STATS_INLINE_TYPES; i++)
			if (leaf->types[i] != 0)
				dense[leaf->types[i] - 1] = leaf->counts[i];
		memset(leaf->types, 0, sizeof(leaf->types));
	}
	leaf->dense = dense;
	leaf->n_dense = n;
}

static void leaf_count_dense(LttvStats *s, LttvStatsLeaf *leaf, guint type, guint64 n)
{
	if (leaf->dense == NULL || type >= leaf->n_dense)
		leaf_dense(s, leaf, type);
	leaf->dense[type] += n;
}

/* The general case of leaf_count: a type not in place yet, a count that
 * does not fit, or the dense counts. */
static G_GNUC_NO_INLINE void leaf_count_slow(LttvStats *s, LttvStatsLeaf *leaf, guint type, guint64 n)
{
	guint i;

	if (leaf->dense == NULL && type < G_MAXUINT16) {
		for (i = 0; i < LTTV_STATS_INLINE_TYPES; i++) {
			if (leaf->types[i] == type + 1) {
				if (n > G_MAXUINT32 - leaf->counts[i])
					break;
				leaf->counts[i] += (guint32) n;
				return;
			}
			if (leaf->types[i] == 0) {
				if (n > G_MAXUINT32)
					break;
				leaf->types[i] = (guint16) (type + 1);
				leaf->counts[i] = (guint32) n;
				return;
			}
		}
	}
	leaf_count_dense(s, leaf, type, n);
}

/* Adds n events of type to leaf: in place while the types and counts fit.
 * Inlined where frames give their counts; the place of the type is chosen
 * without branches, which the mix of types would make unpredictable. */
G_ALWAYS_INLINE static inline void leaf_count(LttvStats *s, LttvStatsLeaf *leaf, guint type, guint64 n)
{
	guint32 k = type + 1;
	guint i = leaf->types[0] == k ? 0 : leaf->types[1] == k ? 1 : 2;

	G_STATIC_ASSERT(LTTV_STATS_INLINE_TYPES == 3);
	if (G_LIKELY(leaf->types[i] == k && n <= G_MAXUINT32 - leaf->counts[i])) {
		leaf->counts[i] += (guint32) n;
		return;
	}
	if (leaf->dense != NULL && type < leaf->n_dense) {
		leaf->dense[type] += n;
		return;
	}
	leaf_count_slow(s, leaf, type, n);
}

static inline gboolean frame_unresolved(const LttvExecFrame *f, guint i)
{
	return f->mode == LTTV_MODE_UNKNOWN
	       || (f->mode == LTTV_MODE_SYSCALL && f->submode == LTTV_SUBMODE_NONE && i > 0);
}

LttvStatsProc *lttv_stats_proc_new(LttvProcess *p)
{
	LttvStatsProc *ps = g_new0(LttvStatsProc, 1);

	ps->capacity = MAX(p->depth, 4);
	ps->frames = g_new0(LttvStatsFrame, ps->capacity);
	ps->depth = p->depth;
	ps->leaf_cpu = p->cpu;
	ps->tgid = G_MININT32;         /* not given to the record yet */
	p->stats = ps;
	return ps;
}

static void proc_stats_free(LttvStatsProc *ps)
{
	g_free(ps->frames);
	if (ps->pending != NULL)
		g_array_unref(ps->pending);
	g_free(ps);
}

static void add_pending(LttvStatsProc *ps, guint frame, const LttvStatsLeaf *leaf, LttTime amount)
{
	PendingTime *pt;
	guint i;

	if (ps->pending == NULL)
		ps->pending = g_array_new(FALSE, FALSE, sizeof(PendingTime));
	for (i = 0; i < ps->pending->len; i++) {
		pt = &g_array_index(ps->pending, PendingTime, i);
		if (pt->frame == frame && pt->cpu == leaf->cpu && pt->mode == leaf->mode && pt->submode == leaf->submode) {
			pt->amount += amount;
			return;
		}
	}
	g_array_append_vals(ps->pending, &(PendingTime) { frame, leaf->cpu, leaf->mode, leaf->submode, amount }, 1);
}

static void drop_pending(LttvStatsProc *ps, guint from_frame)
{
	guint i = 0;

	while (i < ps->pending->len)
		if (g_array_index(ps->pending, PendingTime, i).frame >= from_frame)
			g_array_remove_index_fast(ps->pending, i);
		else
			i++;
}

/* Gives leaf the events frame f counted. */
static inline void flush_counts(LttvStats *s, LttvStatsLeaf *leaf, LttvStatsFrame *f)
{
	const guint *slot_type = s->ts->table->slot_type;
	guint32 m = f->mask;

	do {
		guint k = (guint) __builtin_ctz(m);

		m &= m - 1;
		leaf_count(s, leaf, slot_type[k], f->counts[k]);
		f->counts[k] = 0;
	} while (m != 0);
	f->mask = 0;
}

/* Gives frame i (ef: its mode) what it accumulated, in t (p's record, or
 * the one it had before its birth changed); returns its leaf.  Inlined in
 * the paths run for most frames that end. */
G_ALWAYS_INLINE static inline LttvStatsLeaf *flush_frame_to(LttvStats *s, LttvStatsProc *ps, LttvStatsTask *t,
                                                            guint i, const LttvExecFrame *ef)
{
	LttvStatsFrame *f = &ps->frames[i];
	LttvStatsLeaf *leaf;

	if (f->leaf & LTTV_STATS_LEAF_GUESS) {
		leaf = &t->leaves[(f->leaf & ~LTTV_STATS_LEAF_GUESS) - 1];
		f->leaf = leaf->submode == ef->submode && leaf->mode == ef->mode && leaf->cpu == ps->leaf_cpu ?
		          f->leaf & ~LTTV_STATS_LEAF_GUESS : 0;
	}
	if (G_UNLIKELY(f->leaf == 0))
		f->leaf = task_leaf(t, ps->leaf_cpu, ef->mode, ef->submode) + 1;
	lttv_stats_touch_leaf(s, t, f->leaf - 1);
	leaf = &t->leaves[f->leaf - 1];
	if (f->own != 0) {
		leaf->cpu_time += f->own;
		if (G_UNLIKELY(frame_unresolved(ef, i)))
			add_pending(ps, i, leaf, f->own);
		f->own = 0;
	}
	if (f->mask != 0)
		flush_counts(s, leaf, f);
	return leaf;
}

/* The record p's counts go to.  A fork or a state dump may still set the
 * birth after the counters were made: the leaves then come from the record
 * of the new key (the frames' cached ones are forgotten). */
static LttvStatsTask *proc_task_slow(LttvStats *s, LttvStatsProc *ps, const LttvProcess *p)
{
	guint i;

	/* What the frames hold was counted under the old key: it stays there,
	 * whenever it would have been flushed. */
	if (ps->task != NULL)
		for (i = 0; i < MIN(ps->depth, p->depth); i++)
			if (ps->frames[i].own != 0 || ps->frames[i].mask != 0)
				flush_frame_to(s, ps, ps->task, i, &p->stack[i]);

	/* The record changes (drops what is pending) when the birth does. */
	if (G_UNLIKELY(ps->split != NULL) && p->birth != ps->split->birth)
		for (i = 0; i < ps->split->depth; i++)
			ps->split->frames[i].still_pending = FALSE;
	ps->task = task_record(s, p->pid, p->birth, p->cpu);
	lttv_stats_touch(s, ps->task);
	ps->task->name = ps->name = p->name;
	ps->task->tgid = ps->tgid = p->tgid;
	for (i = 0; i < ps->depth; i++)
		ps->frames[i].leaf = 0;
	if (ps->pending != NULL)
		g_array_set_size(ps->pending, 0);
	return ps->task;
}

static inline LttvStatsTask *proc_task(LttvStats *s, LttvStatsProc *ps, const LttvProcess *p)
{
	if (G_LIKELY(ps->task != NULL && ps->task->birth == p->birth))
		return ps->task;
	return proc_task_slow(s, ps, p);
}

/* p's record, given p's current name and group (kept in ps too, so that a
 * task that runs again writes its cold record only when they changed). */
static LttvStatsTask *proc_task_named(LttvStats *s, LttvStatsProc *ps, const LttvProcess *p)
{
	LttvStatsTask *task = proc_task(s, ps, p);

	lttv_stats_touch(s, task);
	task->name = ps->name = p->name;
	task->tgid = ps->tgid = p->tgid;
	return task;
}

/* Gives frame i (ef: its mode) of p what it accumulated; returns its leaf. */
G_ALWAYS_INLINE static inline LttvStatsLeaf *flush_frame(LttvStats *s, LttvStatsProc *ps, const LttvProcess *p,
                                                         guint i, const LttvExecFrame *ef)
{
	return flush_frame_to(s, ps, proc_task(s, ps, p), i, ef);
}

static void flush_all(LttvStats *s, LttvStatsProc *ps, const LttvProcess *p)
{
	guint i, n = MIN(ps->depth, p->depth);

	for (i = 0; i < n; i++)
		if (ps->frames[i].own != 0 || ps->frames[i].mask != 0)
			flush_frame(s, ps, p, i, &p->stack[i]);
}

void lttv_stats_flush_task(LttvStats *s, LttvProcess *p)
{
	if (p->stats != NULL)
		flush_all(s, p->stats, p);
}

void lttv_stats_cpus_grow(LttvStats *s, guint cpu)
{
	guint i;

	s->cpus = g_renew(LttvStatsCpu, s->cpus, cpu + 1);
	for (i = s->cpu_count; i <= cpu; i++) {
		memset(&s->cpus[i], 0, sizeof(LttvStatsCpu));
		s->cpus[i].last = s->start;
	}
	s->cpu_count = cpu + 1;
}

void lttv_stats_on_cpu_enter(LttvStats *s, guint cpu)
{
	LttvProcess *p = s->ts->cpus[cpu].running;
	LttvStatsCpu *c;
	LttvStatsProc *ps;
	guint i;

	lttv_stats_ensure_cpu(s, cpu);
	c = &s->cpus[cpu];
	ps = p != NULL ? lttv_stats_proc(p) : NULL;
	if (c->proc == ps)
		return;
	/* A task that leaves a CPU keeps what it counted there in its frames:
	 * it often runs there again (idle tasks always do).  Only when it comes
	 * back on another CPU do those counts go to the first CPU's leaves. */
	if (ps != NULL) {
		if (ps->leaf_cpu != cpu) {
			flush_all(s, ps, p);
			for (i = 0; i < ps->depth; i++)
				ps->frames[i].leaf = 0;
			ps->leaf_cpu = cpu;
		}
		if (ps->name != p->name || ps->tgid != p->tgid)
			proc_task_named(s, ps, p);
	}
	c->proc = ps;
	c->task = p;
}

/* Ends frame i (f) of p at t: its elapsed and cumulative times are final;
 * its cumulative time also belongs to the frame under it.  Inlined in the
 * path of every frame that ends. */
G_ALWAYS_INLINE static inline void close_frame(LttvStats *s, LttvStatsProc *ps, LttvProcess *p, guint i,
                                               const LttvExecFrame *f, LttTime t)
{
	LttTime from = MAX(f->entry, s->elapsed_from);
	LttvStatsLeaf *leaf;
	LttTime acc;

	if (G_UNLIKELY(i >= ps->depth))
		lttv_stats_frame_new(ps, i);
	leaf = flush_frame(s, ps, p, i, f);
	if (G_UNLIKELY(ps->split != NULL) && i < ps->split->depth && ps->split->frames[i].task == NULL) {
		/* The first frame i to end is the one open at the split. */
		ps->split->frames[i].task = ps->task;
		ps->split->frames[i].leaf = (guint) (leaf - ps->task->leaves);
		ps->split->frames[i].still_pending = FALSE;
	}
	if (G_UNLIKELY(ps->frames[i].span != 0) && s->index != NULL)
		lttv_stats_index_frame_end(s->index, ps->frames[i].span, ps->task, (guint) (leaf - ps->task->leaves));
	acc = ps->frames[i].acc;
	leaf->elapsed_time += t > from ? t - from : 0;
	leaf->cumulative_time += acc;
	if (i > 0)
		ps->frames[i - 1].acc += acc;
	if (G_UNLIKELY(ps->pending != NULL))
		drop_pending(ps, i);
	ps->depth = i;
}

void lttv_stats_on_frame_pop(LttvStats *s, LttvProcess *p, const LttvExecFrame *f, LttTime t)
{
	close_frame(s, lttv_stats_proc(p), p, p->depth, f, t);
}

void lttv_stats_on_frame_resolve(LttvStats *s, LttvProcess *p, guint i, const LttvExecFrame *before)
{
	LttvStatsProc *ps = lttv_stats_proc(p);
	LttvStatsTask *t;
	guint j;

	/* What it holds goes to its old leaf first, whenever it would have
	 * been flushed: events counted before it was identified stay there.
	 * Then the time it gave its old leaves moves to the new one. */
	if (i < ps->depth && (ps->frames[i].own != 0 || ps->frames[i].mask != 0))
		flush_frame(s, ps, p, i, before);
	t = proc_task(s, ps, p);
	lttv_stats_touch(s, t);
	if (G_UNLIKELY(s->index != NULL) && frame_unresolved(before, i))
		lttv_stats_index_identified(s->index, p->stack[i].entry);
	for (j = 0; ps->pending != NULL && j < ps->pending->len; j++) {
		PendingTime *pt = &g_array_index(ps->pending, PendingTime, j);
		guint from, to;

		if (pt->frame != i)
			continue;
		to = task_leaf(t, pt->cpu, p->stack[i].mode, p->stack[i].submode);
		from = task_leaf(t, pt->cpu, pt->mode, pt->submode);
		lttv_stats_touch_leaf(s, t, from);
		lttv_stats_touch_leaf(s, t, to);
		t->leaves[from].cpu_time -= pt->amount;
		t->leaves[to].cpu_time += pt->amount;
		pt->mode = p->stack[i].mode;
		pt->submode = p->stack[i].submode;
	}
	if (ps->pending != NULL && !frame_unresolved(&p->stack[i], i))
		drop_pending(ps, i);
	if (G_UNLIKELY(ps->split != NULL) && i < ps->split->depth && ps->split->frames[i].still_pending) {
		LttvSplitFrame *sf = &ps->split->frames[i];
		LttvSplitMove m = { t, p->stack[i].mode, p->stack[i].submode };

		if (sf->moves == NULL)
			sf->moves = g_array_new(FALSE, FALSE, sizeof(LttvSplitMove));
		g_array_append_val(sf->moves, m);
		sf->still_pending = frame_unresolved(&p->stack[i], i);
	}
	if (i < ps->depth)
		ps->frames[i].leaf = 0;
}

static void close_all_frames(LttvStats *s, LttvProcess *p, LttTime t)
{
	LttvStatsProc *ps = lttv_stats_proc(p);
	guint i = p->depth;

	proc_task_named(s, ps, p);
	while (i-- > 0)
		close_frame(s, ps, p, i, &p->stack[i], t);
}

void lttv_stats_on_birth(LttvStats *s, LttvProcess *p)
{
	/* Counters not made yet take the new key when they are. */
	if (p->stats != NULL && p->stats->task != NULL)
		proc_task(s, p->stats, p);
}

void lttv_stats_on_repair(LttvStats *s, LttvProcess *believed, LttvProcess *actual, LttTime span)
{
	if (span == 0)
		return;
	LttvStatsTask *t = proc_task(s, lttv_stats_proc(believed), believed);

	lttv_stats_touch(s, t);
	t->uncertain += span;
	if (actual != NULL) {
		t = proc_task(s, lttv_stats_proc(actual), actual);
		lttv_stats_touch(s, t);
		t->uncertain += span;
	}
}

void lttv_stats_task_charge(LttvStatsTask *t, guint cpu, LttTime ns)
{
	if (cpu >= t->n_charged) {
		guint n = MAX(cpu + 1, 2 * t->n_charged);

		t->charged = g_renew(LttTime, t->charged, n);
		memset(t->charged + t->n_charged, 0, (n - t->n_charged) * sizeof(LttTime));
		t->n_charged = n;
	}
	t->charged[cpu] += ns;
}

void lttv_stats_on_charge(LttvStats *s, LttvProcess *p, guint cpu, guint64 ns)
{
	LttvStatsTask *t = proc_task(s, lttv_stats_proc(p), p);

	lttv_stats_touch(s, t);
	lttv_stats_task_charge(t, cpu, ns);
	s->charged = TRUE;
}

void lttv_stats_on_process_remove(LttvStats *s, LttvProcess *p, LttTime t)
{
	close_all_frames(s, p, t);
	proc_stats_free(p->stats);
	p->stats = NULL;
}

static gint compare_cpu_numbers(gconstpointer a, gconstpointer b)
{
	guint x = *(const guint *) a, y = *(const guint *) b;
	return x < y ? -1 : x > y;
}

/* The CPUs of the trace: the metadata's count and the channel files'. */
static GArray *trace_cpus(LttTrace *trace)
{
	guint n = ltt_trace_info(trace)->cpu_count, n_tf = ltt_trace_tracefile_count(trace);
	GArray *cpus = g_array_sized_new(FALSE, FALSE, sizeof(guint), n + n_tf);

	for (guint i = 0; i < n; i++)
		g_array_append_val(cpus, i);
	for (guint i = 0; i < n_tf; i++) {
		guint cpu = ltt_tracefile_cpu(ltt_trace_tracefile(trace, i));
		if (cpu >= n)
			g_array_append_val(cpus, cpu);
	}
	g_array_sort(cpus, compare_cpu_numbers);
	return cpus;
}

/* CPU numbers can be sparse (a channel file kernel_65535): the state's
 * table then reaches numbers no CPU has.  A CPU is there when the trace
 * has it or the state met it; the time of the others is nobody's. */
static gboolean cpu_there(const LttvStats *s, guint cpu)
{
	const LttvCpuState *c = &s->ts->cpus[cpu];

	return c->running != NULL || c->idle != NULL
	       || bsearch(&cpu, s->present->data, s->present->len, sizeof(guint), compare_cpu_numbers) != NULL;
}

LttvStats *lttv_stats_new(LttvTraceState *ts, LttTime start)
{
	LttvStats *s = g_new0(LttvStats, 1);
	guint cpu;

	s->ts = ts;
	s->start = start;
	s->elapsed_from = start;
	s->repairs_from = ts->repairs;
	s->tasks = lttv_stats_task_table_new();
	s->present = trace_cpus(ts->trace);
	lttv_stats_ensure_cpu(s, ts->cpu_count > 0 ? ts->cpu_count - 1 : 0);
	lttv_trace_state_set_stats(ts, s);
	for (cpu = 0; cpu < ts->cpu_count; cpu++)
		if (cpu_there(s, cpu))
			lttv_stats_on_cpu_enter(s, cpu);
	return s;
}

/* Counts an event for the running task's current frame when the inline
 * path cannot (lttv_stats_on_event): its type has no slot, or the slot is
 * full, and the frame gives its counts to its leaf first.  The state dump
 * describes the system: no task did it. */
void lttv_stats_count(LttvStats *s, guint cpu, const LttvEventHandler *h)
{
	LttvStatsCpu *c = &s->cpus[cpu];
	LttvStatsLeaf *leaf;
	LttvStatsFrame *f;

	if (c->proc == NULL || (h->kind >= LTTV_EV_STATEDUMP_PROCESS && h->kind <= LTTV_EV_STATEDUMP_END)) {
		leaf_count(s, no_task_leaf(s, cpu), h->type_index, 1);
		return;
	}
	f = lttv_stats_cpu_frame(c);
	leaf = flush_frame(s, c->proc, c->task, c->task->depth - 1, &c->task->stack[c->task->depth - 1]);
	if (h->slot < LTTV_EVENT_SLOTS) {
		f->counts[h->slot] = 1;
		f->mask = 1u << h->slot;
	} else {
		leaf_count(s, leaf, h->type_index, 1);
	}
}

/* What the events' on_event, the frame's push and its close_frame would
 * do, in that order, when the task's counters follow its stack and its
 * record is known: the opened frame's time and events (the body's and the
 * closer) go straight to its leaf. */
gboolean lttv_stats_on_pair(LttvStats *s, LttvProcess *p, guint cpu, const LttvEventHandler *h1, LttTime t1,
                            LttvExecMode mode, gint32 submode, const LttvEventHandler *const *body, guint n_body,
                            const LttvEventHandler *h2, LttTime t2)
{
	LttvStatsProc *ps = p->stats;
	LttvStatsCpu *c;
	LttvStatsFrame *top;
	LttvStatsTask *t;
	LttvStatsLeaf *leaf;
	LttTime from, dt;
	guint i;

	if (cpu >= s->cpu_count || ps == NULL || ps->pending != NULL || ps->depth != p->depth || h1->slot >= LTTV_EVENT_SLOTS)
		return FALSE;
	c = &s->cpus[cpu];
	t = ps->task;
	top = &ps->frames[ps->depth - 1];
	if (c->proc != ps || c->task != p || t == NULL || t->birth != p->birth || top->counts[h1->slot] == G_MAXUINT32)
		return FALSE;
	lttv_stats_charge(s, c, cpu, t1);
	top->counts[h1->slot]++;
	top->mask |= 1u << h1->slot;
	dt = t2 > c->last ? t2 - c->last : 0;
	c->last = MAX(c->last, t2);
	i = task_leaf(t, ps->leaf_cpu, mode, submode);   /* may move the leaves */
	lttv_stats_touch_leaf(s, t, i);
	leaf = &t->leaves[i];
	leaf->cpu_time += dt;
	leaf_count(s, leaf, h2->type_index, 1);
	for (i = 0; i < n_body; i++)
		leaf_count(s, leaf, body[i]->type_index, 1);
	from = MAX(t1, s->elapsed_from);
	leaf->elapsed_time += t2 > from ? t2 - from : 0;
	leaf->cumulative_time += dt;
	top->acc += dt;
	return TRUE;
}

/* into's type index of each of from's (the same types, through another
 * trace maybe, met in another order). */
static guint *type_map(LttvStats *into, const LttvStats *from)
{
	const GPtrArray *handlers = from->ts->table->handlers;
	guint *map = g_new(guint, MAX(handlers->len, 1));
	guint i;

	for (i = 0; i < handlers->len; i++) {
		const LttEventType *et = ((const LttvEventHandler *) g_ptr_array_index(handlers, i))->type;
		const LttEventType *mine = ltt_trace_event_type_lookup(into->ts->trace, ltt_event_type_channel(et),
		                                                       ltt_event_type_id(et));

		/* The same files: every type is there. */
		map[i] = lttv_event_table_lookup(into->ts->table, mine != NULL ? mine : et)->type_index;
	}
	return map;
}

static void leaf_add(LttvStats *into, LttvStatsTask *t, const LttvStatsLeaf *from, const guint *map)
{
	guint i = task_leaf(t, from->cpu, from->mode, from->submode), k;
	LttvStatsLeaf *leaf = &t->leaves[i];

	leaf->cpu_time += from->cpu_time;
	leaf->elapsed_time += from->elapsed_time;
	leaf->cumulative_time += from->cumulative_time;
	if (from->dense != NULL) {
		for (k = 0; k < from->n_dense; k++)
			if (from->dense[k] != 0)
				leaf_count(into, leaf, map[k], from->dense[k]);
		return;
	}
	for (k = 0; k < LTTV_STATS_INLINE_TYPES; k++)
		if (from->types[k] != 0)
			leaf_count(into, leaf, map[from->types[k] - 1], from->counts[k]);
}

void lttv_stats_add(LttvStats *into, LttvStats *from)
{
	const GPtrArray *handlers = from->ts->table->handlers;
	guint *map = type_map(into, from);
	gboolean same_types = TRUE;
	GHashTableIter iter;
	gpointer key;
	guint i;

	for (i = 0; i < handlers->len; i++)
		same_types = same_types && map[i] == i;
	g_hash_table_iter_init(&iter, from->tasks);
	while (g_hash_table_iter_next(&iter, &key, NULL)) {
		LttvStatsTask *ft = key, *t;

		/* Most records are of tasks that ended in from's interval: taken
		 * whole when their types' indexes are the same. */
		if (!g_hash_table_contains(into->tasks, ft)) {
			if (same_types) {
				g_hash_table_iter_steal(&iter);
				g_hash_table_add(into->tasks, ft);
				continue;
			}
			t = task_record(into, ft->pid, ft->birth, ft->cpu);
			t->name = ft->name;
			t->tgid = ft->tgid;
		} else {
			t = task_record(into, ft->pid, ft->birth, ft->cpu);
		}
		t->uncertain += ft->uncertain;
		for (i = 0; i < ft->n_charged; i++)
			if (ft->charged[i] != 0)
				lttv_stats_task_charge(t, i, ft->charged[i]);
		for (i = 0; i < ft->n_leaves; i++)
			leaf_add(into, t, &ft->leaves[i], map);
	}
	into->charged |= from->charged;
	if (from->start < into->start)
		into->repairs_from = from->repairs_from;
	into->start = MIN(into->start, from->start);
	g_free(map);
}

void lttv_stats_apply(LttvStats *s, const LttEvent *ev)
{
	lttv_trace_state_apply(s->ts, ev);
}

void lttv_stats_close(LttvStats *s, LttTime end)
{
	LttvTraceState *ts = s->ts;
	GPtrArray *all;
	guint i;

	if (s->closed)
		return;
	s->closed = TRUE;
	for (i = 0; i < ts->cpu_count; i++)
		if (cpu_there(s, i))
			lttv_stats_on_cpu_leave(s, i, end);
	all = lttv_trace_state_processes(ts);
	for (i = 0; i < all->len; i++)
		close_all_frames(s, g_ptr_array_index(all, i), end);
	g_ptr_array_unref(all);
}

void lttv_stats_free(LttvStats *s)
{
	GPtrArray *all;
	guint i;

	if (s == NULL)
		return;
	all = lttv_trace_state_processes(s->ts);
	for (i = 0; i < all->len; i++) {
		LttvProcess *p = g_ptr_array_index(all, i);

		if (p->stats != NULL)
			proc_stats_free(p->stats);
		p->stats = NULL;
	}
	g_ptr_array_unref(all);
	lttv_trace_state_set_stats(s->ts, NULL);
	if (s->split != NULL)
		g_hash_table_destroy(s->split);
	g_hash_table_destroy(s->tasks);
	if (s->touched != NULL)
		g_ptr_array_unref(s->touched);
	g_free(s->cpus);
	g_array_unref(s->present);
	g_free(s);
}

/* For stats-snapshot.c, which closes a copy of the records. */
GHashTable *lttv_stats_task_table_new(void)
{
	return g_hash_table_new_full(task_hash, task_equal, (GDestroyNotify) task_free, NULL);
}

LttvStatsTask *lttv_stats_task_record(LttvStats *s, gint32 pid, LttTime birth, guint cpu)
{
	return task_record(s, pid, birth, cpu);
}

guint lttv_stats_task_leaf(LttvStatsTask *t, guint cpu, LttvExecMode mode, gint32 submode)
{
	return task_leaf(t, cpu, mode, submode);
}

void lttv_stats_task_reserve(LttvStatsTask *t, guint n)
{
	if (n > t->leaves_capacity) {
		t->leaves_capacity = n;
		t->leaves = g_renew(LttvStatsLeaf, t->leaves, n);
	}
	if (2 * n > t->capacity) {
		t->capacity = MAX(t->capacity, 16);
		while (2 * n > t->capacity)
			t->capacity *= 2;
		t->capacity /= 2;   /* task_grow doubles it */
		task_grow(t);
	}
}

void lttv_stats_leaf_count(LttvStats *s, LttvStatsLeaf *leaf, guint type, guint64 n)
{
	leaf_count(s, leaf, type, n);
}

gboolean lttv_stats_cpu_there(const LttvStats *s, guint cpu)
{
	return cpu_there(s, cpu);
}

/* ---- a trace split in time ---- */

static guint split_hash(gconstpointer k)
{
	const LttvSplitTask *t = k;

	return key_hash(t->pid, t->birth, t->cpu);
}

static gboolean split_equal(gconstpointer a, gconstpointer b)
{
	const LttvSplitTask *x = a, *y = b;

	return x->pid == y->pid && x->birth == y->birth && x->cpu == y->cpu;
}

static void split_task_free(LttvSplitTask *t)
{
	guint i;

	g_free(t->acc);
	if (t->pending != NULL)
		g_array_unref(t->pending);
	for (i = 0; t->frames != NULL && i < t->depth; i++)
		if (t->frames[i].moves != NULL)
			g_array_unref(t->frames[i].moves);
	g_free(t->frames);
	g_free(t);
}

static LttvSplitTask *split_task_new(LttvStats *s, const LttvProcess *p)
{
	LttvSplitTask *t = g_new0(LttvSplitTask, 1);

	if (s->split == NULL)
		s->split = g_hash_table_new_full(split_hash, split_equal, (GDestroyNotify) split_task_free, NULL);
	t->pid = p->pid;
	t->cpu = p->pid <= 0 ? p->cpu : 0;
	t->birth = p->birth;
	t->depth = p->depth;
	g_hash_table_add(s->split, t);
	return t;
}

void lttv_stats_close_head(LttvStats *s, LttTime split)
{
	LttvTraceState *ts = s->ts;
	GPtrArray *all;
	guint i, j;

	s->closed = TRUE;
	for (i = 0; i < ts->cpu_count; i++)
		if (cpu_there(s, i))
			lttv_stats_on_cpu_leave(s, i, split);
	all = lttv_trace_state_processes(ts);
	for (i = 0; i < all->len; i++) {
		LttvProcess *p = g_ptr_array_index(all, i);
		LttvStatsProc *ps = p->stats;
		LttvSplitTask *t;

		if (ps == NULL)
			continue;
		flush_all(s, ps, p);
		t = split_task_new(s, p);
		t->acc = g_new0(LttTime, MAX(t->depth, 1));
		for (j = 0; j < t->depth && j < ps->depth; j++)
			t->acc[j] = ps->frames[j].acc;
		if (ps->pending != NULL && ps->pending->len > 0)
			t->pending = g_array_ref(ps->pending);
	}
	g_ptr_array_unref(all);
}

LttvStats *lttv_stats_new_tail(LttvTraceState *ts, LttTime split, LttTime elapsed_from)
{
	LttvStats *s = lttv_stats_new(ts, split);
	GPtrArray *all = lttv_trace_state_processes(ts);
	guint i, j;

	s->elapsed_from = elapsed_from;
	for (i = 0; i < all->len; i++) {
		LttvProcess *p = g_ptr_array_index(all, i);
		LttvSplitTask *t = split_task_new(s, p);
		LttvStatsProc *ps = lttv_stats_proc(p);

		t->frames = g_new0(LttvSplitFrame, MAX(t->depth, 1));
		for (j = 0; j < t->depth; j++)
			t->frames[j].still_pending = TRUE;
		ps->split = t;
	}
	g_ptr_array_unref(all);
	return s;
}

/* Time a frame not identified at the split gave its leaf before it moves
 * as the tail identified the frame, as it would have in one pass. */
static void move_pending(const LttvSplitTask *h, const LttvSplitTask *t)
{
	guint j, k;

	for (j = 0; j < h->pending->len; j++) {
		const PendingTime *pt = &g_array_index(h->pending, PendingTime, j);
		const GArray *moves = pt->frame < t->depth ? t->frames[pt->frame].moves : NULL;
		LttvExecMode mode = pt->mode;
		gint32 submode = pt->submode;

		for (k = 0; moves != NULL && k < moves->len; k++) {
			const LttvSplitMove *m = &g_array_index(moves, LttvSplitMove, k);
			guint to = task_leaf(m->task, pt->cpu, m->mode, m->submode);
			guint from = task_leaf(m->task, pt->cpu, mode, submode);

			m->task->leaves[from].cpu_time -= pt->amount;
			m->task->leaves[to].cpu_time += pt->amount;
			mode = m->mode;
			submode = m->submode;
		}
	}
}

gboolean lttv_stats_join(LttvStats *tail, LttvStats *head)
{
	GHashTableIter iter;
	gpointer key;

	lttv_stats_add(tail, head);
	tail->elapsed_from = tail->start;
	if (head->split == NULL)
		return TRUE;
	g_hash_table_iter_init(&iter, head->split);
	while (g_hash_table_iter_next(&iter, &key, NULL)) {
		const LttvSplitTask *h = key;
		const LttvSplitTask *t = tail->split != NULL ? g_hash_table_lookup(tail->split, h) : NULL;
		LttTime acc = 0;
		guint i = h->depth;

		if (t == NULL || t->depth != h->depth)
			return FALSE;
		/* Frame i's cumulative time includes that of the frames above it. */
		while (i-- > 0) {
			acc += h->acc[i];
			if (acc == 0)
				continue;
			if (t->frames[i].task == NULL)
				return FALSE;
			t->frames[i].task->leaves[t->frames[i].leaf].cumulative_time += acc;
		}
		if (h->pending != NULL)
			move_pending(h, t);
	}
	return TRUE;
}
