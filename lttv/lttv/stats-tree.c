/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* stats-tree.c: statistics trees built from the engine's leaves: sort the
 * leaves by their path, then open a node wherever the path changes. */
#include "config.h"
#include <string.h>
#include "stats-tree-private.h"

#define DEPTH (LTTV_STATS_EVENT_TYPE + 1)

LttvStatsNode *lttv_stats_node_new(LttvStatsLevel level, LttvStatsNode *parent)
{
	LttvStatsNode *n = g_new0(LttvStatsNode, 1);

	n->level = level;
	if (level != LTTV_STATS_EVENT_TYPE)
		n->children = g_ptr_array_new_full(4, (GDestroyNotify) lttv_stats_node_free);
	if (parent != NULL)
		g_ptr_array_add(parent->children, n);
	return n;
}

void lttv_stats_node_free(LttvStatsNode *node)
{
	if (node == NULL)
		return;
	if (node->children != NULL)
		g_ptr_array_unref(node->children);
	g_free(node);
}

/* Handlers by their types' (channel, id). */
static int compare_event_types(gconstpointer pa, gconstpointer pb)
{
	const LttEventType *a = (*(const LttvEventHandler *const *) pa)->type;
	const LttEventType *b = (*(const LttvEventHandler *const *) pb)->type;
	int c = strcmp(ltt_event_type_channel(a), ltt_event_type_channel(b));

	if (c != 0)
		return c;
	return ltt_event_type_id(a) < ltt_event_type_id(b) ? -1 : ltt_event_type_id(a) > ltt_event_type_id(b);
}

/* Ranks the trace's event types once per tree, so that ordering a node's
 * types compares integers. */
guint *lttv_stats_rank_event_types(const GPtrArray *handlers)
{
	GPtrArray *sorted = g_ptr_array_sized_new(handlers->len);
	guint *rank = g_new(guint, handlers->len + 1);
	guint i;

	for (i = 0; i < handlers->len; i++)
		g_ptr_array_add(sorted, g_ptr_array_index(handlers, i));
	g_ptr_array_sort(sorted, compare_event_types);
	for (i = 0; i < sorted->len; i++)
		rank[((const LttvEventHandler *) g_ptr_array_index(sorted, i))->type_index] = i;
	g_ptr_array_unref(sorted);
	return rank;
}

static void type_counts_add(LttvTypeCounts *tc, guint type, guint64 n)
{
	if (n == 0)
		return;
	if (type >= tc->len) {
		guint len = MAX(type + 1, tc->len * 2);

		tc->counts = g_renew(guint64, tc->counts, len);
		memset(tc->counts + tc->len, 0, (len - tc->len) * sizeof(guint64));
		tc->len = len;
	}
	if (tc->counts[type] == 0)
		g_array_append_val(tc->touched, type);
	tc->counts[type] += n;
}

/* The kind of event that returns from a frame of mode. */
LttvEventKind lttv_stats_exit_kind(LttvExecMode mode)
{
	switch (mode) {
	case LTTV_MODE_SYSCALL:
		return LTTV_EV_SYS_EXIT;
	case LTTV_MODE_IRQ:
		return LTTV_EV_IRQ_EXIT;
	case LTTV_MODE_SOFTIRQ:
		return LTTV_EV_SOFTIRQ_EXIT;
	case LTTV_MODE_TRAP:
		return LTTV_EV_PAGE_FAULT_EXIT;
	default:
		return LTTV_EV_NONE;
	}
}

/* Turns the event counts gathered for a submode node into its children,
 * ordered by (channel, id) whatever order the engine met the types in;
 * its exit events are its calls (summed into sub when sum). */
void lttv_stats_add_event_types(const LttvStats *s, LttvStatsNode *sub, LttvTypeCounts *tc, gboolean sum)
{
	LttvEventKind exit = lttv_stats_exit_kind(sub->mode);
	guint *touched = (guint *) tc->touched->data;
	guint i, j;

	/* Insertion sort: a node has a few types. */
	for (i = 1; i < tc->touched->len; i++) {
		guint type = touched[i];

		for (j = i; j > 0 && tc->rank[touched[j - 1]] > tc->rank[type]; j--)
			touched[j] = touched[j - 1];
		touched[j] = type;
	}
	for (i = 0; i < tc->touched->len; i++) {
		guint type = touched[i];
		LttvStatsNode *n = lttv_stats_node_new(LTTV_STATS_EVENT_TYPE, sub);
		const LttvEventHandler *h = g_ptr_array_index(s->ts->table->handlers, type);

		n->event_type = h->type;
		n->events = tc->counts[type];
		if (sum && exit != LTTV_EV_NONE && h->kind == exit)
			sub->calls += n->events;
		if (sum)
			sub->events += n->events;
		tc->counts[type] = 0;
	}
	g_array_set_size(tc->touched, 0);
}

