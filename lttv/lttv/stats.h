/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* stats.h: statistics of a trace: per CPU, process, execution mode, submode
 * and event type, the number of events, the CPU time, the elapsed time and
 * the cumulative time (definitions in doc/analysis.md §3).
 *
 * An LttvStats is an engine attached to an LttvTraceState: it follows the
 * state's transitions, so times are exact to the nanosecond.  For the whole
 * trace attach it to a new state; for an interval [a, b) attach it to the
 * state at a (lttv_checkpoints_state_at) and close it at b. */
#ifndef LTTV_STATS_H
#define LTTV_STATS_H

#include <glib.h>
#include <ltt/ltt.h>
#include "state.h"

G_BEGIN_DECLS

typedef struct _LttvStats LttvStats;

/* Starts counting at time start on ts (which must not have another
 * statistics engine): times before start are not counted, frames open at
 * start count from start. */
LttvStats *lttv_stats_new(LttvTraceState *ts, LttTime start);
/* Counts ev then applies it to the state: use instead of
 * lttv_trace_state_apply while the statistics are attached. */
void lttv_stats_apply(LttvStats *s, const LttEvent *ev);
/* Ends counting at time end (>= the last event applied): adds the time of
 * the modes still open.  Idempotent; no event may be applied afterwards. */
void lttv_stats_close(LttvStats *s, LttTime end);
/* Detaches from the state and frees. */
void lttv_stats_free(LttvStats *s);

/* The state and statistics of a whole trace: a new state (*state, to free
 * after the statistics) with statistics from the trace's start time, every
 * event applied, closed at the last event's time.  The same result as
 * lttv_stats_apply over the events in time order, faster: each CPU's
 * events are read apart, and only those that change more than their CPU's
 * running task wait for time order (doc/analysis.md §3.1).  *redone (when
 * not NULL) says whether the trace needed plain time order after all (a
 * task running on two CPUs at once after lost events, a state dump in the
 * middle of the trace) and was read twice.  Reads through readers of its
 * own (ltt_trace_new_reader): the tracefile cursors of trace, which the
 * contexts reading it share, are not moved.  The state's trace
 * (lttv_trace_state_trace) is such a reader of trace; damage met while
 * reading is added to trace's warnings. */
LttvStats *lttv_stats_run_trace(LttTrace *trace, LttvTraceState **state, gboolean *redone);
/* The same with at most `threads` threads (0: as many as the machine has
 * processors).  With two or more and a trace of a million events or more,
 * the trace is split in time: one thread gives the statistics before the
 * split, the other the state alone up to it and the statistics from it
 * on, and the two are added (doc/analysis.md §3.2). */
LttvStats *lttv_stats_run_trace_threads(LttTrace *trace, guint threads, LttvTraceState **state, gboolean *redone);
/* On two threads whatever the trace's size, split at time split (0: where
 * the two threads end together, as lttv_stats_run_trace_threads does).
 * A split outside the trace runs on one thread. */
LttvStats *lttv_stats_run_trace_split(LttTrace *trace, LttTime split, LttvTraceState **state, gboolean *redone);

typedef enum {
	LTTV_STATS_TRACE,
	LTTV_STATS_CPU,
	LTTV_STATS_PROCESS,
	LTTV_STATS_MODE,
	LTTV_STATS_SUBMODE,
	LTTV_STATS_EVENT_TYPE
} LttvStatsLevel;

/* One node of a statistics tree; each number is the sum of its children's
 * (event type nodes carry only event counts). */
typedef struct _LttvStatsNode LttvStatsNode;
struct _LttvStatsNode {
	LttvStatsLevel level;
	/* The key of this level (the ones above are in the parents). */
	guint cpu;                     /* CPU nodes; PROCESS nodes of pid 0 */
	gint32 pid, tgid;              /* PROCESS; pid -1: events on a CPU whose task is unknown */
	LttTime birth;                 /* PROCESS: 0 when unknown */
	const char *name;              /* PROCESS: last name; SUBMODE: its name or NULL */
	LttvExecMode mode;             /* MODE, SUBMODE */
	gint32 submode;                /* SUBMODE */
	const LttEventType *event_type;/* EVENT_TYPE */

