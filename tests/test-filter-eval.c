/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-filter-eval.c: evaluating filters on the events of a trace written
 * with the writer API and read back with the reader. */
#include <config.h>
#include <string.h>
#include <glib.h>
#include <ltt/ltt.h>
#include <lttv/filter.h>
#include "test-ltt-util.h"

#define SEC G_GUINT64_CONSTANT(1000000000)

/* The trace: events of each tracefile in order, with the labels the
 * expected results use.  Tracefiles come sorted by channel then CPU. */
static const char *const labels[][3] = {
	{ "ss0", "se0", "ne0" },        /* kernel_0 */
	{ "ss1", "bg1", NULL },         /* kernel_1 */
	{ "us0", NULL, NULL },          /* ust-app_0 */
};

static char *trace_dir;
static LttTrace *trace;

static void
check(gboolean ok, GError *error)
{
	g_assert_no_error(error);
	g_assert_true(ok);
}

static void
write_trace(const char *dir)
{
	LttWriterOptions options = { 0 };
	GError *error = NULL;
	LttWriter *w;
	LttWriterChannel *k0, *k1, *u0;
	LttPayload p;
	guint i;

	options.cpu_count = 2;
	options.host = "testhost";
	options.overwrite = TRUE;
	w = ltt_writer_new(dir, &options, &error);
	g_assert_no_error(error);
	check(ltt_writer_declare_event(w, "kernel", 1, "sched_switch",
	                               "prev_comm: string; prev_pid: s32; prev_state: enum s64 { R = 0, S = 1 }; "
	                               "next_comm: string; next_pid: s32;", &error) != NULL, error);
	check(ltt_writer_declare_event(w, "kernel", 2, "sys_enter", "id: s64; args: u64[6];", &error) != NULL, error);
	check(ltt_writer_declare_event(w, "kernel", 3, "nested",
	                               "hdr: struct { a: u32; b: struct { c: s16; }; }; name: string; "
	                               "items: struct { k: u8; name: string; }[u8]; grid: u16[2][3];",
	                               &error) != NULL, error);
	check(ltt_writer_declare_event(w, "kernel", 4, "big", "u: u64; s: s64; birth: u64;", &error) != NULL, error);
	/* Same name as in the kernel channel, prev_pid of another kind. */
	check(ltt_writer_declare_event(w, "ust-app", 1, "sched_switch", "prev_pid: string;", &error) != NULL, error);

	k0 = ltt_writer_channel(w, "kernel", 0, &error);
	g_assert_no_error(error);
	k1 = ltt_writer_channel(w, "kernel", 1, &error);
	g_assert_no_error(error);
	u0 = ltt_writer_channel(w, "ust-app", 0, &error);
	g_assert_no_error(error);
	ltt_payload_init(&p, ltt_writer_byte_order(w));

	ltt_payload_put_string(&p, "bash");
	ltt_payload_put_s32(&p, 10);
	ltt_payload_put_s64(&p, 1);
	ltt_payload_put_string(&p, "sshd");
	ltt_payload_put_s32(&p, 200);
	check(ltt_writer_channel_append(k0, 1 * SEC, 1, p.data, p.len, &error), error);

	ltt_payload_reset(&p);
	ltt_payload_put_s64(&p, 3);
	for (i = 1; i <= 6; i++)
		ltt_payload_put_u64(&p, i);
	check(ltt_writer_channel_append(k0, 2 * SEC, 2, p.data, p.len, &error), error);

	ltt_payload_reset(&p);
	ltt_payload_put_u32(&p, 7);
	ltt_payload_put_s16(&p, -5);
	ltt_payload_put_string(&p, "x*y");
	ltt_payload_put_u8(&p, 2);
	ltt_payload_put_u8(&p, 5);
	ltt_payload_put_string(&p, "one");
	ltt_payload_put_u8(&p, 6);
	ltt_payload_put_string(&p, "two");
	for (i = 1; i <= 3; i++) {
		ltt_payload_put_u16(&p, 10 * i);
		ltt_payload_put_u16(&p, 10 * i + 1);
	}
	check(ltt_writer_channel_append(k0, 3 * SEC, 3, p.data, p.len, &error), error);

	ltt_payload_reset(&p);
	ltt_payload_put_string(&p, "sshd");
	ltt_payload_put_s32(&p, 200);
	ltt_payload_put_s64(&p, 0);
	ltt_payload_put_string(&p, "bash-4.2");
	ltt_payload_put_s32(&p, 300);
	check(ltt_writer_channel_append(k1, 3 * SEC / 2, 1, p.data, p.len, &error), error);

	ltt_payload_reset(&p);
	ltt_payload_put_u64(&p, G_MAXUINT64);
	ltt_payload_put_s64(&p, -1);
	ltt_payload_put_u64(&p, 3 * SEC / 2);
	check(ltt_writer_channel_append(k1, 5 * SEC / 2, 4, p.data, p.len, &error), error);

	ltt_payload_reset(&p);
	ltt_payload_put_string(&p, "abc");
	check(ltt_writer_channel_append(u0, 4 * SEC, 1, p.data, p.len, &error), error);

	ltt_payload_clear(&p);
	check(ltt_writer_close(w, &error), error);
}

