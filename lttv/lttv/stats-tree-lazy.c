/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* stats-tree-lazy.c: statistics trees built a level at a time.  A node's
 * figures are summed straight from the engine's leaves under it (sums of
 * integers: the same as stats-tree.c's sums of children), so a node needs
 * no children to be exact; its children are built when asked for, from
 * the same leaves.  The nodes and their order are stats-tree.c's:
 * processes by (pid, birth), pid <= 0 one node per CPU, modes and
 * submodes by number, event types by (channel, id). */
#include "config.h"
#include <string.h>
#include "stats-tree-private.h"

/* What some leaves add up to; any: one of them is not empty (so the node
 * they make exists). */
typedef struct {
	guint64 events, calls;
	LttTime cpu_time, elapsed_time, cumulative_time;
	gboolean any;
} Sums;

static guint64 leaf_events(const LttvStatsLeaf *l)
{
	guint64 n = 0;
	guint j;

	if (l->dense != NULL) {
		for (j = 0; j < l->n_dense; j++)
			n += l->dense[j];
		return n;
	}
	for (j = 0; j < LTTV_STATS_INLINE_TYPES; j++)
		if (l->types[j] != 0)
			n += l->counts[j];
	return n;
}

/* The leaf's events of kind exit: the frames of its mode that returned. */
static guint64 leaf_calls(const LttvStats *s, const LttvStatsLeaf *l, LttvEventKind exit)
{
	const GPtrArray *handlers = s->ts->table->handlers;
	guint64 n = 0;
	guint j;

	if (exit == LTTV_EV_NONE)
		return 0;
	if (l->dense != NULL) {
		for (j = 0; j < l->n_dense && j < handlers->len; j++)
			if (l->dense[j] != 0 && ((const LttvEventHandler *) g_ptr_array_index(handlers, j))->kind == exit)
				n += l->dense[j];
		return n;
	}
	for (j = 0; j < LTTV_STATS_INLINE_TYPES; j++)
		if (l->types[j] != 0 && l->types[j] - 1u < handlers->len
		    && ((const LttvEventHandler *) g_ptr_array_index(handlers, l->types[j] - 1))->kind == exit)
			n += l->counts[j];
	return n;
}

static void sums_add_leaf(Sums *x, const LttvStatsLeaf *l)
{
	x->events += leaf_events(l);
	x->cpu_time += l->cpu_time;
	x->elapsed_time += l->elapsed_time;
	x->cumulative_time += l->cumulative_time;
	x->any = TRUE;
}

static void sums_add(Sums *x, const Sums *y)
{
	x->events += y->events;
	x->calls += y->calls;
	x->cpu_time += y->cpu_time;
	x->elapsed_time += y->elapsed_time;
	x->cumulative_time += y->cumulative_time;
	x->any = x->any || y->any;
}

/* The figures the full tree sums into every node (calls only into modes
 * and submodes, which set them themselves). */
static void node_add_sums(LttvStatsNode *n, const Sums *x)
{
	n->events += x->events;
	n->cpu_time += x->cpu_time;
	n->elapsed_time += x->elapsed_time;
	n->cumulative_time += x->cumulative_time;
}

static LttvStatsNode *node_new(LttvStatsLevel level, LttvStatsNode *parent, gboolean per_cpu, guint leaf_cpu)
{
	LttvStatsNode *n = lttv_stats_node_new(level, parent);

	n->per_cpu = per_cpu;
	n->leaf_cpu = leaf_cpu;
	return n;
}

/* n has children, not built yet. */
static void set_pending(LttvStatsNode *n)
{
	g_ptr_array_unref(n->children);
	n->children = NULL;
	n->pending = TRUE;
}

