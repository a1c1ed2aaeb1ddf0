/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* dialogs.c: the dialogs behind the menus (open, remove, save, times,
 * filter, modules).
 *
 * Each dialog is modal but never run in a loop of its own
 * (gtk_dialog_run): it is shown and its "response" handler does the work,
 * so the key or menu item that opened it returns at once.  A nested loop
 * would keep whatever pressed the key -- the --script stepping in the main
 * loop -- waiting until the dialog closes. */
#include <config.h>
#include <string.h>
#include <lttv/module.h>
#include "mainwindow-private.h"
#include "navigation.h"
#include "snapshot.h"
#include "viewer-modules.h"

static void message_dialog(GtkWindow *parent, GtkMessageType type, const char *primary,
                           const char *secondary)
{
	GtkWidget *d = gtk_message_dialog_new(parent, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
	                                      type, GTK_BUTTONS_CLOSE, "%s", primary);
	gtk_message_dialog_format_secondary_text(GTK_MESSAGE_DIALOG(d), "%s", secondary);
	g_signal_connect(d, "response", G_CALLBACK(gtk_widget_destroy), NULL);
	gtk_widget_show(d);
}

/* Shows d, modal over its window (and gone with it); on_response does
 * the work and destroys d, or leaves it open to correct a mistake. */
static void present(GtkWidget *d, GCallback on_response, gpointer data)
{
	gtk_window_set_modal(GTK_WINDOW(d), TRUE);
	gtk_window_set_destroy_with_parent(GTK_WINDOW(d), TRUE);
	g_signal_connect(d, "response", on_response, data);
	gtk_widget_show_all(d);
}

void lttvgui_main_window_error(LttvguiMainWindow *mw, const char *primary,
                                  const char *secondary)
{
	message_dialog(GTK_WINDOW(mw->window), GTK_MESSAGE_ERROR, primary, secondary);
}

/* What opening a trace found wrong but did not stop: damaged parts
 * skipped, a default viewer that could not be made, traces apart in time;
 * the message says which. */
void lttvgui_main_window_warn(const char *message, gpointer mw)
{
	message_dialog(lttvgui_main_window_widget(mw), GTK_MESSAGE_WARNING,
	               "The trace is open, with a warning", message);
}

/* A file dialog starts in the working directory: GTK's default, the
 * recently used files, is empty for a folder and cannot save. */
static void start_in_working_dir(GtkWidget *d)
{
	char *cwd = g_get_current_dir();
	gtk_file_chooser_set_current_folder(GTK_FILE_CHOOSER(d), cwd);
	g_free(cwd);
}

static void on_open_trace(GtkWidget *d, gint response, LttvguiMainWindow *mw)
{
	gboolean new_tab = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(d), "new-tab"));
	char *path = NULL;
	if (response == GTK_RESPONSE_ACCEPT)
		path = gtk_file_chooser_get_filename(GTK_FILE_CHOOSER(d));
	gtk_widget_destroy(d);
	if (path == NULL)
		return;
	LttvwindowTab *tab = lttvgui_main_window_tab(mw);
	if (new_tab && tab != NULL && lttv_traceset_number(lttvwindow_get_traceset(tab)) > 0)
		lttvgui_main_window_new_tab(mw);
	GError *error = NULL;
	if (!lttvgui_main_window_add_trace(mw, path, lttvgui_main_window_warn, mw, &error)) {
		lttvgui_main_window_error(mw, "The trace could not be opened", error->message);
		g_error_free(error);
	}
	g_free(path);
}

void lttvgui_dialog_open_trace(LttvguiMainWindow *mw, gboolean new_tab)
{
	GtkWidget *d = gtk_file_chooser_dialog_new(new_tab ? "Open Trace" : "Add Trace to This Tab",
	                                           GTK_WINDOW(mw->window),
	                                           GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
	                                           GTK_STOCK_CANCEL, GTK_RESPONSE_CANCEL,
	                                           new_tab ? GTK_STOCK_OPEN : GTK_STOCK_ADD,
	                                           GTK_RESPONSE_ACCEPT, NULL);
	gtk_dialog_set_default_response(GTK_DIALOG(d), GTK_RESPONSE_ACCEPT);
	start_in_working_dir(d);
	g_object_set_data(G_OBJECT(d), "new-tab", GINT_TO_POINTER(new_tab));
	present(d, G_CALLBACK(on_open_trace), mw);
}

/* A dialog with OK and Cancel around content. */
static void weak_ref_free(gpointer p)
{
	g_weak_ref_clear(p);
	g_free(p);
}

/* A dialog of the current tab's: it remembers the tab, since the dialog
 * does not block the main loop (a script may open or close tabs meanwhile). */
