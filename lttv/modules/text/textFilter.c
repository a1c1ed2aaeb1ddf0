/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* textFilter.c: the textFilter module: -e EXPR selects the events the text
 * modules receive (doc/filter.md).  Several -e are ANDed.  Each expression
 * is compiled when its option is parsed, so a mistake is reported with the
 * command line, naming its column; batchAnalysis evaluates the result. */
#include <config.h>
#include <lttv/filter.h>
#include <lttv/lttv.h>
#include <lttv/module.h>
#include <lttv/option.h>

static LttvFilter *filter;

static gboolean add_expression(void *hook_data, void *call_data)
{
	const char *text = call_data;
	GError *error = NULL;
	LttvFilter *f = lttv_filter_new(text, &error);
	if (f == NULL) {
		lttv_option_fail("'%s': %s", text, error->message);
		g_error_free(error);
		return TRUE;
	}
	filter = filter == NULL ? f : lttv_filter_and(filter, f);
	lttv_global_set_pointer("batch/filter", filter);
	return FALSE;
}

static gboolean init(GError **error)
{
	return lttv_option_add("expression", 'e', "hand the text modules only the events EXPR selects "
	                       "(doc/filter.md); several -e must all hold", "EXPR",
	                       LTTV_OPT_STRING, NULL, add_expression, NULL, error);
}

static void destroy(void)
{
	lttv_option_remove("expression");
	g_clear_pointer(&filter, lttv_filter_free);
	lttv_global_set_pointer("batch/filter", filter);
}

static const char *const prerequisites[] = { "batchAnalysis", NULL };

LTTV_MODULE("textFilter", "select the events the text modules receive (-e EXPR)",
            "Compiles the filter expressions given with -e (doc/filter.md) and makes batchAnalysis "
            "hand the text modules only the events that satisfy all of them.  Statistics (-s) "
            "still count every event.",
            init, destroy, prerequisites);
