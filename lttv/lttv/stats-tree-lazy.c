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

/* A node of level under parent; pending (its children to be built) or
 * with none yet. */
static LttvStatsNode *node_new(LttvStatsLevel level, LttvStatsNode *parent, gboolean per_cpu, guint leaf_cpu,
                               gboolean pending)
{
	LttvStatsNode *n;

	if (!pending) {
		n = lttv_stats_node_new(level, parent);
	} else {
		n = g_new0(LttvStatsNode, 1);
		n->level = level;
		n->pending = TRUE;
		g_ptr_array_add(parent->children, n);
	}
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

/* The CPUs met so far, each with a slot: its sums for the current
 * process and its node.  CPU numbers are small but may be sparse
 * (kernel_65535): a table for the small ones, a hash table beyond. */
#define DIRECT_CPUS 1024

typedef struct {
	guint cpu;
	Sums sums;
	gboolean touched;              /* in touched: a leaf or a charge of the current process */
	LttvStatsNode *node;           /* by CPU: its node (NULL: not made) */
} CpuSlot;

typedef struct {
	GArray *slots;                 /* CpuSlot */
	gint direct[DIRECT_CPUS];      /* slot + 1 by CPU, 0: none yet */
	GHashTable *far;               /* CPU + 1 -> slot + 1 */
	GArray *touched;               /* guint slots of the current process */
} CpuSlots;

static CpuSlot *cpu_slot(CpuSlots *m, guint cpu)
{
	guint slot = 0;

	if (cpu < DIRECT_CPUS)
		slot = (guint) m->direct[cpu];
	else if (m->far != NULL)
		slot = GPOINTER_TO_UINT(g_hash_table_lookup(m->far, GUINT_TO_POINTER(cpu + 1)));
	if (slot == 0) {
		CpuSlot fresh = { .cpu = cpu };

		g_array_append_val(m->slots, fresh);
		slot = m->slots->len;
		if (cpu < DIRECT_CPUS) {
			m->direct[cpu] = (gint) slot;
		} else {
			if (m->far == NULL)
				m->far = g_hash_table_new(NULL, NULL);
			g_hash_table_insert(m->far, GUINT_TO_POINTER(cpu + 1), GUINT_TO_POINTER(slot));
		}
	}
	CpuSlot *c = &g_array_index(m->slots, CpuSlot, slot - 1);
	if (!c->touched) {
		c->touched = TRUE;
		g_array_append_val(m->touched, slot);
	}
	return c;
}

static int compare_node_cpus(gconstpointer pa, gconstpointer pb)
{
	const LttvStatsNode *a = *(const LttvStatsNode *const *) pa, *b = *(const LttvStatsNode *const *) pb;

	return a->cpu < b->cpu ? -1 : a->cpu > b->cpu;
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
	gboolean one_cpu = root->level == LTTV_STATS_CPU;
	GPtrArray *tasks = g_ptr_array_sized_new(g_hash_table_size(s->tasks));
	CpuSlots *m = g_new0(CpuSlots, 1);
	GHashTableIter it;
	gpointer task;
	guint i, k;

	m->slots = g_array_new(FALSE, FALSE, sizeof(CpuSlot));
	m->touched = g_array_new(FALSE, FALSE, sizeof(guint));
	g_hash_table_iter_init(&it, s->tasks);
	while (g_hash_table_iter_next(&it, &task, NULL))
		g_ptr_array_add(tasks, task);
	g_ptr_array_sort(tasks, lttv_stats_compare_tasks);
	/* A process node gathers the records of its (pid, birth) (several for
	 * pid 0 and -1, one per CPU), for pid <= 0 or by CPU the leaves of
	 * one CPU (as stats-tree.c). */
	for (i = 0; i < tasks->len; i = k) {
		const LttvStatsTask *t = g_ptr_array_index(tasks, i), *last;
		guint r, j, a, b;
		Sums total = { 0 };
		gboolean charged_whole = FALSE;

		for (k = i + 1; k < tasks->len; k++) {
			const LttvStatsTask *u = g_ptr_array_index(tasks, k);

			if (u->pid != t->pid || u->birth != t->birth)
				break;
		}
		last = g_ptr_array_index(tasks, k - 1);
		for (r = i; r < k; r++) {
			const LttvStatsTask *u = g_ptr_array_index(tasks, r);
			CpuSlot *c = NULL;

			for (j = 0; j < u->n_leaves; j++) {
				const LttvStatsLeaf *l = &u->leaves[j];
				guint64 events;

				if (one_cpu && l->cpu != root->cpu)
					continue;
				/* Empty: no time, no event (counts are never negative). */
				events = leaf_events(l);
				if (events == 0 && l->cpu_time == 0 && l->elapsed_time == 0 && l->cumulative_time == 0)
					continue;
				if (c == NULL || c->cpu != l->cpu)
					c = cpu_slot(m, l->cpu);
				c->sums.events += events;
				c->sums.cpu_time += l->cpu_time;
				c->sums.elapsed_time += l->elapsed_time;
				c->sums.cumulative_time += l->cumulative_time;
				c->sums.any = TRUE;
			}
		}
		/* A charge alone makes a node too (stats-tree.c's add_process): by
		 * CPU where it was charged; else for pid <= 0 its record's CPU,
		 * for a task its whole. */
		for (r = i; r < k; r++) {
			const LttvStatsTask *u = g_ptr_array_index(tasks, r);

			for (j = 0; j < u->n_charged; j++) {
				if (u->charged[j] == 0 || (one_cpu && j != root->cpu) || (per_cpu && t->pid <= 0 && u->cpu != j))
					continue;
				if (!per_cpu && t->pid > 0)
					charged_whole = TRUE;
				else
					cpu_slot(m, per_cpu ? j : u->cpu);
			}
		}
		if (m->touched->len == 0 && !charged_whole)
			continue;
		any = TRUE;
		/* This process's CPUs in order (a few: insertion sort). */
		guint *touched = (guint *) m->touched->data;
		for (a = 1; a < m->touched->len; a++) {
			guint slot = touched[a];

			for (b = a; b > 0 && g_array_index(m->slots, CpuSlot, touched[b - 1] - 1).cpu
			                     > g_array_index(m->slots, CpuSlot, slot - 1).cpu; b--)
				touched[b] = touched[b - 1];
			touched[b] = slot;
		}
		for (a = 0; a < m->touched->len; a++) {
			CpuSlot *c = &g_array_index(m->slots, CpuSlot, touched[a] - 1);
			const LttvStatsTask *named = last;
			LttvStatsNode *parent = root;
			LttTime charged = 0;

			if (sum_root)
				node_add_sums(root, &c->sums);
			c->touched = FALSE;
			if (!per_cpu && t->pid > 0) {
				/* A process summed over the CPUs it ran on. */
				sums_add(&total, &c->sums);
				memset(&c->sums, 0, sizeof(c->sums));
				continue;
			}
			/* By CPU: what the kernel charged there; else the task's
			 * whole (pid <= 0: the record of this CPU's), as stats-tree.c. */
			for (r = i; r < k; r++) {
				const LttvStatsTask *u = g_ptr_array_index(tasks, r);

				if (t->pid > 0 || u->cpu == c->cpu)
					charged += lttv_stats_task_charged(u, per_cpu ? c->cpu : G_MAXUINT);
			}
			if (sum_root)
				root->charged_time += charged;
			if (per_cpu && !one_cpu) {
				if (c->node == NULL && make_cpus) {
					c->node = node_new(LTTV_STATS_CPU, root, TRUE, c->cpu, !make_processes);
					c->node->cpu = c->cpu;
				}
				if (c->node != NULL) {
					node_add_sums(c->node, &c->sums);
					c->node->charged_time += charged;
				}
				parent = c->node;
			}
			if (make_processes) {
				for (r = i; t->pid <= 0 && r < k; r++) {
					const LttvStatsTask *u = g_ptr_array_index(tasks, r);

					if (u->cpu == c->cpu)
						named = u;
				}
				/* Charged there but no leaf: no mode under it. */
				LttvStatsNode *proc = node_new(LTTV_STATS_PROCESS, parent, per_cpu, c->cpu, c->sums.any);

				proc->cpu = t->pid <= 0 ? c->cpu : 0;
				proc->pid = named->pid;
				proc->tgid = named->tgid;
				proc->birth = named->birth;
				proc->name = named->name;
				/* A task's whole: CPU nodes would each show it all. */
				if (!per_cpu || t->pid <= 0)
					proc->uncertain_time = named->uncertain;
				node_add_sums(proc, &c->sums);
				proc->charged_time = charged;
			}
			memset(&c->sums, 0, sizeof(c->sums));
		}
		g_array_set_size(m->touched, 0);
		if (total.any || charged_whole) {
			LttTime charged = 0;

			for (r = i; r < k; r++)
				charged += lttv_stats_task_charged(g_ptr_array_index(tasks, r), G_MAXUINT);
			if (sum_root)
				root->charged_time += charged;
			if (make_processes) {
				LttvStatsNode *proc = node_new(LTTV_STATS_PROCESS, root, FALSE, G_MAXUINT, total.any);

				proc->pid = last->pid;
				proc->tgid = last->tgid;
				proc->birth = last->birth;
				proc->name = last->name;
				proc->uncertain_time = last->uncertain;
				node_add_sums(proc, &total);
				proc->charged_time = charged;
			}
		}
	}
	/* CPU nodes were made as their CPUs were met. */
	if (per_cpu && make_cpus && !one_cpu)
		g_ptr_array_sort(root->children, compare_node_cpus);
	if (m->far != NULL)
		g_hash_table_destroy(m->far);
	g_array_unref(m->slots);
	g_array_unref(m->touched);
	g_free(m);
	g_ptr_array_unref(tasks);
	return any;
}

static void add_leaves(GPtrArray *leaves, const LttvStatsTask *t, const LttvStatsNode *n)
{
	for (guint j = 0; j < t->n_leaves; j++) {
		const LttvStatsLeaf *l = &t->leaves[j];

		if ((n->leaf_cpu == G_MAXUINT || l->cpu == n->leaf_cpu)
		    && (n->level < LTTV_STATS_MODE || l->mode == n->mode)
		    && (n->level < LTTV_STATS_SUBMODE || l->submode == n->submode)
		    && !lttv_stats_leaf_empty(l))
			g_ptr_array_add(leaves, (gpointer) l);
	}
}

/* The non-empty leaves under n (a process, mode or submode node), by
 * (mode, submode, CPU). */
static GPtrArray *node_leaves(const LttvStats *s, const LttvStatsNode *n)
{
	GPtrArray *leaves = g_ptr_array_new();

	if (n->pid > 0) {
		/* A task's one record (keyed with CPU 0). */
		LttvStatsTask key = { .pid = n->pid, .birth = n->birth, .cpu = 0 };
		const LttvStatsTask *t = g_hash_table_lookup(s->tasks, &key);

		if (t != NULL)
			add_leaves(leaves, t, n);
	} else {
		/* pid 0 and -1: a record per CPU, any of which may hold this CPU's leaves. */
		GHashTableIter it;
		gpointer task;

		g_hash_table_iter_init(&it, s->tasks);
		while (g_hash_table_iter_next(&it, &task, NULL)) {
			const LttvStatsTask *t = task;

			if (t->pid == n->pid && t->birth == n->birth)
				add_leaves(leaves, t, n);
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
			child = node_new(level, n, n->per_cpu, n->leaf_cpu, FALSE);
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
	LttvStatsNode *trace = node_new(LTTV_STATS_TRACE, NULL, per_cpu, G_MAXUINT, FALSE);
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
