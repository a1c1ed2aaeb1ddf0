/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* mainwindow-private.h: a window's parts, shared by mainwindow.c (window,
 * tabs, status bar), menus.c (actions, menus, toolbar), dialogs.c and
 * keys.c. */
#ifndef LTTVGUI_MAINWINDOW_PRIVATE_H
#define LTTVGUI_MAINWINDOW_PRIVATE_H

#include "mainwindow.h"
#include <lttvwindow/host.h>

G_BEGIN_DECLS

struct _LttvguiMainWindow {
	GtkWidget *window;
	GtkWidget *notebook;
	GtkUIManager *ui;
	GtkActionGroup *actions;        /* fixed menus and toolbar */
	GtkActionGroup *viewer_actions; /* one per registered viewer, rebuilt when they change */
	guint viewer_merge_id;
	guint registry_listener;
	GtkWidget *status;              /* GtkStatusbar: messages */
	GtkWidget *progress;            /* background work of the current tab */
	GtkWidget *stop;                /* Stop button next to it */
	guint messages_source;          /* poll_messages */
	gboolean mapped;                /* the server mapped the window (map-event seen) */
};

/* menus.c */
/* Builds the menu bar and toolbar into box (top of the window). */
void lttvgui_menus_build(LttvguiMainWindow *mw, GtkWidget *box);
/* Rebuilds the Tools entries and toolbar buttons of the viewers. */
void lttvgui_menus_viewers_changed(LttvguiMainWindow *mw);
/* The fixed actions, in menu order (Help > Keyboard Shortcuts lists their
 * accelerators). */
const GtkActionEntry *lttvgui_menus_entries(guint *n);
/* Makes the actions sensitive or not for the current tab. */
void lttvgui_menus_update(LttvguiMainWindow *mw);

/* mainwindow.c, for the status bar and menus */
void lttvgui_main_window_update_status(LttvguiMainWindow *mw);

/* dialogs.c: each runs a dialog over mw's window and acts on its answer */
void lttvgui_dialog_open_trace(LttvguiMainWindow *mw, gboolean new_tab);
void lttvgui_dialog_remove_trace(LttvguiMainWindow *mw);
void lttvgui_dialog_save_png(LttvguiMainWindow *mw);
void lttvgui_dialog_go_to_time(LttvguiMainWindow *mw);
void lttvgui_dialog_time_frame(LttvguiMainWindow *mw);
void lttvgui_dialog_filter(LttvguiMainWindow *mw);
void lttvgui_dialog_load_module(LttvguiMainWindow *mw);
void lttvgui_dialog_unload_module(LttvguiMainWindow *mw);
void lttvgui_dialog_about(LttvguiMainWindow *mw);
void lttvgui_dialog_shortcuts(LttvguiMainWindow *mw);

/* keys.c: the navigation keys and wheel of the window */
void lttvgui_keys_attach(LttvguiMainWindow *mw);

G_END_DECLS

#endif
