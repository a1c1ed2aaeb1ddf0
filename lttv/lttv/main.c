/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* main.c: the lttv command: loads modules, parses options and runs the main
 * hooks.  The pass over the traces given with -t belongs to the
 * batchAnalysis module, which the modules that read events require. */
#include <config.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "list-modules.h"
#include "lttv.h"
#include "module.h"
#include "option.h"
#include "time-range.h"
#include "traceset.h"

typedef struct {
	LttvTraceset *ts;
	gboolean help, version, verbose, list_modules;
	LttvTimeBound begin, end;
} Lttv;

/* Whether some folder of the search path holds a library named name. */
static gboolean module_file_exists(const char *name)
{
	GPtrArray *dirs = lttv_module_search_path();
	gboolean found = FALSE;
	for (guint i = 0; i < dirs->len && !found; i++)
		for (guint k = 0; k < 2 && !found; k++) {
			char *file = g_strconcat(g_ptr_array_index(dirs, i), G_DIR_SEPARATOR_S, name,
			                         k == 0 ? ".la" : ".so", NULL);
			found = g_file_test(file, G_FILE_TEST_EXISTS);
			g_free(file);
		}
	g_ptr_array_free(dirs, TRUE);
	return found;
}

/* Loads name; NULL, or why it failed (with a hint when no folder holds it). */
static char *require_module(const char *name)
{
	GError *error = NULL;
	if (lttv_module_require(name, &error) != NULL)
		return NULL;
	char *message = module_file_exists(name) ? g_strdup(error->message) :
	                g_strdup_printf("%s; lttv --list-modules lists the modules found, -L DIR "
	                                "or LTTV_MODULE_PATH adds a folder", error->message);
	g_error_free(error);
	return message;
}

static gboolean load_module(void *hook_data, void *call_data)
{
	char *message = require_module(call_data);
	if (message == NULL)
		return FALSE;
	lttv_option_fail("%s", message);
	g_free(message);
	return TRUE;
}

static gboolean add_module_path(void *hook_data, void *call_data)
{
	lttv_module_add_path(call_data);
	return FALSE;
}

/* For -t and for the arguments that are not options. */
static gboolean add_trace(void *hook_data, void *call_data)
{
	Lttv *lttv = hook_data;
	GError *error = NULL;
	LttvTrace *t = lttv_trace_open(call_data, &error);
	if (t == NULL) {
		lttv_option_fail("%s", error->message);
		g_error_free(error);
		return TRUE;
	}
	lttv_traceset_add(lttv->ts, t);
	lttv_trace_unref(t);
	return FALSE;
}

static gboolean parse_bound(LttvTimeBound *bound, const char *text)
{
	GError *error = NULL;
	if (lttv_time_bound_parse(text, bound, &error))
		return FALSE;
	lttv_option_fail("%s", error->message);
	g_error_free(error);
	return TRUE;
}

static gboolean set_begin(void *hook_data, void *call_data)
{
	return parse_bound(&((Lttv *) hook_data)->begin, call_data);
}

static gboolean set_end(void *hook_data, void *call_data)
{
	return parse_bound(&((Lttv *) hook_data)->end, call_data);
}

static gboolean register_core_options(Lttv *lttv, GError **error)
{
	lttv_option_set_argument_hook(add_trace, lttv);
	return lttv_option_add("module", 'm', "load module NAME (its options may follow)", "NAME",
	                       LTTV_OPT_STRING, NULL, load_module, lttv, error) &&
	       lttv_option_add("modules-path", 'L', "also look for modules in DIR", "DIR",
	                       LTTV_OPT_STRING, NULL, add_module_path, lttv, error) &&
	       lttv_option_add("list-modules", 0, "list the modules found and the folders searched",
	                       NULL, LTTV_OPT_NONE, &lttv->list_modules, NULL, NULL, error) &&
	       lttv_option_add("trace", 't', "add the trace directory PATH to the traceset (a PATH "
	                       "given without -t too)", "PATH",
	                       LTTV_OPT_STRING, NULL, add_trace, lttv, error) &&
	       lttv_option_add("begin", 0, "start at the first event at or after TIME: S.F as "
	                       "textDump prints times, or +S.F after the start of the traces", "TIME",
	                       LTTV_OPT_STRING, NULL, set_begin, lttv, error) &&
	       lttv_option_add("end", 0, "stop after the last event at or before TIME (as --begin)",
	                       "TIME", LTTV_OPT_STRING, NULL, set_end, lttv, error) &&
	       lttv_option_add("verbose", 'v', "report modules and counts on standard error", NULL,
	                       LTTV_OPT_NONE, &lttv->verbose, NULL, NULL, error) &&
	       lttv_option_add("help", 'h', "list the options of lttv and of the modules loaded "
	                       "with -m (anywhere on the line)", NULL,
	                       LTTV_OPT_NONE, &lttv->help, NULL, NULL, error) &&
	       lttv_option_add("version", 'V', "print the version and exit", NULL,
	                       LTTV_OPT_NONE, &lttv->version, NULL, NULL, error);
}

