/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-gui-cfv-slices: the control flow viewer draws its rows in slices,
 * one per main-loop turn, without flicker (test-gui-cfv-slices.sh starts
 * Xvfb and makes the trace).
 *
 * The viewer shows a window of the trace; the test moves it, then runs the
 * main loop one iteration at a time and reads the canvas from the screen
 * after each.  The rows change over more than one iteration (sliced), and
 * every line of pixels shown meanwhile is the line of the old picture or
 * of the new one: never a blank or half-drawn row.
 *
 * A refill of the process tree (here a sort by name) on a trace of
 * thousands of tasks fills a new store over several turns, the view
 * showing the old one until the new one is complete. */
#include <string.h>
#include <lttv/module.h>
#include <lttvwindow/lttvwindow.h>
#include <lttvwindow/host.h>
#include <lttv-gui/snapshot.h>
#include <lttv-gui/viewer-modules.h>

static gboolean on_map(GtkWidget *w, GdkEvent *ev, GMainLoop *loop)
{
	g_main_loop_quit(loop);
	return FALSE;
}

static void on_busy(LttvwindowTab *tab, GMainLoop *loop)
{
	if (!lttvwindow_tab_busy(tab))
		g_main_loop_quit(loop);
}

/* Until nothing is ready to run: the viewer's drawing is done. */
static void settle(void)
{
	while (g_main_context_pending(NULL))
		g_main_context_iteration(NULL, FALSE);
}

/* The largest drawing area under w: the rows' canvas. */
static void find_canvas(GtkWidget *w, gpointer data)
{
	GtkWidget **best = data;
	GtkAllocation a, b;
	if (GTK_IS_DRAWING_AREA(w)) {
		gtk_widget_get_allocation(w, &a);
		if (*best != NULL)
			gtk_widget_get_allocation(*best, &b);
		if (*best == NULL || a.width * a.height > b.width * b.height)
			*best = w;
	}
	if (GTK_IS_CONTAINER(w))
		gtk_container_forall(GTK_CONTAINER(w), find_canvas, data);
}

/* The canvas as the screen shows it.  GDK reads a window through a copy
 * to a pixmap, which sends a NoExpose event (received by the time the
 * picture is): dropped, so that the main loop has only the viewer's work
 * pending, not the test's. */
static GdkPixbuf *snap(GtkWidget *canvas)
{
	GError *error = NULL;
	GdkPixbuf *pb = lttvgui_snapshot(canvas, &error);
	GSList *kept = NULL;
	GdkEvent *ev;
	g_assert_no_error(error);
	while ((ev = gdk_event_get()) != NULL) {
		if (ev->type == GDK_NO_EXPOSE)
			gdk_event_free(ev);
		else
			kept = g_slist_prepend(kept, ev);
	}
	kept = g_slist_reverse(kept);
	for (GSList *l = kept; l != NULL; l = l->next)
		gdk_event_put(l->data);
	g_slist_free_full(kept, (GDestroyNotify) gdk_event_free);
	return pb;
}

static gboolean same_line(GdkPixbuf *a, GdkPixbuf *b, gint y)
{
	gsize n = (gsize) gdk_pixbuf_get_width(a) * (gsize) gdk_pixbuf_get_n_channels(a);
	return memcmp(gdk_pixbuf_get_pixels(a) + y * gdk_pixbuf_get_rowstride(a),
	              gdk_pixbuf_get_pixels(b) + y * gdk_pixbuf_get_rowstride(b), n) == 0;
}

static gboolean same_picture(GdkPixbuf *a, GdkPixbuf *b)
{
	for (gint y = 0; y < gdk_pixbuf_get_height(a); y++)
		if (!same_line(a, b, y))
			return FALSE;
	return TRUE;
}

/* A 1000x700 window at (0, 0) with a control flow viewer on the trace
 * named by the environment variable, shown and done with the tab's work. */
static GtkWidget *open_controlflow(const char *trace_variable, GMainLoop *loop, GtkWidget **window,
                                   LttvwindowTab **tab)
{
	GError *error = NULL;
	*window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
	*tab = lttvwindow_tab_new(GTK_WINDOW(*window));
	g_assert_true(lttvwindow_tab_add_trace(*tab, g_getenv(trace_variable), &error));
	g_assert_no_error(error);
	const LttvwindowViewerInfo *info = lttvgui_viewer_require("controlflow", &error);
	g_assert_no_error(error);
	GtkWidget *viewer = info->constructor(*tab);
	gtk_container_add(GTK_CONTAINER(*window), viewer);
	gtk_window_set_default_size(GTK_WINDOW(*window), 1000, 700);
	gtk_window_move(GTK_WINDOW(*window), 0, 0);
	g_signal_connect_after(*window, "map-event", G_CALLBACK(on_map), loop);
	gtk_widget_show_all(*window);
	g_main_loop_run(loop);
	g_signal_connect(*tab, LTTVWINDOW_SIGNAL_BUSY, G_CALLBACK(on_busy), loop);
	if (lttvwindow_tab_busy(*tab))
		g_main_loop_run(loop);
	return viewer;
}

