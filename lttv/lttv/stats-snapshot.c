/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* stats-snapshot.c: the tree of statistics still being computed, as
 * closing them now would give, without closing them.
 *
 * Closing (stats.c: lttv_stats_close) charges each CPU's time since its
 * last change to its running task's current frame, then ends every live
 * task's frames: their counts and time go to their leaves with their
 * elapsed and cumulative times.  Here the same is done on a copy of the
 * records, reading the frames without changing them, so the engine goes
 * on as if nothing happened. */
#include "config.h"
#include <string.h>
#include "stats-private.h"

static LttvStatsTask *task_copy(const LttvStatsTask *t)
{
	LttvStatsTask *c = g_memdup2(t, sizeof(*t));
	guint i;

	c->leaves = g_memdup2(t->leaves, MAX(t->leaves_capacity, 1) * sizeof(LttvStatsLeaf));
	c->slots = g_memdup2(t->slots, t->capacity * sizeof(guint32));
	c->charged = g_memdup2(t->charged, t->n_charged * sizeof(LttTime));
	/* The window index's marks stay the original's (freed with it). */
	c->dirty = NULL;
	c->dirty_bits = NULL;
	c->dirty_words = 0;
	for (i = 0; i < t->n_leaves; i++)
		if (t->leaves[i].dense != NULL)
			c->leaves[i].dense = g_memdup2(t->leaves[i].dense, t->leaves[i].n_dense * sizeof(guint64));
	return c;
}

/* t's leaf (cpu, mode, submode), made empty when missing. */
static LttvStatsLeaf *copy_leaf(LttvStatsTask *t, guint cpu, LttvExecMode mode, gint32 submode)
{
	guint i = lttv_stats_task_leaf(t, cpu, mode, submode);   /* may move the leaves */

	return &t->leaves[i];
}

/* The time each CPU gives its running task's current frame at close, for
 * the frame of ps (several CPUs, after lost events). */
static LttTime pending_charge(const LttvStats *s, const LttvStatsProc *ps, LttTime end)
{
	LttTime dt = 0;
	guint i;

	for (i = 0; i < MIN(s->cpu_count, s->ts->cpu_count); i++) {
		const LttvStatsCpu *c = &s->cpus[i];

		if (c->proc == ps && end > c->last && lttv_stats_cpu_there(s, i))
			dt += end - c->last;
	}
	return dt;
}

/* What the time of CPUs where no task is known adds at close. */
static void close_unknown(const LttvStats *s, LttvStats *copy, LttTime end)
{
	guint i;

	for (i = 0; i < s->ts->cpu_count; i++) {
		const LttvStatsCpu *c = i < s->cpu_count ? &s->cpus[i] : NULL;
		LttTime last = c != NULL ? c->last : s->start;
		LttvStatsTask *t;

		if ((c != NULL && c->proc != NULL) || end <= last || !lttv_stats_cpu_there(s, i))
			continue;
		t = lttv_stats_task_record(copy, -1, 0, i);
		if (t->n_leaves == 0 && t->name[0] == '\0')
			t->name = "unknown";
		copy_leaf(t, i, LTTV_MODE_UNKNOWN, LTTV_SUBMODE_NONE)->cpu_time += end - last;
	}
}

/* Gives a frame's counts and own time to leaf. */
static void give_frame(LttvStats *copy, LttvStatsLeaf *leaf, const LttvStatsFrame *f, LttTime own)
{
	const guint *slot_type = copy->ts->table->slot_type;
	guint32 m = f->mask;

	leaf->cpu_time += own;
	while (m != 0) {
		guint k = (guint) __builtin_ctz(m);

		m &= m - 1;
		lttv_stats_leaf_count(copy, leaf, slot_type[k], f->counts[k]);
	}
}

/* Ends the frames of p in the copy, as close_all_frames does. */
static void close_task(const LttvStats *s, LttvStats *copy, const LttvProcess *p, LttTime end)
{
	const LttvStatsProc *ps = p->stats;
	guint depth = ps != NULL ? MIN(ps->depth, p->depth) : 0;   /* frames with content */
	guint leaf_cpu = ps != NULL ? ps->leaf_cpu : p->cpu;
	LttTime charge = ps != NULL && p->depth > 0 && p->depth - 1 < depth ? pending_charge(s, ps, end) : 0;
	LttvStatsTask *old = NULL, *t;
	gboolean content_in_t;
	LttTime acc = 0;
	guint i;

	/* The record: the frames' content stays in the one of their key when
	 * the birth changed since (stats.c: proc_task_slow). */
	if (ps != NULL && ps->task != NULL) {
		old = lttv_stats_task_record(copy, ps->task->pid, ps->task->birth, ps->task->cpu);
		if (ps->task->birth == p->birth)
			t = old;
		else
			t = lttv_stats_task_record(copy, p->pid, p->birth, p->cpu);
	} else {
		t = lttv_stats_task_record(copy, p->pid, p->birth, p->cpu);
	}
	t->name = p->name;
	t->tgid = p->tgid;
	content_in_t = old == NULL || old == t;
	if (!content_in_t) {
		for (i = 0; i < depth; i++) {
			const LttvStatsFrame *f = &ps->frames[i];
			LttTime own = f->own + (i == p->depth - 1 ? charge : 0);

			if (own != 0 || f->mask != 0)
				give_frame(copy, copy_leaf(old, leaf_cpu, p->stack[i].mode, p->stack[i].submode), f,
				           own);
		}
	}
	i = p->depth;
	while (i-- > 0) {
		const LttvExecFrame *ef = &p->stack[i];
		LttvStatsLeaf *leaf = copy_leaf(t, leaf_cpu, ef->mode, ef->submode);
		LttTime from = MAX(ef->entry, s->elapsed_from);

		if (i < depth) {
			const LttvStatsFrame *f = &ps->frames[i];
			LttTime extra = i == p->depth - 1 ? charge : 0;

			if (content_in_t)
				give_frame(copy, leaf, f, f->own + extra);
			acc += f->acc + extra;
		}
		leaf->elapsed_time += end > from ? end - from : 0;
		leaf->cumulative_time += acc;
	}
}

LttvStatsNode *lttv_stats_snapshot(const LttvStats *s, LttTime end, gboolean per_cpu)
{
	LttvStats copy = { .ts = s->ts, .start = s->start, .elapsed_from = s->elapsed_from,
		           .repairs_from = s->repairs_from, .closed = TRUE };
	LttvStatsNode *tree;
	GHashTableIter iter;
	gpointer key;
	GPtrArray *all;
	guint i;

	copy.tasks = lttv_stats_task_table_new();
	g_hash_table_iter_init(&iter, s->tasks);
	while (g_hash_table_iter_next(&iter, &key, NULL))
		g_hash_table_add(copy.tasks, task_copy(key));
	if (!s->closed) {
		close_unknown(s, &copy, end);
		all = lttv_trace_state_processes(s->ts);
		for (i = 0; i < all->len; i++)
			close_task(s, &copy, g_ptr_array_index(all, i), end);
		g_ptr_array_unref(all);
	}
	tree = lttv_stats_tree(&copy, per_cpu);
	g_hash_table_destroy(copy.tasks);
	return tree;
}
