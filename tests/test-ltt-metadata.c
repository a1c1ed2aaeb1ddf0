/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-ltt-metadata.c: the metadata file: header, properties, statement
 * errors (file, line, column), duplicate ids, growth read by a reload. */
#include <string.h>
#include "test-ltt-util.h"

/* A trace directory with this metadata text (verbatim) and an empty
 * channel file. */
static char *make_trace(const char *metadata)
{
	char *dir = tlt_make_dir();

	tlt_write_file(dir, "metadata", metadata, strlen(metadata));
	tlt_write_file(dir, "kernel_0", "", 0);
	return dir;
}

static void drop(char *dir, LttTrace *trace)
{
	ltt_trace_unref(trace);
	tlt_remove_dir(dir);
	g_free(dir);
}

static void test_properties(void)
{
	char *dir = make_trace("# a comment\n\nltt-metadata 1.3\r\nbyte_order big\ncpus 4\n"
	                       "host \"my \\\"box\\\"\\n\\t\\\\\"\nos Linux\nkernel 6.1.0\ntracer \"ltt-synth 0.1\"\n"
	                       "clock.name monotonic\nclock.freq 1000\nclock.offset -1700000000000000000\n"
	                       "my.key_1 first\n\t  # indented comment\nmy.key_1 second\n");
	GError *error = NULL;
	LttTrace *trace = ltt_trace_open(dir, &error);
	const LttTraceInfo *info;

	g_assert_no_error(error);
	info = ltt_trace_info(trace);
	g_assert_cmpuint(info->format_major, ==, 1);
	g_assert_cmpuint(info->format_minor, ==, 3);
	g_assert_cmpint(info->byte_order, ==, G_BIG_ENDIAN);
	g_assert_cmpuint(info->cpu_count, ==, 4);
	g_assert_cmpstr(info->host, ==, "my \"box\"\n\t\\");
	g_assert_cmpstr(info->os, ==, "Linux");
	g_assert_cmpstr(info->kernel, ==, "6.1.0");
	g_assert_cmpstr(info->tracer, ==, "ltt-synth 0.1");
	g_assert_cmpstr(info->clock_name, ==, "monotonic");
	g_assert_cmpuint(info->clock_freq, ==, 1000);
	g_assert_cmpint(info->clock_offset, ==, -G_GINT64_CONSTANT(1700000000000000000));
	g_assert_cmpstr(ltt_trace_property(trace, "my.key_1"), ==, "second");
	g_assert_cmpstr(ltt_trace_property(trace, "os"), ==, "Linux");
	g_assert_null(ltt_trace_property(trace, "nope"));
	g_assert_cmpuint(ltt_trace_warning_count(trace), ==, 0);
	g_assert_cmpstr(ltt_trace_name(trace), ==, strrchr(dir, '/') + 1);
	g_assert_cmpstr(ltt_trace_path(trace), ==, dir);
	drop(dir, trace);
}

static void test_defaults(void)
{
	char *dir = make_trace("ltt-metadata 1.0\n");
	LttTrace *trace = ltt_trace_open(dir, NULL);
	const LttTraceInfo *info = ltt_trace_info(trace);

	g_assert_cmpstr(info->host, ==, "");
	g_assert_cmpstr(info->clock_name, ==, "");
	g_assert_cmpuint(info->clock_freq, ==, 1000000000);
	g_assert_true(tlt_has_warning(trace, "metadata: no byte_order", NULL, NULL));
	drop(dir, trace);
}

static void open_fails(const char *metadata, gint code, const char *message)
{
	char *dir = make_trace(metadata);
	GError *error = NULL;
	LttTrace *trace = ltt_trace_open(dir, &error);

	g_assert_null(trace);
	g_assert_error(error, LTT_ERROR, code);
	if (strstr(error->message, message) == NULL || strstr(error->message, dir) == NULL) {
		g_test_message("expected \"%s\", got \"%s\"", message, error->message);
		g_test_fail();
	}
	g_error_free(error);
	tlt_remove_dir(dir);
	g_free(dir);
}

