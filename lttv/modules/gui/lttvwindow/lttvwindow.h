/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* lttvwindow.h: the contract between lttv-gui and its viewer plugins.
 * A viewer plugin needs this header only; host.h is the host's side.
 *
 * A short guide to the whole API
 * ------------------------------
 * A viewer plugin is an lttv module (lttv/module.h): a shared library that
 * defines LTTV_MODULE(...).  Its init registers one or more viewers:
 *
 *     static GtkWidget *rate_new(LttvwindowTab *tab);
 *     static const LttvwindowViewerInfo rate_info = {
 *         LTTVWINDOW_ABI, "eventrate", "Event rate",
 *         "Events per time slot over the time window",
 *         GTK_STOCK_INDEX, NULL, rate_new };
 *     static gboolean init(GError **error)
 *     { return lttvwindow_register_viewer(&rate_info, error); }
 *     LTTV_MODULE("eventrate", "...", "...", init, NULL, NULL);
 *
 * The host then offers the viewer in Tools, on the toolbar, to
 * `lttv-gui --viewer NAME` and to the script command `viewer NAME`.  To
 * insert it in a tab, the host calls the constructor with the tab; the
 * constructor returns the viewer's top widget.  That widget IS the viewer:
 * the host puts it in the tab's vertical stack of viewers (resizable,
 * movable, removable) and destroying it removes the viewer.
 *
 * A tab is one traceset with its shared values: the time window (start,
 * width), the current time, the current position (one event), the filter,
 * the dividor (width of the left pane of viewers that have one).  Viewers
 * read them with the getters below and follow their changes through the
 * tab's signals (LTTVWINDOW_SIGNAL_*), connected with lttvwindow_connect.
 * A viewer changes them with the lttvwindow_report_* calls; every report
 * carries its source (pass your viewer widget), and the signal it causes
 * carries that source too, so a viewer ignores what it caused itself.
 *
 * Viewers never read a trace.  They submit events requests
 * (events-request.h) to the tab's foreground scheduler with
 * lttvwindow_events_request and receive the events through hooks.  For
 * what is precomputed per trace (state checkpoints, statistics, state
 * intervals, the event index) they ask the trace's background scheduler
 * (background.h) to tell them when it is ready up to a time or to the end:
 * lttvwindow_background_request.
 *
 * Cleanup is the host's job.  Everything registered through these helpers
 * with a viewer widget as owner (events requests, signal handlers,
 * background notifications) is removed by the host when the viewer widget
 * is destroyed, the viewer's tab closes or the viewer's module is
 * unloaded: a viewer writes no unregister code.  The host removes them
 * before it destroys the widget, so after_request hooks that the removal
 * calls still find the viewer alive.  Keep the viewer's own data on the
 * widget with g_object_set_data_full: it is freed when the widget is
 * finalized, after the host's cleanup however the viewer went.  Unloading
 * a module (Plugins menu) destroys every viewer it registered, then the
 * registrations, then releases the module.
 *
 * Versions: LTTVWINDOW_ABI is bumped whenever this header changes in a
 * way that breaks compiled viewers; the host refuses a viewer built
 * against another value, with the viewer's name in the error.
 *
 * Thread rule: contexts, hooks, schedulers, tabs and viewers live on the
 * main thread, the one running the GTK main loop.  A viewer that computes
 * in a worker thread hands its results back with g_idle_add.
 */
#ifndef LTTVWINDOW_H
#define LTTVWINDOW_H

#include <glib.h>
#include <glib-object.h>
#include <gtk/gtk.h>
#include <lttv/traceset.h>
#include <lttv/tracecontext.h>
#include <lttv/state-context.h>
#include <lttv/filter.h>
#include "events-request.h"
#include "scheduler.h"
#include "background.h"

G_BEGIN_DECLS

/* ------------------------------------------------------------------ */
/* Registering viewers                                                 */
/* ------------------------------------------------------------------ */

#define LTTVWINDOW_ABI 1

typedef struct _LttvwindowTab LttvwindowTab;

typedef GtkWidget *(*LttvwindowViewerConstructor)(LttvwindowTab *tab);

typedef struct {
	guint abi;                  /* LTTVWINDOW_ABI */
	const char *name;           /* unique, [a-z0-9_-]+: --viewer NAME, script `viewer NAME` */
	/* Where the viewer goes in the Tools menu: its label, after submenu
	 * labels separated by '/', e.g. "Event rate" or "Statistics/By CPU". */
	const char *menu_path;
	const char *tooltip;        /* one line: the menu item's and toolbar button's tooltip */
	const char *stock_id;       /* a GTK stock icon, e.g. GTK_STOCK_INDEX; or NULL */
	const char *const *xpm;     /* an XPM icon, used when stock_id is NULL; or NULL */
	LttvwindowViewerConstructor constructor;
} LttvwindowViewerInfo;