static GtkWidget *ok_dialog(LttvguiMainWindow *mw, const char *title, const char *ok)
{
	GtkWidget *d = gtk_dialog_new_with_buttons(title, GTK_WINDOW(mw->window),
	                                           GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
	                                           GTK_STOCK_CANCEL, GTK_RESPONSE_CANCEL,
	                                           ok, GTK_RESPONSE_OK, NULL);
	gtk_dialog_set_default_response(GTK_DIALOG(d), GTK_RESPONSE_OK);
	gtk_container_set_border_width(GTK_CONTAINER(gtk_dialog_get_content_area(GTK_DIALOG(d))), 8);
	GWeakRef *tab = g_new0(GWeakRef, 1);
	g_weak_ref_init(tab, lttvgui_main_window_tab(mw));
	g_object_set_data_full(G_OBJECT(d), "tab", tab, weak_ref_free);
	return d;
}

/* The tab the dialog was opened for while it is still the current one,
 * else NULL: what the dialog shows (a trace list, times) was that tab's. */
static LttvwindowTab *dialog_tab(GtkWidget *d, LttvguiMainWindow *mw)
{
	LttvwindowTab *opened = g_weak_ref_get(g_object_get_data(G_OBJECT(d), "tab"));
	LttvwindowTab *current = lttvgui_main_window_tab(mw);
	if (opened != NULL)
		g_object_unref(opened);
	return opened == current ? current : NULL;
}

static GtkWidget *add_row(GtkWidget *d, GtkWidget *table, guint row, const char *label,
                          GtkWidget *field)
{
	GtkWidget *l = gtk_label_new_with_mnemonic(label);
	gtk_misc_set_alignment(GTK_MISC(l), 0, 0.5);
	gtk_label_set_mnemonic_widget(GTK_LABEL(l), field);
	gtk_table_attach(GTK_TABLE(table), l, 0, 1, row, row + 1, GTK_FILL, 0, 4, 4);
	gtk_table_attach(GTK_TABLE(table), field, 1, 2, row, row + 1, GTK_FILL | GTK_EXPAND, 0, 4, 4);
	if (GTK_IS_ENTRY(field))
		gtk_entry_set_activates_default(GTK_ENTRY(field), TRUE);
	return field;
}

static GtkWidget *dialog_table(GtkWidget *d, guint rows)
{
	GtkWidget *table = gtk_table_new(rows, 2, FALSE);
	gtk_box_pack_start(GTK_BOX(gtk_dialog_get_content_area(GTK_DIALOG(d))), table, TRUE, TRUE, 0);
	return table;
}

static void on_remove_trace(GtkWidget *d, gint response, LttvguiMainWindow *mw)
{
	LttvwindowTab *tab = dialog_tab(d, mw);
	gint i = gtk_combo_box_get_active(GTK_COMBO_BOX(g_object_get_data(G_OBJECT(d), "combo")));
	if (response == GTK_RESPONSE_OK && tab != NULL && i >= 0 &&
	    (guint) i < lttv_traceset_number(lttvwindow_get_traceset(tab)))
		lttvwindow_tab_remove_trace(tab, (guint) i);
	gtk_widget_destroy(d);
}

void lttvgui_dialog_remove_trace(LttvguiMainWindow *mw)
{
	LttvwindowTab *tab = lttvgui_main_window_tab(mw);
	LttvTraceset *ts = lttvwindow_get_traceset(tab);
	GtkWidget *d = ok_dialog(mw, "Remove Trace", GTK_STOCK_REMOVE);
	GtkWidget *combo = gtk_combo_box_text_new();
	for (guint i = 0; i < lttv_traceset_number(ts); i++)
		gtk_combo_box_text_append_text(GTK_COMBO_BOX_TEXT(combo),
		                               ltt_trace_path(lttv_trace_ltt(lttv_traceset_get(ts, i))));
	gtk_combo_box_set_active(GTK_COMBO_BOX(combo), 0);
	add_row(d, dialog_table(d, 1), 0, "_Trace", combo);
	g_object_set_data(G_OBJECT(d), "combo", combo);
	present(d, G_CALLBACK(on_remove_trace), mw);
}

typedef struct {
	GtkWidget *window;              /* weak: the window may close meanwhile */
	char *file;
} PngSave;

