/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* help.c: Help > Keyboard Shortcuts and Help > About. */
#include <config.h>
#include "mainwindow-private.h"
#include "keys.h"

static void add_line(GtkListStore *store, const char *keys, const char *what)
{
	GtkTreeIter it;
	gtk_list_store_append(store, &it);
	gtk_list_store_set(store, &it, 0, keys, 1, what, -1);
}

/* The menus' accelerators, in menu order, from the menus' own table. */
static void add_accelerators(GtkListStore *store)
{
	guint n;
	const GtkActionEntry *entries = lttvgui_menus_entries(&n);
	for (guint i = 0; i < n; i++) {
		guint key;
		GdkModifierType mods;
		if (entries[i].accelerator == NULL)
			continue;
		gtk_accelerator_parse(entries[i].accelerator, &key, &mods);
		char *label = gtk_accelerator_get_label(key, mods);
		/* Menu labels carry mnemonics: show the words. */
		GString *plain = g_string_new(NULL);
		for (const char *p = entries[i].label; *p; p++)
			if (*p != '_')
				g_string_append_c(plain, *p);
		add_line(store, label, plain->str);
		g_string_free(plain, TRUE);
		g_free(label);
	}
}

void lttvgui_dialog_shortcuts(LttvguiMainWindow *mw)
{
	GtkWidget *d = gtk_dialog_new_with_buttons("Keyboard Shortcuts", GTK_WINDOW(mw->window),
	                                           GTK_DIALOG_DESTROY_WITH_PARENT,
	                                           GTK_STOCK_CLOSE, GTK_RESPONSE_CLOSE, NULL);
	gtk_window_set_default_size(GTK_WINDOW(d), 520, 480);
	GtkListStore *store = gtk_list_store_new(2, G_TYPE_STRING, G_TYPE_STRING);
	for (guint i = 0; i < lttvgui_keys_count(); i++) {
		const char *what;
		char *keys = lttvgui_keys_describe(i, &what);
		add_line(store, keys, what);
		g_free(keys);
	}
	add_line(store, "Ctrl+wheel", "Zoom in or out");
	add_line(store, "Shift+wheel", "Pan earlier or later");
	add_accelerators(store);
	GtkWidget *view = gtk_tree_view_new_with_model(GTK_TREE_MODEL(store));
	g_object_unref(store);
	gtk_tree_view_insert_column_with_attributes(GTK_TREE_VIEW(view), -1, "Keys",
	                                            gtk_cell_renderer_text_new(), "text", 0, NULL);
	gtk_tree_view_insert_column_with_attributes(GTK_TREE_VIEW(view), -1, "Action",
	                                            gtk_cell_renderer_text_new(), "text", 1, NULL);
	GtkWidget *sw = gtk_scrolled_window_new(NULL, NULL);
	gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(sw), GTK_POLICY_NEVER,
	                               GTK_POLICY_AUTOMATIC);
	gtk_container_add(GTK_CONTAINER(sw), view);
	GtkWidget *note = gtk_label_new("The navigation keys act wherever the focus is, except in a "
	                                "text field, and after a tree's own keys. Rebind them in ~/.config/lttv/keys, one line "
	                                "per action: zoom-in w plus");
	gtk_label_set_line_wrap(GTK_LABEL(note), TRUE);
	GtkWidget *area = gtk_dialog_get_content_area(GTK_DIALOG(d));
	gtk_box_pack_start(GTK_BOX(area), sw, TRUE, TRUE, 4);
	gtk_box_pack_start(GTK_BOX(area), note, FALSE, FALSE, 4);
	g_signal_connect(d, "response", G_CALLBACK(gtk_widget_destroy), NULL);
	gtk_widget_show_all(d);
}

void lttvgui_dialog_about(LttvguiMainWindow *mw)
{
	static const char *const authors[] = { "The LTTV contributors", NULL };
	gtk_show_about_dialog(GTK_WINDOW(mw->window),
	                      "program-name", "lttv-gui",
	                      "version", PACKAGE_VERSION,
	                      "comments", "The Linux Trace Toolkit Viewer: traces of the kernel "
	                                  "and of programs, shown by viewer plugins.",
	                      "authors", authors,
	                      NULL);
}
