/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* snapshot.c: a widget's pixels, read back from its window, and saved as
 * PNG by a worker thread. */
#include <config.h>
#include "snapshot.h"
#include <lttvwindow/lttvwindow.h>

GdkPixbuf *lttvgui_snapshot(GtkWidget *widget, GError **error)
{
	GdkWindow *win = gtk_widget_get_window(widget);
	if (win == NULL || !gtk_widget_get_mapped(widget)) {
		g_set_error(error, LTTVWINDOW_ERROR, LTTVWINDOW_ERROR_INVALID,
		            "nothing to take a picture of: the widget is not on screen");
		return NULL;
	}
	GtkAllocation a;
	gtk_widget_get_allocation(widget, &a);
	/* A toplevel's allocation is in root coordinates; a child's is in
	 * its window's, and a child with a window of its own starts at 0. */
	gint x = 0, y = 0;
	if (!gtk_widget_is_toplevel(widget) && !gtk_widget_get_has_window(widget)) {
		x = a.x;
		y = a.y;
	}
	/* Only what is on the screen can be read back. */
	gint ox, oy;
	gdk_window_get_origin(win, &ox, &oy);
	GdkScreen *screen = gtk_widget_get_screen(widget);
	if (ox + x < 0 || oy + y < 0 || ox + x + a.width > gdk_screen_get_width(screen) ||
	    oy + y + a.height > gdk_screen_get_height(screen)) {
		g_set_error(error, LTTVWINDOW_ERROR, LTTVWINDOW_ERROR_INVALID,
		            "%dx%d pixels at %d,%d do not fit on the %dx%d screen", a.width, a.height,
		            ox + x, oy + y, gdk_screen_get_width(screen), gdk_screen_get_height(screen));
		return NULL;
	}
	/* Every window is drawn (a dialog over this one too), then the
	 * screen is read where the widget is: what the user sees.  Reading
	 * the widget's own window instead gives, where another toplevel (the
	 * shortcuts window, a dialog) covers it, whatever the server has
	 * there -- X leaves the covered part of a window undefined. */
	gdk_window_process_all_updates();
	gdk_display_sync(gdk_window_get_display(win));
	GdkPixbuf *pb = gdk_pixbuf_get_from_drawable(NULL, gdk_screen_get_root_window(screen), NULL,
	                                             ox + x, oy + y, 0, 0, a.width, a.height);
	if (pb == NULL)
		g_set_error(error, LTTVWINDOW_ERROR, LTTVWINDOW_ERROR_INVALID,
		            "the screen could not be read (%dx%d at %d,%d)", a.width, a.height, x, y);
	return pb;
}

typedef struct {
	GdkPixbuf *pixbuf;
	char *file;
	LttvguiSnapshotSaved saved;
	gpointer data;
} Saving;

static void saving_free(gpointer p)
{
	Saving *s = p;
	g_object_unref(s->pixbuf);
	g_free(s->file);
	g_free(s);
}

/* In the worker: only the pixbuf (no X, no GTK) and the file. */
static void encode(GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
	Saving *s = task_data;
	GError *error = NULL;
	if (gdk_pixbuf_save(s->pixbuf, s->file, "png", &error, NULL))
		g_task_return_boolean(task, TRUE);
	else
		g_task_return_error(task, error);
}

/* Back in the main loop. */
static void encoded(GObject *source, GAsyncResult *result, gpointer data)
{
	Saving *s = g_task_get_task_data(G_TASK(result));
	GError *error = NULL;
	g_task_propagate_boolean(G_TASK(result), &error);
	s->saved(error, s->data);
	g_clear_error(&error);
}

gboolean lttvgui_snapshot_save(GtkWidget *widget, const char *file, LttvguiSnapshotSaved saved,
                               gpointer data, GError **error)
{
	GdkPixbuf *pb = lttvgui_snapshot(widget, error);
	if (pb == NULL)
		return FALSE;
	Saving *s = g_new(Saving, 1);
	*s = (Saving) { pb, g_strdup(file), saved, data };
	GTask *task = g_task_new(NULL, NULL, encoded, NULL);
	g_task_set_task_data(task, s, saving_free);
	g_task_run_in_thread(task, encode);
	g_object_unref(task);
	return TRUE;
}