#define LTTVWINDOW_ERROR (lttvwindow_error_quark())
GQuark lttvwindow_error_quark(void);
typedef enum {
	LTTVWINDOW_ERROR_ABI,       /* a viewer built against another LTTVWINDOW_ABI */
	LTTVWINDOW_ERROR_INVALID,   /* a bad name, no constructor, a name already registered */
	LTTVWINDOW_ERROR_UNKNOWN,   /* no viewer, module or tab by that name */
	LTTVWINDOW_ERROR_TRACE      /* a trace that does not open (the message says why) */
} LttvwindowError;

/* Registers a viewer.  info is not copied: it must live as long as the
 * module (a static const struct).  The owner is the module whose init is
 * running (lttv_module_current()); its unload unregisters the viewer. */
gboolean lttvwindow_register_viewer(const LttvwindowViewerInfo *info, GError **error);

/* Registered viewers, in registration order (menus and toolbar follow it). */
guint lttvwindow_viewer_count(void);
const LttvwindowViewerInfo *lttvwindow_viewer_get(guint i);
const LttvwindowViewerInfo *lttvwindow_viewer_find(const char *name);

/* ------------------------------------------------------------------ */
/* The tab: one traceset and its shared values                         */
/* ------------------------------------------------------------------ */

#define LTTVWINDOW_TYPE_TAB (lttvwindow_tab_get_type())
#define LTTVWINDOW_TAB(o) (G_TYPE_CHECK_INSTANCE_CAST((o), LTTVWINDOW_TYPE_TAB, LttvwindowTab))
#define LTTVWINDOW_IS_TAB(o) (G_TYPE_CHECK_INSTANCE_TYPE((o), LTTVWINDOW_TYPE_TAB))
GType lttvwindow_tab_get_type(void);

/* The part of the traceset's time shown: [start, start + width). */
typedef struct {
	LttTime start;
	LttTime width;              /* > 0 */
} LttvwindowTimeWindow;

/* What a time-window change carries.  A scroll keeps the width; a zoom
 * changes it (a viewer may then shift its pixels on a scroll and
 * recompute everything on a zoom). */
typedef struct {
	LttvwindowTimeWindow old_window;
	LttvwindowTimeWindow new_window;
	gboolean zoom;              /* width changed; FALSE: a scroll */
	gpointer source;            /* the report's source (a viewer widget, or the host) */
} LttvwindowTimeWindowChange;

/* The tab's signals, for lttvwindow_connect.  Handlers are typed: */
/* void (*)(LttvwindowTab *tab, const LttvwindowTimeWindowChange *change, gpointer data) */
#define LTTVWINDOW_SIGNAL_TIME_WINDOW "time-window-changed"
/* void (*)(LttvwindowTab *tab, guint64 time, gpointer source, gpointer data) */
#define LTTVWINDOW_SIGNAL_CURRENT_TIME "current-time-changed"
/* void (*)(LttvwindowTab *tab, const LttvTracesetContextPosition *pos, gpointer source,
 *          gpointer data); the position's time is also the new current time */
#define LTTVWINDOW_SIGNAL_CURRENT_POSITION "current-position-changed"
/* void (*)(LttvwindowTab *tab, gpointer data): a trace was added or removed;
 * the context was rebuilt and every pending request cancelled (their
 * after_request hooks were called): submit again. */
#define LTTVWINDOW_SIGNAL_TRACESET "traceset-changed"
/* void (*)(LttvwindowTab *tab, LttvFilter *filter, gpointer source, gpointer data);
 * filter NULL: none */
#define LTTVWINDOW_SIGNAL_FILTER "filter-changed"
/* void (*)(LttvwindowTab *tab, gpointer data): draw everything again from
 * scratch (View ▸ Redraw) */
#define LTTVWINDOW_SIGNAL_REDRAW "redraw"
/* void (*)(LttvwindowTab *tab, gpointer data): the user pressed Continue
 * after Stop, which had cancelled every request: submit what is missing */
#define LTTVWINDOW_SIGNAL_CONTINUE "continue"
/* void (*)(LttvwindowTab *tab, gint position, gpointer source, gpointer data):
 * the width in pixels of the left pane of viewers that have one, so
 * their time axes line up */
#define LTTVWINDOW_SIGNAL_DIVIDOR "dividor-changed"

/* Connects callback to the tab's signal for viewer: disconnected by the
 * host when viewer goes.  Returns the handler id (g_signal_handler_*). */
gulong lttvwindow_connect(LttvwindowTab *tab, GtkWidget *viewer, const char *signal,
                          GCallback callback, gpointer data);

/* Getters. */
LttvTraceset *lttvwindow_get_traceset(LttvwindowTab *tab);
/* The scheduler's context: read its start_time / end_time, make positions;
 * never read events with it (submit requests). */
