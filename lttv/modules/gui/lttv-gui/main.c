/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* main.c: lttv-gui, the graphical trace viewer (doc/gui.md, lttv-gui(1)).
 *
 * GTK takes its own options first (--display, --sync...), then lttv's
 * option parser takes the rest, so modules loaded with -m may add theirs. */
#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttv/lttv.h>
#include <lttv/module.h>
#include <lttv/option.h>
#include <lttvwindow/lttvwindow.h>
#include "mainwindow.h"
#include "script.h"
#include "viewer-modules.h"

typedef struct {
	GPtrArray *traces;              /* char *, in command-line order */
	GPtrArray *viewers;             /* char *, --viewer */
	char *script;
	gboolean help, version;
} Gui;

static gboolean load_module(void *hook_data, void *call_data)
{
	GError *error = NULL;
	if (lttv_module_require(call_data, &error) == NULL) {
		lttv_option_fail("%s", error->message);
		g_error_free(error);
		return TRUE;
	}
	return FALSE;
}

static gboolean add_module_path(void *hook_data, void *call_data)
{
	lttv_module_add_path(call_data);
	return FALSE;
}

static gboolean add_string(void *hook_data, void *call_data)
{
	g_ptr_array_add(hook_data, g_strdup(call_data));
	return FALSE;
}

static gboolean register_options(Gui *gui, GError **error)
{
	return lttv_option_add("trace", 't', "open the trace directory PATH (repeat: one tab)", "PATH",
	                       LTTV_OPT_STRING, NULL, add_string, gui->traces, error) &&
	       lttv_option_add("viewer", 0,
	                       "show viewer NAME when a trace opens (repeat; default: controlflow "
	                       "and detailedevents)", "NAME",
	                       LTTV_OPT_STRING, NULL, add_string, gui->viewers, error) &&
	       lttv_option_add("script", 's', "run the commands of FILE (- for standard input)",
	                       "FILE", LTTV_OPT_STRING, &gui->script, NULL, NULL, error) &&
	       lttv_option_add("module", 'm', "load module NAME (its options may follow)", "NAME",
	                       LTTV_OPT_STRING, NULL, load_module, NULL, error) &&
	       lttv_option_add("modules-path", 'L', "also look for modules in DIR", "DIR",
	                       LTTV_OPT_STRING, NULL, add_module_path, NULL, error) &&
	       lttv_option_add("help", 'h', "list the options", NULL,
	                       LTTV_OPT_NONE, &gui->help, NULL, NULL, error) &&
	       lttv_option_add("version", 'V', "print the version and exit", NULL,
	                       LTTV_OPT_NONE, &gui->version, NULL, NULL, error);
}

/* The viewers shown when a trace opens: --viewer's, loaded now so that a
 * wrong name is a command-line error; or the defaults, when installed. */
static gboolean load_viewers(Gui *gui, GError **error)
{
	if (gui->viewers->len > 0) {
		g_ptr_array_add(gui->viewers, NULL);
		lttvgui_set_default_viewers((const char *const *) gui->viewers->pdata);
		g_ptr_array_remove_index(gui->viewers, gui->viewers->len - 1);
		for (guint i = 0; i < gui->viewers->len; i++)
			if (lttvgui_viewer_require(g_ptr_array_index(gui->viewers, i), error) == NULL)
				return FALSE;
		return TRUE;
	}
	for (const char *const *v = lttvgui_get_default_viewers(); *v != NULL; v++) {
		GError *e = NULL;
		if (lttvwindow_viewer_find(*v) != NULL || lttv_module_require(*v, &e) != NULL)
			continue;
		/* Not installed: the window works without it.  Anything else is
		 * a broken installation, worth saying. */
		if (!g_error_matches(e, LTTV_MODULE_ERROR, LTTV_MODULE_ERROR_NOT_FOUND))
			g_printerr("lttv-gui: default viewer %s: %s\n", *v, e->message);
		g_error_free(e);
	}
	return TRUE;
}

static void warn_stderr(const char *message, gpointer data)
{
	g_printerr("lttv-gui: warning: %s\n", message);
}

/* Opens the -t traces in the first tab.  With a script, a trace that does
 * not open is an error (message, exit 1); without, a dialog says why. */
