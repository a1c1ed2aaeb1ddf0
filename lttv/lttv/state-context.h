/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* state-context.h: the process state engine attached to a traceset context:
 * one LttvTraceState per trace, kept current by an event hook at
 * LTTV_PRIO_STATE (so hooks of lower priority see the state after the
 * event), and seeks that restore every state from checkpoints. */
#ifndef LTTV_STATE_CONTEXT_H
#define LTTV_STATE_CONTEXT_H

#include <glib.h>
#include "tracecontext.h"
#include "event-index.h"
#include "state.h"
#include "checkpoint.h"
#include "stats.h"
#include "precompute.h"

G_BEGIN_DECLS

typedef struct _LttvContextState LttvContextState;

/* A state per trace of ctx, as before the first event.  ctx must outlive it. */
LttvContextState *lttv_context_state_new(LttvTracesetContext *ctx);
/* Also removes the hooks it still has on ctx. */
void lttv_context_state_free(LttvContextState *cs);

/* While added, every event ctx delivers updates its trace's state. */
void lttv_context_state_add_hooks(LttvContextState *cs);
void lttv_context_state_remove_hooks(LttvContextState *cs);

/* The state of trace i of the traceset. */
LttvTraceState *lttv_context_state_get(const LttvContextState *cs, guint i);

/* Gets the checkpoints of every trace: from its cache file when valid for
 * interval (0: the default), otherwise by one pass over the traceset on a
 * private context (then written to the cache).  ctx is not moved. */
void lttv_context_state_compute_checkpoints(LttvContextState *cs, guint interval);
/* Checkpoints of trace i, NULL before compute_checkpoints. */
const LttvCheckpoints *lttv_context_state_checkpoints(const LttvContextState *cs, guint i);

/* Seeks of trace i restore its state from p's checkpoints (the shared
 * precomputation of that trace, lttv_precompute_find) once p is done: at
 * most one of its checkpoint intervals replayed, on a reader of its own,
 * where the context's own checkpoints may be missing (they come from a
 * cache file only a full pass writes).  cs keeps a reference to p. */
void lttv_context_state_use_precompute(LttvContextState *cs, guint i, LttvPrecompute *p);
/* Whether a time seek restores every trace's state at any time for at most
 * a checkpoint interval each: every trace has a done precomputation. */
gboolean lttv_context_state_seeks_anywhere(const LttvContextState *cs);

/* Makes the first event at or after t the next one ctx delivers, with every
 * state as just before it: nearest checkpoint, then a state-only replay on a
 * private context.  Without checkpoints the replay starts at the beginning. */
void lttv_context_state_seek_time(LttvContextState *cs, LttTime t);
/* The same for the event at pos (saved from a context over the same
 * traces): every state as just before it, and it is the next event ctx
 * delivers.  FALSE + error (ctx and states untouched) when pos belongs to
 * another traceset. */
gboolean lttv_context_state_seek_position(LttvContextState *cs, const LttvTracesetContextPosition *pos,
                                          GError **error);
/* The same for event number n of idx (an index of ctx's traces). */
gboolean lttv_context_state_seek_event_number(LttvContextState *cs, LttvEventIndex *idx, guint64 n,
                                              GError **error);

/* Statistics of every trace from time start on (usually where the context
 * was just seeked to): the state hook then counts each event before
 * applying it.  A seek drops them. */
void lttv_context_state_start_stats(LttvContextState *cs, LttTime start);
/* Closes them at end (lttv_stats_close); they stay readable. */
void lttv_context_state_stop_stats(LttvContextState *cs, LttTime end);
/* Statistics of trace i, NULL when none were started. */
LttvStats *lttv_context_state_stats(const LttvContextState *cs, guint i);

G_END_DECLS

#endif
