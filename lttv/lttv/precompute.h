/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* precompute.h: the precomputation service of a trace (seed 000's
 * background computations; doc/analysis.md §6).
 *
 * One per opened LttvTrace, shared by every context and tab that shows the
 * trace.  It reads the trace once, through readers of its own (never a
 * context a viewer uses), and keeps the state checkpoints, the
 * state-interval store (intervals.h) and what the statistics of any time
 * window need (window-stats.h).  The work is incremental: the caller (the
 * GUI's background scheduler, from a g_idle callback, or a batch program
 * in a loop) calls lttv_precompute_step with a time budget; results are
 * usable up to lttv_precompute_ready_until while the rest is computed.
 * Everything happens on the thread that calls step. */
#ifndef LTTV_PRECOMPUTE_H
#define LTTV_PRECOMPUTE_H

#include <glib.h>
#include <ltt/ltt.h>
#include "hook.h"
#include "traceset.h"
#include "intervals.h"
#include "stats.h"

G_BEGIN_DECLS

typedef struct _LttvPrecompute LttvPrecompute;

/* The service of t, created (with nothing computed yet) on first use;
 * takes a reference.  The service holds a reference on t. */
LttvPrecompute *lttv_precompute_get(LttvTrace *t);
/* The service of t when one exists (with a reference), else NULL: for
 * code that uses its results but must not start one. */
LttvPrecompute *lttv_precompute_find(LttvTrace *t);
LttvPrecompute *lttv_precompute_ref(LttvPrecompute *p);
/* At the last reference the service stops and frees what it computed;
 * a cache file being written is finished first, unless cancelled. */
void lttv_precompute_unref(LttvPrecompute *p);

LttvTrace *lttv_precompute_trace(const LttvPrecompute *p);
/* Events between the service's state checkpoints.  They are kept
 * serialized (about 100 bytes a task) and cost a parse to restore, so the
 * service keeps fewer than a context's (doc/analysis.md §6.4). */
#define LTTV_PRECOMPUTE_CHECKPOINT_INTERVAL 50000

/* Events between state checkpoints (0: LTTV_PRECOMPUTE_CHECKPOINT_INTERVAL);
 * only before the first step. */
void lttv_precompute_set_checkpoint_interval(LttvPrecompute *p, guint interval);

/* Whether the results are kept in a cache file (default TRUE): the first
 * steps then check and map a valid cache instead of reading the trace,
 * and once the pass is done a thread of the service writes it (beside the
 * trace, or under $XDG_CACHE_HOME/lttv/ when the trace's folder cannot be
 * written) while the results are already in use.  Cancelling or dropping
 * the last reference stops that thread within one piece of 1 MB and
 * drops the unfinished file.  Only before the first step. */
void lttv_precompute_set_cache(LttvPrecompute *p, gboolean use);
/* TRUE while the thread writes the cache. */
gboolean lttv_precompute_writing_cache(const LttvPrecompute *p);
/* Waits until the cache is written (for batch programs and tests: it may
 * take a second on a big trace). */
void lttv_precompute_finish_cache(LttvPrecompute *p);
/* TRUE when the results came from the cache file. */
gboolean lttv_precompute_from_cache(const LttvPrecompute *p);
/* A cache file found stale or damaged (and so rebuilt): the message, once
 * (free with g_free); NULL when there is nothing to report. */
char *lttv_precompute_take_cache_warning(LttvPrecompute *p);

/* Does about budget_us microseconds of work (at least one event, or a
 * piece of the cache being checked) and returns; TRUE while work remains.  Notifications whose time or position
 * is reached are called before it returns.  FALSE + error when the trace
 * cannot be read (the work stops there; what was computed stays usable up
 * to lttv_precompute_ready_until). */
gboolean lttv_precompute_step(LttvPrecompute *p, gint64 budget_us, GError **error);
/* Events applied so far over the trace's events (from its block headers), 0..1. */
gdouble lttv_precompute_progress(const LttvPrecompute *p);
guint64 lttv_precompute_events_done(const LttvPrecompute *p);
/* Results are valid for times earlier than this; LTT_TIME_INFINITE when done. */
LttTime lttv_precompute_ready_until(const LttvPrecompute *p);
gboolean lttv_precompute_done(const LttvPrecompute *p);
/* Stops the work for good (step then returns FALSE at once); what was
 * computed stays usable.  Pending notifications are dropped uncalled. */
void lttv_precompute_cancel(LttvPrecompute *p);
gboolean lttv_precompute_cancelled(const LttvPrecompute *p);
/* The pass stopped short for good (cancelled, or the trace could not be
 * read): its results, the event marks among them, stay partial. */
gboolean lttv_precompute_stopped(const LttvPrecompute *p);

/* The event marks: the place of each tracefile of the trace before every
 * K-th event of the pass (K: the interval), what an event index over a
 * traceset of this one trace seeks from (event-index.h).  Marks 0 .. count-1
 * exist: count grows with the pass, and covers every event once done; they
 * are in the cache file with the other results, and partial ones never
 * are (the cache is written only by a pass that reached the end). */
