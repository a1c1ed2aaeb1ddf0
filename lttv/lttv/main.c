/* main.c: the lttv command: loads modules, parses options and runs the main
 * hooks.  The pass over the traces given with -t belongs to the
 * batchAnalysis module, which the modules that read events require. */
#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include "lttv.h"
#include "module.h"
#include "option.h"
#include "traceset.h"

typedef struct {
	LttvTraceset *ts;
	gboolean help, version, verbose;
} Lttv;

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

static gboolean register_core_options(Lttv *lttv, GError **error)
{
	return lttv_option_add("module", 'm', "load module NAME (its options may follow)", "NAME",
	                       LTTV_OPT_STRING, NULL, load_module, lttv, error) &&
	       lttv_option_add("modules-path", 'L', "also look for modules in DIR", "DIR",
	                       LTTV_OPT_STRING, NULL, add_module_path, lttv, error) &&
	       lttv_option_add("trace", 't', "add the trace directory PATH to the traceset", "PATH",
	                       LTTV_OPT_STRING, NULL, add_trace, lttv, error) &&
	       lttv_option_add("verbose", 'v', "report modules and counts on standard error", NULL,
	                       LTTV_OPT_NONE, &lttv->verbose, NULL, NULL, error) &&
	       lttv_option_add("help", 'h', "list the options of lttv and of the loaded modules", NULL,
	                       LTTV_OPT_NONE, &lttv->help, NULL, NULL, error) &&
	       lttv_option_add("version", 'V', "print the version and exit", NULL,
	                       LTTV_OPT_NONE, &lttv->version, NULL, NULL, error);
}

static void print_help(void)
{
	lttv_option_print_help(stdout, "lttv");
	printf("\nLoaded modules:\n");
	if (lttv_module_number() == 0)
		printf("  (none: add -m NAME before --help to see a module's options)\n");
	for (guint i = 0; i < lttv_module_number(); i++) {
		const LttvModuleInfo *info = lttv_module_get_info(lttv_module_get(i));
		printf("  %-16s %s\n", info->name, info->short_description);
	}
}

static int run(Lttv *lttv, int argc, char **argv)
{
	GError *error = NULL;
	if (!register_core_options(lttv, &error) || !lttv_option_parse(argc, argv, &error)) {
		fprintf(stderr, "lttv: %s\nTry 'lttv --help' for more information.\n", error->message);
		g_error_free(error);
		return 1;
	}
	if (lttv->help) {
		print_help();
		return 0;
	}
	if (lttv->version) {
		printf("lttv %s\n", PACKAGE_VERSION);
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
		fprintf(stderr, "lttv: nothing to do: load a module with -m NAME (see lttv --help)\n");
		return 1;
	}
	lttv_global_set_int("verbose", lttv->verbose);
	lttv_hooks_call(lttv_global_hooks("hooks/main/before"), NULL);
	lttv_hooks_call(lttv_global_hooks("hooks/main/after"), NULL);
	if (lttv_global_int("status") != 0)
		return 1;
	return lttv_global_int("damaged") ? LTTV_EXIT_DAMAGED : 0;
}

int main(int argc, char **argv)
{
	Lttv lttv = { .ts = lttv_traceset_new() };
	lttv_global_set_pointer("traceset", lttv.ts);
	int status = run(&lttv, argc, argv);
	lttv_module_unload_all();
	lttv_option_clear();
	lttv_traceset_destroy(lttv.ts);
	lttv_global_fini();
	if (fflush(stdout) != 0 || ferror(stdout)) {
		perror("lttv: standard output");
		status = 1;
	}
	return status;
}
