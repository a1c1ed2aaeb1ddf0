/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-gui-snapshot: lttv-gui's screenshots (the script's `screenshot`, Save
 * View as PNG), on a real display (test-gui-snapshot.sh starts Xvfb).  The
 * pixels are read when asked; the PNG is encoded and written by a worker
 * thread while the main loop runs on; the caller hears of the complete
 * file from the main loop. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <lttv-gui/snapshot.h>

#define WIDTH 240
#define HEIGHT 160

typedef struct {
	GMainLoop *loop;
	gboolean called;
	GError *error;
} Saved;

static void on_saved(const GError *error, gpointer data)
{
	Saved *s = data;
	s->called = TRUE;
	s->error = error != NULL ? g_error_copy(error) : NULL;
	g_main_loop_quit(s->loop);
}

static gboolean on_map(GtkWidget *w, GdkEvent *ev, GMainLoop *loop)
{
	g_main_loop_quit(loop);
	return FALSE;
}

/* A WIDTH x HEIGHT window of one colour, on screen. */
static GtkWidget *red_window(void)
{
	GtkWidget *w = gtk_window_new(GTK_WINDOW_TOPLEVEL);
	GdkColor red = { 0, 0xffff, 0, 0 };
	gtk_widget_modify_bg(w, GTK_STATE_NORMAL, &red);
	gtk_window_set_default_size(GTK_WINDOW(w), WIDTH, HEIGHT);
	gtk_window_move(GTK_WINDOW(w), 0, 0);
	GMainLoop *loop = g_main_loop_new(NULL, FALSE);
	gulong id = g_signal_connect_after(w, "map-event", G_CALLBACK(on_map), loop);
	gtk_widget_show(w);
	g_main_loop_run(loop);
	g_signal_handler_disconnect(w, id);
	g_main_loop_unref(loop);
	return w;
}

static void assert_red_png(GdkPixbuf *pb)
{
	g_assert_nonnull(pb);
	g_assert_cmpint(gdk_pixbuf_get_width(pb), ==, WIDTH);
	g_assert_cmpint(gdk_pixbuf_get_height(pb), ==, HEIGHT);
	const guchar *p = gdk_pixbuf_get_pixels(pb) + (HEIGHT / 2) * gdk_pixbuf_get_rowstride(pb) +
	                  (WIDTH / 2) * gdk_pixbuf_get_n_channels(pb);
	g_assert_cmpuint(p[0], ==, 0xff);
	g_assert_cmpuint(p[1], ==, 0);
	g_assert_cmpuint(p[2], ==, 0);
}

/* The file is complete when the caller hears of it, from the main loop,
 * and shows what was on screen when it was asked for, though the window
 * is gone by then. */
static void test_saved(void)
{
	char *dir = g_dir_make_tmp("test-gui-snapshot-XXXXXX", NULL);
	char *file = g_build_filename(dir, "shot.png", NULL);
	GtkWidget *w = red_window();
	Saved s = { g_main_loop_new(NULL, FALSE) };
	GError *error = NULL;
	g_assert_true(lttvgui_snapshot_save(w, file, on_saved, &s, &error));
	g_assert_no_error(error);
	g_assert_false(s.called);
	gtk_widget_destroy(w);
	g_main_loop_run(s.loop);
	g_assert_true(s.called);
	g_assert_no_error(s.error);
	GdkPixbuf *pb = gdk_pixbuf_new_from_file(file, &error);
	g_assert_no_error(error);
	assert_red_png(pb);
	g_object_unref(pb);
	g_main_loop_unref(s.loop);
	g_unlink(file);
	g_rmdir(dir);
	g_free(file);
	g_free(dir);
}

/* Writing happens off the main thread: saved to a FIFO that nobody reads
 * yet, the writer waits in open(); the main loop meanwhile runs (this
 * idle), and only then does the test read the picture.  A save on the main
 * thread would block in open() for ever (test-gui-snapshot.sh's timeout
 * ends the test then). */
