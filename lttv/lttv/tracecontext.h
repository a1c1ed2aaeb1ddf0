/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* tracecontext.h: reading a traceset in time order and calling hooks.
 *
 * A traceset context holds one trace context per trace and one tracefile
 * context per tracefile.  They are GObjects so that analyses extend them:
 * a subclass overrides new_trace_context / new_tracefile_context to create
 * its own per-trace and per-tracefile objects (process state, statistics)
 * and chains up init / fini.
 *
 * Reading merges every tracefile of every trace in (time, trace index,
 * tracefile index) order: events with equal times always come in the same
 * order, so a saved position designates one event and seeking to it resumes
 * exactly there (seed 001).  The merge reads ahead by windows of time: it
 * copies the events of every tracefile within the window and sorts them,
 * so its cost per event does not grow with the number of tracefiles.
 * Inside an event hook, tfc->e is that copy: the tracefile's own cursor is
 * already further on.  After ltt_trace_reload, seek again (the copies
 * point into the old mappings).
 *
 * The usual sequence:
 *   lttv_process_traceset_begin(ctx, ...)     add hooks, call "before" hooks
 *   lttv_process_traceset_seek_time(ctx, t)   or seek_position
 *   lttv_process_traceset_middle(ctx, ...)    as many times as needed (chunks)
 *   lttv_process_traceset_end(ctx, ...)       call "after" hooks, remove hooks
 *
 * A GUI scheduler reads in chunks from a g_idle callback: middle with a
 * count budget returns, the callback yields, the next call continues from
 * where the previous stopped; positions stay valid between chunks.
 * Contexts of the same process may share traces (one LttTrace per path):
 * each context re-seeks a tracefile another context moved, so they can be
 * used in turn from one thread (not from inside each other's hooks).
 * Whatever else reads a trace (statistics fast paths, worker threads)
 * reads through readers of its own (ltt_trace_new_reader), never the
 * shared cursors.
 *
 * Thread rule: contexts, positions, event indexes, context states and hook
 * lists belong to the main thread (the GUI's); a worker thread reads with
 * an LttTrace reader of its own and hands its results to the main loop.
 *
 * Fields marked private below may change without notice; modules read the
 * others and change none (doc/core-api.md).
 */
#ifndef LTTV_TRACECONTEXT_H
#define LTTV_TRACECONTEXT_H

#include <glib.h>
#include <glib-object.h>
#include <ltt/trace.h>
#include <ltt/tracefile.h>
#include <ltt/event.h>
#include "attribute.h"
#include "hook.h"
#include "traceset.h"

G_BEGIN_DECLS

typedef struct _LttvTracesetContext LttvTracesetContext;
typedef struct _LttvTracesetContextClass LttvTracesetContextClass;
typedef struct _LttvTraceContext LttvTraceContext;
typedef struct _LttvTraceContextClass LttvTraceContextClass;
typedef struct _LttvTracefileContext LttvTracefileContext;
typedef struct _LttvTracefileContextClass LttvTracefileContextClass;
typedef struct _LttvTracesetContextPosition LttvTracesetContextPosition;
typedef struct _LttvContextReader LttvContextReader;

#define LTTV_TYPE_TRACESET_CONTEXT (lttv_traceset_context_get_type())
#define LTTV_TRACESET_CONTEXT(o) (G_TYPE_CHECK_INSTANCE_CAST((o), LTTV_TYPE_TRACESET_CONTEXT, LttvTracesetContext))
#define LTTV_TRACESET_CONTEXT_CLASS(c) (G_TYPE_CHECK_CLASS_CAST((c), LTTV_TYPE_TRACESET_CONTEXT, LttvTracesetContextClass))
#define LTTV_IS_TRACESET_CONTEXT(o) (G_TYPE_CHECK_INSTANCE_TYPE((o), LTTV_TYPE_TRACESET_CONTEXT))
#define LTTV_TRACESET_CONTEXT_GET_CLASS(o) (G_TYPE_INSTANCE_GET_CLASS((o), LTTV_TYPE_TRACESET_CONTEXT, LttvTracesetContextClass))

#define LTTV_TYPE_TRACE_CONTEXT (lttv_trace_context_get_type())
#define LTTV_TRACE_CONTEXT(o) (G_TYPE_CHECK_INSTANCE_CAST((o), LTTV_TYPE_TRACE_CONTEXT, LttvTraceContext))
#define LTTV_IS_TRACE_CONTEXT(o) (G_TYPE_CHECK_INSTANCE_TYPE((o), LTTV_TYPE_TRACE_CONTEXT))

#define LTTV_TYPE_TRACEFILE_CONTEXT (lttv_tracefile_context_get_type())
#define LTTV_TRACEFILE_CONTEXT(o) (G_TYPE_CHECK_INSTANCE_CAST((o), LTTV_TYPE_TRACEFILE_CONTEXT, LttvTracefileContext))
#define LTTV_IS_TRACEFILE_CONTEXT(o) (G_TYPE_CHECK_INSTANCE_TYPE((o), LTTV_TYPE_TRACEFILE_CONTEXT))

GType lttv_traceset_context_get_type(void);
GType lttv_trace_context_get_type(void);
GType lttv_tracefile_context_get_type(void);

/* A context reads the traces its traceset held when the context was made
 * (a snapshot): traces added to or removed from the traceset afterwards
 * change nothing for it; make a new context to read them. */
struct _LttvTracesetContext {
	GObject parent;
	LttvTraceset *ts;               /* the traceset given at init (it may hold other traces since) */
	guint n_traces;
	LttvTraceContext **traces;
	LttvAttribute *a;               /* this context's results */
	LttTime start_time, end_time;   /* first and last event over the traceset */
	LttvContextReader *reader;      /* private: the merge and its read-ahead window */
};

struct _LttvTracesetContextClass {
	GObjectClass parent;
	/* Builds the trace and tracefile contexts; subclasses chain up first. */
	void (*init)(LttvTracesetContext *self, LttvTraceset *ts);
	/* Undoes init; subclasses free their data, then chain up. */
	void (*fini)(LttvTracesetContext *self);
	LttvTraceContext *(*new_trace_context)(LttvTracesetContext *self);
	LttvTracefileContext *(*new_tracefile_context)(LttvTracesetContext *self);
};

struct _LttvTraceContext {
	GObject parent;
	LttvTracesetContext *ts_context;
	guint index;                    /* in the traceset */
	LttvTrace *vt;
	LttTrace *t;
	guint n_tracefiles;
	LttvTracefileContext **tracefiles;  /* in the trace's order (channel, then CPU) */
	LttvAttribute *a;
};

struct _LttvTraceContextClass {
	GObjectClass parent;
};

struct _LttvTracefileContext {
	GObject parent;
	LttvTraceContext *t_context;
	guint index;                    /* in the trace */
	LttTracefile *tf;
	/* Hooks called for each event of this tracefile, the two lists merged
	 * by priority; call_data is this tracefile context.  A hook returning
	 * TRUE stops lttv_process_traceset_middle after this event. */
	LttvHooks *event;
	LttvHooksById *event_by_id;     /* by event type id (ids are per channel) */
	/* While an event hook runs: the event (e->time is its time), valid
	 * until the hook returns. */
	const LttEvent *e;
	LttvAttribute *a;
};

struct _LttvTracefileContextClass {
	GObjectClass parent;
};

#define LTTV_CONTEXT_ERROR (lttv_context_error_quark())
GQuark lttv_context_error_quark(void);
typedef enum {
	LTTV_CONTEXT_ERROR_POSITION,   /* a position saved from another traceset, or not found */
	LTTV_CONTEXT_ERROR_NOT_INDEXED /* an event number the event index does not cover (yet) */
} LttvContextError;

/* Creates an LttvTracesetContext over the traces ts holds now (init done).
 * The context holds a reference on each trace; ts itself must outlive the
 * context (it stays self->ts, for its attributes). */
LttvTracesetContext *lttv_traceset_context_new(LttvTraceset *ts);
/* A new traceset holding the traces self reads, in the same order: what a
 * private context over the same traces (a pass that must not move self) is
 * made from.  Free with lttv_traceset_destroy once that context is gone. */
LttvTraceset *lttv_traceset_context_snapshot(const LttvTracesetContext *self);
/* For subclasses created with g_object_new: calls the class's init / fini.
 * fini also runs at dispose if it was not called. */
void lttv_context_init(LttvTracesetContext *self, LttvTraceset *ts);
void lttv_context_fini(LttvTracesetContext *self);

/* Adds the "event" and "event_by_id" lists to every tracefile context,
 * then calls before_traceset (call_data: self), before_trace (each trace
 * context), before_tracefile (each tracefile context).  Any may be NULL.
 * event_by_id applies one id numbering to every tracefile: use it for one
 * channel, or lttv_traceset_context_add_event_hook to go by name. */
void lttv_process_traceset_begin(LttvTracesetContext *self, LttvHooks *before_traceset,
                                 LttvHooks *before_trace, LttvHooks *before_tracefile,
                                 LttvHooks *event, LttvHooksById *event_by_id);
/* Calls the after hooks (tracefiles, traces, traceset), then removes the
 * event lists that begin added. */
void lttv_process_traceset_end(LttvTracesetContext *self, LttvHooks *after_traceset,
                               LttvHooks *after_trace, LttvHooks *after_tracefile,
                               LttvHooks *event, LttvHooksById *event_by_id);

/* Adds hook to the by-id list of the event type named name in channel
 * (NULL: any channel) of every trace, in each tracefile of that channel.
 * Returns how many (trace, type) pairs matched. */
guint lttv_traceset_context_add_event_hook(LttvTracesetContext *self, const char *channel,
                                           const char *name, LttvHook hook, void *hook_data,
                                           LttvHookPriority prio);
guint lttv_traceset_context_remove_event_hook(LttvTracesetContext *self, const char *channel,
                                              const char *name, LttvHook hook, void *hook_data);

/* Delivers events in time order and returns how many.  Stops before the
 * first event at or after end_time, before the event at end_position (NULL:
 * none), after max_events events, after an event for which a hook returned
 * TRUE, or at the end of the traceset.  Each stop leaves the context at the
 * next undelivered event: calling middle again continues there. */
guint64 lttv_process_traceset_middle(LttvTracesetContext *self, LttTime end_time, guint64 max_events,
                                     const LttvTracesetContextPosition *end_position);
/* The same, also returning once max_usec microseconds of elapsed time have
 * passed: a g_idle scheduler's chunk that keeps the window responsive
 * whatever the hooks cost.  The clock is read more often when events cost
 * more (from every event to every 1,024), so the call returns within
 * max_usec plus the cost of about one event (doc/core-api.md); it
 * delivers at least one event when one is left.  This is the one call
 * that takes every stop together: end time, end position, count, budget. */
guint64 lttv_process_traceset_middle_budget(LttvTracesetContext *self, LttTime end_time,
                                            guint64 max_events,
                                            const LttvTracesetContextPosition *end_position,
                                            gint64 max_usec);
/* The same for readers that select by time: when max_events is reached it
 * goes on with the events that share the last event's time, so that a time
 * can always be resumed with seek_time (seed 001). */
guint64 lttv_process_traceset_middle_time(LttvTracesetContext *self, LttTime end_time,
                                          guint64 max_events);

/* How many events the merge reads ahead at a time (default: 16 per
 * tracefile, at least 4,096 and at most 65,536; taken between 1 and
 * 1,048,576).  Fewer cost more per event and less per seek; they apply from
 * the next window. */
void lttv_traceset_context_set_read_ahead(LttvTracesetContext *self, guint events);

/* Makes the first event at or after t the next one to deliver. */
void lttv_process_traceset_seek_time(LttvTracesetContext *self, LttTime t);
/* Makes the event at pos the next one to deliver. */
gboolean lttv_process_traceset_seek_position(LttvTracesetContext *self,
                                             const LttvTracesetContextPosition *pos, GError **error);
/* Moves over n events without calling hooks; returns how many were passed
 * (fewer at the end / the start of the traceset). */
guint64 lttv_process_traceset_seek_n_forward(LttvTracesetContext *self, guint64 n);
guint64 lttv_process_traceset_seek_n_backward(LttvTracesetContext *self, guint64 n);

/* What a bounded seek over n events may do (all fields optional: zero
 * them, then set what is needed). */
typedef struct {
	/* Only events for which filter(filter_data, tfc) returns TRUE count
	 * (tfc->e is the event, as in an event hook); NULL: every event. */
	LttvHook filter;
	void *filter_data;
	/* Polled every 256 events examined: TRUE ends the call (a key press
	 * made the seek useless). */
	gboolean (*stop)(void *stop_data);
	void *stop_data;
	/* Events one call examines at most, accepted or not (0: no bound), so
	 * that a filter that accepts nothing cannot freeze the caller. */
	guint64 max_examined;
	/* Going forward: stops before the event end designates (NULL: none). */
	const LttvTracesetContextPosition *end;
} LttvSeekLimits;

/* Forward: passes n accepted events and the others before them; the next
 * event is the one after the n-th accepted.  Backward: goes back over n
 * accepted events; the next event is the one after the accepted event
 * before them (or the first of the traceset).  Both return how many
 * accepted events were passed: fewer than n at the end or start of the
 * traceset, or when the stop check or the bound ended the call, which
 * leaves the context where it got to (call again for the rest).  Going
 * back examines events in windows of time and may give up at a window's
 * start; limits may be NULL. */
guint64 lttv_process_traceset_seek_n_forward_limited(LttvTracesetContext *self, guint64 n,
                                                     const LttvSeekLimits *limits);
guint64 lttv_process_traceset_seek_n_backward_limited(LttvTracesetContext *self, guint64 n,
                                                      const LttvSeekLimits *limits);
/* Moves forward to pos (at or after the current position) without calling
 * hooks; returns how many events were passed. */
guint64 lttv_process_traceset_seek_to_position(LttvTracesetContext *self,
                                               const LttvTracesetContextPosition *pos);

/* No event left to deliver. */
gboolean lttv_traceset_context_at_end(const LttvTracesetContext *self);
/* Time of the next event to deliver (of the current one inside a hook);
 * LTT_TIME_INFINITE at the end. */
LttTime lttv_traceset_context_current_time(const LttvTracesetContext *self);

/*
 * Positions: where every tracefile of the traceset is.  Saved inside an
 * event hook, the position designates the event being delivered; saved
 * between reads, the next event to deliver.
 */
LttvTracesetContextPosition *lttv_traceset_context_position_new(const LttvTracesetContext *self);
void lttv_traceset_context_position_destroy(LttvTracesetContextPosition *pos);
void lttv_traceset_context_position_save(const LttvTracesetContext *self,
                                         LttvTracesetContextPosition *pos);
void lttv_traceset_context_position_copy(LttvTracesetContextPosition *dest,
                                         const LttvTracesetContextPosition *src);
/* Makes pos (of a context over n tracefiles) designate the event the
 * context delivers next when each tracefile i, in the context's order, is
 * at places[i] (has[i] FALSE: at its end): for places another reader
 * recorded (the precomputation's event marks, event-index.c). */
void lttv_traceset_context_position_set(LttvTracesetContextPosition *pos, const LttEventPosition *places,
                                        const gboolean *has, guint n);
/* Merge order of the events two positions designate; the end of the
 * traceset comes after every event. */
int lttv_traceset_context_position_compare(const LttvTracesetContextPosition *a,
                                           const LttvTracesetContextPosition *b);
/* The same between the context's current position and pos. */
int lttv_traceset_context_ctx_pos_compare(const LttvTracesetContext *self,
                                          const LttvTracesetContextPosition *pos);
/* Time of the designated event; LTT_TIME_INFINITE for the end. */
LttTime lttv_traceset_context_position_get_time(const LttvTracesetContextPosition *pos);

G_END_DECLS

#endif