/* The worker wrote the picture: said in the window it shows, if still open. */
static void on_png_saved(const GError *error, gpointer data)
{
	PngSave *s = data;
	for (guint i = 0; s->window != NULL && i < lttvgui_main_window_count(); i++) {
		LttvguiMainWindow *mw = lttvgui_main_window_get(i);
		if (mw->window != s->window)
			continue;
		if (error != NULL) {
			lttvgui_main_window_error(mw, "The picture could not be saved", error->message);
		} else {
			char *msg = g_strdup_printf("Saved %s", s->file);
			lttvgui_main_window_status(mw, msg);
			g_free(msg);
		}
	}
	if (s->window != NULL)
		g_object_remove_weak_pointer(G_OBJECT(s->window), (gpointer *) &s->window);
	g_free(s->file);
	g_free(s);
}

static void on_save_png(GtkWidget *d, gint response, LttvguiMainWindow *mw);

void lttvgui_dialog_save_png(LttvguiMainWindow *mw)
{
	GtkWidget *d = gtk_file_chooser_dialog_new("Save View as PNG", GTK_WINDOW(mw->window),
	                                           GTK_FILE_CHOOSER_ACTION_SAVE,
	                                           GTK_STOCK_CANCEL, GTK_RESPONSE_CANCEL,
	                                           GTK_STOCK_SAVE, GTK_RESPONSE_ACCEPT, NULL);
	gtk_file_chooser_set_do_overwrite_confirmation(GTK_FILE_CHOOSER(d), TRUE);
	start_in_working_dir(d);
	gtk_file_chooser_set_current_name(GTK_FILE_CHOOSER(d), "lttv-view.png");
	present(d, G_CALLBACK(on_save_png), mw);
}

static void on_save_png(GtkWidget *d, gint response, LttvguiMainWindow *mw)
{
	char *file = NULL;
	if (response == GTK_RESPONSE_ACCEPT)
		file = gtk_file_chooser_get_filename(GTK_FILE_CHOOSER(d));
	gtk_widget_destroy(d);
	if (file == NULL)
		return;
	/* The dialog is gone from the screen once its area is redrawn. */
	gdk_window_process_all_updates();
	GError *error = NULL;
	PngSave *s = g_new(PngSave, 1);
	*s = (PngSave) { mw->window, file };
	g_object_add_weak_pointer(G_OBJECT(s->window), (gpointer *) &s->window);
	if (!lttvgui_snapshot_save(mw->window, file, on_png_saved, s, &error)) {
		lttvgui_main_window_error(mw, "The picture could not be saved", error->message);
		g_error_free(error);
		g_object_remove_weak_pointer(G_OBJECT(s->window), (gpointer *) &s->window);
		g_free(s->file);
		g_free(s);
	}
}

static GtkWidget *time_entry(LttvwindowTab *tab, LttTime t)
{
	char buf[LTT_TIME_STRING_SIZE];
	lttvgui_tab_format_time(tab, t, buf);
	GtkWidget *e = gtk_entry_new();
	gtk_entry_set_text(GTK_ENTRY(e), buf);
	gtk_entry_set_width_chars(GTK_ENTRY(e), 22);
	return e;
}

/* A mistake in the dialog, in place of its hint: dark red and bold, so it
 * stands out from the hint it replaces. */
static void show_error(GtkWidget *status, const char *message)
{
	char *m = g_markup_printf_escaped("<span foreground=\"#b00000\" weight=\"bold\">%s</span>", message);
	gtk_label_set_markup(GTK_LABEL(status), m);
	g_free(m);
}

/* Parses entry; on error shows why in status (the dialog stays open). */
static gboolean entry_time(LttvwindowTab *tab, GtkWidget *entry, GtkWidget *status, LttTime *t)
{
	GError *error = NULL;
	if (lttvgui_tab_parse_time(tab, gtk_entry_get_text(GTK_ENTRY(entry)), t, &error))
		return TRUE;
	show_error(status, error->message);
	g_error_free(error);
	gtk_widget_grab_focus(entry);
	return FALSE;
}

static GtkWidget *status_label(GtkWidget *d)
{
	GtkWidget *l = gtk_label_new("Times are seconds.nanoseconds from the start of the trace.");
	gtk_label_set_line_wrap(GTK_LABEL(l), TRUE);
	gtk_misc_set_alignment(GTK_MISC(l), 0, 0.5);
	/* The dialog's own margin, which its table of entries has too. */
	gtk_misc_set_padding(GTK_MISC(l), 8, 0);
	gtk_box_pack_end(GTK_BOX(gtk_dialog_get_content_area(GTK_DIALOG(d))), l, FALSE, FALSE, 4);
	return l;
}