/* Adds leaf's event counts by type. */
void lttv_stats_gather_types(const LttvStatsLeaf *leaf, LttvTypeCounts *tc)
{
	guint j;

	if (leaf->dense != NULL) {
		for (j = 0; j < leaf->n_dense; j++)
			type_counts_add(tc, j, leaf->dense[j]);
		return;
	}
	for (j = 0; j < LTTV_STATS_INLINE_TYPES; j++)
		if (leaf->types[j] != 0)
			type_counts_add(tc, leaf->types[j] - 1, leaf->counts[j]);
}

static void node_add(LttvStatsNode *n, const LttvStatsNode *from)
{
	n->events += from->events;
	n->cpu_time += from->cpu_time;
	n->elapsed_time += from->elapsed_time;
	n->cumulative_time += from->cumulative_time;
	n->charged_time += from->charged_time;
}

LttTime lttv_stats_task_charged(const LttvStatsTask *t, guint cpu)
{
	LttTime sum = 0;

	for (guint i = 0; i < t->n_charged; i++)
		if (cpu == G_MAXUINT || i == cpu)
			sum += t->charged[i];
	return sum;
}

/* Leaves of one process node by (mode, submode, CPU). */
int lttv_stats_compare_leaves(gconstpointer pa, gconstpointer pb)
{
	const LttvStatsLeaf *a = *(const LttvStatsLeaf *const *) pa, *b = *(const LttvStatsLeaf *const *) pb;

	if (a->mode != b->mode)
		return a->mode < b->mode ? -1 : 1;
	if (a->submode != b->submode)
		return a->submode < b->submode ? -1 : 1;
	return a->cpu < b->cpu ? -1 : a->cpu > b->cpu;
}

/* The process node of the leaves gathered for it (its modes, submodes and
 * event types) and of what the kernel charged it there, under parent,
 * summed into parent and the trace node.  A charge alone makes a node (no
 * mode under it): the kernel says the task ran there, where the state did
 * not see it run (a switch the tracer missed), and the charge must be in
 * the sums. */
static void add_process(const LttvStats *s, LttvStatsNode *trace, LttvStatsNode *parent,
                        const LttvStatsTask *t, guint cpu, GPtrArray *leaves, LttvTypeCounts *counts,
                        LttTime charged)
{
	LttvStatsNode *proc, *mode = NULL, *sub = NULL;
	const LttvStatsLeaf *prev = NULL;
	guint i;

	if (leaves->len == 0 && charged == 0)
		return;
	g_ptr_array_sort(leaves, lttv_stats_compare_leaves);
	proc = lttv_stats_node_new(LTTV_STATS_PROCESS, parent);
	proc->cpu = cpu;
	proc->pid = t->pid;
	proc->tgid = t->tgid;
	proc->birth = t->birth;
	proc->name = t->name;
	proc->charged_time = charged;
	/* A task's whole: CPU nodes would each show it all. */
	if (parent == trace || t->pid <= 0)
		proc->uncertain_time = t->uncertain;
	for (i = 0; i < leaves->len; i++) {
		const LttvStatsLeaf *leaf = g_ptr_array_index(leaves, i);
		gboolean new_mode = prev == NULL || prev->mode != leaf->mode;

		if (new_mode || prev->submode != leaf->submode) {
			if (sub != NULL) {
				lttv_stats_add_event_types(s, sub, counts, TRUE);
				node_add(mode, sub);
				mode->calls += sub->calls;
			}
			if (new_mode) {
				if (mode != NULL)
					node_add(proc, mode);
				mode = lttv_stats_node_new(LTTV_STATS_MODE, proc);
				mode->mode = leaf->mode;
			}
			sub = lttv_stats_node_new(LTTV_STATS_SUBMODE, mode);
			sub->mode = leaf->mode;
			sub->name = lttv_trace_state_submode_name(s->ts, leaf->mode, leaf->submode);
			sub->submode = leaf->submode;
			if (new_mode)
				mode->submode = leaf->submode;
		}
		sub->cpu_time += leaf->cpu_time;
		sub->elapsed_time += leaf->elapsed_time;
		sub->cumulative_time += leaf->cumulative_time;
		lttv_stats_gather_types(leaf, counts);
		prev = leaf;
	}
	if (sub != NULL) {
		lttv_stats_add_event_types(s, sub, counts, TRUE);
		node_add(mode, sub);
		mode->calls += sub->calls;
		node_add(proc, mode);
	}
	/* Every level under the process carries its CPU and the process's key. */
	for (i = 0; i < proc->children->len; i++) {
		LttvStatsNode *m = g_ptr_array_index(proc->children, i);
		guint j;

		for (j = 0; j <= m->children->len; j++) {
			LttvStatsNode *n = j < m->children->len ? g_ptr_array_index(m->children, j) : m;

			n->cpu = parent->level == LTTV_STATS_CPU ? parent->cpu : proc->cpu;
			n->pid = proc->pid;
			n->tgid = proc->tgid;
			n->birth = proc->birth;
		}
	}
	if (parent != trace)
		node_add(parent, proc);
	node_add(trace, proc);
}