/* Evaluates f on every event of t and returns the labels of those that
 * pass, space-separated. */
static char *
matches_in(LttTrace *t, LttvFilter *f, LttvFilterProcessFunc process, gpointer data)
{
	GError *error = NULL;
	GString *out = g_string_new(NULL);
	guint i, n;

	g_assert_cmpuint(ltt_trace_tracefile_count(t), ==, G_N_ELEMENTS(labels));
	for (i = 0; i < ltt_trace_tracefile_count(t); i++) {
		LttTracefile *tf = ltt_trace_tracefile(t, i);
		LttReadStatus status;

		ltt_tracefile_seek_begin(tf);
		for (n = 0; (status = ltt_tracefile_next(tf, &error)) == LTT_READ_EVENT; n++) {
			g_assert_cmpuint(n, <, 3);
			g_assert_nonnull(labels[i][n]);
			if (lttv_filter_eval(f, ltt_tracefile_event(tf), process, data))
				g_string_append_printf(out, "%s%s", out->len > 0 ? " " : "", labels[i][n]);
		}
		g_assert_no_error(error);
		g_assert_cmpint(status, ==, LTT_READ_END);
		g_assert_true(n == 3 || labels[i][n] == NULL);
	}
	return g_string_free(out, FALSE);
}

/* The same for expr, which must compile. */
static char *
matches(const char *expr, LttvFilterProcessFunc process, gpointer data)
{
	GError *error = NULL;
	LttvFilter *f = lttv_filter_new(expr, &error);
	char *result;

	g_assert_no_error(error);
	result = matches_in(trace, f, process, data);
	lttv_filter_free(f);
	return result;
}

typedef struct {
	const char *expr, *expected;
} Case;

static void
check_cases(const Case *cases, guint n, LttvFilterProcessFunc process, gpointer data)
{
	guint i;

	for (i = 0; i < n; i++) {
		char *got = matches(cases[i].expr, process, data);

		g_test_message("%s", cases[i].expr);
		g_assert_cmpstr(got, ==, cases[i].expected);
		g_free(got);
	}
}

