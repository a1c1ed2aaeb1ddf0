/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* menus.c: a window's actions, as menus and toolbar (GtkUIManager), and
 * the entries of the registered viewers (Tools menu, toolbar buttons). */
#include <config.h>
#include <string.h>
#include "mainwindow-private.h"
#include "navigation.h"

static const char ui_description[] =
	"<ui>"
	" <menubar name='MenuBar'>"
	"  <menu action='FileMenu'>"
	"   <menuitem action='NewWindow'/><menuitem action='NewTab'/><separator/>"
	"   <menuitem action='OpenTrace'/><menuitem action='AddTrace'/>"
	"   <menuitem action='RemoveTrace'/><separator/>"
	"   <menuitem action='SavePng'/><separator/>"
	"   <menuitem action='CloseTab'/><menuitem action='CloseWindow'/><menuitem action='Quit'/>"
	"  </menu>"
	"  <menu action='ViewMenu'>"
	"   <menuitem action='ZoomIn'/><menuitem action='ZoomOut'/><menuitem action='ZoomFit'/>"
	"   <separator/><menuitem action='GoToTime'/><menuitem action='TimeFrame'/>"
	"   <separator/><menuitem action='Filter'/><separator/>"
	"   <menuitem action='Redraw'/><menuitem action='Stop'/><menuitem action='Continue'/>"
	"  </menu>"
	"  <menu action='ToolsMenu'><placeholder name='Viewers'/></menu>"
	"  <menu action='PluginsMenu'>"
	"   <menuitem action='LoadModule'/><menuitem action='UnloadModule'/>"
	"  </menu>"
	"  <menu action='HelpMenu'><menuitem action='Shortcuts'/><menuitem action='About'/></menu>"
	" </menubar>"
	" <toolbar name='ToolBar'>"
	"  <toolitem action='OpenTrace'/><toolitem action='AddTrace'/><toolitem action='RemoveTrace'/>"
	"  <separator/>"
	"  <toolitem action='ZoomIn'/><toolitem action='ZoomOut'/><toolitem action='ZoomFit'/>"
	"  <separator/><toolitem action='Stop'/><toolitem action='Continue'/><separator/>"
	"  <placeholder name='Viewers'/>"
	" </toolbar>"
	"</ui>";

static LttvwindowTab *tab_of(LttvguiMainWindow *mw)
{
	return lttvgui_main_window_tab(mw);
}

static void act_new_window(GtkAction *a, LttvguiMainWindow *mw)
{
	lttvgui_main_window_new();
}

static void act_new_tab(GtkAction *a, LttvguiMainWindow *mw)
{
	lttvgui_main_window_new_tab(mw);
}

static void act_open(GtkAction *a, LttvguiMainWindow *mw)
{
	lttvgui_dialog_open_trace(mw, TRUE);
}

static void act_add(GtkAction *a, LttvguiMainWindow *mw)
{
	lttvgui_dialog_open_trace(mw, FALSE);
}

static void act_remove(GtkAction *a, LttvguiMainWindow *mw)
{
	lttvgui_dialog_remove_trace(mw);
}

static void act_save_png(GtkAction *a, LttvguiMainWindow *mw)
{
	lttvgui_dialog_save_png(mw);
}

static void act_close_tab(GtkAction *a, LttvguiMainWindow *mw)
{
	lttvgui_main_window_close_tab(mw);
}

static void act_close_window(GtkAction *a, LttvguiMainWindow *mw)
{
	lttvgui_main_window_close(mw);
}

static void act_quit(GtkAction *a, LttvguiMainWindow *mw)
{
	while (lttvgui_main_window_count() > 0)
		lttvgui_main_window_close(lttvgui_main_window_get(0));
}

static void act_zoom_in(GtkAction *a, LttvguiMainWindow *mw)
{
	lttvgui_tab_zoom(tab_of(mw), 0.5, NULL);
}

static void act_zoom_out(GtkAction *a, LttvguiMainWindow *mw)
{
	lttvgui_tab_zoom(tab_of(mw), 2.0, NULL);
}

static void act_zoom_fit(GtkAction *a, LttvguiMainWindow *mw)
{
	lttvgui_tab_zoom_fit(tab_of(mw), NULL);
}

static void act_go_to_time(GtkAction *a, LttvguiMainWindow *mw)
{
	lttvgui_dialog_go_to_time(mw);
}

static void act_time_frame(GtkAction *a, LttvguiMainWindow *mw)
{
	lttvgui_dialog_time_frame(mw);
}