int lttv_stats_compare_tasks(gconstpointer pa, gconstpointer pb)
{
	const LttvStatsTask *a = *(const LttvStatsTask *const *) pa, *b = *(const LttvStatsTask *const *) pb;

	if (a->pid != b->pid)
		return a->pid < b->pid ? -1 : 1;
	if (a->birth != b->birth)
		return a->birth < b->birth ? -1 : 1;
	return a->cpu < b->cpu ? -1 : a->cpu > b->cpu;
}

static gint compare_guint(gconstpointer a, gconstpointer b)
{
	guint x = *(const guint *) a, y = *(const guint *) b;
	return x < y ? -1 : x > y;
}

/* The CPUs that some task's leaf or charge has, ascending, each once. */
GArray *lttv_stats_cpus_present(const LttvStats *s)
{
	GArray *cpus = g_array_new(FALSE, FALSE, sizeof(guint));
	GHashTable *seen = g_hash_table_new(NULL, NULL);
	GHashTableIter it;
	gpointer task;

	g_hash_table_iter_init(&it, s->tasks);
	while (g_hash_table_iter_next(&it, &task, NULL)) {
		const LttvStatsTask *t = task;
		for (guint j = 0; j < t->n_leaves; j++)
			if (!lttv_stats_leaf_empty(&t->leaves[j]) && g_hash_table_add(seen, GUINT_TO_POINTER(t->leaves[j].cpu + 1)))
				g_array_append_val(cpus, t->leaves[j].cpu);
		for (guint j = 0; j < t->n_charged; j++)
			if (t->charged[j] != 0 && g_hash_table_add(seen, GUINT_TO_POINTER(j + 1)))
				g_array_append_val(cpus, j);
	}
	g_hash_table_destroy(seen);
	g_array_sort(cpus, compare_guint);
	return cpus;
}