static void
test_event_fields(void)
{
	static const Case cases[] = {
		{ "event.name = sched_switch", "ss0 ss1 us0" },
		{ "event.name != sched_switch", "se0 ne0 bg1" },
		{ "event.name < sched_switch", "ne0 bg1" },
		{ "event.name <= nested", "ne0 bg1" },
		{ "event.name > sched_switch", "se0" },
		{ "event.name >= sched_switch", "ss0 se0 ss1 us0" },
		{ "event.channel = ust-app", "us0" },
		{ "event.channel = kernel & event.name = sched_switch", "ss0 ss1" },
		{ "event.cpu = 1", "ss1 bg1" },
		{ "event.cpu != 1", "ss0 se0 ne0 us0" },
		{ "event.cpu < 1", "ss0 se0 ne0 us0" },
		{ "event.cpu <= 0", "ss0 se0 ne0 us0" },
		{ "event.cpu > 0", "ss1 bg1" },
		{ "event.cpu >= 1", "ss1 bg1" },
		{ "event.cpu > -1", "ss0 se0 ne0 ss1 bg1 us0" },
		{ "event.time = 1.5", "ss1" },
		{ "event.time = 1.500000001", "" },
		{ "event.time > 2", "ne0 bg1 us0" },
		{ "event.time <= 2.5", "ss0 se0 ss1 bg1" },
		{ "event.time < 1.5", "ss0" },
		{ "event.time >= 0x3", "ne0 us0" },
		{ "event.time != 1", "se0 ne0 ss1 bg1 us0" },
		{ "trace.name = ltt-test-*", "ss0 se0 ne0 ss1 bg1 us0" },
		{ "trace.name = other", "" },
		{ "tracefile.name = kernel_1", "ss1 bg1" },
		{ "tracefile.name = \"*_0\"", "ss0 se0 ne0 us0" },
	};

	check_cases(cases, G_N_ELEMENTS(cases), NULL, NULL);
}

static void
test_payload_fields(void)
{
	static const Case cases[] = {
		/* us0's prev_pid is a string: false against an integer. */
		{ "event.field.prev_pid = 10", "ss0" },
		{ "event.field.prev_pid > 5", "ss0 ss1" },
		{ "event.field.prev_pid = abc", "us0" },
		{ "event.field.prev_pid = \"10\"", "" },
		{ "event.field.prev_comm = bash*", "ss0" },
		{ "event.field.prev_comm = 5", "" },
		{ "event.field.next_comm = \"bash*\"", "ss1" },
		{ "event.field.next_comm > c", "ss0" },
		/* Enums: by label against strings, by value against numbers. */
		{ "event.field.prev_state = S", "ss0" },
		{ "event.field.prev_state = 0", "ss1" },
		{ "event.field.prev_state != R", "ss0" },
		{ "event.field.prev_state = \"?\"", "ss0 ss1" },
		{ "event.field.prev_state > R", "ss0" },
		/* Nested structs. */
		{ "event.field.hdr.a = 7", "ne0" },
		{ "event.field.hdr.b.c = -5", "ne0" },
		{ "event.field.hdr.b.c < 0", "ne0" },
		{ "event.field.hdr.b.c > -5", "" },
		{ "event.field.hdr.c = -5", "" },
		/* Elements of arrays and sequences; u16[2][3] is 3 arrays of 2. */
		{ "event.field.args[2] = 3", "se0" },
		{ "event.field.args[5] >= 6", "se0" },
		{ "event.field.args[6] = 7", "" },
		{ "event.field.items[1].k = 6", "ne0" },
		{ "event.field.items[0].name = one", "ne0" },
		{ "event.field.items[2].k = 6", "" },
		{ "event.field.items[1].nope = 6", "" },
		{ "event.field.items.k = 5", "" },
		{ "event.field.grid[2][1] = 31", "ne0" },
		{ "event.field.grid[0][0] = 10", "ne0" },
		{ "event.field.grid[3][0] = 10", "" },
		{ "event.field.grid[0][2] = 10", "" },
		{ "event.field.grid[1] = 20", "" },
		{ "event.field.hdr[0] = 7", "" },
		/* Not scalars: false. */
		{ "event.field.hdr = 7", "" },
		{ "event.field.args = 1", "" },
		/* Wildcards and escaped wildcards. */
		{ "event.field.name = \"x\\*y\"", "ne0" },
		{ "event.field.name = \"x?y\"", "ne0" },
		{ "event.field.name = \"x\\?y\"", "" },
		{ "event.field.name = \"x\\*\"", "" },
		/* Both signednesses across the whole 64-bit range. */
		{ "event.field.u = 0xFFFFFFFFFFFFFFFF", "bg1" },
		{ "event.field.u > 9223372036854775807", "bg1" },
		{ "event.field.u > -1", "bg1" },
		{ "event.field.u < 0", "" },
		{ "event.field.s = -1", "bg1" },
		{ "event.field.s < 0", "bg1" },
		{ "event.field.s < 18446744073709551615", "bg1" },
		{ "event.field.s = 18446744073709551615", "" },
		{ "event.field.birth = 1.5", "bg1" },
		{ "event.field.birth = 1500000000", "bg1" },
		/* Absent from the type: the leaf is false whatever the relation. */
		{ "event.field.nope = 1", "" },
		{ "event.field.nope != 1", "" },
		{ "!(event.field.nope = 1)", "ss0 se0 ne0 ss1 bg1 us0" },
	};

	check_cases(cases, G_N_ELEMENTS(cases), NULL, NULL);
}