static void print_help(void)
{
	lttv_option_print_help(stdout, "lttv");
	printf("\nArguments that are not options are traces, as with -t.\n");
	printf("\nLoaded modules:\n");
	if (lttv_module_number() == 0)
		printf("  (none: add -m NAME to see a module's options; lttv --list-modules lists them)\n");
	for (guint i = 0; i < lttv_module_number(); i++) {
		const LttvModuleInfo *info = lttv_module_get_info(lttv_module_get(i));
		printf("  %-16s %s\n", info->name, info->short_description);
	}
}

/* The value of option arg (short -c, long --name) at argv[*i], moving *i
 * past it; NULL when argv[*i] is not that option. */
static const char *option_value(int argc, char **argv, int *i, char c, const char *name)
{
	const char *arg = argv[*i];
	gsize n = strlen(name);
	if (arg[0] == '-' && arg[1] == c)
		return arg[2] != '\0' ? arg + 2 : (*i + 1 < argc ? argv[++*i] : NULL);
	if (strncmp(arg, "--", 2) == 0 && strncmp(arg + 2, name, n) == 0) {
		if (arg[2 + n] == '=')
			return arg + 3 + n;
		if (arg[2 + n] == '\0')
			return *i + 1 < argc ? argv[++*i] : NULL;
	}
	return NULL;
}

/* -h/--help anywhere before "--": the help of lttv and of the modules that
 * -m loads, whatever else the line holds (a mistake in it included). */
static gboolean help_requested(int argc, char **argv)
{
	for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
		if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0)
			return TRUE;
	return FALSE;
}

static int help(int argc, char **argv)
{
	const char *value;
	for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
		if ((value = option_value(argc, argv, &i, 'L', "modules-path")) != NULL) {
			lttv_module_add_path(value);
		} else if ((value = option_value(argc, argv, &i, 'm', "module")) != NULL) {
			char *message = require_module(value);
			if (message != NULL) {
				fprintf(stderr, "lttv: option -m/--module: %s\n", message);
				g_free(message);
				return 1;
			}
		}
	}
	print_help();
	return 0;
}

/* Run from a build tree (lttv/lttv/lttv is a libtool wrapper that runs
 * lttv/lttv/.libs/lttv, next to liblttvcore.la), lttv also finds the modules
 * built in it. */
static void add_build_tree_modules(void)
{
	char *exe = g_file_read_link("/proc/self/exe", NULL);
	if (exe == NULL)
		return;
	char *dir = g_path_get_dirname(exe);
	char *base = g_path_get_basename(dir);
	if (strcmp(base, ".libs") == 0) {
		char *up = g_path_get_dirname(dir);
		g_free(dir);
		dir = up;
	}
	char *marker = g_build_filename(dir, "liblttvcore.la", NULL);
	if (g_file_test(marker, G_FILE_TEST_EXISTS)) {
		char *lttv_dir = g_path_get_dirname(dir);
		char *text = g_build_filename(lttv_dir, "modules", "text", NULL);
		char *gui = g_build_filename(lttv_dir, "modules", "gui", NULL);
		lttv_module_add_default_path(text);
		GDir *d = g_dir_open(gui, 0, NULL);
		for (const char *e; d != NULL && (e = g_dir_read_name(d)) != NULL;) {
			char *sub = g_build_filename(gui, e, NULL);
			if (g_file_test(sub, G_FILE_TEST_IS_DIR))
				lttv_module_add_default_path(sub);
			g_free(sub);
		}
		if (d != NULL)
			g_dir_close(d);
		g_free(gui);
		g_free(text);
		g_free(lttv_dir);
	}
	g_free(marker);
	g_free(base);
	g_free(dir);
	g_free(exe);
}