static void test_slices(void)
{
	GMainLoop *loop = g_main_loop_new(NULL, FALSE);
	GtkWidget *window;
	LttvwindowTab *tab;
	GtkWidget *viewer = open_controlflow("GUI_TEST_TRACE", loop, &window, &tab);

	/* Two windows a quarter of the trace long; the current time (its
	 * start) is in neither, so no current-time line is drawn. */
	LttTime start, end;
	lttvwindow_get_time_span(tab, &start, &end);
	LttTime quarter = (end - start) / 4;
	g_assert_cmpuint(lttvwindow_get_current_time(tab), ==, start);
	lttvwindow_report_time_window(tab, (LttvwindowTimeWindow) { start + quarter, quarter }, NULL);
	settle();
	GtkWidget *canvas = NULL;
	find_canvas(viewer, &canvas);
	g_assert_nonnull(canvas);
	GdkPixbuf *old = snap(canvas);

	lttvwindow_report_time_window(tab, (LttvwindowTimeWindow) { start + 2 * quarter, quarter }, NULL);
	GPtrArray *shown = g_ptr_array_new_with_free_func(g_object_unref);
	while (g_main_context_pending(NULL)) {
		g_main_context_iteration(NULL, FALSE);
		g_ptr_array_add(shown, snap(canvas));
	}
	g_assert_cmpuint(shown->len, >, 0);
	GdkPixbuf *new = g_ptr_array_index(shown, shown->len - 1);
	g_assert_false(same_picture(old, new));

	/* Each line old or new; the picture changed in more than one turn. */
	guint changes = 0, mixed = 0;
	GdkPixbuf *before = old;
	for (guint i = 0; i < shown->len; i++) {
		GdkPixbuf *s = g_ptr_array_index(shown, i);
		for (gint y = 0; y < gdk_pixbuf_get_height(s); y++)
			if (!same_line(s, old, y) && !same_line(s, new, y) && mixed++ == 0)
				g_test_message("turn %u: line %d is neither the old picture's nor the new one's", i, y);
		changes += !same_picture(s, before);
		before = s;
	}
	g_assert_cmpuint(mixed, ==, 0);
	g_test_message("%u turns, the picture changed in %u", shown->len, changes);
	g_assert_cmpuint(changes, >=, 2);

	g_ptr_array_free(shown, TRUE);
	g_object_unref(old);
	gtk_widget_destroy(window);
	g_object_unref(tab);
	g_main_loop_unref(loop);
}

static void find_tree(GtkWidget *w, gpointer data)
{
	GtkWidget **tree = data;
	if (*tree == NULL && GTK_IS_TREE_VIEW(w))
		*tree = w;
	if (*tree == NULL && GTK_IS_CONTAINER(w))
		gtk_container_forall(GTK_CONTAINER(w), find_tree, data);
}

/* Rows at every level under parent (NULL: the whole model). */
static guint count_rows(GtkTreeModel *m, GtkTreeIter *parent)
{
	GtkTreeIter it;
	guint n = 0;
	for (gboolean more = gtk_tree_model_iter_children(m, &it, parent); more; more = gtk_tree_model_iter_next(m, &it))
		n += 1 + count_rows(m, &it);
	return n;
}

static void test_refill(void)
{
	GMainLoop *loop = g_main_loop_new(NULL, FALSE);
	GtkWidget *window;
	LttvwindowTab *tab;
	GtkWidget *viewer = open_controlflow("GUI_TEST_MANY_TASKS_TRACE", loop, &window, &tab);
	settle();

	GtkWidget *tree = NULL;
	find_tree(viewer, &tree);
	g_assert_nonnull(tree);
	GtkTreeModel *old = gtk_tree_view_get_model(GTK_TREE_VIEW(tree));
	guint rows = count_rows(old, NULL);
	g_test_message("%u rows", rows);
	g_assert_cmpuint(rows, >, 3000);

	/* Sorted by name: the old store stays on the view until the new one
	 * is complete, a few turns later. */
	gtk_tree_view_column_clicked(gtk_tree_view_get_column(GTK_TREE_VIEW(tree), 0));
	guint turns = 0;
	while (gtk_tree_view_get_model(GTK_TREE_VIEW(tree)) == old) {
		g_assert_cmpuint(count_rows(old, NULL), ==, rows);
		g_assert_true(g_main_context_pending(NULL));
		g_main_context_iteration(NULL, FALSE);
		turns++;
	}
	g_test_message("the new store came after %u turns", turns);
	g_assert_cmpuint(turns, >=, 1);
	GtkTreeModel *m = gtk_tree_view_get_model(GTK_TREE_VIEW(tree));
	g_assert_cmpuint(count_rows(m, NULL), ==, rows);
	GtkTreeIter it;
	char *prev = NULL;
	for (gboolean more = gtk_tree_model_get_iter_first(m, &it); more; more = gtk_tree_model_iter_next(m, &it)) {
		char *name;
		gtk_tree_model_get(m, &it, 0, &name, -1);
		g_assert_true(prev == NULL || strcmp(prev, name) <= 0);
		g_free(prev);
		prev = name;
	}
	g_free(prev);

	gtk_widget_destroy(window);
	g_object_unref(tab);
	g_main_loop_unref(loop);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	if (!gtk_init_check(&argc, &argv)) {
		printf("1..0 # SKIP no display (test-gui-cfv-slices.sh starts Xvfb)\n");
		return 0;
	}
	if (g_getenv("GUI_TEST_TRACE") == NULL) {
		printf("Bail out! GUI_TEST_TRACE is not set (test-gui-cfv-slices.sh sets it)\n");
		return 1;
	}
	g_test_add_func("/controlflow/slices", test_slices);
	if (g_getenv("GUI_TEST_MANY_TASKS_TRACE") != NULL)
		g_test_add_func("/controlflow/refill", test_refill);
	int status = g_test_run();
	lttv_module_unload_all();
	return status;
}
