/* background.h: the background scheduler of a trace (seed 000).
 *
 * One per opened trace, shared by every tab and window that shows it.  It
 * drives the trace's precomputation service (lttv/precompute.h: state
 * checkpoints, cumulative statistics, state intervals, event index) in
 * steps from a g_idle callback at a priority below every foreground
 * scheduler (G_PRIORITY_LOW), so that no precomputation runs while a
 * viewer waits for events.  Viewers ask to be told when the results reach
 * a time or the end; the results are kept in the trace's cache file, so a
 * second open is instant.
 */
#ifndef LTTVWINDOW_BACKGROUND_H
#define LTTVWINDOW_BACKGROUND_H

#include <glib.h>
#include <lttv/hook.h>
#include <lttv/traceset.h>

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

gboolean lttvwindow_background_ready(const LttvwindowBackground *b);      /* everything computed */
gboolean lttvwindow_background_in_progress(const LttvwindowBackground *b);
gdouble lttvwindow_background_progress(const LttvwindowBackground *b);   /* 0..1 */
/* Results are valid for times before this. */
LttTime lttvwindow_background_ready_until(const LttvwindowBackground *b);

/* Calls f(data, b) once, from the main loop, when the results reach t
 * (LTT_TIME_INFINITE: the end), at once if they already have.  owner is
 * what lttvwindow_background_remove_owner cancels. */
guint lttvwindow_background_notify(LttvwindowBackground *b, LttTime t, gpointer owner,
                                   LttvHook f, gpointer data);
guint lttvwindow_background_remove_owner(LttvwindowBackground *b, gpointer owner);

/* Called after each step (progress changed): the status bar listens. */
guint lttvwindow_background_add_progress_listener(LttvwindowBackground *b, GFunc f, gpointer data);
void lttvwindow_background_remove_progress_listener(LttvwindowBackground *b, guint id);

G_END_DECLS

#endif