LttvTracesetContext *lttvwindow_get_traceset_context(LttvwindowTab *tab);
/* The process state the scheduler keeps current for the hooks. */
LttvContextState *lttvwindow_get_state(LttvwindowTab *tab);
LttvwindowScheduler *lttvwindow_get_scheduler(LttvwindowTab *tab);
/* The span of the whole traceset: [start, end] of its events. */
void lttvwindow_get_time_span(LttvwindowTab *tab, LttTime *start, LttTime *end);
LttvwindowTimeWindow lttvwindow_get_time_window(LttvwindowTab *tab);
LttTime lttvwindow_get_current_time(LttvwindowTab *tab);
/* NULL until a position was reported; owned by the tab. */
const LttvTracesetContextPosition *lttvwindow_get_current_position(LttvwindowTab *tab);
/* NULL when no filter is set; owned by the tab. */
LttvFilter *lttvwindow_get_filter(LttvwindowTab *tab);
const char *lttvwindow_get_filter_text(LttvwindowTab *tab);
gint lttvwindow_get_dividor(LttvwindowTab *tab);
/* The window the tab is in, as parent of a viewer's dialogs. */
GtkWindow *lttvwindow_get_window(LttvwindowTab *tab);

/* Reports: change a shared value and emit its signal with source.  A value
 * equal to the current one emits nothing.  The time window is clamped to
 * the traceset's span (its width kept when possible). */
void lttvwindow_report_time_window(LttvwindowTab *tab, LttvwindowTimeWindow window,
                                   gpointer source);
void lttvwindow_report_current_time(LttvwindowTab *tab, LttTime time, gpointer source);
/* Copies pos (made on this tab's context); also sets the current time. */
void lttvwindow_report_current_position(LttvwindowTab *tab, const LttvTracesetContextPosition *pos,
                                        gpointer source);
/* Compiles expression (NULL or "": no filter); FALSE + LTTV_FILTER_ERROR
 * when it does not compile, and the filter is then unchanged. */
gboolean lttvwindow_report_filter(LttvwindowTab *tab, const char *expression, gpointer source,
                                  GError **error);
void lttvwindow_report_dividor(LttvwindowTab *tab, gint position, gpointer source);
void lttvwindow_report_redraw(LttvwindowTab *tab);
/* Stop: cancels every request of the tab (their after_request hooks run)
 * and pauses the background schedulers of its traces.  Continue resumes
 * them and emits LTTVWINDOW_SIGNAL_CONTINUE. */
void lttvwindow_report_stop(LttvwindowTab *tab);
void lttvwindow_report_continue(LttvwindowTab *tab);

/* ------------------------------------------------------------------ */
/* Events requests (events-request.h, scheduler.h)                     */
/* ------------------------------------------------------------------ */

/* Submits a copy of r to the tab's scheduler with viewer as its owner
 * (r->owner is ignored).  Returns the handle for lttvwindow_events_cancel. */
guint lttvwindow_events_request(LttvwindowTab *tab, GtkWidget *viewer,
                                const LttvwindowEventsRequest *r);
/* Ends one request now (after_request called); FALSE when it had ended. */
gboolean lttvwindow_events_cancel(LttvwindowTab *tab, guint handle);
/* Ends every request of viewer (after_request called); returns how many. */
guint lttvwindow_events_cancel_all(LttvwindowTab *tab, GtkWidget *viewer);

/* A viewer's own work (a computation it steps itself in idle callbacks,
 * or runs in a thread of its own, not through events requests): while
 * working is TRUE the tab is busy, as with a pending request (the status
 * bar, lttv-gui --script's wait).  Removing the viewer ends it. */
void lttvwindow_viewer_working(LttvwindowTab *tab, GtkWidget *viewer, gboolean working);

/* ------------------------------------------------------------------ */
/* Background computations (background.h), one per trace               */
/* ------------------------------------------------------------------ */

/* The background scheduler of trace i of the tab's traceset (the tab holds
 * the reference), for its ready / in-progress flags and progress:
 * lttvwindow_background_ready(), _in_progress(), _progress(),
 * _ready_until(). */
LttvwindowBackground *lttvwindow_get_background(LttvwindowTab *tab, guint trace);

/* Requests trace i's precomputation (starts it when it is not running)
 * and calls f(data, background) once it is ready up to time
 * (LTT_TIME_INFINITE: the end), or has failed
 * (lttvwindow_background_error).  When it already is, f is called at once
 * and 0 returned.  The notification belongs to viewer. */
guint lttvwindow_background_request(LttvwindowTab *tab, GtkWidget *viewer, guint trace,
                                    LttTime time, LttvHook f, gpointer data);
/* The same at the event at pos. */
guint lttvwindow_background_request_position(LttvwindowTab *tab, GtkWidget *viewer, guint trace,
                                             const LttvTracesetContextPosition *pos,
                                             LttvHook f, gpointer data);

/* ------------------------------------------------------------------ */
/* Damage                                                              */
/* ------------------------------------------------------------------ */

/* A label for the top of a viewer, hidden until update finds damage. */
GtkWidget *lttvwindow_damage_label_new(void);
/* Says, in red, how many damaged regions the reader skipped in the tab's
 * traces and where the first was: "Damaged trace: WHAT N damaged regions
 * (first: FILE, block, offset)"; hides the label when there is none.
 * Call it when the traceset changes and after reading (reads find
 * damage as they go). */
void lttvwindow_damage_label_update(GtkWidget *label, LttvwindowTab *tab, const char *what);

G_END_DECLS

#endif