guint lttv_precompute_mark_interval(const LttvPrecompute *p);
guint64 lttv_precompute_mark_count(const LttvPrecompute *p);
/* Mark i: places[j], has[j] for each tracefile j of the trace (places'
 * tracefile: the trace's own; has FALSE: no event left).  FALSE when i is
 * not marked (yet). */
gboolean lttv_precompute_mark(const LttvPrecompute *p, guint64 i, LttEventPosition *places, gboolean *has);

/* Calls f(data, p) once, when the results reach time t (ready_until > t,
 * or done; t = LTT_TIME_INFINITE: at the end).  When they already have, f
 * is called at once and 0 is returned; otherwise an id for
 * lttv_precompute_notify_remove.  f's return value is ignored. */
guint lttv_precompute_notify_at_time(LttvPrecompute *p, LttTime t, LttvHook f, gpointer data);
/* The same once `events` events have been applied (or at the end). */
guint lttv_precompute_notify_at_count(LttvPrecompute *p, guint64 events, LttvHook f, gpointer data);
void lttv_precompute_notify_remove(LttvPrecompute *p, guint id);

/* The state-interval store, filled as the work goes (owned by p). */
const LttvIntervalStore *lttv_precompute_intervals(const LttvPrecompute *p);

/* The statistics of [t0, t1), exactly as a pass over the events of that
 * window with statistics started at t0 and closed at t1 gives them, read
 * through cursors of the service's own.  Any window may be asked while
 * the pass runs: the checkpoints it has made so far shorten the replay.
 * NULL + error when the trace cannot be read.  Free with
 * lttv_window_stats_free (window-stats.h). */
LttvStats *lttv_precompute_window_stats(LttvPrecompute *p, LttTime t0, LttTime t1, GError **error);
/* How many windows so far came from the statistics the pass counted (a
 * window spanning two of its usable checkpoints, doc/analysis.md §6.3)
 * rather than a replay of the whole window; and how many checkpoints are
 * usable. */
guint64 lttv_precompute_index_windows(const LttvPrecompute *p);
guint lttv_precompute_index_checkpoints(const LttvPrecompute *p);
/* The window statistics are counted after the pass, on a thread of the
 * service, and give windows once they have counted their end; with the
 * cache (lttv_precompute_set_cache) the thread then writes them to a file
 * of their own beside it (a close waits for it to be complete), and for
 * results read from the cache it reads that file instead of counting
 * (counting again when it is missing, stale or damaged: reported once by
 * lttv_precompute_take_cache_warning).  Waits until every event earlier
 * than t is counted or read (TRUE), or the thread ended first (FALSE;
 * also while the pass runs). */
gboolean lttv_precompute_index_wait(LttvPrecompute *p, LttTime t);
/* TRUE once the window statistics were read from their file. */
gboolean lttv_precompute_index_from_cache(const LttvPrecompute *p);

/* The same in steps, for windows whose replay takes longer than a step
 * may (a second of a busy trace takes about 100 ms): each job reads
 * through cursors of its own and holds a reference on p. */
typedef struct _LttvWindowStatsJob LttvWindowStatsJob;

LttvWindowStatsJob *lttv_precompute_window_stats_job(LttvPrecompute *p, LttTime t0, LttTime t1);
/* About budget_us of work (the first step restores the state at t0: a
 * parse and up to LTTV_PRECOMPUTE_CHECKPOINT_INTERVAL events); TRUE while
 * work remains; FALSE + error when the trace cannot be read. */
gboolean lttv_window_stats_job_step(LttvWindowStatsJob *job, gint64 budget_us, GError **error);
/* How much of [t0, t1) is counted, 0..1. */
gdouble lttv_window_stats_job_progress(const LttvWindowStatsJob *job);
/* Once step returned FALSE without error: the statistics, closed at t1,
 * given to the caller (free with lttv_window_stats_free); NULL before and
 * after. */
LttvStats *lttv_window_stats_job_take(LttvWindowStatsJob *job);
void lttv_window_stats_job_free(LttvWindowStatsJob *job);

/* What the results take: heap bytes, and bytes of anonymous mappings (the
 * interval changes and the serialized checkpoints). */
void lttv_precompute_sizes(const LttvPrecompute *p, gsize *heap, gsize *mapped);

/* The name of a mode's submode (a system call, an IRQ line, a soft IRQ
 * vector) as far as the pass has met it, or NULL: for viewers that show
 * what the intervals' submode numbers mean.  The pass keeps its final
 * state for this; results read from the cache restore the state at the
 * last checkpoint once (a replay of at most one checkpoint interval). */
const char *lttv_precompute_submode_name(LttvPrecompute *p, gint32 mode, gint32 submode);
/* f(data, ev) is called with every event of the pass (a const LttEvent *),
 * in time order, after the state applied it: for analyses that join the
 * pass.  Add before the first step. */
void lttv_precompute_add_event_hook(LttvPrecompute *p, LttvHook f, gpointer data);

G_END_DECLS

#endif
