/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* host.h: what a program that hosts viewers (lttv-gui, a test) does with
 * liblttvwindow beyond the viewers' API of lttvwindow.h.  A viewer plugin
 * never needs it.
 *
 * Tabs and the viewer registry live in the library because the host and
 * every plugin share one of each: a plugin registers its viewers in the
 * registry the host reads, and talks to the tabs the host made.  The host
 * makes the tabs and gives them traces, shows their background work, tells
 * a tab when it destroys a viewer, and unloads viewer modules.  Everything
 * else of a host (windows, menus, viewer stacks, time bars) is its own.
 *
 * Thread rule (lttvwindow.h): the main thread only. */
#ifndef LTTVWINDOW_HOST_H
#define LTTVWINDOW_HOST_H

#include "lttvwindow.h"

G_BEGIN_DECLS

/* ---- tabs ---- */

/* A tab on an empty traceset.  window (may be NULL) is what
 * lttvwindow_get_window gives the tab's viewers, the parent of their
 * dialogs; the tab keeps a weak pointer to it.  g_object_unref ends the tab
 * (the viewers still registered are forgotten first). */
LttvwindowTab *lttvwindow_tab_new(GtkWindow *window);

/* Opens path (or shares it when another tab has it open: one opened trace
 * and one precomputation for all) and adds it; the tab's viewers get
 * LTTVWINDOW_SIGNAL_TRACESET.  FALSE + error naming the path and the
 * reason when it is not a readable trace or is already in the tab.  The
 * first trace sets the time window to the whole span. */
gboolean lttvwindow_tab_add_trace(LttvwindowTab *tab, const char *path, GError **error);
void lttvwindow_tab_remove_trace(LttvwindowTab *tab, guint i);

/* The host's own signal on the tab, "busy-changed" (void (*)(tab, data)):
 * requests were submitted or all ended, or a background computation made
 * progress or ended.  A status bar, or a script's `wait`, follows it. */
#define LTTVWINDOW_SIGNAL_BUSY "busy-changed"

/* Requests pending in the scheduler, a viewer working
 * (lttvwindow_viewer_working), or a background computation of one of the
 * tab's traces in progress. */
gboolean lttvwindow_tab_busy(LttvwindowTab *tab);
/* Mean progress, 0 to 1, of the tab's background computations (1 when the
 * tab has no trace). */
gdouble lttvwindow_tab_background_progress(LttvwindowTab *tab);
/* Between lttvwindow_report_stop and lttvwindow_report_continue. */
gboolean lttvwindow_tab_stopped(LttvwindowTab *tab);
/* The next thing about the tab's background computations the user should
 * read, once: an error that stopped one, a cache file found unusable (a
 * precomputation's or its window statistics' index, computed again; found
 * by a thread, so it may come after the computation ended: poll it).  NULL
 * when nothing; free with g_free. */
char *lttvwindow_tab_take_message(LttvwindowTab *tab);

/* Removes everything viewer registered through the helpers of
 * lttvwindow.h (requests, whose after_request hooks run, signal handlers,
 * background notifications); later helper calls for it are refused.  Call
 * it before destroying a viewer widget, so that those hooks still find the
 * viewer alive (the tab also does it itself on the widget's "destroy"). */
void lttvwindow_tab_forget_viewer(LttvwindowTab *tab, GtkWidget *viewer);

/* ---- the viewer registry ---- */

/* Calls f(NULL, data) after each registration or unregistration (a host's
 * menus and toolbars rebuild their viewer entries).  Returns an id for
 * lttvwindow_viewers_remove_listener. */
guint lttvwindow_viewers_add_listener(GFunc f, gpointer data);
void lttvwindow_viewers_remove_listener(guint id);

/* Says that a live viewer of info sits inside slot, the host's container
 * for it, so that unloading the viewer's module destroys slot.  Forgotten
 * when slot is finalized. */
void lttvwindow_viewers_track(const LttvwindowViewerInfo *info, GtkWidget *slot);

/* Unloads module name: destroys its tracked viewers (the tabs forget them
 * first), unregisters its viewers, releases the module.  FALSE + error
 * when it is not loaded (LTTVWINDOW_ERROR_UNKNOWN) or other modules still
 * need it (LTTVWINDOW_ERROR_INVALID). */
gboolean lttvwindow_unload_module(const char *name, GError **error);

G_END_DECLS

#endif