LttvStatsNode *lttv_stats_tree(const LttvStats *s, gboolean per_cpu)
{
	LttvStatsNode *trace = lttv_stats_node_new(LTTV_STATS_TRACE, NULL);
	GPtrArray *tasks = g_ptr_array_sized_new(g_hash_table_size(s->tasks));
	GPtrArray *leaves = g_ptr_array_new();
	LttvTypeCounts counts = { NULL, 0, g_array_new(FALSE, FALSE, sizeof(guint)),
	                      lttv_stats_rank_event_types(s->ts->table->handlers) };
	GArray *cpus = lttv_stats_cpus_present(s);
	guint ci, i, j, k;
	GHashTableIter it;
	gpointer task;

	trace->unaccounted = s->ts->repairs - s->repairs_from;
	g_hash_table_iter_init(&it, s->tasks);
	while (g_hash_table_iter_next(&it, &task, NULL))
		g_ptr_array_add(tasks, task);
	g_ptr_array_sort(tasks, lttv_stats_compare_tasks);
	/* Empty leaves (a frame ended the instant it began, a window's sum
	 * that came to zero) make no node: a pass and a sum of differences do
	 * not make the same ones (doc/analysis.md §6.3).  A process node
	 * gathers the records of its (pid, birth) (several for pid 0 and -1,
	 * one per CPU), and for pid <= 0 the leaves of one CPU.  Only the
	 * CPUs that have leaves or charges are visited: CPU numbers can be
	 * sparse (a channel file kernel_65535). */
	/* No CPU: every leaf is empty and nothing charged, nothing to show. */
	for (ci = 0; ci < (per_cpu ? cpus->len : MIN(cpus->len, 1)); ci++) {
		LttvStatsNode *parent = trace;
		guint cpu = per_cpu ? g_array_index(cpus, guint, ci) : 0;

		if (per_cpu) {
			parent = lttv_stats_node_new(LTTV_STATS_CPU, trace);
			parent->cpu = cpu;
		}
		for (i = 0; i < tasks->len; i = k) {
			const LttvStatsTask *t = g_ptr_array_index(tasks, i), *last;
			guint from = 0, to = 1;

			for (k = i + 1; k < tasks->len; k++) {
				const LttvStatsTask *u = g_ptr_array_index(tasks, k);

				if (u->pid != t->pid || u->birth != t->birth)
					break;
			}
			last = g_ptr_array_index(tasks, k - 1);
			if (per_cpu)
				from = ci, to = ci + 1;
			else if (t->pid <= 0)
				to = cpus->len;
			for (guint cj = from; cj < to; cj++) {
				const LttvStatsTask *named = last;
				guint c = g_array_index(cpus, guint, cj), r;
				LttTime charged = 0;

				for (r = i; r < k; r++) {
					const LttvStatsTask *u = g_ptr_array_index(tasks, r);

					if (t->pid <= 0 && u->cpu == c)
						named = u;
					/* By CPU: what was charged there; else the task's
					 * whole (for pid <= 0, the record of CPU c). */
					if (t->pid > 0 || u->cpu == c)
						charged += lttv_stats_task_charged(u, per_cpu ? c : G_MAXUINT);
					for (j = 0; j < u->n_leaves; j++)
						if ((!(per_cpu || t->pid <= 0) || u->leaves[j].cpu == c)
						    && !lttv_stats_leaf_empty(&u->leaves[j]))
							g_ptr_array_add(leaves, &u->leaves[j]);
				}
				add_process(s, trace, parent, named, t->pid <= 0 ? c : 0, leaves, &counts, charged);
				g_ptr_array_set_size(leaves, 0);
			}
		}
		if (per_cpu && parent->children->len == 0)
			g_ptr_array_remove(trace->children, parent);
	}
	g_array_unref(cpus);
	g_free(counts.counts);
	g_free(counts.rank);
	g_array_unref(counts.touched);
	g_ptr_array_unref(leaves);
	g_ptr_array_unref(tasks);
	return trace;
}

const LttvStatsNode *lttv_stats_node_find_process(const LttvStatsNode *n, gint32 pid, LttTime birth, guint cpu)
{
	guint i;

	for (i = 0; n->children != NULL && i < n->children->len; i++) {
		const LttvStatsNode *c = g_ptr_array_index(n->children, i);

		if (c->level == LTTV_STATS_PROCESS && c->pid == pid && c->birth == birth
		    && (pid > 0 || c->cpu == cpu))
			return c;
	}
	return NULL;
}

const LttvStatsNode *lttv_stats_node_find_mode(const LttvStatsNode *n, LttvExecMode mode)
{
	guint i;

	for (i = 0; n->children != NULL && i < n->children->len; i++) {
		const LttvStatsNode *c = g_ptr_array_index(n->children, i);

		if (c->level == LTTV_STATS_MODE && c->mode == mode)
			return c;
	}
	return NULL;
}

guint64 lttv_stats_node_count_events(const LttvStatsNode *n, const char *name)
{
	guint64 sum = 0;
	guint i;

	if (n->level == LTTV_STATS_EVENT_TYPE)
		return strcmp(ltt_event_type_name(n->event_type), name) == 0 ? n->events : 0;
	/* A pending node (lttv_stats_tree_to) has no children built. */
	for (i = 0; n->children != NULL && i < n->children->len; i++)
		sum += lttv_stats_node_count_events(g_ptr_array_index(n->children, i), name);
	return sum;
}
