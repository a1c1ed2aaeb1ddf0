/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* stats-text.h: the keys and the CSV rows of a statistics tree as text,
 * shared by textDump (-s --stats-format=csv) and the GUI's statistics
 * viewer (its export), so that both write the same figures the same way
 * (doc/lttv.md §5.2). */
#ifndef LTTV_STATS_TEXT_H
#define LTTV_STATS_TEXT_H

#include <glib.h>
#include "stats.h"

G_BEGIN_DECLS

/* Appends what tells n apart from its siblings: trace: trace_name; CPU:
 * its number; process: PID@BIRTH (BIRTH "-" when unknown); mode: its
 * name; submode: its name, else its number, else "-"; event: the type's
 * name. */
void lttv_stats_append_key(GString *out, const LttvStatsNode *n, const char *trace_name);

/* The figures of a node, in the order the formats print them.  Each means
 * something at some levels only (doc/analysis.md §3): elapsed and
 * cumulative times are sums of nested durations above the mode, calls
 * exist for the modes whose frames return, repairs for a trace, the time
 * lost switches left undecided for the processes that have some (a
 * process's whole, so not in the tree by CPU), the CPU time the kernel
 * charged where the trace has its charges (trace, CPU, process). */
typedef enum {
	LTTV_STATS_FIGURE_EVENTS,
	LTTV_STATS_FIGURE_CPU_TIME,
	LTTV_STATS_FIGURE_ELAPSED_TIME,
	LTTV_STATS_FIGURE_CUMULATIVE_TIME,
	LTTV_STATS_FIGURE_CALLS,
	LTTV_STATS_FIGURE_UNACCOUNTED,
	LTTV_STATS_FIGURE_UNCERTAIN_TIME,
	LTTV_STATS_FIGURE_CHARGED_TIME,
	LTTV_STATS_FIGURE_COUNT
} LttvStatsFigure;

/* Its name in every format ("cpu_time", "calls"...). */
const char *lttv_stats_figure_name(LttvStatsFigure f);
/* Whether n has the figure f: only those are printed. */
gboolean lttv_stats_figure_applies(const LttvStatsNode *n, LttvStatsFigure f);
/* Whether f is a time (nanoseconds, printed SECONDS.NANOSECONDS) or a count. */
gboolean lttv_stats_figure_is_time(LttvStatsFigure f);
/* The figure's value: nanoseconds for a time. */
guint64 lttv_stats_figure_value(const LttvStatsNode *n, LttvStatsFigure f);

/* The CSV header line (with its newline). */
const char *lttv_stats_csv_header(void);
/* One CSV row per node of tree (a trace's tree, from lttv_stats_tree;
 * of a tree built to a level, lttv_stats_tree_to, the nodes built),
 * parents before children; fields quoted as RFC 4180 says. */
void lttv_stats_append_csv(GString *out, const LttvStatsNode *tree, const char *trace_name);
/* The row of node path[len - 1] alone; path[0] .. path[len - 2] are its
 * ancestors from the trace's node, whose keys the row carries (len >= 1). */
void lttv_stats_append_csv_row(GString *out, const LttvStatsNode *const *path, guint len, const char *trace_name);

G_END_DECLS

#endif
