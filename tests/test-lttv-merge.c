/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-lttv-merge: the traceset context delivers the events of 1 to 1,000
 * tracefiles (over one or several traces) in the order of a brute-force
 * sort by (time, trace, tracefile, position in the tracefile), with many
 * equal timestamps. */
#include <stdlib.h>
#include <string.h>
#include <glib.h>
#include <ltt/ltt.h>
#include "lttv/tracecontext.h"
#include "test-ltt-util.h"

typedef struct {
	LttTime time;
	guint trace, tracefile, seq;
} Ev;

static int ev_compare(gconstpointer pa, gconstpointer pb)
{
	const Ev *a = pa, *b = pb;
	if (a->time != b->time)
		return a->time < b->time ? -1 : 1;
	if (a->trace != b->trace)
		return a->trace < b->trace ? -1 : 1;
	if (a->tracefile != b->tracefile)
		return a->tracefile < b->tracefile ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/* Writes a trace of channels x cpus tracefiles holding `events` events
 * each; times advance by 0, 1 or 2 ns so that equal times abound within
 * and across tracefiles, and with big_step, one step in four by up to
 * that many ns (long idle stretches: windows grow to their widest).  Appends what it wrote to expected (tracefile
 * index still unknown: channel and CPU are kept in it as channel*cpus+cpu). */
static void write_trace(const char *dir, guint channels, guint cpus, guint events, guint64 big_step,
                        GRand *rand, GArray *written)
{
	LttWriterOptions opt = { .byte_order = G_LITTLE_ENDIAN, .block_size = 4096,
	                         .cpu_count = cpus, .host = "test", .os = "Linux",
	                         .kernel = "0", .tracer = "test-lttv-merge" };
	GError *error = NULL;
	LttWriter *w = ltt_writer_new(dir, &opt, &error);
	g_assert_no_error(error);
	LttPayload p;
	ltt_payload_init(&p, G_LITTLE_ENDIAN);
	for (guint c = 0; c < channels; c++) {
		char *channel = g_strdup_printf("ch%03u", c);
		g_assert_nonnull(ltt_writer_declare_event(w, channel, 1, "tick", "seq: u32;", &error));
		for (guint cpu = 0; cpu < cpus; cpu++) {
			LttWriterChannel *ch = ltt_writer_channel(w, channel, cpu, &error);
			g_assert_no_error(error);
			LttTime t = 1000;
			for (guint s = 0; s < events; s++) {
				t += g_rand_int_range(rand, 0, 3);
				if (big_step && g_rand_int_range(rand, 0, 4) == 0)
					t += (LttTime) g_rand_double_range(rand, 0, (double) big_step);
				ltt_payload_reset(&p);
				ltt_payload_put_u32(&p, s);
				g_assert_true(ltt_writer_channel_append(ch, t, 1, p.data, p.len, &error));
				Ev e = { t, 0, c * cpus + cpu, s };
				g_array_append_val(written, e);
			}
		}
		g_free(channel);
	}
	ltt_payload_clear(&p);
	g_assert_true(ltt_writer_close(w, &error));
}

typedef struct {
	GArray *got;
} Collect;

static gboolean collect(void *hook_data, void *call_data)
{
	Collect *c = hook_data;
	LttvTracefileContext *tfc = call_data;
	const LttField *f = ltt_event_type_field_by_name(ltt_event_type(tfc->e), "seq");
	Ev e = { ltt_event_time(tfc->e), tfc->t_context->index, tfc->index, (guint) ltt_event_get_uint(tfc->e, f) };
	g_assert_true(ltt_event_tracefile(tfc->e) == tfc->tf);
	g_array_append_val(c->got, e);
	return FALSE;
}

/* Merges traces x channels x cpus tracefiles and checks the order. */
static void check_merge(guint traces, guint channels, guint cpus, guint events, guint64 big_step,
                        guint32 seed)
{
	char *top = g_dir_make_tmp("lttv-merge-XXXXXX", NULL);
	g_assert_nonnull(top);
	GRand *rand = g_rand_new_with_seed(seed);
	GArray *expected = g_array_new(FALSE, FALSE, sizeof(Ev));
	LttvTraceset *ts = lttv_traceset_new();
	for (guint t = 0; t < traces; t++) {
		char *dir = g_strdup_printf("%s/trace%u", top, t);
		GArray *written = g_array_new(FALSE, FALSE, sizeof(Ev));
		write_trace(dir, channels, cpus, events, big_step, rand, written);
		GError *error = NULL;
		LttvTrace *vt = lttv_trace_open(dir, &error);
		g_assert_no_error(error);
		lttv_traceset_add(ts, vt);
		/* Tracefile index as the trace orders them. */
		for (guint i = 0; i < written->len; i++) {
			Ev *e = &g_array_index(written, Ev, i);
			char *channel = g_strdup_printf("ch%03u", e->tracefile / cpus);
			LttTracefile *tf = ltt_trace_tracefile_find(lttv_trace_ltt(vt), channel, e->tracefile % cpus);
			g_assert_nonnull(tf);
			e->trace = t;
			e->tracefile = ltt_tracefile_index(tf);
			g_free(channel);
		}
		g_array_append_vals(expected, written->data, written->len);
		g_array_free(written, TRUE);
		lttv_trace_unref(vt);
		g_free(dir);
	}
	g_array_sort(expected, ev_compare);

	/* With the default read-ahead and with windows of a few events, which
	 * cut through groups of equal times and make the merge narrow them. */
	for (guint read_ahead = 0; read_ahead <= 5; read_ahead += 5) {
		LttvTracesetContext *ctx = lttv_traceset_context_new(ts);
		if (read_ahead != 0) {
			lttv_traceset_context_set_read_ahead(ctx, read_ahead);
			lttv_process_traceset_seek_time(ctx, 0);
		}
		Collect c = { g_array_new(FALSE, FALSE, sizeof(Ev)) };
		LttvHooks *event = lttv_hooks_new();
		lttv_hooks_add(event, collect, &c, LTTV_PRIO_DEFAULT);
		lttv_process_traceset_begin(ctx, NULL, NULL, NULL, event, NULL);
		guint64 n = lttv_process_traceset_middle(ctx, LTT_TIME_INFINITE, G_MAXUINT64, NULL);
		lttv_process_traceset_end(ctx, NULL, NULL, NULL, event, NULL);
		g_assert_cmpuint(n, ==, expected->len);
		g_assert_cmpuint(c.got->len, ==, expected->len);
		for (guint i = 0; i < expected->len; i++) {
			Ev *a = &g_array_index(c.got, Ev, i), *b = &g_array_index(expected, Ev, i);
			if (ev_compare(a, b) != 0)
				g_error("read-ahead %u, event %u: got (%" G_GUINT64_FORMAT ", %u, %u, %u), expected (%"
				        G_GUINT64_FORMAT ", %u, %u, %u)", read_ahead, i, a->time, a->trace, a->tracefile,
				        a->seq, b->time, b->trace, b->tracefile, b->seq);
		}
		g_assert_true(lttv_traceset_context_at_end(ctx));
		lttv_hooks_destroy(event);
		g_object_unref(ctx);
		g_array_free(c.got, TRUE);
	}
	lttv_traceset_destroy(ts);
	g_array_free(expected, TRUE);
	g_rand_free(rand);
	tlt_remove_dir(top);
	g_free(top);
}

/* A subclass, as state and statistics make them: its own tracefile contexts. */
typedef struct {
	LttvTracefileContext parent;
	guint events;
} CountingTracefileContext;
typedef struct {
	LttvTracefileContextClass parent;
} CountingTracefileContextClass;
typedef struct {
	LttvTracesetContext parent;
	GString *log;
} CountingContext;
typedef struct {
	LttvTracesetContextClass parent;
} CountingContextClass;

static GType counting_tracefile_context_get_type(void);
static GType counting_context_get_type(void);
G_DEFINE_TYPE(CountingTracefileContext, counting_tracefile_context, LTTV_TYPE_TRACEFILE_CONTEXT)
G_DEFINE_TYPE(CountingContext, counting_context, LTTV_TYPE_TRACESET_CONTEXT)

static void counting_tracefile_context_class_init(CountingTracefileContextClass *klass) {}
static void counting_tracefile_context_init(CountingTracefileContext *self) {}

static LttvTracefileContext *counting_new_tracefile_context(LttvTracesetContext *self)
{
	return g_object_new(counting_tracefile_context_get_type(), NULL);
}

static void counting_init(LttvTracesetContext *self, LttvTraceset *ts)
{
	LTTV_TRACESET_CONTEXT_CLASS(counting_context_parent_class)->init(self, ts);
	g_string_append(((CountingContext *) self)->log, "init ");
}

static void counting_fini(LttvTracesetContext *self)
{
	g_string_append(((CountingContext *) self)->log, "fini ");
	LTTV_TRACESET_CONTEXT_CLASS(counting_context_parent_class)->fini(self);
}

static void counting_context_class_init(CountingContextClass *klass)
{
	LttvTracesetContextClass *k = LTTV_TRACESET_CONTEXT_CLASS(klass);
	k->new_tracefile_context = counting_new_tracefile_context;
	k->init = counting_init;
	k->fini = counting_fini;
}

static void counting_context_init(CountingContext *self) {}

static gboolean log_level(void *hook_data, void *call_data)
{
	GString *log = hook_data;
	if (LTTV_IS_TRACESET_CONTEXT(call_data))
		g_string_append(log, "S");
	else if (LTTV_IS_TRACE_CONTEXT(call_data))
		g_string_append_printf(log, "T%u", LTTV_TRACE_CONTEXT(call_data)->index);
	else
		g_string_append_printf(log, "f%u", LTTV_TRACEFILE_CONTEXT(call_data)->index);
	return FALSE;
}

static gboolean count_tick(void *hook_data, void *call_data)
{
	((CountingTracefileContext *) call_data)->events++;
	(*(guint *) hook_data)++;
	return FALSE;
}

static void test_levels_and_subclass(void)
{
	char *top = g_dir_make_tmp("lttv-merge-XXXXXX", NULL);
	GRand *rand = g_rand_new_with_seed(9);
	GArray *written = g_array_new(FALSE, FALSE, sizeof(Ev));
	LttvTraceset *ts = lttv_traceset_new();
	for (guint t = 0; t < 2; t++) {
		char *dir = g_strdup_printf("%s/trace%u", top, t);
		write_trace(dir, 1, 2, 50, 0, rand, written);
		LttvTrace *vt = lttv_trace_open(dir, NULL);
		g_assert_nonnull(vt);
		g_assert_true(lttv_traceset_add(ts, vt));
		g_assert_false(lttv_traceset_add(ts, vt));
		lttv_trace_unref(vt);
		g_free(dir);
	}
	CountingContext *cc = g_object_new(counting_context_get_type(), NULL);
	cc->log = g_string_new(NULL);
	LttvTracesetContext *ctx = LTTV_TRACESET_CONTEXT(cc);
	lttv_context_init(ctx, ts);
	g_assert_cmpuint(ctx->n_traces, ==, 2);
	g_assert_true(G_TYPE_CHECK_INSTANCE_TYPE(ctx->traces[1]->tracefiles[1], counting_tracefile_context_get_type()));

	LttvHooks *levels = lttv_hooks_new();
	lttv_hooks_add(levels, log_level, cc->log, LTTV_PRIO_DEFAULT);
	/* By name: the id is looked up in each trace; by id: one numbering. */
	guint by_name = 0, by_id_count = 0;
	g_assert_cmpuint(lttv_traceset_context_add_event_hook(ctx, "ch000", "tick", count_tick, &by_name,
	                                                      LTTV_PRIO_DEFAULT), ==, 2);
	g_assert_cmpuint(lttv_traceset_context_add_event_hook(ctx, NULL, "nosuchevent", count_tick, &by_name,
	                                                      LTTV_PRIO_DEFAULT), ==, 0);
	LttvHooksById *by_id = lttv_hooks_by_id_new();
	lttv_hooks_add(lttv_hooks_by_id_find(by_id, 1), count_tick, &by_id_count, LTTV_PRIO_DEFAULT);
	lttv_process_traceset_begin(ctx, levels, levels, levels, NULL, by_id);
	g_assert_cmpuint(lttv_process_traceset_middle(ctx, LTT_TIME_INFINITE, G_MAXUINT64, NULL), ==, 200);
	lttv_process_traceset_end(ctx, levels, levels, levels, NULL, by_id);
	g_assert_cmpstr(cc->log->str, ==, "init ST0f0f1T1f0f1f0f1T0f0f1T1S");
	g_assert_cmpuint(by_name, ==, 200);
	g_assert_cmpuint(by_id_count, ==, 200);
	g_assert_cmpuint(((CountingTracefileContext *) ctx->traces[0]->tracefiles[1])->events, ==, 100);
	/* end removed the by-id list; the by-name hook stays until removed. */
	lttv_process_traceset_seek_time(ctx, 0);
	g_assert_cmpuint(lttv_traceset_context_remove_event_hook(ctx, NULL, "tick", count_tick, &by_name), ==, 2);
	lttv_process_traceset_middle(ctx, LTT_TIME_INFINITE, G_MAXUINT64, NULL);
	g_assert_cmpuint(by_name + by_id_count, ==, 400);
	lttv_context_fini(ctx);
	g_assert_cmpstr(cc->log->str, ==, "init ST0f0f1T1f0f1f0f1T0f0f1T1Sfini ");
	g_string_free(cc->log, TRUE);
	g_object_unref(ctx);
	lttv_hooks_by_id_destroy(by_id);
	lttv_hooks_destroy(levels);
	lttv_traceset_destroy(ts);
	g_array_free(written, TRUE);
	g_rand_free(rand);
	tlt_remove_dir(top);
	g_free(top);
}

/* One LttvTrace per directory, shared and counted; its attributes live as
 * long as it does. */
static void test_shared_trace(void)
{
	char *top = g_dir_make_tmp("lttv-merge-XXXXXX", NULL);
	char *dir = g_build_filename(top, "t", NULL);
	char *other_spelling = g_build_filename(top, ".", "t", "", NULL);
	GRand *rand = g_rand_new_with_seed(10);
	GArray *written = g_array_new(FALSE, FALSE, sizeof(Ev));
	write_trace(dir, 1, 1, 10, 0, rand, written);
	GError *error = NULL;
	LttvTrace *a = lttv_trace_open(dir, &error);
	g_assert_no_error(error);
	LttvTrace *b = lttv_trace_open(other_spelling, &error);
	g_assert_no_error(error);
	g_assert_true(a == b);
	g_assert_cmpuint(lttv_trace_ref_count(a), ==, 2);
	LttvAttributeValue v;
	g_assert_true(lttv_attribute_find_by_path(lttv_trace_attribute(a), "stats/events", LTTV_ULONG, &v, NULL));
	*v.v_ulong = 10;
	LttvTraceset *ts1 = lttv_traceset_new(), *ts2 = lttv_traceset_new();
	lttv_traceset_add(ts1, a);
	lttv_traceset_add(ts2, b);
	lttv_trace_unref(a);
	lttv_trace_unref(b);
	g_assert_cmpuint(lttv_trace_ref_count(a), ==, 2);
	lttv_traceset_destroy(ts1);
	g_assert_true(lttv_traceset_get(ts2, 0) == a);
	g_assert_true(lttv_attribute_find_by_path(lttv_trace_attribute(a), "stats/events", LTTV_ULONG, &v, NULL));
	g_assert_cmpuint(*v.v_ulong, ==, 10);
	lttv_traceset_remove(ts2, 0);
	g_assert_cmpuint(lttv_traceset_number(ts2), ==, 0);
	/* Closed: opening again starts a fresh attribute tree. */
	a = lttv_trace_open(dir, &error);
	g_assert_no_error(error);
	g_assert_cmpuint(lttv_attribute_get_number(lttv_trace_attribute(a)), ==, 0);
	lttv_trace_unref(a);
	g_assert_null(lttv_trace_open("/nonexistent/trace", &error));
	g_assert_error(error, LTT_ERROR, LTT_ERROR_IO);
	g_assert_nonnull(strstr(error->message, "/nonexistent/trace"));
	g_clear_error(&error);
	lttv_traceset_destroy(ts2);
	g_array_free(written, TRUE);
	g_rand_free(rand);
	tlt_remove_dir(top);
	g_free(other_spelling);
	g_free(dir);
	g_free(top);
}

static void test_one(void) { check_merge(1, 1, 1, 500, 0, 1); }
static void test_two(void) { check_merge(1, 1, 2, 500, 0, 2); }
static void test_eight(void) { check_merge(1, 2, 4, 300, 0, 3); }
static void test_sixty_four(void) { check_merge(1, 8, 8, 100, 0, 4); }
static void test_thousand(void) { check_merge(1, 100, 10, 20, 0, 5); }
static void test_traces(void) { check_merge(3, 2, 3, 200, 0, 6); }
/* Gaps of up to a year between bursts: the widest windows (their keys
 * hold a time and a copy index in 64 bits, so their width is bounded). */
static void test_idle_years(void) { check_merge(1, 2, 4, 400, G_GUINT64_CONSTANT(1) << 55, 7); }

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_func("/merge/1-tracefile", test_one);
	g_test_add_func("/merge/2-tracefiles", test_two);
	g_test_add_func("/merge/8-tracefiles", test_eight);
	g_test_add_func("/merge/64-tracefiles", test_sixty_four);
	g_test_add_func("/merge/1000-tracefiles", test_thousand);
	g_test_add_func("/merge/3-traces", test_traces);
	g_test_add_func("/merge/idle-years", test_idle_years);
	g_test_add_func("/merge/levels-and-subclass", test_levels_and_subclass);
	g_test_add_func("/traceset/shared-trace", test_shared_trace);
	return g_test_run();
}