static gboolean open_traces(Gui *gui, LttvguiMainWindow *mw)
{
	for (guint i = 0; i < gui->traces->len; i++) {
		const char *path = g_ptr_array_index(gui->traces, i);
		GError *error = NULL;
		if (lttvgui_main_window_add_trace(mw, path, gui->script ? warn_stderr : lttvgui_main_window_warn,
		                                     mw, &error))
			continue;
		if (gui->script != NULL) {
			g_printerr("lttv-gui: %s\n", error->message);
			g_error_free(error);
			return FALSE;
		}
		lttvgui_main_window_error(mw, "The trace could not be opened", error->message);
		g_error_free(error);
	}
	return TRUE;
}

/* Run from a build tree (lttv-gui/lttv-gui is a libtool wrapper that runs
 * lttv-gui/.libs/lttv-gui, next to ../lttvwindow/liblttvwindow.la), the
 * viewers built in it are found too: every folder of lttv/modules/gui and
 * the example of doc/examples. */
static void add_build_tree_modules(void)
{
	char *exe = g_file_read_link("/proc/self/exe", NULL);
	if (exe == NULL)
		return;
	char *dir = g_path_get_dirname(exe);
	if (g_str_has_suffix(dir, "/.libs"))
		dir[strlen(dir) - strlen("/.libs")] = '\0';
	char *gui = g_path_get_dirname(dir);
	char *marker = g_build_filename(gui, "lttvwindow", "liblttvwindow.la", NULL);
	if (g_file_test(marker, G_FILE_TEST_EXISTS)) {
		GDir *d = g_dir_open(gui, 0, NULL);
		for (const char *e; d != NULL && (e = g_dir_read_name(d)) != NULL;) {
			char *sub = g_build_filename(gui, e, NULL);
			if (g_file_test(sub, G_FILE_TEST_IS_DIR))
				lttv_module_add_default_path(sub);
			g_free(sub);
		}
		if (d != NULL)
			g_dir_close(d);
		char *examples = g_build_filename(gui, "..", "..", "..", "doc", "examples", NULL);
		lttv_module_add_default_path(examples);
		g_free(examples);
	}
	g_free(marker);
	g_free(gui);
	g_free(dir);
	g_free(exe);
}

static int run(Gui *gui, gboolean have_display, int argc, char **argv)
{
	GError *error = NULL;
	add_build_tree_modules();
	if (!register_options(gui, &error) || !lttv_option_parse(argc, argv, &error)) {
		fprintf(stderr, "lttv-gui: %s\nTry 'lttv-gui --help' for more information.\n",
		        error->message);
		g_error_free(error);
		return 1;
	}
	if (gui->help) {
		lttv_option_print_help(stdout, "lttv-gui");
		printf("\nGTK's own options (--display, --sync, ...) are accepted too; "
		       "see lttv-gui(1).\n");
		return 0;
	}
	if (gui->version) {
		printf("lttv-gui %s\n", PACKAGE_VERSION);
		return 0;
	}
	if (!have_display) {
		fprintf(stderr, "lttv-gui: cannot open the display %s: set DISPLAY or use --display\n",
		        g_getenv("DISPLAY") != NULL ? g_getenv("DISPLAY") : "(DISPLAY is not set)");
		return 1;
	}
	if (!load_viewers(gui, &error)) {
		fprintf(stderr, "lttv-gui: %s\n", error->message);
		g_error_free(error);
		return 1;
	}
	LttvguiMainWindow *mw = lttvgui_main_window_new();
	if (!open_traces(gui, mw))
		return 1;
	if (gui->script != NULL && !lttvgui_script_start(gui->script, &error)) {
		fprintf(stderr, "lttv-gui: --script: %s\n", error->message);
		g_error_free(error);
		return 1;
	}
	gtk_main();
	return gui->script != NULL ? lttvgui_script_status() : 0;
}

int main(int argc, char **argv)
{
	gboolean have_display = gtk_init_check(&argc, &argv);
	Gui gui = {
		.traces = g_ptr_array_new_with_free_func(g_free),
		.viewers = g_ptr_array_new_with_free_func(g_free),
	};
	int status = run(&gui, have_display, argc, argv);
	while (lttvgui_main_window_count() > 0)
		lttvgui_main_window_close(lttvgui_main_window_get(0));
	lttv_module_unload_all();
	lttv_option_clear();
	lttv_global_fini();
	g_ptr_array_free(gui.traces, TRUE);
	g_ptr_array_free(gui.viewers, TRUE);
	g_free(gui.script);
	return status;
}