static void test_header_errors(void)
{
	open_fails("", LTT_ERROR_METADATA, "metadata:1: column 1: expected 'ltt-metadata MAJOR.MINOR'");
	open_fails("# only\n\n", LTT_ERROR_METADATA, "metadata:3: column 1: expected 'ltt-metadata");
	open_fails("byte_order little\n", LTT_ERROR_METADATA, "metadata:1: column 1: expected 'ltt-metadata");
	open_fails("ltt-metadata 2.0\n", LTT_ERROR_VERSION, "metadata:1: column 14: format version 2.0 is not supported");
	open_fails("ltt-metadata x\n", LTT_ERROR_METADATA, "metadata:1: column 14: expected a version");
	open_fails("ltt-metadata 1\n", LTT_ERROR_METADATA, "metadata:1: column 15: expected '.' and the minor");
	open_fails("ltt-metadata 1.0 extra\n", LTT_ERROR_METADATA, "metadata:1: column 18: expected the end of the line");
}

static void test_not_a_trace(void)
{
	char *dir = tlt_make_dir();
	GError *error = NULL;
	LttTrace *trace;

	g_assert_null(ltt_trace_open(dir, &error));
	g_assert_error(error, LTT_ERROR, LTT_ERROR_NOT_A_TRACE);
	g_assert_nonnull(strstr(error->message, dir));
	g_clear_error(&error);
	/* Metadata and no channel file: a trace of no event (a recorder that
	 * traced nothing). */
	tlt_write_metadata(dir, G_LITTLE_ENDIAN, "");
	tlt_write_file(dir, "notes.txt", "x", 1);
	tlt_write_file(dir, "kernel_x", "x", 1);
	trace = ltt_trace_open(dir, &error);
	g_assert_no_error(error);
	g_assert_cmpuint(ltt_trace_tracefile_count(trace), ==, 0);
	g_assert_cmpuint(ltt_trace_warning_count(trace), ==, 0);
	ltt_trace_unref(trace);
	tlt_remove_dir(dir);
	g_free(dir);
}

static void test_statement_errors(void)
{
	static const struct { const char *line; const char *message; } cases[] = {
		{ "Host x", "column 1: expected 'event' or a property key" },
		{ "host", "column 5: expected a value after the key" },
		{ "host a b", "column 8: expected the end of the line" },
		{ "host \"abc", "column 10: expected '\"' closing the value" },
		{ "byte_order middle", "column 12: expected 'little' or 'big'" },
		{ "cpus many", "column 6: expected a number of CPUs" },
		{ "clock.freq 0", "column 12: expected a positive clock frequency" },
		{ "clock.offset 1x", "column 14: expected a signed number" },
		{ "event k$ 1 x { }", "column 7: expected a channel name" },
		{ "event kernel x1 n { }", "column 14: expected a decimal event id" },
		{ "event kernel 4294967296 n { }", "column 14: expected a decimal event id below 2^32" },
		{ "event kernel 1 9n { }", "column 16: expected an event name" },
		{ "event kernel 1 n a: u8; }", "column 18: expected '{' opening the fields" },
		{ "event kernel 1 n { a: u8;", "column 26: expected '}' closing the fields" },
		{ "event kernel 1 n { a: u8 }", "column 26: expected ';' after the field's type" },
	};

	for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
		char *md = g_strdup_printf("ltt-metadata 1.0\nbyte_order little\n%s\nevent kernel 2 ok { }\n", cases[i].line);
		char *dir = make_trace(md);
		GError *error = NULL;
		LttTrace *trace = ltt_trace_open(dir, &error);

		g_assert_no_error(error);
		if (!tlt_has_warning(trace, dir, "/metadata:3: ", cases[i].message)) {
			g_test_message("\"%s\": expected \"%s\", got \"%s\"", cases[i].line, cases[i].message,
			               ltt_trace_warning_count(trace) ? ltt_trace_warning(trace, 0) : "nothing");
			g_test_fail();
		}
		/* The statements after the bad one are read. */
		g_assert_nonnull(ltt_trace_event_type_lookup(trace, "kernel", 2));
		g_free(md);
		drop(dir, trace);
	}
}

