/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* mainwindow.h: lttv-gui's windows: menus, toolbar, a notebook of tabs
 * (each a viewer stack over a time bar) and a status bar with the
 * background progress and a Stop button. */
#ifndef LTTVGUI_MAINWINDOW_H
#define LTTVGUI_MAINWINDOW_H

#include <lttvwindow/lttvwindow.h>

G_BEGIN_DECLS

typedef struct _LttvguiMainWindow LttvguiMainWindow;

/* A new window with one empty tab, shown.  The program quits when its last
 * window closes. */
LttvguiMainWindow *lttvgui_main_window_new(void);
void lttvgui_main_window_close(LttvguiMainWindow *mw);
GtkWindow *lttvgui_main_window_widget(LttvguiMainWindow *mw);

/* Windows open now. */
guint lttvgui_main_window_count(void);
LttvguiMainWindow *lttvgui_main_window_get(guint i);

/* The window's tabs, in order. */
guint lttvgui_main_window_tab_count(LttvguiMainWindow *mw);
LttvwindowTab *lttvgui_main_window_nth_tab(LttvguiMainWindow *mw, guint i);

/* A new empty tab, made current. */
LttvwindowTab *lttvgui_main_window_new_tab(LttvguiMainWindow *mw);
/* The current tab and its viewer stack (NULL when the window has none). */
LttvwindowTab *lttvgui_main_window_tab(LttvguiMainWindow *mw);
GtkWidget *lttvgui_main_window_stack(LttvguiMainWindow *mw);
void lttvgui_main_window_close_tab(LttvguiMainWindow *mw);

/* Adds the trace at path to the current tab; when it is the tab's first
 * trace, inserts the default viewers.  FALSE + error naming path and the
 * reason.  Damage the reader skipped is reported through warn(message). */
gboolean lttvgui_main_window_add_trace(LttvguiMainWindow *mw, const char *path,
                                          void (*warn)(const char *message, gpointer data),
                                          gpointer data, GError **error);
/* Inserts the registered viewer name in the current tab. */
GtkWidget *lttvgui_main_window_insert_viewer(LttvguiMainWindow *mw, const char *name,
                                                GError **error);

/* The viewers inserted in a tab when its first trace opens (names; those
 * not registered are skipped).  Default: controlflow, detailedevents. */
void lttvgui_set_default_viewers(const char *const *names);
const char *const *lttvgui_get_default_viewers(void);

/* Modal dialogs over mw: an error (what failed, why), and the warning of
 * lttvgui_main_window_add_trace (data: mw). */
void lttvgui_main_window_error(LttvguiMainWindow *mw, const char *primary,
                                  const char *secondary);
void lttvgui_main_window_warn(const char *message, gpointer mw);

/* Shows message in the status bar. */
void lttvgui_main_window_status(LttvguiMainWindow *mw, const char *message);
/* The message the status bar shows ("" when none); owned by the bar. */
const char *lttvgui_main_window_status_text(LttvguiMainWindow *mw);

G_END_DECLS

#endif