static void
test_operators(void)
{
	static const Case cases[] = {
		{ "event.cpu = 0 ^ event.name = sched_switch", "se0 ne0 ss1" },
		{ "!event.cpu = 0", "ss1 bg1" },
		{ "!!event.cpu = 0", "ss0 se0 ne0 us0" },
		{ "event.cpu = 0 & event.name = sched_switch | event.name = big", "ss0 bg1 us0" },
		{ "event.cpu = 0 ^ event.cpu = 0 ^ event.name = big", "bg1" },
		/* Each line would give another set with another precedence. */
		{ "event.name = nested | event.cpu = 1 & event.name = big", "ne0 bg1" },
		{ "event.cpu = 0 ^ event.cpu = 0 & event.name = sched_switch", "se0 ne0" },
		{ "event.cpu = 0 | event.cpu = 0 ^ event.cpu = 0", "ss0 se0 ne0 us0" },
		{ "!event.cpu = 1 & event.name = sched_switch", "ss0 us0" },
		{ "!(event.cpu = 1 & event.name = sched_switch)", "ss0 se0 ne0 bg1 us0" },
		{ "(event.name = nested | event.cpu = 1) & event.name = big", "bg1" },
		/* Exclusive or, also with operands the event type decides. */
		{ "event.name = big ^ event.cpu = 1", "ss1" },
		{ "event.name = big ^ event.name = big", "" },
		{ "event.name = big ^ event.name = big ^ event.name = big", "bg1" },
		{ "(event.cpu = 0 ^ event.cpu = 1) ^ event.name = big", "ss0 se0 ne0 ss1 us0" },
		{ "!(event.cpu = 0 ^ event.name = sched_switch)", "ss0 bg1 us0" },
		{ "event.cpu = 0 & (event.name = nested ^ (event.field.hdr.a = 7 | event.cpu = 0))", "ss0 se0 us0" },
	};

	check_cases(cases, G_N_ELEMENTS(cases), NULL, NULL);
}

/* The process provider: per CPU of the kernel channel; unknown elsewhere. */
typedef struct {
	guint calls;
	const char *name;       /* overrides process_name when set */
} Provider;

static gboolean
provide(gpointer data, const LttEvent *ev, LttvFilterProcess *out)
{
	Provider *pr = data;

	pr->calls++;
	if (strcmp(ltt_event_type_channel(ltt_event_type(ev)), "kernel") != 0)
		return FALSE;
	if (ltt_event_cpu(ev) == 0) {
		out->pid = out->tgid = 10;
		out->ppid = 1;
		out->cpu = 0;
		out->process_name = "bash";
		out->execution_mode = "USER_MODE";
		out->execution_submode = "NONE";
		out->process_status = "RUN";
		out->creation_time = SEC / 2;
	} else {
		out->pid = out->tgid = 300;
		out->ppid = 10;
		out->cpu = 1;
		out->process_name = "bash-4.2";
		out->execution_mode = "SYSCALL";
		out->execution_submode = "sys_read";
		out->process_status = NULL;
		out->creation_time = 6 * SEC / 5;
	}
	if (pr->name != NULL)
		out->process_name = pr->name;
	return TRUE;
}