static void act_filter(GtkAction *a, LttvguiMainWindow *mw)
{
	lttvgui_dialog_filter(mw);
}

static void act_redraw(GtkAction *a, LttvguiMainWindow *mw)
{
	lttvwindow_report_redraw(tab_of(mw));
}

static void act_stop(GtkAction *a, LttvguiMainWindow *mw)
{
	lttvwindow_report_stop(tab_of(mw));
}

static void act_continue(GtkAction *a, LttvguiMainWindow *mw)
{
	lttvwindow_report_continue(tab_of(mw));
}

static void act_load_module(GtkAction *a, LttvguiMainWindow *mw)
{
	lttvgui_dialog_load_module(mw);
}

static void act_unload_module(GtkAction *a, LttvguiMainWindow *mw)
{
	lttvgui_dialog_unload_module(mw);
}

static void act_shortcuts(GtkAction *a, LttvguiMainWindow *mw)
{
	lttvgui_dialog_shortcuts(mw);
}

static void act_about(GtkAction *a, LttvguiMainWindow *mw)
{
	lttvgui_dialog_about(mw);
}

static const GtkActionEntry entries[] = {
	{ "FileMenu", NULL, "_File", NULL, NULL, NULL },
	{ "NewWindow", NULL, "New _Window", "<Control>n", "Open another window", G_CALLBACK(act_new_window) },
	{ "NewTab", NULL, "New _Tab", "<Control>t", "Open an empty tab", G_CALLBACK(act_new_tab) },
	{ "OpenTrace", GTK_STOCK_OPEN, "_Open Trace…", "<Control>o",
	  "Open a trace directory in a new tab", G_CALLBACK(act_open) },
	{ "AddTrace", GTK_STOCK_ADD, "_Add Trace…", NULL,
	  "Add a trace directory to this tab's traceset", G_CALLBACK(act_add) },
	{ "RemoveTrace", GTK_STOCK_REMOVE, "_Remove Trace…", NULL,
	  "Remove a trace from this tab's traceset", G_CALLBACK(act_remove) },
	{ "SavePng", GTK_STOCK_SAVE_AS, "_Save View as PNG…", "<Control>s",
	  "Save a picture of this window", G_CALLBACK(act_save_png) },
	{ "CloseTab", NULL, "_Close Tab", "<Control>w", "Close this tab", G_CALLBACK(act_close_tab) },
	{ "CloseWindow", GTK_STOCK_CLOSE, "Close Win_dow", "<Control><Shift>w", "Close this window",
	  G_CALLBACK(act_close_window) },
	{ "Quit", GTK_STOCK_QUIT, "_Quit", "<Control>q", "Close every window",
	  G_CALLBACK(act_quit) },
	{ "ViewMenu", NULL, "_View", NULL, NULL, NULL },
	{ "ZoomIn", GTK_STOCK_ZOOM_IN, "Zoom _In", "<Control>plus", "Show half the time (W, +)",
	  G_CALLBACK(act_zoom_in) },
	{ "ZoomOut", GTK_STOCK_ZOOM_OUT, "Zoom _Out", "<Control>minus", "Show twice the time (S, -)",
	  G_CALLBACK(act_zoom_out) },
	{ "ZoomFit", GTK_STOCK_ZOOM_FIT, "Zoom to _Fit", "<Control>0", "Show the whole trace (F)",
	  G_CALLBACK(act_zoom_fit) },
	{ "GoToTime", GTK_STOCK_JUMP_TO, "_Go to Time…", "<Control>g",
	  "Set the current time and show it", G_CALLBACK(act_go_to_time) },
	{ "TimeFrame", NULL, "Set Time _Frame…", "<Control>f", "Show a given interval",
	  G_CALLBACK(act_time_frame) },
	{ "Filter", NULL, "Fi_lter…", "<Control>l", "Show only the events a filter accepts",
	  G_CALLBACK(act_filter) },
	{ "Redraw", GTK_STOCK_REFRESH, "_Redraw", "<Control>r", "Draw every viewer again",
	  G_CALLBACK(act_redraw) },
	{ "Stop", GTK_STOCK_STOP, "_Stop", "Escape", "Stop reading and precomputing",
	  G_CALLBACK(act_stop) },
	{ "Continue", GTK_STOCK_MEDIA_PLAY, "_Continue", NULL,
	  "Resume what Stop interrupted", G_CALLBACK(act_continue) },
	{ "ToolsMenu", NULL, "_Tools", NULL, NULL, NULL },
	{ "PluginsMenu", NULL, "_Plugins", NULL, NULL, NULL },
	{ "LoadModule", NULL, "_Load Module…", NULL, "Load a viewer module", G_CALLBACK(act_load_module) },
	{ "UnloadModule", NULL, "_Unload Module…", NULL, "Unload a module and remove its viewers",
	  G_CALLBACK(act_unload_module) },
	{ "HelpMenu", NULL, "_Help", NULL, NULL, NULL },
	{ "Shortcuts", NULL, "_Keyboard Shortcuts", "F1", "The keys and mouse actions",
	  G_CALLBACK(act_shortcuts) },
	{ "About", GTK_STOCK_ABOUT, "_About", NULL, NULL, G_CALLBACK(act_about) },
};

