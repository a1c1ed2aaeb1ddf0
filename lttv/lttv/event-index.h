/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* event-index.h: event numbers over a traceset, for viewers that scroll by
 * event (an event list): the position of every K-th event in merge order,
 * so that event number N is found by one seek and fewer than K events
 * passed, and the number of the event at a position by a binary search and
 * fewer than K events.
 *
 * The index reads with a private context of its own over the traces of the
 * context it was made from: building it never moves a viewer's context.
 * It is built in steps of bounded time (lttv_event_index_step), so that a
 * background scheduler or the precomputation service drives it from the
 * main loop; what is indexed is usable at once ("ready up to" the count).
 * Main thread only, like contexts and hooks. */
#ifndef LTTV_EVENT_INDEX_H
#define LTTV_EVENT_INDEX_H

#include <glib.h>
#include "tracecontext.h"

G_BEGIN_DECLS

typedef struct _LttvEventIndex LttvEventIndex;

/* An empty index of the traces ctx reads (ctx itself is not kept).
 * interval: events between two saved positions; 0 chooses one that keeps
 * the index under a few MiB (1,024 for a traceset of a few tracefiles). */
LttvEventIndex *lttv_event_index_new(const LttvTracesetContext *ctx, guint interval);
void lttv_event_index_free(LttvEventIndex *idx);

/* Indexes on for about budget_usec microseconds (at least one event);
 * TRUE once the whole traceset is indexed. */
gboolean lttv_event_index_step(LttvEventIndex *idx, gint64 budget_usec);
/* The whole traceset at once. */
void lttv_event_index_build(LttvEventIndex *idx);
gboolean lttv_event_index_complete(const LttvEventIndex *idx);

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
