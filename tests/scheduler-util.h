/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* scheduler-util.h: what the scheduler tests share: a traceset of ltt-synth
 * traces, its brute-force read (every event in merge order, with a position
 * per event), and fake viewers that record the events they receive. */
#ifndef SCHEDULER_UTIL_H
#define SCHEDULER_UTIL_H

#include <lttv/tracecontext.h>
#include <lttv/state-context.h>
#include "lttvwindow/scheduler.h"

typedef struct {
	guint trace;
	LttTime time;
	const char *name;           /* interned */
} RefEvent;

typedef struct {
	LttvTraceset *set;
	char *paths[2];
	GArray *events;             /* RefEvent, in merge order */
	GPtrArray *positions;       /* LttvTracesetContextPosition *, one per event */
	GHashTable *index;          /* event key -> index + 1 */
} Reference;

/* Two synth traces in dir, read once from start to end. */
Reference *reference_new(const char *dir);
void reference_free(Reference *ref);
/* Index of the event a hook is delivering. */
guint reference_index(const Reference *ref, const LttvTracefileContext *tfc);

/* What a viewer asks, in reference terms: a start (time, or event index
 * when start_index >= 0), an end (time, event index when end_index >= 0,
 * a count), a trace (-1: all), an event name (NULL: all). */
typedef struct {
	LttTime start_time;
	gint start_index;
	LttTime end_time;
	gint end_index;
	guint64 num_events;
	gint trace;
	const char *name;
} Ask;

#define ASK_ALL { 0, -1, LTT_TIME_INFINITE, -1, G_MAXUINT64, -1, NULL }

/* The brute-force answer: indices of the events ask designates. */
GArray *reference_expected(const Reference *ref, const Ask *ask);

typedef struct _Viewer Viewer;
typedef gboolean (*ViewerEventFunc)(Viewer *v, guint index, LttvTracefileContext *tfc);

struct _Viewer {
	const Reference *ref;
	LttvwindowScheduler *s;
	Ask ask;
	guint handle;
	GArray *got;                /* indices received */
	guint before_request, after_request;
	guint chunks_open;          /* before_chunk_traceset minus after */
	guint chunks;
	gboolean check_state;       /* compare the state at the first event with a replay */
	guint state_index;          /* that event */
	GPtrArray *states;          /* LttvTraceState *: the states before it, one per trace */
	ViewerEventFunc on_event;   /* called after recording; its result is the hook's */
	gpointer data;
	LttvHooks *event, *before, *after, *before_chunk, *after_chunk;
	LttvwindowEventHookByName by_name;
};

/* A viewer of s asking ask (not submitted yet). */
Viewer *viewer_new(const Reference *ref, LttvwindowScheduler *s, const Ask *ask);
void viewer_free(Viewer *v);
/* Submits the viewer's request (owner: the viewer). */
void viewer_submit(Viewer *v);
/* Fails unless the viewer got exactly the brute-force answer, once, its
 * request ended, and (check_state) the states before its first event were
 * those of a replay.  Only once the scheduler is idle: it reads the traces. */
void viewer_assert_exact(const Viewer *v);
/* Fails unless got equals the indices [from, to) of the reference. */
void viewer_assert_range(const Viewer *v, guint from, guint to);

/* Runs the main loop until s has nothing pending (through the idle notify). */
void run_until_idle(LttvwindowScheduler *s);

#endif
