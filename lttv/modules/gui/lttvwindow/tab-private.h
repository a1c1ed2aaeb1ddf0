/* tab-private.h: what the host (main window, script, tests) does with a tab
 * beyond the viewers' API in lttvwindow.h. */
#ifndef LTTVWINDOW_TAB_PRIVATE_H
#define LTTVWINDOW_TAB_PRIVATE_H

#include "lttvwindow.h"

G_BEGIN_DECLS

/* A tab on an empty traceset, shown in window (may be NULL, e.g. in tests). */
LttvwindowTab *lttvwindow_tab_new(GtkWindow *window);
void lttvwindow_tab_set_window(LttvwindowTab *tab, GtkWindow *window);

/* Opens path (or shares it when another tab has it open) and adds it.
 * FALSE + error naming the path and the reason when it is not a readable
 * trace, or is already in the tab.  The first trace sets the time window
 * to the whole span. */
gboolean lttvwindow_tab_add_trace(LttvwindowTab *tab, const char *path, GError **error);
void lttvwindow_tab_remove_trace(LttvwindowTab *tab, guint i);

/* The host's own signal on the tab, "busy-changed" (void (*)(tab, data)):
 * requests were submitted or all ended, or a background computation made
 * progress or ended.  The status bar and the script's `wait` follow it. */
#define LTTVWINDOW_SIGNAL_BUSY "busy-changed"

/* Requests pending in the scheduler, or a background computation of one of
 * the tab's traces in progress. */
gboolean lttvwindow_tab_busy(LttvwindowTab *tab);
/* Mean progress of the tab's background computations (1 when none runs). */
gdouble lttvwindow_tab_background_progress(LttvwindowTab *tab);
gboolean lttvwindow_tab_stopped(LttvwindowTab *tab);

/* Removes everything viewer registered through the helpers (requests,
 * signal handlers, background notifications); later helper calls for it
 * are refused.  The viewer stack calls it before destroying a viewer. */
void lttvwindow_tab_forget_viewer(LttvwindowTab *tab, GtkWidget *viewer);

/* Time as the host shows it: seconds.nanoseconds from the traceset's start. */
void lttvwindow_tab_format_time(LttvwindowTab *tab, LttTime t, char *buf);
/* Parses such a relative time; FALSE + error naming the text and column. */
gboolean lttvwindow_tab_parse_time(LttvwindowTab *tab, const char *text, LttTime *t,
                                   GError **error);

/* Navigation (keys, menus, script): zoom by factor (< 1 zooms in) around
 * the current time when it is shown, else around the middle; pan by a
 * fraction of the width (negative: earlier); show the whole span. */
void lttvwindow_tab_zoom(LttvwindowTab *tab, gdouble factor, gpointer source);
void lttvwindow_tab_pan(LttvwindowTab *tab, gdouble fraction, gpointer source);
void lttvwindow_tab_zoom_fit(LttvwindowTab *tab, gpointer source);

G_END_DECLS

#endif