	guint64 events;
	LttTime cpu_time;              /* time on a CPU in this mode, nested modes excluded */
	LttTime elapsed_time;          /* from entry to exit of the modes that ended */
	LttTime cumulative_time;       /* CPU time of the modes that ended, nested modes included */
	GPtrArray *children;           /* LttvStatsNode, ordered by key; NULL for event types */
	guint64 unaccounted;           /* TRACE: times the events' own evidence repaired the task
	                                * believed running (switches the tracer missed,
	                                * doc/analysis.md §1.4) */
	LttTime uncertain_time;        /* PROCESS: CPU time a lost switch leaves undecided between this
	                                * task and another (the span from its CPU's last event to the
	                                * event that repaired the running task): the task's true CPU
	                                * time is within cpu_time +- uncertain_time.  In the tree
	                                * by CPU, only for pid <= 0 (one record per CPU) */
	LttTime charged_time;          /* TRACE, CPU, PROCESS: CPU time the kernel's scheduler charged
	                                * the tasks (sched_stat_runtime, when the trace has it), the
	                                * figure of getrusage and /proc; cpu_time is measured from the
	                                * switches (doc/analysis.md §3) */
	guint64 calls;                 /* MODE, SUBMODE of a system call, IRQ, soft IRQ or trap: the
	                                * frames that returned (their exit events); events counts
	                                * everything that happened inside them */
	/* Trees built to a level (lttv_stats_tree_to). */
	gboolean pending;              /* its children are still to be built: children is NULL
	                                * until lttv_stats_node_children */
	gboolean per_cpu;              /* private: in a tree by CPU */
	guint leaf_cpu;                /* private: the CPU whose leaves it sums, G_MAXUINT: all */
};

/* Builds the tree trace -> CPU -> process -> mode -> submode -> event type
 * (per_cpu TRUE) or trace -> process -> mode -> submode -> event type, a
 * process summed over the CPUs it ran on (per_cpu FALSE).  Complete after
 * lttv_stats_close (before, what live tasks did in modes they have not left
 * since they last changed CPU is not in it yet).  Free with
 * lttv_stats_node_free. */
LttvStatsNode *lttv_stats_tree(const LttvStats *s, gboolean per_cpu);
void lttv_stats_node_free(LttvStatsNode *node);
/* The same tree built down to level only: every node built has its exact
 * figures (those of lttv_stats_tree), summed straight from the counters;
 * the nodes at level that have children are pending (children NULL) and
 * build them when asked (lttv_stats_node_children).  A viewer that shows
 * the processes and opens a few of them builds a fraction of the tree:
 * on a trace of thousands of tasks the full tree holds millions of nodes.
 * s must outlive the tree's pending nodes (and not count more events if
 * the tree is to stay consistent).  What walks children (the find and
 * count functions below, lttv_stats_append_csv) sees the nodes built only:
 * build the rest first (lttv_stats_node_build).  Free with
 * lttv_stats_node_free. */
LttvStatsNode *lttv_stats_tree_to(const LttvStats *s, gboolean per_cpu, LttvStatsLevel level);
/* n's children, built first (one level: they are pending in turn) when n
 * is pending, from s, the statistics n's tree was built from; NULL for an
 * event type node.  Equal, node by node, to lttv_stats_tree's. */
GPtrArray *lttv_stats_node_children(const LttvStats *s, LttvStatsNode *n);
/* Builds every pending node of n's subtree down to level (the whole
 * subtree: LTTV_STATS_EVENT_TYPE), e.g. before walking it. */
void lttv_stats_node_build(const LttvStats *s, LttvStatsNode *n, LttvStatsLevel level);
/* Whether n has children, built or pending. */
gboolean lttv_stats_node_has_children(const LttvStatsNode *n);
/* The tree lttv_stats_tree would give after lttv_stats_close(s, end),
 * without closing s: a consistent copy of statistics still being
 * computed (end >= the last event applied; events may be applied to s
 * afterwards).  Costs a copy of the leaves.  Free with
 * lttv_stats_node_free. */
LttvStatsNode *lttv_stats_snapshot(const LttvStats *s, LttTime end, gboolean per_cpu);
/* The child with this key at the next level, or NULL (binary search). */
const LttvStatsNode *lttv_stats_node_find_process(const LttvStatsNode *n, gint32 pid, LttTime birth, guint cpu);
const LttvStatsNode *lttv_stats_node_find_mode(const LttvStatsNode *n, LttvExecMode mode);
/* Events of the type named name in the subtree of n. */
guint64 lttv_stats_node_count_events(const LttvStatsNode *n, const char *name);

G_END_DECLS

#endif