static void test_duplicate_ids(void)
{
	char *dir = make_trace("ltt-metadata 1.0\nbyte_order little\n"
	                       "event kernel 1 a { x: u8; }\n"
	                       "event kernel 1 a { x: u8; }\n"
	                       "event kernel 1 b { y: u16; }\n"
	                       "event other 1 c { }\n"
	                       "event kernel 70000 big { }\n");
	LttTrace *trace = ltt_trace_open(dir, NULL);
	const LttEventType *et = ltt_trace_event_type_lookup(trace, "kernel", 1);

	g_assert_cmpstr(ltt_event_type_name(et), ==, "a");
	g_assert_cmpuint(ltt_trace_warning_count(trace), ==, 1);
	g_assert_true(tlt_has_warning(trace, "metadata:5: column 14: expected an event id not already declared", NULL, NULL));
	g_assert_cmpstr(ltt_event_type_name(ltt_trace_event_type_lookup(trace, "other", 1)), ==, "c");
	g_assert_cmpstr(ltt_event_type_name(ltt_trace_event_type_lookup(trace, "kernel", 70000)), ==, "big");
	g_assert_null(ltt_trace_event_type_lookup(trace, "kernel", 2));
	g_assert_null(ltt_trace_event_type_lookup(trace, "nochannel", 1));
	g_assert_cmpuint(ltt_trace_event_type_count(trace), ==, 3);
	g_assert_true(ltt_trace_event_type(trace, 1) == ltt_trace_event_type_lookup(trace, "other", 1));
	g_assert_null(ltt_trace_event_type(trace, 3));
	g_assert_true(ltt_trace_event_type_by_name(trace, NULL, "c") == ltt_trace_event_type(trace, 1));
	g_assert_null(ltt_trace_event_type_by_name(trace, "kernel", "c"));
	g_assert_cmpstr(ltt_event_type_channel(et), ==, "kernel");
	g_assert_cmpuint(ltt_event_type_id(et), ==, 1);
	drop(dir, trace);
}

static void test_growth(void)
{
	char *dir = make_trace("ltt-metadata 1.0\nbyte_order little\nhost one\nevent kernel 1 a { x: u8; }\n");
	LttTrace *trace = ltt_trace_open(dir, NULL);
	const LttEventType *a = ltt_trace_event_type_lookup(trace, "kernel", 1);
	const LttTraceInfo *info = ltt_trace_info(trace);
	const char *old_host = info->host;
	static const char more[] = "event kernel 2 b { s: string; }\nhost two\nevent kernel 3 c { y: u";
	static const char rest[] = "16; }\nbad line here\n";
	GError *error = NULL;

	g_assert_nonnull(a);
	g_assert_null(ltt_trace_event_type_lookup(trace, "kernel", 2));
	tlt_append_file(dir, "metadata", more, strlen(more));
	g_assert_true(ltt_trace_reload(trace, &error));
	g_assert_no_error(error);
	g_assert_cmpstr(ltt_event_type_name(ltt_trace_event_type_lookup(trace, "kernel", 2)), ==, "b");
	/* A line being written is left for the next reload. */
	g_assert_null(ltt_trace_event_type_lookup(trace, "kernel", 3));
	g_assert_cmpuint(ltt_trace_warning_count(trace), ==, 0);
	g_assert_true(ltt_trace_event_type_lookup(trace, "kernel", 1) == a);
	g_assert_cmpstr(ltt_event_type_name(a), ==, "a");
	g_assert_cmpstr(info->host, ==, "two");
	g_assert_cmpstr(old_host, ==, "one");
	tlt_append_file(dir, "metadata", rest, strlen(rest));
	g_assert_true(ltt_trace_reload(trace, &error));
	g_assert_cmpuint(ltt_type_kind(ltt_field_type(ltt_event_type_field(ltt_trace_event_type_lookup(trace, "kernel", 3), 0))),
	                 ==, LTT_TYPE_U16);
	g_assert_true(tlt_has_warning(trace, "metadata:8: column 10: expected the end of the line", NULL, NULL));
	g_assert_cmpuint(ltt_trace_event_type_count(trace), ==, 3);
	drop(dir, trace);
}

static void test_ref(void)
{
	char *dir = make_trace("ltt-metadata 1.0\nbyte_order little\n");
	LttTrace *trace = ltt_trace_open(dir, NULL);

	g_assert_true(ltt_trace_ref(trace) == trace);
	ltt_trace_unref(trace);
	g_assert_cmpuint(ltt_trace_tracefile_count(trace), ==, 1);
	drop(dir, trace);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_func("/ltt/metadata/properties", test_properties);
	g_test_add_func("/ltt/metadata/defaults", test_defaults);
	g_test_add_func("/ltt/metadata/header-errors", test_header_errors);
	g_test_add_func("/ltt/metadata/not-a-trace", test_not_a_trace);
	g_test_add_func("/ltt/metadata/statement-errors", test_statement_errors);
	g_test_add_func("/ltt/metadata/duplicate-ids", test_duplicate_ids);
	g_test_add_func("/ltt/metadata/growth", test_growth);
	g_test_add_func("/ltt/metadata/ref", test_ref);
	return g_test_run();
}
