/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* stv.h: the statistics viewer, shared by its files.
 *
 *   statistics.c   the module, the widgets, following the tab
 *   stv-compute.c  the figures of each trace, from its precomputation
 *   stv-whole.c    the exact figures of a whole trace, in a worker thread
 *   stv-tree.c     the figures as a sortable tree
 *   stv-export.c   the figures as CSV: a file, or the clipboard
 *   stv-threads.c  the worker threads, joined before the module unloads
 *
 * The figures are the core's (lttv_precompute_window_stats): the whole
 * trace, or the tab's time window.  While the trace's background pass
 * runs, the viewer shows what it covers so far and says so. */
#ifndef STV_H
#define STV_H

#include <lttvwindow/lttvwindow.h>
#include <lttv/precompute.h>

/* One trace of the tab: its service and its figures. */
typedef struct {
	LttvPrecompute *pc;
	LttvStats *stats;           /* NULL until computed */
	LttvTraceState *state;      /* whole-trace figures: their state; NULL: stats is a window's */
	LttvStatsNode *tree;        /* from stats, built down to the processes; the rest as rows open */
	gboolean complete;          /* the figures cover the whole range asked */
	LttTime until;              /* what they cover: [start, until) */
	LttvWindowStatsJob *job;    /* a time window's figures being computed in steps */
} StvTrace;

typedef struct _StvJob StvJob;

typedef struct {
	LttvwindowTab *tab;
	GtkWidget *top, *view, *status, *damage, *whole, *per_cpu;
	GtkTreeViewColumn *name_column;   /* its title follows By CPU */
	GtkTreeViewColumn *charged_column;/* shown when some trace has the kernel's charges */
	GtkTreeStore *store;
	gboolean opened;            /* the traces' rows were expanded once */
	GHashTable *rows;           /* node path (char *) -> GtkTreeIter * in store */
	GHashTable *expanded;       /* node paths (char *) whose rows' children are made */
	GHashTable *open_rows;      /* node paths (char *) of the rows open in the view: opened again
	                             * when new figures (a new window) rebuild the rows */
	GArray *traces;             /* StvTrace */
	GPtrArray *jobs;            /* StvJob *, whole-trace computations running */
	guint refresh_source;       /* while a trace's figures are partial */
	guint job_source;           /* idle source stepping the traces' jobs */
	gboolean working;           /* what the tab was last told (stv_update_working) */
	gboolean too_slow_to_refresh; /* a partial computation took too long: wait for the end */
} Stv;

/* statistics.c */
void stv_set_status(Stv *v, const char *format, ...) G_GNUC_PRINTF(2, 3);
/* Shows or hides the line that says the traces are damaged. */
void stv_update_damage(Stv *v);
gboolean stv_whole_trace(const Stv *v);
/* The range the figures are for: the trace span, or the time window. */
void stv_range(const Stv *v, LttTime *start, LttTime *end);

/* stv-compute.c */
void stv_take_traces(Stv *v);
void stv_forget_traces(Stv *v);
/* The status line: the range, the progress, the filter. */
void stv_say_progress(Stv *v);
/* Computes every trace's figures again (range or mode changed). */
void stv_recompute(Stv *v);
/* Tells the tab whether the viewer is still computing: a window's jobs
 * stepping, or a whole trace's computation in its thread (the script's
 * `wait` and the tab's busy state follow it). */
void stv_update_working(Stv *v);

/* stv-threads.c */
/* Runs func(data) in a thread of the module's, joined by stv_threads_join. */
void stv_thread_start(const char *name, GThreadFunc func, gpointer data);
/* Waits for every thread of the module (it unloads). */
void stv_threads_join(void);

/* Takes stats and state, the exact figures of trace i over the whole trace. */
void stv_install_whole(Stv *v, guint i, LttvStats *stats, LttvTraceState *state);

/* stv-whole.c */
/* Computes the figures of trace (the tab's trace i) in a worker thread;
 * they come back through stv_install_whole. */
void stv_whole_start(Stv *v, guint i, LttTrace *trace);
/* Drops the results of the computations running. */
void stv_whole_cancel(Stv *v);
/* Once the threads are joined (the module unloads): drops the results
 * still to come back through the main loop. */
void stv_whole_unload(void);

/* stv-tree.c */
GtkWidget *stv_tree_new(Stv *v);
/* Forgets every row (a new range): the next fill starts afresh. */
void stv_tree_clear(Stv *v);
/* Adds or updates the rows of every trace's figures. */
void stv_tree_fill(Stv *v);
/* The CSV of the rows shown (those under rows expanded), in their order. */
char *stv_tree_shown_csv(Stv *v);

/* stv-export.c */
/* Every node of the figures. */
char *stv_csv(const Stv *v);
void stv_export_dialog(Stv *v);
/* The CSV of every node (shown: of the rows shown) to the clipboard. */
void stv_copy(Stv *v, gboolean shown);

#endif