/* Where the CPU is in cpus (ascending), or -1. */
static gint cpu_index(const GArray *cpus, guint cpu)
{
	guint lo = 0, hi = cpus->len;

	while (lo < hi) {
		guint mid = (lo + hi) / 2, c = g_array_index(cpus, guint, mid);

		if (c == cpu)
			return (gint) mid;
		if (c < cpu)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

/* The levels above the modes, in one pass over the records in process
 * order: under root (the trace, or a CPU node of a tree by CPU, whose
 * leaves alone count), the CPU nodes (make_cpus, a tree by CPU) and the
 * process nodes (make_processes), pending; root's figures are summed when
 * sum_root.  FALSE when no leaf counts (root has no children). */
static gboolean build_upper(const LttvStats *s, LttvStatsNode *root, gboolean sum_root, gboolean make_cpus,
                            gboolean make_processes)
{
	gboolean per_cpu = root->per_cpu, any = FALSE;
	GArray *cpus = lttv_stats_cpus_present(s);
	GPtrArray *tasks = g_ptr_array_sized_new(g_hash_table_size(s->tasks));
	LttvStatsNode **cpu_nodes;
	Sums *sums, total;
	GHashTableIter it;
	gpointer task;
	guint ci, i, k;

	if (root->level == LTTV_STATS_CPU) {
		g_array_set_size(cpus, 0);
		g_array_append_val(cpus, root->cpu);
	}
	cpu_nodes = g_new0(LttvStatsNode *, MAX(cpus->len, 1));
	sums = g_new(Sums, MAX(cpus->len, 1));
	for (ci = 0; per_cpu && ci < cpus->len; ci++) {
		guint c = g_array_index(cpus, guint, ci);

		if (root->level == LTTV_STATS_CPU) {
			cpu_nodes[ci] = root;
		} else if (make_cpus) {
			cpu_nodes[ci] = node_new(LTTV_STATS_CPU, root, TRUE, c);
			cpu_nodes[ci]->cpu = c;
			if (!make_processes)
				set_pending(cpu_nodes[ci]);
		}
	}
	g_hash_table_iter_init(&it, s->tasks);
	while (g_hash_table_iter_next(&it, &task, NULL))
		g_ptr_array_add(tasks, task);
	g_ptr_array_sort(tasks, lttv_stats_compare_tasks);
	/* A process node gathers the records of its (pid, birth) (several for
	 * pid 0 and -1, one per CPU), for pid <= 0 or by CPU the leaves of
	 * one CPU (as stats-tree.c). */
	for (i = 0; i < tasks->len; i = k) {
		const LttvStatsTask *t = g_ptr_array_index(tasks, i), *last;
		guint r, j;

		for (k = i + 1; k < tasks->len; k++) {
			const LttvStatsTask *u = g_ptr_array_index(tasks, k);

			if (u->pid != t->pid || u->birth != t->birth)
				break;
		}
		last = g_ptr_array_index(tasks, k - 1);
		memset(sums, 0, MAX(cpus->len, 1) * sizeof(Sums));
		for (r = i; r < k; r++) {
			const LttvStatsTask *u = g_ptr_array_index(tasks, r);

			for (j = 0; j < u->n_leaves; j++) {
				gint at = cpu_index(cpus, u->leaves[j].cpu);

				if (at >= 0 && !lttv_stats_leaf_empty(&u->leaves[j]))
					sums_add_leaf(&sums[at], &u->leaves[j]);
			}
		}
		if (!per_cpu && t->pid > 0) {
			/* A process summed over the CPUs it ran on. */
			memset(&total, 0, sizeof(total));
			for (ci = 0; ci < cpus->len; ci++)
				sums_add(&total, &sums[ci]);
			if (!total.any)
				continue;
			any = TRUE;
			if (sum_root)
				node_add_sums(root, &total);
			if (make_processes) {
				LttvStatsNode *proc = node_new(LTTV_STATS_PROCESS, root, FALSE, G_MAXUINT);

				proc->pid = last->pid;
				proc->tgid = last->tgid;
				proc->birth = last->birth;
				proc->name = last->name;
				proc->uncertain_time = last->uncertain;
				node_add_sums(proc, &total);
				set_pending(proc);
			}
			continue;
		}
		for (ci = 0; ci < cpus->len; ci++) {
			guint c = g_array_index(cpus, guint, ci);
			const LttvStatsTask *named = last;

			if (!sums[ci].any)
				continue;
			any = TRUE;
			if (sum_root)
				node_add_sums(root, &sums[ci]);
			if (per_cpu && make_cpus && root->level != LTTV_STATS_CPU)
				node_add_sums(cpu_nodes[ci], &sums[ci]);
			if (!make_processes)
				continue;
			for (r = i; t->pid <= 0 && r < k; r++) {
				const LttvStatsTask *u = g_ptr_array_index(tasks, r);

				if (u->cpu == c)
					named = u;
			}
			LttvStatsNode *proc = node_new(LTTV_STATS_PROCESS, per_cpu ? cpu_nodes[ci] : root, per_cpu, c);

			proc->cpu = t->pid <= 0 ? c : 0;
			proc->pid = named->pid;
			proc->tgid = named->tgid;
			proc->birth = named->birth;
			proc->name = named->name;
			/* A task's whole: CPU nodes would each show it all. */
			if (!per_cpu || t->pid <= 0)
				proc->uncertain_time = named->uncertain;
			node_add_sums(proc, &sums[ci]);
			set_pending(proc);
		}
	}
	g_free(sums);
	g_free(cpu_nodes);
	g_ptr_array_unref(tasks);
	g_array_unref(cpus);
	return any;
}

/* The non-empty leaves under n (a process, mode or submode node), by
 * (mode, submode, CPU). */
static GPtrArray *node_leaves(const LttvStats *s, const LttvStatsNode *n)
{
	GPtrArray *leaves = g_ptr_array_new();
	GHashTableIter it;
	gpointer task;

	g_hash_table_iter_init(&it, s->tasks);
	while (g_hash_table_iter_next(&it, &task, NULL)) {
		const LttvStatsTask *t = task;

		if (t->pid != n->pid || t->birth != n->birth)
			continue;
		for (guint j = 0; j < t->n_leaves; j++) {
			const LttvStatsLeaf *l = &t->leaves[j];

			if ((n->leaf_cpu == G_MAXUINT || l->cpu == n->leaf_cpu)
			    && (n->level < LTTV_STATS_MODE || l->mode == n->mode)
			    && (n->level < LTTV_STATS_SUBMODE || l->submode == n->submode)
			    && !lttv_stats_leaf_empty(l))
				g_ptr_array_add(leaves, (gpointer) l);
		}
	}
	g_ptr_array_sort(leaves, lttv_stats_compare_leaves);
	return leaves;
}

/* The modes of a process node (same = same mode) or the submodes of a
 * mode node (same = same submode), pending, each carrying the process's
 * key and its CPU. */
static void build_modes(const LttvStats *s, LttvStatsNode *n, const GPtrArray *leaves)
{
	LttvStatsLevel level = n->level + 1;
	LttvStatsNode *child = NULL;
	const LttvStatsLeaf *prev = NULL;
	Sums x;
	guint i;

	for (i = 0; i <= leaves->len; i++) {
		const LttvStatsLeaf *l = i < leaves->len ? g_ptr_array_index(leaves, i) : NULL;
		gboolean same = prev != NULL && l != NULL && prev->mode == l->mode
		                && (level == LTTV_STATS_MODE || prev->submode == l->submode);

		if (child != NULL && !same) {
			node_add_sums(child, &x);
			child->calls = x.calls;
			/* A submode whose time had no event has no children. */
			if (level == LTTV_STATS_MODE || child->events > 0)
				set_pending(child);
			child = NULL;
		}
		if (l == NULL)
			break;
		if (child == NULL) {
			child = node_new(level, n, n->per_cpu, n->leaf_cpu);
			child->mode = l->mode;
			child->submode = l->submode;
			if (level == LTTV_STATS_SUBMODE)
				child->name = lttv_trace_state_submode_name(s->ts, l->mode, l->submode);
			/* By CPU, the CPU node's; else the process's (pid <= 0: its CPU). */
			child->cpu = n->level == LTTV_STATS_PROCESS && n->per_cpu ? n->leaf_cpu : n->cpu;
			child->pid = n->pid;
			child->tgid = n->tgid;
			child->birth = n->birth;
			memset(&x, 0, sizeof(x));
		}
		sums_add_leaf(&x, l);
		x.calls += leaf_calls(s, l, lttv_stats_exit_kind(l->mode));
		prev = l;
	}
}

static void build_event_types(const LttvStats *s, LttvStatsNode *sub, const GPtrArray *leaves)
{
	LttvTypeCounts counts = { NULL, 0, g_array_new(FALSE, FALSE, sizeof(guint)),
	                          lttv_stats_rank_event_types(s->ts->table->handlers) };

	for (guint i = 0; i < leaves->len; i++)
		lttv_stats_gather_types(g_ptr_array_index(leaves, i), &counts);
	lttv_stats_add_event_types(s, sub, &counts, FALSE);
	g_free(counts.counts);
	g_free(counts.rank);
	g_array_unref(counts.touched);
}

GPtrArray *lttv_stats_node_children(const LttvStats *s, LttvStatsNode *n)
{
	GPtrArray *leaves;

	if (!n->pending)
		return n->children;
	n->pending = FALSE;
	n->children = g_ptr_array_new_full(4, (GDestroyNotify) lttv_stats_node_free);
	switch (n->level) {
	case LTTV_STATS_TRACE:
		build_upper(s, n, FALSE, n->per_cpu, !n->per_cpu);
		break;
	case LTTV_STATS_CPU:
		build_upper(s, n, FALSE, FALSE, TRUE);
		break;
	case LTTV_STATS_PROCESS:
	case LTTV_STATS_MODE:
		leaves = node_leaves(s, n);
		build_modes(s, n, leaves);
		g_ptr_array_unref(leaves);
		break;
	case LTTV_STATS_SUBMODE:
		leaves = node_leaves(s, n);
		build_event_types(s, n, leaves);
		g_ptr_array_unref(leaves);
		break;
	case LTTV_STATS_EVENT_TYPE:
		break;
	}
	return n->children;
}

void lttv_stats_node_build(const LttvStats *s, LttvStatsNode *n, LttvStatsLevel level)
{
	GPtrArray *children;

	if (n->level >= level)
		return;
	children = lttv_stats_node_children(s, n);
	for (guint i = 0; children != NULL && i < children->len; i++)
		lttv_stats_node_build(s, g_ptr_array_index(children, i), level);
}

gboolean lttv_stats_node_has_children(const LttvStatsNode *n)
{
	return n->pending || (n->children != NULL && n->children->len > 0);
}

LttvStatsNode *lttv_stats_tree_to(const LttvStats *s, gboolean per_cpu, LttvStatsLevel level)
{
	LttvStatsNode *trace = node_new(LTTV_STATS_TRACE, NULL, per_cpu, G_MAXUINT);
	gboolean processes = level >= LTTV_STATS_PROCESS;

	trace->unaccounted = s->ts->repairs - s->repairs_from;
	/* The upper levels in one pass; a CPU level exists by CPU only. */
	if (build_upper(s, trace, TRUE, per_cpu && level >= LTTV_STATS_CPU, processes)
	    && (per_cpu ? level < LTTV_STATS_CPU : !processes))
		set_pending(trace);
	if (level > LTTV_STATS_PROCESS)
		lttv_stats_node_build(s, trace, level);
	return trace;
}
