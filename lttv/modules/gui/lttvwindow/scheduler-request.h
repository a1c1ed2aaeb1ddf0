/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* scheduler-request.h: one events request as the scheduler keeps it (a
 * private part of scheduler.c): its own copy of the viewer's request, where
 * it stands, and the wrappers that attach its hooks to the context for a
 * chunk.  The wrappers check that the request is still going on before each
 * call, so a request ended from inside a hook gets no further event even
 * though the hook lists of the event in progress still name it. */
#ifndef LTTVWINDOW_SCHEDULER_REQUEST_H
#define LTTVWINDOW_SCHEDULER_REQUEST_H

#include "events-request.h"

typedef enum {
	SCHED_REQUEST_WAITING,      /* its start is not reached yet */
	SCHED_REQUEST_ACTIVE,       /* started: receives events */
	SCHED_REQUEST_ENDED
} SchedRequestState;

typedef struct _SchedRequest SchedRequest;

/* A hook of the request, called through a wrapper. */
typedef struct {
	SchedRequest *req;
	LttvHook hook;
	gpointer hook_data;
	char *channel, *name;       /* by-name hooks only */
} SchedBinding;

struct _SchedRequest {
	guint handle;
	LttvwindowEventsRequest r;  /* positions and the by-name array are the request's own */
	SchedRequestState state;
	gboolean finish;            /* a hook returned TRUE or the count is reached: ends at the next stop */
	gboolean attached;          /* in a chunk: hooks on the context, before_chunk called */
	guint64 delivered;
	SchedBinding *events;       /* r.event's hooks while attached */
	guint n_events;
	SchedBinding *by_name;      /* r.n_event_by_name of them */
};

/* Copies r; ctx is the context the positions belong to. */
SchedRequest *sched_request_new(const LttvwindowEventsRequest *r, guint handle, const LttvTracesetContext *ctx);
void sched_request_free(SchedRequest *q);

/* Starts a chunk for q: adds its hooks to ctx, calls its before_chunk hooks. */
void sched_request_attach(SchedRequest *q, LttvTracesetContext *ctx);
/* Ends the chunk: calls its after_chunk hooks, removes its hooks.  Safe from
 * inside a hook (the bindings stay allocated until attach or free). */
void sched_request_detach(SchedRequest *q, LttvTracesetContext *ctx);

/* Where q starts: its time, and whether the start is a position. */
LttTime sched_request_start_time(const SchedRequest *q);
/* Orders starts: time first; at equal times a time start (the first event
 * at that time) comes before a position. */
int sched_request_start_compare(const SchedRequest *a, const SchedRequest *b);

#endif
