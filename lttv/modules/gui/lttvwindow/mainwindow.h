/* mainwindow.h: lttv-gui's windows: menus, toolbar, a notebook of tabs
 * (each a viewer stack over a time bar) and a status bar with the
 * background progress and a Stop button. */
#ifndef LTTVWINDOW_MAINWINDOW_H
#define LTTVWINDOW_MAINWINDOW_H

#include "lttvwindow.h"

G_BEGIN_DECLS

typedef struct _LttvwindowMainWindow LttvwindowMainWindow;

/* A new window with one empty tab, shown.  The program quits when its last
 * window closes. */
LttvwindowMainWindow *lttvwindow_main_window_new(void);
void lttvwindow_main_window_close(LttvwindowMainWindow *mw);
GtkWindow *lttvwindow_main_window_widget(LttvwindowMainWindow *mw);

/* Windows open now. */
guint lttvwindow_main_window_count(void);
LttvwindowMainWindow *lttvwindow_main_window_get(guint i);

/* The window's tabs, in order. */
guint lttvwindow_main_window_tab_count(LttvwindowMainWindow *mw);
LttvwindowTab *lttvwindow_main_window_nth_tab(LttvwindowMainWindow *mw, guint i);

/* A new empty tab, made current. */
LttvwindowTab *lttvwindow_main_window_new_tab(LttvwindowMainWindow *mw);
/* The current tab and its viewer stack (NULL when the window has none). */
LttvwindowTab *lttvwindow_main_window_tab(LttvwindowMainWindow *mw);
GtkWidget *lttvwindow_main_window_stack(LttvwindowMainWindow *mw);
void lttvwindow_main_window_close_tab(LttvwindowMainWindow *mw);

/* Adds the trace at path to the current tab; when it is the tab's first
 * trace, inserts the default viewers.  FALSE + error naming path and the
 * reason.  Damage the reader skipped is reported through warn(message). */
gboolean lttvwindow_main_window_add_trace(LttvwindowMainWindow *mw, const char *path,
                                          void (*warn)(const char *message, gpointer data),
                                          gpointer data, GError **error);
/* Inserts the registered viewer name in the current tab. */
GtkWidget *lttvwindow_main_window_insert_viewer(LttvwindowMainWindow *mw, const char *name,
                                                GError **error);

/* The viewers inserted in a tab when its first trace opens (names; those
 * not registered are skipped).  Default: controlflow, detailedevents. */
void lttvwindow_set_default_viewers(const char *const *names);
const char *const *lttvwindow_get_default_viewers(void);

/* Modal dialogs over mw: an error (what failed, why), and the warning of
 * lttvwindow_main_window_add_trace (data: mw). */
void lttvwindow_main_window_error(LttvwindowMainWindow *mw, const char *primary,
                                  const char *secondary);
void lttvwindow_main_window_warn(const char *message, gpointer mw);

/* Shows message in the status bar. */
void lttvwindow_main_window_status(LttvwindowMainWindow *mw, const char *message);

G_END_DECLS

#endif
