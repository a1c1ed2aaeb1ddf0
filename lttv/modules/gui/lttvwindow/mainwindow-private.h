/* mainwindow-private.h: a window's parts, shared by mainwindow.c (window,
 * tabs, status bar), menus.c (actions, menus, toolbar), dialogs.c and
 * keys.c. */
#ifndef LTTVWINDOW_MAINWINDOW_PRIVATE_H
#define LTTVWINDOW_MAINWINDOW_PRIVATE_H

#include "mainwindow.h"
#include "tab-private.h"

G_BEGIN_DECLS

struct _LttvwindowMainWindow {
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
	gboolean mapped;                /* the server mapped the window (map-event seen) */
};

/* menus.c */
/* Builds the menu bar and toolbar into box (top of the window). */
void lttvwindow_menus_build(LttvwindowMainWindow *mw, GtkWidget *box);
/* Rebuilds the Tools entries and toolbar buttons of the viewers. */
void lttvwindow_menus_viewers_changed(LttvwindowMainWindow *mw);
/* The fixed actions, in menu order (Help > Keyboard Shortcuts lists their
 * accelerators). */
const GtkActionEntry *lttvwindow_menus_entries(guint *n);
/* Makes the actions sensitive or not for the current tab. */
void lttvwindow_menus_update(LttvwindowMainWindow *mw);

/* mainwindow.c, for the status bar and menus */
void lttvwindow_main_window_update_status(LttvwindowMainWindow *mw);

/* dialogs.c: each runs a dialog over mw's window and acts on its answer */
void lttvwindow_dialog_open_trace(LttvwindowMainWindow *mw, gboolean new_tab);
void lttvwindow_dialog_remove_trace(LttvwindowMainWindow *mw);
void lttvwindow_dialog_save_png(LttvwindowMainWindow *mw);
void lttvwindow_dialog_go_to_time(LttvwindowMainWindow *mw);
void lttvwindow_dialog_time_frame(LttvwindowMainWindow *mw);
void lttvwindow_dialog_filter(LttvwindowMainWindow *mw);
void lttvwindow_dialog_load_module(LttvwindowMainWindow *mw);
void lttvwindow_dialog_unload_module(LttvwindowMainWindow *mw);
void lttvwindow_dialog_about(LttvwindowMainWindow *mw);
void lttvwindow_dialog_shortcuts(LttvwindowMainWindow *mw);

/* keys.c: the navigation keys and wheel of the window */
void lttvwindow_keys_attach(LttvwindowMainWindow *mw);

G_END_DECLS

#endif