typedef struct {
	const char *fifo;
	Saved *saved;
	GByteArray *png;
	gboolean ran;
} Reader;

static gboolean read_fifo(gpointer data)
{
	Reader *r = data;
	r->ran = TRUE;
	g_assert_false(r->saved->called);
	int fd = open(r->fifo, O_RDONLY);
	g_assert_cmpint(fd, >=, 0);
	guint8 buf[4096];
	ssize_t n;
	while ((n = read(fd, buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR))
		if (n > 0)
			g_byte_array_append(r->png, buf, (guint) n);
	g_assert_cmpint(n, ==, 0);
	close(fd);
	return G_SOURCE_REMOVE;
}

static void test_worker_writes(void)
{
	char *dir = g_dir_make_tmp("test-gui-snapshot-XXXXXX", NULL);
	char *fifo = g_build_filename(dir, "shot.fifo", NULL);
	g_assert_cmpint(mkfifo(fifo, 0600), ==, 0);
	GtkWidget *w = red_window();
	Saved s = { g_main_loop_new(NULL, FALSE) };
	Reader r = { fifo, &s, g_byte_array_new() };
	GError *error = NULL;
	g_assert_true(lttvgui_snapshot_save(w, fifo, on_saved, &s, &error));
	g_assert_no_error(error);
	g_idle_add(read_fifo, &r);
	g_main_loop_run(s.loop);
	g_assert_true(r.ran);
	g_assert_no_error(s.error);
	GdkPixbufLoader *loader = gdk_pixbuf_loader_new_with_type("png", &error);
	g_assert_no_error(error);
	g_assert_true(gdk_pixbuf_loader_write(loader, r.png->data, r.png->len, &error));
	g_assert_true(gdk_pixbuf_loader_close(loader, &error));
	g_assert_no_error(error);
	assert_red_png(gdk_pixbuf_loader_get_pixbuf(loader));
	g_object_unref(loader);
	g_byte_array_unref(r.png);
	gtk_widget_destroy(w);
	g_main_loop_unref(s.loop);
	g_unlink(fifo);
	g_rmdir(dir);
	g_free(fifo);
	g_free(dir);
}

/* A file that cannot be written: the error comes back through saved,
 * naming the file. */
static void test_unwritable(void)
{
	GtkWidget *w = red_window();
	Saved s = { g_main_loop_new(NULL, FALSE) };
	GError *error = NULL;
	g_assert_true(lttvgui_snapshot_save(w, "/nonexistent/dir/shot.png", on_saved, &s, &error));
	g_main_loop_run(s.loop);
	g_assert_nonnull(s.error);
	g_assert_nonnull(strstr(s.error->message, "/nonexistent/dir/shot.png"));
	g_error_free(s.error);
	gtk_widget_destroy(w);
	g_main_loop_unref(s.loop);
}

/* Not on screen: FALSE at once, and saved is never called. */
static void test_unmapped(void)
{
	GtkWidget *w = g_object_ref_sink(gtk_window_new(GTK_WINDOW_TOPLEVEL));
	Saved s = { NULL };
	GError *error = NULL;
	g_assert_false(lttvgui_snapshot_save(w, "unused.png", on_saved, &s, &error));
	g_assert_nonnull(error);
	g_clear_error(&error);
	g_assert_false(s.called);
	gtk_widget_destroy(w);
	g_object_unref(w);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	if (!gtk_init_check(&argc, &argv)) {
		printf("1..0 # SKIP no display (test-gui-snapshot.sh starts Xvfb)\n");
		return 0;
	}
	g_test_add_func("/snapshot/saved", test_saved);
	g_test_add_func("/snapshot/worker-writes", test_worker_writes);
	g_test_add_func("/snapshot/unwritable", test_unwritable);
	g_test_add_func("/snapshot/unmapped", test_unmapped);
	return g_test_run();
}