const GtkActionEntry *lttvgui_menus_entries(guint *n)
{
	*n = G_N_ELEMENTS(entries);
	return entries;
}

void lttvgui_menus_build(LttvguiMainWindow *mw, GtkWidget *box)
{
	mw->ui = gtk_ui_manager_new();
	mw->actions = gtk_action_group_new("lttv-gui");
	gtk_action_group_add_actions(mw->actions, entries, G_N_ELEMENTS(entries), mw);
	gtk_action_set_is_important(gtk_action_group_get_action(mw->actions, "OpenTrace"), TRUE);
	gtk_ui_manager_insert_action_group(mw->ui, mw->actions, 0);
	GError *error = NULL;
	if (!gtk_ui_manager_add_ui_from_string(mw->ui, ui_description, -1, &error))
		g_error("lttv-gui: menus: %s", error->message);   /* our own text: a bug */
	gtk_window_add_accel_group(GTK_WINDOW(mw->window), gtk_ui_manager_get_accel_group(mw->ui));
	gtk_box_pack_start(GTK_BOX(box), gtk_ui_manager_get_widget(mw->ui, "/MenuBar"), FALSE, FALSE, 0);
	GtkWidget *toolbar = gtk_ui_manager_get_widget(mw->ui, "/ToolBar");
	gtk_toolbar_set_style(GTK_TOOLBAR(toolbar), GTK_TOOLBAR_BOTH_HORIZ);
	gtk_box_pack_start(GTK_BOX(box), toolbar, FALSE, FALSE, 0);
	lttvgui_menus_viewers_changed(mw);
}

static void act_viewer(GtkAction *a, LttvguiMainWindow *mw)
{
	const char *name = g_object_get_data(G_OBJECT(a), "lttvwindow-viewer");
	GError *error = NULL;
	if (lttvgui_main_window_insert_viewer(mw, name, &error) == NULL) {
		lttvgui_main_window_error(mw, "The viewer could not be inserted", error->message);
		g_error_free(error);
	}
}

/* A stock id for the viewer's icon: its own, or its XPM registered once. */
static const char *viewer_icon(const LttvwindowViewerInfo *info)
{
	static GtkIconFactory *factory;
	if (info->stock_id != NULL || info->xpm == NULL)
		return info->stock_id;
	char *id = g_strdup_printf("lttvwindow-viewer-%s", info->name);
	const char *interned = g_intern_string(id);
	g_free(id);
	if (factory == NULL) {
		factory = gtk_icon_factory_new();
		gtk_icon_factory_add_default(factory);
	}
	if (gtk_icon_factory_lookup(factory, interned) == NULL) {
		GdkPixbuf *pb = gdk_pixbuf_new_from_xpm_data((const char **) info->xpm);
		if (pb == NULL)
			return NULL;
		GtkIconSet *set = gtk_icon_set_new_from_pixbuf(pb);
		gtk_icon_factory_add(factory, interned, set);
		gtk_icon_set_unref(set);
		g_object_unref(pb);
	}
	return interned;
}

