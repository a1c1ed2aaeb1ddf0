/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* stv-export.c: the figures as CSV, in the format of
 * `lttv -m textDump -s --stats-format=csv` (lttv/stats-text.h writes both),
 * so a spreadsheet or a script reads either the same way: every node, so
 * the trees, which are built as rows open, are built whole here first.
 *
 * Copy puts them on the clipboard; scripts (lttv-gui --script), which
 * cannot read the clipboard, get them appended to the file named by
 * LTTV_GUI_COPY_FILE when it is set (the tests read the figures so). */
#include <config.h>
#include <stdio.h>
#include <ltt/trace.h>
#include <lttv/stats-text.h>
#include "stv.h"

char *stv_csv(const Stv *v)
{
	LttvTraceset *ts = lttvwindow_get_traceset(v->tab);
	GString *csv = g_string_new(lttv_stats_csv_header());
	for (guint i = 0; i < v->traces->len; i++) {
		const StvTrace *t = &g_array_index(v->traces, StvTrace, i);
		if (t->tree == NULL)
			continue;
		LttvStatsNode *all = lttv_stats_tree(t->stats, t->tree->per_cpu);
		lttv_stats_append_csv(csv, all, ltt_trace_name(lttv_trace_ltt(lttv_traceset_get(ts, i))));
		lttv_stats_node_free(all);
	}
	return g_string_free(csv, FALSE);
}

void stv_copy(Stv *v, gboolean shown)
{
	char *csv = shown ? stv_tree_shown_csv(v) : stv_csv(v);
	gtk_clipboard_set_text(gtk_widget_get_clipboard(v->view, GDK_SELECTION_CLIPBOARD), csv, -1);
	const char *file = g_getenv("LTTV_GUI_COPY_FILE");
	if (file != NULL && file[0] != '\0') {
		FILE *f = fopen(file, "a");
		if (f == NULL || fputs(csv, f) == EOF || fclose(f) != 0)
			stv_set_status(v, "Cannot write %s (LTTV_GUI_COPY_FILE)", file);
	}
	g_free(csv);
}

/* The chooser's answer (the dialog is not run in a loop of its own, which
 * would hold whatever clicked Export, the --script stepping included). */
static void on_export(GtkWidget *dialog, gint response, Stv *v)
{
	if (response == GTK_RESPONSE_ACCEPT) {
		char *path = gtk_file_chooser_get_filename(GTK_FILE_CHOOSER(dialog));
		char *csv = stv_csv(v);
		GError *error = NULL;
		if (!g_file_set_contents(path, csv, -1, &error)) {
			stv_set_status(v, "Export: %s", error->message);
			g_error_free(error);
		} else {
			stv_set_status(v, "Exported to %s", path);
		}
		g_free(csv);
		g_free(path);
	}
	gtk_widget_destroy(dialog);
}

void stv_export_dialog(Stv *v)
{
	GtkWidget *dialog = gtk_file_chooser_dialog_new("Export the statistics as CSV",
	                                                lttvwindow_get_window(v->tab),
	                                                GTK_FILE_CHOOSER_ACTION_SAVE, GTK_STOCK_CANCEL,
	                                                GTK_RESPONSE_CANCEL, GTK_STOCK_SAVE,
	                                                GTK_RESPONSE_ACCEPT, NULL);
	gtk_file_chooser_set_do_overwrite_confirmation(GTK_FILE_CHOOSER(dialog), TRUE);
	gtk_file_chooser_set_current_name(GTK_FILE_CHOOSER(dialog), "statistics.csv");
	gtk_window_set_modal(GTK_WINDOW(dialog), TRUE);
	gtk_window_set_destroy_with_parent(GTK_WINDOW(dialog), TRUE);
	/* The viewer may go first (its module unloaded): the dialog with it. */
	g_signal_connect_object(v->top, "destroy", G_CALLBACK(gtk_widget_destroy), dialog,
	                        G_CONNECT_SWAPPED);
	g_signal_connect(dialog, "response", G_CALLBACK(on_export), v);
	gtk_widget_show(dialog);
}
