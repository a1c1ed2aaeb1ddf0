/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-control-sample: the bundled real trace (tests/data/sample-trace,
 * recorded with lttctl record) reads back whole with libltt and holds what
 * lttd promises: the state dump first, the core kernel vocabulary with the
 * types of doc/format.md §4, and event counts that add up to the kernel's. */
#include "config.h"

#include <string.h>

#include "ltt/ltt.h"

static LttTrace *trace;

static void open_sample(void)
{
	char *path = g_build_filename(TESTS_SRCDIR, "data", "sample-trace", NULL);
	GError *error = NULL;

	trace = ltt_trace_open(path, &error);
	g_assert_no_error(error);
	g_free(path);
}

static void test_info(void)
{
	const LttTraceInfo *info = ltt_trace_info(trace);

	g_assert_cmpstr(info->clock_name, ==, "monotonic");
	g_assert_cmpuint(info->clock_freq, ==, 1000000000);
	g_assert_true(g_str_has_prefix(info->tracer, "lttd "));
	g_assert_cmpuint(info->cpu_count, ==, 2);
	g_assert_cmpuint(ltt_trace_warning_count(trace), ==, 0);
}

/* Field types as doc/format.md §4 maps them from the kernel's formats. */
static void test_types(void)
{
	static const struct {
		const char *event, *field, *type;
	} expected[] = {
		{ "sched_switch", "prev_comm", "string" },
		{ "sched_switch", "prev_pid", "s32" },
		{ "sched_switch", "prev_state", "s64" },
		{ "sched_process_exec", "filename", "string" },
		{ "sys_enter", "id", "s64" },
		{ "sys_enter", "args", "u64[6]" },
		{ "page_fault_user", "address", "u64" },
		{ "task_newtask", "clone_flags", "u64" },
		{ "task_newtask", "oom_score_adj", "s16" },
	};
	guint i;

	for (i = 0; i < G_N_ELEMENTS(expected); i++) {
		const LttEventType *et = ltt_trace_event_type_by_name(trace, "kernel", expected[i].event);
		const LttField *f;
		GString *s = g_string_new(NULL);
		g_assert_nonnull(et);
		f = ltt_event_type_field_by_name(et, expected[i].field);
		g_assert_nonnull(f);
		ltt_type_to_string(ltt_field_type(f), s);
		g_assert_cmpstr(s->str, ==, expected[i].type);
		g_string_free(s, TRUE);
	}
}

/* The soft IRQ vector is an enum built from the kernel's __print_symbolic. */
static void test_softirq_enum(void)
{
	const LttEventType *et = ltt_trace_event_type_by_name(trace, "kernel", "softirq_entry");
	const LttType *vec;

	g_assert_nonnull(et);
	vec = ltt_field_type(ltt_event_type_field_by_name(et, "vec"));
	g_assert_cmpstr(ltt_type_enum_label(vec, 1), ==, "TIMER");
	g_assert_cmpstr(ltt_type_enum_label(vec, 9), ==, "RCU");
}

/* Every event reads; per CPU, the events besides the state dump are what
 * the kernel said it recorded, none lost; the dump comes first on CPU 0,
 * ends with ltt_statedump_end, and names the workload's programs. */
static void test_events(void)
{
	guint cpu;
	gboolean saw_gzip = FALSE;

	for (cpu = 0; cpu < 2; cpu++) {
		LttTracefile *tf = ltt_trace_tracefile_find(trace, "kernel", cpu);
		char *key = g_strdup_printf("lttd.cpu%u.kernel_read", cpu);
		const char *kernel_read = ltt_trace_property(trace, key);
		guint64 n = 0, dump = 0;
		gboolean dump_over = cpu != 0;
		GError *error = NULL;

		g_assert_nonnull(tf);
		g_assert_nonnull(kernel_read);
		ltt_tracefile_seek_begin(tf);
		while (ltt_tracefile_next(tf, &error) == LTT_READ_EVENT) {
			const LttEvent *ev = ltt_tracefile_event(tf);
			const char *name = ltt_event_name(ev);
			n++;
			if (g_str_has_prefix(name, "ltt_statedump_")) {
				g_assert_false(dump_over);
				dump++;
				dump_over = strcmp(name, "ltt_statedump_end") == 0;
			} else {
				g_assert_true(dump_over);
			}
			if (strcmp(name, "sched_process_exec") == 0) {
				const LttField *f = ltt_event_type_field_by_name(ltt_event_type(ev), "filename");
				saw_gzip |= g_str_has_suffix(ltt_event_get_string(ev, f), "/gzip");
			}
		}
		g_assert_no_error(error);
		g_assert_cmpuint(n, ==, ltt_tracefile_event_count(tf));
		g_assert_cmpuint(n - dump, ==, g_ascii_strtoull(kernel_read, NULL, 10));
		g_assert_cmpuint(ltt_tracefile_lost_events(tf), ==, 0);
		g_free(key);
	}
	g_assert_true(saw_gzip);
}

int main(int argc, char **argv)
{
	int status;

	g_test_init(&argc, &argv, NULL);
	open_sample();
	g_test_add_func("/control/sample/info", test_info);
	g_test_add_func("/control/sample/types", test_types);
	g_test_add_func("/control/sample/softirq-enum", test_softirq_enum);
	g_test_add_func("/control/sample/events", test_events);
	status = g_test_run();
	ltt_trace_unref(trace);
	return status;
}