/* The submenus of a menu path ("A/B/Label" has A and A/B), created once. */
static char *submenu_path(LttvguiMainWindow *mw, const char *menu_path)
{
	char **parts = g_strsplit(menu_path, "/", -1);
	char *ui_path = g_strdup("/MenuBar/ToolsMenu/Viewers");
	for (guint i = 0; parts[i] != NULL && parts[i + 1] != NULL; i++) {
		char *action_name = g_strdup_printf("ToolsSub-%s-%u", parts[i], i);
		g_strdelimit(action_name, " /<>&'\"", '_');
		char *child = g_strdup_printf("%s/%s", ui_path, action_name);
		if (gtk_action_group_get_action(mw->viewer_actions, action_name) == NULL) {
			GtkAction *a = gtk_action_new(action_name, parts[i], NULL, NULL);
			gtk_action_group_add_action(mw->viewer_actions, a);
			g_object_unref(a);
			gtk_ui_manager_add_ui(mw->ui, mw->viewer_merge_id, ui_path, action_name,
			                      action_name, GTK_UI_MANAGER_MENU, FALSE);
		}
		g_free(action_name);
		g_free(ui_path);
		ui_path = child;
	}
	g_strfreev(parts);
	return ui_path;
}

static void add_viewer_entry(LttvguiMainWindow *mw, const LttvwindowViewerInfo *info)
{
	const char *slash = strrchr(info->menu_path, '/');
	const char *label = slash != NULL ? slash + 1 : info->menu_path;
	char *action_name = g_strdup_printf("Viewer-%s", info->name);
	GtkAction *a = gtk_action_new(action_name, label, info->tooltip, viewer_icon(info));
	g_object_set_data_full(G_OBJECT(a), "lttvwindow-viewer", g_strdup(info->name), g_free);
	gtk_action_set_is_important(a, TRUE);     /* its label shows on the toolbar */
	g_signal_connect(a, "activate", G_CALLBACK(act_viewer), mw);
	gtk_action_group_add_action(mw->viewer_actions, a);
	g_object_unref(a);
	char *parent = submenu_path(mw, info->menu_path);
	gtk_ui_manager_add_ui(mw->ui, mw->viewer_merge_id, parent, action_name, action_name,
	                      GTK_UI_MANAGER_MENUITEM, FALSE);
	gtk_ui_manager_add_ui(mw->ui, mw->viewer_merge_id, "/ToolBar/Viewers", action_name,
	                      action_name, GTK_UI_MANAGER_TOOLITEM, FALSE);
	g_free(parent);
	g_free(action_name);
}

void lttvgui_menus_viewers_changed(LttvguiMainWindow *mw)
{
	if (mw->viewer_actions != NULL) {
		gtk_ui_manager_remove_ui(mw->ui, mw->viewer_merge_id);
		gtk_ui_manager_remove_action_group(mw->ui, mw->viewer_actions);
		g_object_unref(mw->viewer_actions);
	}
	mw->viewer_actions = gtk_action_group_new("viewers");
	gtk_ui_manager_insert_action_group(mw->ui, mw->viewer_actions, 1);
	mw->viewer_merge_id = gtk_ui_manager_new_merge_id(mw->ui);
	if (lttvwindow_viewer_count() == 0) {
		GtkAction *none = gtk_action_new("NoViewer", "(no viewer loaded: Plugins > Load Module)",
		                                 NULL, NULL);
		gtk_action_set_sensitive(none, FALSE);
		gtk_action_group_add_action(mw->viewer_actions, none);
		g_object_unref(none);
		gtk_ui_manager_add_ui(mw->ui, mw->viewer_merge_id, "/MenuBar/ToolsMenu/Viewers",
		                      "NoViewer", "NoViewer", GTK_UI_MANAGER_MENUITEM, FALSE);
	}
	for (guint i = 0; i < lttvwindow_viewer_count(); i++)
		add_viewer_entry(mw, lttvwindow_viewer_get(i));
	gtk_ui_manager_ensure_update(mw->ui);
}

static void sensitive(LttvguiMainWindow *mw, const char *name, gboolean on)
{
	gtk_action_set_sensitive(gtk_action_group_get_action(mw->actions, name), on);
}

void lttvgui_menus_update(LttvguiMainWindow *mw)
{
	LttvwindowTab *tab = tab_of(mw);
	gboolean traces = tab != NULL && lttv_traceset_number(lttvwindow_get_traceset(tab)) > 0;
	static const char *const need_traces[] = {
		"RemoveTrace", "ZoomIn", "ZoomOut", "ZoomFit", "GoToTime", "TimeFrame", "Filter",
		"Redraw",
	};
	for (guint i = 0; i < G_N_ELEMENTS(need_traces); i++)
		sensitive(mw, need_traces[i], traces);
	sensitive(mw, "AddTrace", tab != NULL);
	sensitive(mw, "CloseTab", tab != NULL);
	sensitive(mw, "Stop", traces && lttvwindow_tab_busy(tab));
	sensitive(mw, "Continue", traces && lttvwindow_tab_stopped(tab));
}
