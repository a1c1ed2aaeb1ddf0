/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* scheduler.h: the foreground scheduler of a tab (seed 000).
 *
 * One per traceset (tab).  It owns the tab's traceset context and process
 * state, keeps the pending events requests, and services them from a g_idle
 * callback (G_PRIORITY_DEFAULT_IDLE, above every background scheduler) in
 * chunks of at most about chunk_usec: requests are merged by start (lowest
 * time or position first; requests that start where the pass stands join
 * it; one whose start the pass has gone by waits for the next pass), a read
 * ends at the nearest request end or next request start, and each request
 * gets exactly its own events.  The callback is removed when nothing is
 * pending and added again by the next submit.
 *
 * Before delivering from a seek point the scheduler restores the state by
 * a read without the viewers' hooks, itself in chunks: from the nearest
 * checkpoints once every trace has them in its cache, otherwise from the
 * start of the traces; a pass that can read on to the next start without
 * passing a checkpoint does so instead of seeking.
 *
 * Requests may be submitted and cancelled at any time, also from inside a
 * hook the scheduler is calling: a request cancelled from a hook gets no
 * further event; one submitted from a hook is serviced from the next chunk.
 *
 * Never call from inside the scheduler's hooks: lttvwindow_scheduler_free,
 * lttvwindow_scheduler_set_traceset, nor anything that iterates the GTK main
 * loop (gtk_main_iteration, dialogs' gtk_dialog_run): the scheduler is not
 * reentrant.
 */
#ifndef LTTVWINDOW_SCHEDULER_H
#define LTTVWINDOW_SCHEDULER_H

#include <glib.h>
#include <lttv/traceset.h>
#include <lttv/tracecontext.h>
#include <lttv/state-context.h>
#include "events-request.h"

G_BEGIN_DECLS

typedef struct _LttvwindowScheduler LttvwindowScheduler;

/* Default chunk: the window must never freeze (DESIGN.md §5). */
#define LTTVWINDOW_CHUNK_USEC 20000

/* A scheduler over ts (the caller keeps ts alive while the scheduler is). */
LttvwindowScheduler *lttvwindow_scheduler_new(LttvTraceset *ts);
/* Cancels every request (their after_request hooks are called). */
void lttvwindow_scheduler_free(LttvwindowScheduler *s);

/* The traceset changed (a trace added or removed): every pending request
 * is cancelled (after_request called), the context is rebuilt. */
void lttvwindow_scheduler_set_traceset(LttvwindowScheduler *s, LttvTraceset *ts);

LttvTracesetContext *lttvwindow_scheduler_context(const LttvwindowScheduler *s);
LttvContextState *lttvwindow_scheduler_state(const LttvwindowScheduler *s);

/* Takes a copy of r (r may be freed on return); returns a handle for
 * lttvwindow_scheduler_cancel.  Handles are never reused; 0 means r was
 * refused (r->trace is not a trace of the traceset). */
guint lttvwindow_scheduler_submit(LttvwindowScheduler *s, const LttvwindowEventsRequest *r);
/* Ends one request now (after_request is called); FALSE when it had
 * already ended. */
gboolean lttvwindow_scheduler_cancel(LttvwindowScheduler *s, guint handle);
/* Ends every request of owner; returns how many. */
guint lttvwindow_scheduler_remove_owner(LttvwindowScheduler *s, gpointer owner);

/* Requests not yet ended. */
guint lttvwindow_scheduler_pending(const LttvwindowScheduler *s);
/* Services requests now, without the main loop, until none is pending or
 * max_usec has passed (0: no limit); for tests and the script's `wait`.
 * Returns TRUE when none is pending. */
gboolean lttvwindow_scheduler_run(LttvwindowScheduler *s, gint64 max_usec);

/* Chunk length (default LTTVWINDOW_CHUNK_USEC). */
void lttvwindow_scheduler_set_chunk(LttvwindowScheduler *s, gint64 usec);

/* Called as notify(data, s) from the main loop (or from _run, _cancel,
 * _remove_owner) each time the last pending request has ended, so that a
 * waiter (the script's `wait`) needs no polling.  It may free s. */
void lttvwindow_scheduler_set_idle_notify(LttvwindowScheduler *s, GFunc notify, gpointer data);

G_END_DECLS

#endif
