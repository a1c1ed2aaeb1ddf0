/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* stats-tree-private.h: what the whole trees (stats-tree.c) and the trees
 * built a level at a time (stats-tree-lazy.c) share, so that both make
 * the same nodes from the engine's leaves. */
#ifndef LTTV_STATS_TREE_PRIVATE_H
#define LTTV_STATS_TREE_PRIVATE_H

#include "stats-private.h"

/* Event counts by type index gathered for one submode node, and which
 * indexes it touched: most nodes see a few types of the trace's many. */
typedef struct {
	guint64 *counts;
	guint len;
	GArray *touched;               /* guint type indexes */
	guint *rank;                   /* by type index: its place in (channel, id) order */
} LttvTypeCounts;

/* A node of level (children: an empty array, NULL for event types),
 * appended to parent's children. */
G_GNUC_INTERNAL LttvStatsNode *lttv_stats_node_new(LttvStatsLevel level, LttvStatsNode *parent);
/* The trace's event types ranked in (channel, id) order (g_free). */
G_GNUC_INTERNAL guint *lttv_stats_rank_event_types(const GPtrArray *handlers);
/* Adds leaf's event counts by type. */
G_GNUC_INTERNAL void lttv_stats_gather_types(const LttvStatsLeaf *leaf, LttvTypeCounts *tc);
/* Turns the counts gathered into sub's event type children, in (channel,
 * id) order; summed into sub's events and calls when sum. */
G_GNUC_INTERNAL void lttv_stats_add_event_types(const LttvStats *s, LttvStatsNode *sub, LttvTypeCounts *tc,
                                                gboolean sum);
/* The kind of event that returns from a frame of mode (LTTV_EV_NONE: none). */
G_GNUC_INTERNAL LttvEventKind lttv_stats_exit_kind(LttvExecMode mode);
/* Leaves (LttvStatsLeaf *) by (mode, submode, CPU). */
G_GNUC_INTERNAL int lttv_stats_compare_leaves(gconstpointer pa, gconstpointer pb);
/* Records (LttvStatsTask *) by (pid, birth, CPU): the tree's process order. */
G_GNUC_INTERNAL int lttv_stats_compare_tasks(gconstpointer pa, gconstpointer pb);
/* What the kernel charged t on cpu, or on every CPU (cpu G_MAXUINT). */
G_GNUC_INTERNAL LttTime lttv_stats_task_charged(const LttvStatsTask *t, guint cpu);
/* The CPUs that some record has a non-empty leaf on, ascending, each once. */
G_GNUC_INTERNAL GArray *lttv_stats_cpus_present(const LttvStats *s);

#endif
