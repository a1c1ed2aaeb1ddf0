/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* event-index.h: event numbers over a traceset, for viewers that scroll by
 * event (an event list): the position of every K-th event in merge order,
 * so that event number N is found by one seek and fewer than K events
 * passed, and the number of the event at a position by a binary search and
 * fewer than K events.
 *
 * Over a single trace (and the interval left to the index) the saved
 * positions are the trace's precomputation's event marks (precompute.h):
 * the pass that computes the state and the intervals makes them, the cache
 * file keeps them, and stepping the index steps that pass (which the GUI's
 * background scheduler steps too).  Over several traces, or with an
 * interval of the caller's, a private context of the index reads the
 * traces in steps of its own.  Either way lookups go through a private
 * context over the traces of the context the index was made from: the
 * index never moves a viewer's context.  What is indexed is usable at once
 * ("ready up to" the count).  Main thread only, like contexts and hooks. */
#ifndef LTTV_EVENT_INDEX_H
#define LTTV_EVENT_INDEX_H

#include <glib.h>
#include "tracecontext.h"

G_BEGIN_DECLS

typedef struct _LttvEventIndex LttvEventIndex;

/* An index of the traces ctx reads (ctx itself is not kept).  interval:
 * events between two saved positions; 0 chooses one that keeps the index
 * under a few MiB (lttv_event_index_choose_interval), and over one trace
 * takes the precomputation's marks (what it has computed is indexed at
 * once: all of it when it came from the cache). */
LttvEventIndex *lttv_event_index_new(const LttvTracesetContext *ctx, guint interval);
void lttv_event_index_free(LttvEventIndex *idx);
/* The interval for `total` events over `tracefiles` tracefiles: 1,024 for
 * a few tracefiles, more when a position holds many. */
guint lttv_event_index_choose_interval(guint64 total, guint tracefiles);

/* Indexes on for about budget_usec microseconds (at least one event);
 * TRUE once no step will index more: the whole traceset is indexed, or
 * the index stopped (lttv_event_index_stopped). */
gboolean lttv_event_index_step(LttvEventIndex *idx, gint64 budget_usec);
/* The whole traceset at once (or until it stops). */
void lttv_event_index_build(LttvEventIndex *idx);
gboolean lttv_event_index_complete(const LttvEventIndex *idx);
/* The precomputation the index comes from stopped short (cancelled, or
 * the trace could not be read): the index stays partial, never complete;
 * its count is where it stopped, not the end. */
gboolean lttv_event_index_stopped(const LttvEventIndex *idx);

/* Events indexed so far: events 0 .. count-1 can be looked up (the total
 * once complete). */
guint64 lttv_event_index_count(const LttvEventIndex *idx);
/* The number of events the block headers announce, known at once; the
 * count is exact once complete (damaged events are skipped). */
guint64 lttv_event_index_total_estimate(const LttvEventIndex *idx);
guint lttv_event_index_interval(const LttvEventIndex *idx);

/* Makes event n (from 0) the next one ctx delivers (ctx over the same
 * traces as the index); n equal to the count of a complete index: the end.
 * FALSE + error (LTTV_CONTEXT_ERROR_NOT_INDEXED) when n is not indexed yet
 * or past the end. */
gboolean lttv_event_index_seek(LttvEventIndex *idx, LttvTracesetContext *ctx, guint64 n, GError **error);
/* Saves into pos (made for a context over the same traces) the position
 * of event n, as lttv_event_index_seek would reach it. */
gboolean lttv_event_index_position(LttvEventIndex *idx, guint64 n, LttvTracesetContextPosition *pos,
                                   GError **error);
/* The number of the event pos designates (the count for the end of a
 * complete index).  FALSE + error when pos is past what is indexed or
 * comes from another traceset. */
gboolean lttv_event_index_number(LttvEventIndex *idx, const LttvTracesetContextPosition *pos, guint64 *n,
                                 GError **error);

G_END_DECLS

#endif