static void on_go_to_time(GtkWidget *d, gint response, LttvguiMainWindow *mw)
{
	LttvwindowTab *tab = dialog_tab(d, mw);
	LttTime t;
	if (response == GTK_RESPONSE_OK && tab != NULL) {
		GtkWidget *entry = g_object_get_data(G_OBJECT(d), "entry");
		GError *error = NULL;
		if (!entry_time(tab, entry, g_object_get_data(G_OBJECT(d), "status"), &t))
			return;
		if (!lttvgui_tab_check_time(tab, t, gtk_entry_get_text(GTK_ENTRY(entry)), &error)) {
			show_error(g_object_get_data(G_OBJECT(d), "status"), error->message);
			g_error_free(error);
			gtk_widget_grab_focus(entry);
			return;
		}
		/* Keep the zoom; centre the time when it is off screen. */
		LttvwindowTimeWindow w = lttvwindow_get_time_window(tab);
		if (t < w.start || t >= w.start + w.width) {
			w.start = t > w.width / 2 ? t - w.width / 2 : 0;
			lttvwindow_report_time_window(tab, w, NULL);
		}
		lttvwindow_report_current_time(tab, t, NULL);
	}
	gtk_widget_destroy(d);
}

void lttvgui_dialog_go_to_time(LttvguiMainWindow *mw)
{
	LttvwindowTab *tab = lttvgui_main_window_tab(mw);
	GtkWidget *d = ok_dialog(mw, "Go to Time", GTK_STOCK_JUMP_TO);
	GtkWidget *entry = add_row(d, dialog_table(d, 1), 0, "_Time",
	                           time_entry(tab, lttvwindow_get_current_time(tab)));
	g_object_set_data(G_OBJECT(d), "entry", entry);
	g_object_set_data(G_OBJECT(d), "status", status_label(d));
	present(d, G_CALLBACK(on_go_to_time), mw);
}

static void on_time_frame(GtkWidget *d, gint response, LttvguiMainWindow *mw)
{
	LttvwindowTab *tab = dialog_tab(d, mw);
	GtkWidget *status = g_object_get_data(G_OBJECT(d), "status");
	LttTime s, e;
	if (response == GTK_RESPONSE_OK && tab != NULL) {
		if (!entry_time(tab, g_object_get_data(G_OBJECT(d), "start"), status, &s) ||
		    !entry_time(tab, g_object_get_data(G_OBJECT(d), "end"), status, &e))
			return;
		/* End, as the time bar's, is the last nanosecond shown. */
		if (e < s) {
			show_error(status, "The end must come after the start.");
			return;
		}
		GtkWidget *start = g_object_get_data(G_OBJECT(d), "start");
		GError *error = NULL;
		if (!lttvgui_tab_set_window(tab, s, e + 1, gtk_entry_get_text(GTK_ENTRY(start)), NULL,
		                            &error)) {
			show_error(status, error->message);
			g_error_free(error);
			return;
		}
	}
	gtk_widget_destroy(d);
}

void lttvgui_dialog_time_frame(LttvguiMainWindow *mw)
{
	LttvwindowTab *tab = lttvgui_main_window_tab(mw);
	LttvwindowTimeWindow w = lttvwindow_get_time_window(tab);
	GtkWidget *d = ok_dialog(mw, "Set Time Frame", GTK_STOCK_APPLY);
	GtkWidget *table = dialog_table(d, 2);
	GtkWidget *start = add_row(d, table, 0, "_Start", time_entry(tab, w.start));
	GtkWidget *end = add_row(d, table, 1, "_End", time_entry(tab, lttvgui_window_last(w)));
	g_object_set_data(G_OBJECT(d), "start", start);
	g_object_set_data(G_OBJECT(d), "end", end);
	g_object_set_data(G_OBJECT(d), "status", status_label(d));
	present(d, G_CALLBACK(on_time_frame), mw);
}

static void on_filter(GtkWidget *d, gint response, LttvguiMainWindow *mw)
{
	LttvwindowTab *tab = dialog_tab(d, mw);
	if (response == GTK_RESPONSE_OK && tab != NULL) {
		GtkWidget *entry = g_object_get_data(G_OBJECT(d), "entry");
		GError *error = NULL;
		if (!lttvwindow_report_filter(tab, gtk_entry_get_text(GTK_ENTRY(entry)), NULL, &error)) {
			show_error(g_object_get_data(G_OBJECT(d), "status"), error->message);
			g_error_free(error);
			return;
		}
	}
	gtk_widget_destroy(d);
}