/* Publishes --begin and --end for batchAnalysis (lttv.h: batch/begin). */
static gboolean publish_time_range(Lttv *lttv)
{
	LttTime from, to;
	LttvAttributeValue v;
	GError *error = NULL;
	if (!lttv->begin.given && !lttv->end.given)
		return TRUE;
	if (!lttv_time_range_resolve(&lttv->begin, &lttv->end, lttv->ts, &from, &to, &error)) {
		fprintf(stderr, "lttv: %s\n", error->message);
		g_error_free(error);
		return FALSE;
	}
	LttvAttribute *globals = lttv_global_attributes();
	if (lttv_attribute_find_by_path(globals, "batch/begin", LTTV_TIME, &v, NULL))
		*v.v_time = from;
	if (lttv_attribute_find_by_path(globals, "batch/end", LTTV_TIME, &v, NULL))
		*v.v_time = to;
	lttv_global_set_int("batch/time_range", 1);
	return TRUE;
}

static int run(Lttv *lttv, int argc, char **argv)
{
	GError *error = NULL;
	if (!register_core_options(lttv, &error))
		goto bad_line;
	if (help_requested(argc, argv))
		return help(argc, argv);
	if (!lttv_option_parse(argc, argv, &error))
		goto bad_line;
	if (lttv->version) {
		printf("lttv %s\n", PACKAGE_VERSION);
		return 0;
	}
	if (lttv->list_modules) {
		lttv_list_modules(stdout);
		return 0;
	}
	if (lttv->verbose)
		for (guint i = 0; i < lttv_module_number(); i++)
			fprintf(stderr, "lttv: module %s loaded\n",
			        lttv_module_get_info(lttv_module_get(i))->name);
	if (lttv_traceset_number(lttv->ts) == 0 && lttv_global_int("batch/needs_traces")) {
		fprintf(stderr, "lttv: no trace given: add -t TRACE\n");
		return 1;
	}
	if (lttv_module_number() == 0) {
		fprintf(stderr, "lttv: nothing to do: load a module with -m NAME (lttv --list-modules "
		        "lists them)\n");
		return 1;
	}
	if (!publish_time_range(lttv))
		return 1;
	lttv_global_set_int("verbose", lttv->verbose);
	lttv_hooks_call(lttv_global_hooks("hooks/main/before"), NULL);
	lttv_hooks_call(lttv_global_hooks("hooks/main/after"), NULL);
	if (lttv_global_int("status") != 0)
		return 1;
	return lttv_global_int("damaged") ? LTTV_EXIT_DAMAGED : 0;

bad_line:
	fprintf(stderr, "lttv: %s\nTry 'lttv --help' for more information.\n", error->message);
	g_error_free(error);
	return 1;
}

int main(int argc, char **argv)
{
	Lttv lttv = { .ts = lttv_traceset_new() };
	lttv_global_set_pointer("traceset", lttv.ts);
	add_build_tree_modules();
	int status = run(&lttv, argc, argv);
	/* A module that writes standard output reports its own write errors
	 * (textDump: "lttv: writing standard output: ..."). */
	gboolean stdout_handled = lttv_global_int("stdout_handled") != 0;
	lttv_module_unload_all();
	lttv_option_clear();
	lttv_traceset_destroy(lttv.ts);
	lttv_global_fini();
	errno = 0;
	if ((fflush(stdout) != 0 || ferror(stdout)) && !stdout_handled) {
		fprintf(stderr, "lttv: writing standard output: %s\n",
		        errno != 0 ? g_strerror(errno) : "a write failed");
		status = 1;
	}
	return status;
}