static void
test_state(void)
{
	static const Case cases[] = {
		{ "state.pid = 10", "ss0 se0 ne0" },
		{ "state.pid > 100", "ss1 bg1" },
		{ "state.tgid = 300", "ss1 bg1" },
		{ "state.ppid = 10", "ss1 bg1" },
		{ "state.cpu = 1", "ss1 bg1" },
		{ "state.process_name = bash", "ss0 se0 ne0" },
		{ "state.process_name = \"bash*\"", "ss0 se0 ne0 ss1 bg1" },
		{ "state.execution_mode = SYSCALL", "ss1 bg1" },
		{ "state.execution_submode = sys_*", "ss1 bg1" },
		{ "state.process_status = RUN", "ss0 se0 ne0" },
		/* Unknown string: false for = and != alike. */
		{ "state.process_status != RUN", "" },
		{ "state.creation_time < 1", "ss0 se0 ne0" },
		{ "state.creation_time = 1.2", "ss1 bg1" },
		/* No process for us0: its state leaves are false. */
		{ "state.pid > 0 | !(state.pid > 0)", "ss0 se0 ne0 ss1 bg1 us0" },
		{ "event.name = sched_switch & (state.pid > 100 | state.process_name = \"bash*\")", "ss0 ss1" },
		{ "state.pid = 10 ^ event.cpu = 1", "ss0 se0 ne0 ss1 bg1" },
	};
	Provider pr = { 0 };
	char *got;

	check_cases(cases, G_N_ELEMENTS(cases), provide, &pr);

	/* Without a provider every state leaf is false. */
	got = matches("state.pid >= 0 | state.pid < 0", NULL, NULL);
	g_assert_cmpstr(got, ==, "");
	g_free(got);
}

static void
test_state_calls(void)
{
	Provider pr = { 0 };
	char *got;

	/* Short-circuit: no state leaf is reached, the provider is not called. */
	got = matches("event.name = none & state.pid > 0", provide, &pr);
	g_assert_cmpstr(got, ==, "");
	g_assert_cmpuint(pr.calls, ==, 0);
	g_free(got);

	/* Nor when the event type decides the result, whatever the order. */
	got = matches("state.pid > 0 & event.name = none | state.tgid > 0 & event.field.nope = 1", provide, &pr);
	g_assert_cmpstr(got, ==, "");
	g_assert_cmpuint(pr.calls, ==, 0);
	g_free(got);

	/* Reached only for the two CPU 1 events. */
	got = matches("event.cpu = 0 | state.pid = 300", provide, &pr);
	g_assert_cmpstr(got, ==, "ss0 se0 ne0 ss1 bg1 us0");
	g_assert_cmpuint(pr.calls, ==, 2);
	g_free(got);

	/* Several state leaves: one call per event. */
	pr.calls = 0;
	got = matches("state.pid > 0 & state.tgid > 0 & state.ppid > 0 & state.cpu >= 0", provide, &pr);
	g_assert_cmpstr(got, ==, "ss0 se0 ne0 ss1 bg1");
	g_assert_cmpuint(pr.calls, ==, 6);
	g_free(got);
}

static void
test_glob(void)
{
	static const struct {
		const char *pattern, *name;
		gboolean match;
	} cases[] = {
		{ "*", "", TRUE },
		{ "*", "abc", TRUE },
		{ "**", "", TRUE },
		{ "a*", "", FALSE },
		{ "ab*", "ab", TRUE },
		{ "abc*", "ab", FALSE },
		{ "abc*", "abd", FALSE },
		{ "ab*c", "abc", TRUE },
		{ "ab*c", "ab", FALSE },
		{ "a*c", "abc", TRUE },
		{ "a*c", "ac", TRUE },
		{ "a*c", "abcd", FALSE },
		{ "*c*", "xcx", TRUE },
		{ "*ab", "aab", TRUE },
		{ "*a*b*c", "xaxbxc", TRUE },
		{ "*a*b*c", "xaxbx", FALSE },
		{ "a?c", "abc", TRUE },
		{ "a?c", "ac", FALSE },
		{ "a?", "a\xc3\xa9", TRUE },            /* é is one character */
		{ "a??", "a\xc3\xa9", FALSE },
		{ "*\xc3\xa9", "x\xc3\xa9", TRUE },
		{ "a\\\\*", "a\\b", TRUE },
		{ "a\\*", "a*", TRUE },
		{ "a\\*", "ab", FALSE },
		{ "\\?*", "?x", TRUE },
		{ "\\?*", "x?", FALSE },
	};
	const LttEvent *ev;
	LttTracefile *tf = ltt_trace_tracefile(trace, 0);
	GError *error = NULL;
	guint i;

	ltt_tracefile_seek_begin(tf);
	g_assert_cmpint(ltt_tracefile_next(tf, &error), ==, LTT_READ_EVENT);
	g_assert_no_error(error);
	ev = ltt_tracefile_event(tf);
	for (i = 0; i < G_N_ELEMENTS(cases); i++) {
		char *expr = g_strdup_printf("state.process_name = \"%s\"", cases[i].pattern);
		LttvFilter *f = lttv_filter_new(expr, &error);
		Provider pr = { 0, cases[i].name };

		g_assert_no_error(error);
		g_test_message("%s on \"%s\"", expr, cases[i].name);
		g_assert_cmpint(lttv_filter_eval(f, ev, provide, &pr), ==, cases[i].match);
		g_free(expr);
		lttv_filter_free(f);
	}
}

