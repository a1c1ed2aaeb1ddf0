/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* events-request.h: what a viewer asks of its tab's foreground scheduler.
 *
 * Viewers never read a trace.  A viewer fills an LttvwindowEventsRequest
 * (what range, which hooks) and hands it to its tab's scheduler
 * (scheduler.h); the scheduler merges every pending request of the tab into
 * one read pass, in chunks of at most about 20 ms from a g_idle callback,
 * and calls each request's hooks with exactly the events it asked for.
 *
 * Range: from start_time or, when start_position is set, from the event at
 * start_position; up to the first of end_time (exclusive), num_events
 * delivered events, end_position (exclusive), or the end of the traceset.
 * The process state seen by the hooks (LttvContextState) is the one just
 * before each delivered event: the scheduler restores it through the
 * checkpoints before delivering from a seek point.
 *
 * Hooks of the LttvHooks lists receive the hook_data they were added with;
 * event_by_name hooks, which have none, receive the request's hook_data
 * (usually the viewer).  call_data: the LttvTracesetContext for the
 * traceset hooks, the LttvTraceContext for the trace hooks, the
 * LttvTracefileContext for the tracefile and event hooks (tfc->e is the
 * event).  Event hooks keep their priorities against the state's hook
 * (LTTV_PRIO_STATE): below it they see the state before the event, above it
 * the state after; event_by_name hooks run at LTTV_PRIO_DEFAULT.  An event
 * hook returning TRUE ends its own request only, after that event
 * (after_request is then called); other requests go on.
 *
 * num_events counts the events of the request's traces in its range, those
 * no event_by_name hook matched included.  The chunk hooks run around each
 * main-loop iteration in which the scheduler reads for the request.
 * before_request runs when the request starts; after_request once when it
 * ends however it ends (also when cancelled before it started).
 * Positions must come from a context over the same traceset.
 *
 * Thread rule: requests, schedulers, contexts and hooks live on the main
 * thread (the one running the GTK main loop).
 */
#ifndef LTTVWINDOW_EVENTS_REQUEST_H
#define LTTVWINDOW_EVENTS_REQUEST_H

#include <glib.h>
#include <lttv/hook.h>
#include <lttv/tracecontext.h>

G_BEGIN_DECLS

typedef struct _LttvwindowEventsRequest LttvwindowEventsRequest;

/* One event hook restricted to the events of one name in one channel
 * (event ids are per channel, so names are what a viewer knows). */
typedef struct {
	const char *channel;        /* NULL: every channel */
	const char *name;           /* event name, e.g. "sched_switch" */
	LttvHook hook;
} LttvwindowEventHookByName;

struct _LttvwindowEventsRequest {
	gpointer owner;             /* who asked: lttvwindow_scheduler_remove_owner(owner) cancels */
	gpointer hook_data;         /* passed to every hook of the request */

	/* Where to start: start_position when non-NULL, else start_time. */
	LttTime start_time;
	const LttvTracesetContextPosition *start_position;  /* copied at submit */

	/* Where to stop: the first reached of these. */
	LttTime end_time;           /* exclusive; LTT_TIME_INFINITE: no limit */
	guint64 num_events;         /* G_MAXUINT64: no limit */
	const LttvTracesetContextPosition *end_position;    /* exclusive; copied at submit; NULL: none */

	gint trace;                 /* only this trace's events (index in the traceset); -1: all */

	/* Each may be NULL. */
	LttvHooks *before_request, *after_request;   /* call_data: LttvTracesetContext * */
	LttvHooks *before_chunk_traceset, *after_chunk_traceset;
	LttvHooks *before_chunk_trace, *after_chunk_trace;
	LttvHooks *before_chunk_tracefile, *after_chunk_tracefile;
	LttvHooks *event;           /* every delivered event */
	const LttvwindowEventHookByName *event_by_name;  /* array of n_event_by_name, copied at submit */
	guint n_event_by_name;
};

/* A request with no range limit and no hooks: start at time zero, end at
 * LTT_TIME_INFINITE, no event limit, every trace.  Free with
 * lttvwindow_events_request_free (which does not free the hook lists: they
 * belong to the viewer). */
LttvwindowEventsRequest *lttvwindow_events_request_new(gpointer owner, gpointer hook_data);
void lttvwindow_events_request_free(LttvwindowEventsRequest *r);

G_END_DECLS

#endif