void lttvgui_dialog_filter(LttvguiMainWindow *mw)
{
	LttvwindowTab *tab = lttvgui_main_window_tab(mw);
	GtkWidget *d = ok_dialog(mw, "Filter", GTK_STOCK_APPLY);
	GtkWidget *entry = gtk_entry_new();
	const char *text = lttvwindow_get_filter_text(tab);
	gtk_entry_set_text(GTK_ENTRY(entry), text != NULL ? text : "");
	gtk_entry_set_width_chars(GTK_ENTRY(entry), 50);
	add_row(d, dialog_table(d, 1), 0, "_Expression", entry);
	GtkWidget *status = status_label(d);
	/* The example on a line of its own, never wrapped inside. */
	gtk_label_set_markup(GTK_LABEL(status),
	                     "For example:\n<tt>event.name = sched_switch &amp; state.pid &gt; 100</tt>\n"
	                     "Empty: every event. The language: filter.md in " LTTV_DOCDIR ".");
	g_object_set_data(G_OBJECT(d), "entry", entry);
	g_object_set_data(G_OBJECT(d), "status", status);
	present(d, G_CALLBACK(on_filter), mw);
}

static void on_load_module(GtkWidget *d, gint response, LttvguiMainWindow *mw);

void lttvgui_dialog_load_module(LttvguiMainWindow *mw)
{
	GtkWidget *d = gtk_file_chooser_dialog_new("Load Module", GTK_WINDOW(mw->window),
	                                           GTK_FILE_CHOOSER_ACTION_OPEN,
	                                           GTK_STOCK_CANCEL, GTK_RESPONSE_CANCEL,
	                                           GTK_STOCK_OPEN, GTK_RESPONSE_ACCEPT, NULL);
	GtkFileFilter *f = gtk_file_filter_new();
	gtk_file_filter_set_name(f, "LTTV modules (*.so, *.la)");
	gtk_file_filter_add_pattern(f, "*.so");
	gtk_file_filter_add_pattern(f, "*.la");
	gtk_file_chooser_add_filter(GTK_FILE_CHOOSER(d), f);
	start_in_working_dir(d);
	present(d, G_CALLBACK(on_load_module), mw);
}

static void on_load_module(GtkWidget *d, gint response, LttvguiMainWindow *mw)
{
	char *file = NULL;
	if (response == GTK_RESPONSE_ACCEPT)
		file = gtk_file_chooser_get_filename(GTK_FILE_CHOOSER(d));
	gtk_widget_destroy(d);
	if (file == NULL)
		return;
	/* A module is found by name in the search path (module.h). */
	char *dir = g_path_get_dirname(file);
	char *name = g_path_get_basename(file);
	char *dot = strrchr(name, '.');
	if (dot != NULL)
		*dot = '\0';
	lttv_module_add_path(dir);
	GError *error = NULL;
	if (!lttvgui_load_module(name, &error)) {
		lttvgui_main_window_error(mw, "The module could not be loaded", error->message);
		g_error_free(error);
	} else {
		char *msg = g_strdup_printf("Loaded module %s", name);
		lttvgui_main_window_status(mw, msg);
		g_free(msg);
	}
	g_free(dir);
	g_free(name);
	g_free(file);
}

static void on_unload_module(GtkWidget *d, gint response, LttvguiMainWindow *mw)
{
	if (response == GTK_RESPONSE_OK) {
		GtkWidget *combo = g_object_get_data(G_OBJECT(d), "combo");
		char *name = gtk_combo_box_text_get_active_text(GTK_COMBO_BOX_TEXT(combo));
		GError *error = NULL;
		gboolean ok = name == NULL || lttvwindow_unload_module(name, &error);
		g_free(name);
		if (!ok) {
			show_error(g_object_get_data(G_OBJECT(d), "status"), error->message);
			g_error_free(error);
			return;
		}
	}
	gtk_widget_destroy(d);
}

void lttvgui_dialog_unload_module(LttvguiMainWindow *mw)
{
	if (lttv_module_number() == 0) {
		lttvgui_main_window_error(mw, "No module is loaded", "Plugins > Load Module loads one.");
		return;
	}
	GtkWidget *d = ok_dialog(mw, "Unload Module", "_Unload");
	GtkWidget *combo = gtk_combo_box_text_new();
	for (guint i = 0; i < lttv_module_number(); i++)
		gtk_combo_box_text_append_text(GTK_COMBO_BOX_TEXT(combo),
		                               lttv_module_get_info(lttv_module_get(i))->name);
	gtk_combo_box_set_active(GTK_COMBO_BOX(combo), 0);
	add_row(d, dialog_table(d, 1), 0, "_Module", combo);
	GtkWidget *status = status_label(d);
	gtk_label_set_text(GTK_LABEL(status), "Its viewers close in every window.");
	g_object_set_data(G_OBJECT(d), "combo", combo);
	g_object_set_data(G_OBJECT(d), "status", status);
	present(d, G_CALLBACK(on_unload_module), mw);
}
