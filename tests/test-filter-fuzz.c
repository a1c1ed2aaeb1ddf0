/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-filter-fuzz.c: libFuzzer target for the filter compiler (built with
 * --enable-fuzz).  Any text must compile or fail with an error, never crash,
 * leak or read out of bounds; what compiles must print. */
#include <config.h>
#include <string.h>
#include <glib.h>
#include <lttv/filter.h>

int LLVMFuzzerTestOneInput(const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput(const guint8 *data, size_t size)
{
	char *text = g_strndup((const char *) data, size);
	GError *error = NULL;
	LttvFilter *filter = lttv_filter_new(text, &error);

	if (filter != NULL) {
		g_free(lttv_filter_to_string(filter));
		lttv_filter_free(filter);
	} else if (error == NULL || strncmp(error->message, "column ", 7) != 0) {
		__builtin_trap();
	}
	g_clear_error(&error);
	g_free(text);
	return 0;
}
