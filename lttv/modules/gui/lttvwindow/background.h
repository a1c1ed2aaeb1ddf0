/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* background.h: the background scheduler of a trace (seed 000).
 *
 * One per opened trace, shared by every tab and window that shows it.  It
 * drives the trace's precomputation service (lttv/precompute.h: state
 * checkpoints, cumulative statistics, state intervals, event index) in
 * steps from a g_idle callback at a priority below every foreground
 * scheduler (G_PRIORITY_LOW), so that no precomputation runs while a
 * viewer waits for events.  Viewers ask to be told when the results reach
 * a time, a position or the end.  The results are the service's, shared
 * by every tab and window; keeping them in the trace's cache, so that a
 * second open is instant, belongs to the service too.
 *
 * Notification and progress callbacks run inside the scheduler's idle
 * callback; they may call anything here, lttvwindow_background_unref
 * included.
 */
#ifndef LTTVWINDOW_BACKGROUND_H
#define LTTVWINDOW_BACKGROUND_H

#include <glib.h>
#include <lttv/hook.h>
#include <lttv/traceset.h>
#include <lttv/tracecontext.h>
#include <lttv/precompute.h>

G_BEGIN_DECLS

typedef struct _LttvwindowBackground LttvwindowBackground;

/* The trace's background scheduler, created on first use; takes a
 * reference (one per tab that shows the trace). */
LttvwindowBackground *lttvwindow_background_get(LttvTrace *t);
void lttvwindow_background_unref(LttvwindowBackground *b);

/* Starts (or resumes) the computation; it runs until done or stopped. */
void lttvwindow_background_start(LttvwindowBackground *b);
/* Pauses it (the Stop button); start resumes it where it was. */
void lttvwindow_background_stop(LttvwindowBackground *b);
/* Default step: GLib runs every ready idle callback of one priority in the
 * same main-loop turn, so a step shares its turn with the other work at
 * G_PRIORITY_LOW (an event list building its index, a --script line) and
 * must leave room in the turn's 50 ms (issue 19 §7).  The pass's CPU time
 * is the same as with 20 ms steps, within the machine's noise. */
#define LTTVWINDOW_BACKGROUND_STEP_USEC 8000

/* Work per step (default LTTVWINDOW_BACKGROUND_STEP_USEC). */
void lttvwindow_background_set_step(LttvwindowBackground *b, gint64 usec);

gboolean lttvwindow_background_ready(const LttvwindowBackground *b);      /* everything computed */
gboolean lttvwindow_background_in_progress(const LttvwindowBackground *b);  /* started, not stopped, not over */
/* Why the computation stopped short (the trace could not be read), or NULL. */
const GError *lttvwindow_background_error(const LttvwindowBackground *b);
/* What the user should be told, once each: the error that stopped the
 * computation, a cache found unusable (computed again); NULL when
 * nothing.  Free with g_free. */
char *lttvwindow_background_take_message(LttvwindowBackground *b);
/* The trace's precomputation service (checkpoints, intervals, window
 * statistics): what viewers read the results from. */
LttvPrecompute *lttvwindow_background_precompute(const LttvwindowBackground *b);
gdouble lttvwindow_background_progress(const LttvwindowBackground *b);   /* 0..1 */
/* Results are valid for times before this. */
LttTime lttvwindow_background_ready_until(const LttvwindowBackground *b);

/* Calls f(data, b) once, from the main loop, when the results reach t
 * (LTT_TIME_INFINITE: the end).  When they already have, f is called at
 * once and 0 returned; otherwise an id.  When the computation fails
 * (lttvwindow_background_error) the waiting notifications are called then:
 * the results will go no further.  owner is what
 * lttvwindow_background_remove_owner cancels. */
guint lttvwindow_background_notify(LttvwindowBackground *b, LttTime t, gpointer owner,
                                   LttvHook f, gpointer data);
/* The same when the results reach the event at pos (of any context over
 * a traceset holding the trace): they cover its time. */
guint lttvwindow_background_notify_position(LttvwindowBackground *b, const LttvTracesetContextPosition *pos,
                                            gpointer owner, LttvHook f, gpointer data);
guint lttvwindow_background_remove_owner(LttvwindowBackground *b, gpointer owner);

/* Called as f(data, b) after each step (progress changed) and when the
 * computation ends: the status bar listens. */
guint lttvwindow_background_add_progress_listener(LttvwindowBackground *b, GFunc f, gpointer data);
void lttvwindow_background_remove_progress_listener(LttvwindowBackground *b, guint id);

G_END_DECLS

#endif