static void
test_and(void)
{
	LttvFilter *f = lttv_filter_and(lttv_filter_new("event.cpu = 0", NULL),
	                                lttv_filter_new("event.name = sched_switch", NULL));
	LttTracefile *tf;
	GError *error = NULL;
	GString *out = g_string_new(NULL);
	guint i, n;

	for (i = 0; i < ltt_trace_tracefile_count(trace); i++) {
		tf = ltt_trace_tracefile(trace, i);
		ltt_tracefile_seek_begin(tf);
		for (n = 0; ltt_tracefile_next(tf, &error) == LTT_READ_EVENT; n++)
			if (lttv_filter_eval(f, ltt_tracefile_event(tf), NULL, NULL))
				g_string_append_printf(out, "%s ", labels[i][n]);
		g_assert_no_error(error);
	}
	g_assert_cmpstr(out->str, ==, "ss0 us0 ");
	g_string_free(out, TRUE);
	lttv_filter_free(f);
}

/* The caches follow the traces: one filter evaluates right on a second
 * trace (other type and tracefile pointers), and again on the first after
 * the second is closed and the caches reset. */
static void
test_cache(void)
{
	GError *error = NULL;
	LttTrace *again = ltt_trace_open(trace_dir, &error);
	LttvFilter *f = lttv_filter_new("event.name = sched_switch & event.field.prev_pid > 5 "
	                                "| tracefile.name = kernel_1 & trace.name = ltt-test-*", &error);
	char *got;

	g_assert_no_error(error);
	got = matches_in(again, f, NULL, NULL);
	g_assert_cmpstr(got, ==, "ss0 ss1 bg1");
	g_free(got);
	got = matches_in(trace, f, NULL, NULL);
	g_assert_cmpstr(got, ==, "ss0 ss1 bg1");
	g_free(got);
	ltt_trace_unref(again);
	lttv_filter_reset_cache(f);
	got = matches_in(trace, f, NULL, NULL);
	g_assert_cmpstr(got, ==, "ss0 ss1 bg1");
	g_free(got);
	lttv_filter_free(f);
}

int
main(int argc, char **argv)
{
	GError *error = NULL;
	int status;

	g_test_init(&argc, &argv, NULL);
	trace_dir = tlt_make_dir();
	write_trace(trace_dir);
	trace = ltt_trace_open(trace_dir, &error);
	g_assert_no_error(error);

	g_test_add_func("/filter/eval/event-fields", test_event_fields);
	g_test_add_func("/filter/eval/payload-fields", test_payload_fields);
	g_test_add_func("/filter/eval/operators", test_operators);
	g_test_add_func("/filter/eval/state", test_state);
	g_test_add_func("/filter/eval/state-calls", test_state_calls);
	g_test_add_func("/filter/eval/glob", test_glob);
	g_test_add_func("/filter/eval/and", test_and);
	g_test_add_func("/filter/eval/cache", test_cache);
	status = g_test_run();

	ltt_trace_unref(trace);
	tlt_remove_dir(trace_dir);
	g_free(trace_dir);
	return status;
}
