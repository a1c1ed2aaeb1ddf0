/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* stats-index.h: the precomputation's index of window statistics
 * (stats-index.c, doc/analysis.md §6.3; internal to the service). */
#ifndef LTTV_STATS_INDEX_H
#define LTTV_STATS_INDEX_H

#include "stats-private.h"
#include "precompute-private.h"
#include "checkpoint-private.h"

/* Starts counting trace on a thread of its own (a reader of its own),
 * taking checkpoints after every interval-th event; the bulk goes to an
 * unlinked file in dir (NULL: anonymous memory, precompute-arena.c).
 * read_file: the thread first reads the index a count wrote to its file
 * (stats-index-cache.c), and counts only when there is no valid one;
 * write_file: once the whole trace is counted, the thread writes it. */
G_GNUC_INTERNAL LttvStatsIndex *lttv_stats_index_new(LttTrace *trace, guint interval, const char *dir,
                                                     gboolean read_file, gboolean write_file);
/* TRUE once the index was read from its file. */
G_GNUC_INTERNAL gboolean lttv_stats_index_from_file(LttvStatsIndex *x);
/* The file found stale or damaged (and so counted again): the message,
 * once (g_free); NULL: nothing to report. */
G_GNUC_INTERNAL char *lttv_stats_index_take_warning(LttvStatsIndex *x);
/* Asks the thread to stop (it stops within a few thousand events) and not
 * to write its file (an unfinished one is dropped). */
G_GNUC_INTERNAL void lttv_stats_index_stop(LttvStatsIndex *x);
/* Waits until every event earlier than t is counted (TRUE) or the
 * counting ended before (FALSE). */
G_GNUC_INTERNAL gboolean lttv_stats_index_wait(LttvStatsIndex *x, LttTime t);
/* The same until deadline (monotonic time) at most; *reached: every event
 * earlier than it is counted; *ended: the counting ended (it will not
 * reach further). */
G_GNUC_INTERNAL gboolean lttv_stats_index_wait_until(LttvStatsIndex *x, LttTime t, gint64 deadline,
                                                     LttTime *reached, gboolean *ended);
/* Stops the thread and frees; a file being written is finished first. */
G_GNUC_INTERNAL void lttv_stats_index_free(LttvStatsIndex *x);
G_GNUC_INTERNAL gsize lttv_stats_index_heap(LttvStatsIndex *x);
G_GNUC_INTERNAL gsize lttv_stats_index_mapped(LttvStatsIndex *x);
/* Checkpoints a window may start or end at (see stats-index.c). */
G_GNUC_INTERNAL guint lttv_stats_index_usable(LttvStatsIndex *x);

/* The statistics of [t0, t1) from the index when it spans two usable
 * checkpoints and the counting has reached t1: the same as
 * lttv_window_stats_from_state, in parts, so that the caller's thread
 * never waits long.  begin replays the window's two ends on the caller's
 * thread (at most two checkpoint intervals of events) while threads of
 * the index sum the deltas between them; it gives NULL and *used FALSE
 * when the index cannot give the window (the caller replays), NULL +
 * error with *used TRUE when the trace cannot be read.  wait says whether
 * the sums are done, waiting until deadline (monotonic time) at most; end
 * gives the statistics (waiting if need be), or NULL with *used FALSE
 * (the caller replays).  A window begun is ended or cancelled before x is
 * freed. */
typedef struct _LttvIndexWindow LttvIndexWindow;
G_GNUC_INTERNAL LttvIndexWindow *lttv_stats_index_window_begin(LttvStatsIndex *x, const LttvCompactCheckpoints *cps,
                                                               LttvMerge *merge, LttTime t0, LttTime t1,
                                                               gboolean *used, GError **error);
G_GNUC_INTERNAL gboolean lttv_stats_index_window_wait(LttvIndexWindow *w, gint64 deadline);
G_GNUC_INTERNAL LttvStats *lttv_stats_index_window_end(LttvIndexWindow *w, gboolean *used);
G_GNUC_INTERNAL void lttv_stats_index_window_cancel(LttvIndexWindow *w);

#endif
