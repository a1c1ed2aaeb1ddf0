/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* bench-merge [--rounds N] [EVENTS]: throughput of the time-ordered merge of
 * a traceset context (lttv_process_traceset_middle with one empty event
 * hook) over the same number of events spread on 8 and on 1,000
 * tracefiles, for two ways the tracefiles interleave:
 *   random  each tracefile's times advance by random steps of the same
 *           mean, so consecutive events almost always come from different
 *           tracefiles (the worst case for the merge, the figure judged);
 *   bursts  each tracefile writes runs of 1-64 close events separated by
 *           idle gaps, as per-CPU or per-thread channels do, at the same
 *           mean rate.
 * Rounds alternate between the two shapes so that both see the same load on
 * a shared machine.  Prints events per second of CPU time (median and best
 * over the rounds) and the 1000/8 ratio of the medians.
 *
 * With each figure comes the bound of a merge that takes one event at a
 * time from the tracefiles' cursors: the same events, cursors and hook
 * lists, in an order computed beforehand so that no merge structure costs
 * anything.  Its 1000/8 ratio is what reading 1,000 cursors in turn costs
 * by itself; the context's merge reads ahead by windows to escape it. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <glib.h>
#include <ltt/ltt.h>
#include <lttv/tracecontext.h>
#include "test-ltt-util.h"

typedef enum { MODEL_RANDOM, MODEL_BURSTS } Model;

static const char *const model_names[] = { "random", "bursts" };

static gboolean count_event(void *hook_data, void *call_data)
{
	(*(guint64 *) hook_data)++;
	return FALSE;
}

static void die(GError *error)
{
	fprintf(stderr, "bench-merge: %s\n", error->message);
	exit(1);
}

/* Mean step between two events of one tracefile: the merged stream has one
 * event every 50 ns or so whatever the number of tracefiles. */
static guint64 mean_step(guint tracefiles)
{
	return 50 * (tracefiles / 8 + 1);
}

/* Times of one tracefile's events, from 1 ms on. */
static void fill_times(LttTime *times, guint64 n, Model model, guint tracefiles, GRand *rand)
{
	guint64 step = mean_step(tracefiles);
	LttTime t = 1000000;
	guint64 s = 0;
	while (s < n) {
		if (model == MODEL_RANDOM) {
			t += (LttTime) g_rand_int_range(rand, 0, 100) * step / 50;
			times[s++] = t;
			continue;
		}
		/* A burst of len events 0-9 ns apart, then a gap that brings the
		 * mean step back to that of the random model. */
		guint64 len = (guint64) g_rand_int_range(rand, 1, 65);
		for (guint64 k = 0; k < len && s < n; k++) {
			t += (LttTime) g_rand_int_range(rand, 0, 10);
			times[s++] = t;
		}
		t += (LttTime) g_rand_int_range(rand, 0, (gint32) (2 * len * (step - 5) + 1));
	}
}

/* Channels x cpus tracefiles with events / (channels x cpus) events each. */
static void write_trace(const char *dir, guint channels, guint cpus, guint64 events, Model model)
{
	LttWriterOptions opt = { .byte_order = G_LITTLE_ENDIAN, .cpu_count = cpus, .host = "bench",
	                         .os = "Linux", .kernel = "0", .tracer = "bench-merge" };
	GError *error = NULL;
	LttWriter *w = ltt_writer_new(dir, &opt, &error);
	if (w == NULL)
		die(error);
	GRand *rand = g_rand_new_with_seed(1);
	LttPayload p;
	ltt_payload_init(&p, G_LITTLE_ENDIAN);
	guint64 per = events / (channels * cpus);
	LttTime *times = g_new(LttTime, per);
	for (guint c = 0; c < channels; c++) {
		char *channel = g_strdup_printf("ch%04u", c);
		if (ltt_writer_declare_event(w, channel, 1, "tick", "seq: u32;", &error) == NULL)
			die(error);
		for (guint cpu = 0; cpu < cpus; cpu++) {
			LttWriterChannel *ch = ltt_writer_channel(w, channel, cpu, &error);
			if (ch == NULL)
				die(error);
			fill_times(times, per, model, channels * cpus, rand);
			for (guint64 s = 0; s < per; s++) {
				ltt_payload_reset(&p);
				ltt_payload_put_u32(&p, (guint32) s);
				if (!ltt_writer_channel_append(ch, times[s], 1, p.data, p.len, &error))
					die(error);
			}
		}
		g_free(channel);
	}
	g_free(times);
	ltt_payload_clear(&p);
	g_rand_free(rand);
	if (!ltt_writer_close(w, &error))
		die(error);
}

/* CPU time of this thread: the figure does not depend on what else the
 * machine runs. */
static double cpu_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

/* One traceset context reading one trace, with the counting hook. */
typedef struct {
	char *dir;
	LttvTraceset *ts;
	LttvTracesetContext *ctx;
	LttvHooks *event;
	guint64 n;
	guint tracefiles;
	double *rates;           /* events/s of each round */
	double *bound_rates;     /* the same, per-event bound */
	guint *order;            /* tracefile index of each event, in merge order */
	guint64 n_order;
} Shape;

typedef struct {
	LttTime time;
	guint index;
} OrderKey;

static int compare_order_key(const void *a, const void *b)
{
	const OrderKey *x = a, *y = b;
	if (x->time != y->time)
		return x->time < y->time ? -1 : 1;
	return (x->index > y->index) - (x->index < y->index);
}

/* The merge order by brute force: every event's (time, tracefile), sorted. */
static void shape_compute_order(Shape *s)
{
	LttvTraceContext *tc = s->ctx->traces[0];
	GArray *keys = g_array_new(FALSE, FALSE, sizeof(OrderKey));
	for (guint i = 0; i < tc->n_tracefiles; i++) {
		LttTracefile *tf = tc->tracefiles[i]->tf;
		ltt_tracefile_seek_begin(tf);
		while (ltt_tracefile_next(tf, NULL) == LTT_READ_EVENT) {
			OrderKey k = { ltt_event_time(ltt_tracefile_event(tf)), i };
			g_array_append_val(keys, k);
		}
	}
	qsort(keys->data, keys->len, sizeof(OrderKey), compare_order_key);
	s->n_order = keys->len;
	s->order = g_new(guint, keys->len);
	for (guint64 j = 0; j < keys->len; j++)
		s->order[j] = g_array_index(keys, OrderKey, j).index;
	g_array_free(keys, TRUE);
}

static void shape_open(Shape *s, guint channels, guint cpus, guint64 events, Model model, guint rounds)
{
	GError *error = NULL;
	char *tmp = g_dir_make_tmp("bench-merge-XXXXXX", &error);
	if (tmp == NULL)
		die(error);
	s->dir = g_build_filename(tmp, "trace", NULL);
	g_free(tmp);
	s->tracefiles = channels * cpus;
	write_trace(s->dir, channels, cpus, events, model);
	LttvTrace *t = lttv_trace_open(s->dir, &error);
	if (t == NULL)
		die(error);
	s->ts = lttv_traceset_new();
	lttv_traceset_add(s->ts, t);
	lttv_trace_unref(t);
	s->ctx = lttv_traceset_context_new(s->ts);
	s->event = lttv_hooks_new();
	lttv_hooks_add(s->event, count_event, &s->n, LTTV_PRIO_DEFAULT);
	lttv_process_traceset_begin(s->ctx, NULL, NULL, NULL, s->event, NULL);
	/* A first pass maps every page, as a second look at a trace does. */
	lttv_process_traceset_middle(s->ctx, LTT_TIME_INFINITE, G_MAXUINT64, NULL);
	s->rates = g_new(double, rounds);
	s->bound_rates = g_new(double, rounds);
	shape_compute_order(s);
}

/* The per-event bound: the tracefiles' own cursors and hook lists, driven
 * by the precomputed order (the context re-seeks its cursors next time). */
static void shape_measure_bound(Shape *s, guint round)
{
	LttvTraceContext *tc = s->ctx->traces[0];
	for (guint i = 0; i < tc->n_tracefiles; i++) {
		ltt_tracefile_seek_begin(tc->tracefiles[i]->tf);
		ltt_tracefile_next(tc->tracefiles[i]->tf, NULL);
	}
	s->n = 0;
	double start = cpu_seconds();
	for (guint64 j = 0; j < s->n_order; j++) {
		LttvTracefileContext *tfc = tc->tracefiles[s->order[j]];
		lttv_hooks_call(tfc->event, tfc);
		ltt_tracefile_next(tfc->tf, NULL);
	}
	s->bound_rates[round] = (double) s->n / (cpu_seconds() - start);
}

static void shape_measure(Shape *s, guint round)
{
	s->n = 0;
	lttv_process_traceset_seek_time(s->ctx, 0);
	double start = cpu_seconds();
	lttv_process_traceset_middle(s->ctx, LTT_TIME_INFINITE, G_MAXUINT64, NULL);
	s->rates[round] = (double) s->n / (cpu_seconds() - start);
}

static void shape_close(Shape *s)
{
	lttv_process_traceset_end(s->ctx, NULL, NULL, NULL, s->event, NULL);
	lttv_hooks_destroy(s->event);
	g_object_unref(s->ctx);
	lttv_traceset_destroy(s->ts);
	char *tmp = g_path_get_dirname(s->dir);
	tlt_remove_dir(tmp);
	g_free(tmp);
	g_free(s->dir);
	g_free(s->rates);
	g_free(s->bound_rates);
	g_free(s->order);
}

static int compare_double(const void *a, const void *b)
{
	double x = *(const double *) a, y = *(const double *) b;
	return (x > y) - (x < y);
}

/* Sorts the rates; returns the median. */
static double median(double *rates, guint rounds)
{
	qsort(rates, rounds, sizeof(double), compare_double);
	return rounds % 2 ? rates[rounds / 2] : (rates[rounds / 2 - 1] + rates[rounds / 2]) / 2;
}

static void run_model(Model model, guint64 events, guint rounds)
{
	static const struct { guint channels, cpus; } dims[] = { { 2, 4 }, { 100, 10 } };
	Shape shapes[2];
	for (guint i = 0; i < 2; i++)
		shape_open(&shapes[i], dims[i].channels, dims[i].cpus, events, model, rounds);
	for (guint r = 0; r < rounds; r++)
		for (guint i = 0; i < 2; i++) {
			shape_measure(&shapes[r % 2 ? 1 - i : i], r);
			shape_measure_bound(&shapes[r % 2 ? 1 - i : i], r);
		}
	double med[2], bound_med[2];
	for (guint i = 0; i < 2; i++) {
		med[i] = median(shapes[i].rates, rounds);
		bound_med[i] = median(shapes[i].bound_rates, rounds);
		printf("merge %s %4u tracefiles: %" G_GUINT64_FORMAT " events, median %.2f, best %.2f M events/s"
		       " (per-event bound: %.2f)\n",
		       model_names[model], shapes[i].tracefiles, shapes[i].n, med[i] / 1e6,
		       shapes[i].rates[rounds - 1] / 1e6, bound_med[i] / 1e6);
	}
	printf("merge %s 1000/8 throughput ratio: %.0f %% (per-event bound: %.0f %%)\n", model_names[model],
	       100.0 * med[1] / med[0], 100.0 * bound_med[1] / bound_med[0]);
	for (guint i = 0; i < 2; i++)
		shape_close(&shapes[i]);
}

int main(int argc, char **argv)
{
	gint rounds = 5;
	char *model = NULL;
	GOptionEntry entries[] = {
		{ "rounds", 'r', 0, G_OPTION_ARG_INT, &rounds, "Measurements of each shape (default 5)", "N" },
		{ "model", 'm', 0, G_OPTION_ARG_STRING, &model, "random or bursts (default: both)", "MODEL" },
		{ NULL }
	};
	GOptionContext *oc = g_option_context_new("[EVENTS]");
	g_option_context_set_summary(oc, "Merge throughput over 8 and 1,000 tracefiles (default 4,000,000 events).");
	g_option_context_add_main_entries(oc, entries, NULL);
	GError *error = NULL;
	if (!g_option_context_parse(oc, &argc, &argv, &error))
		die(error);
	g_option_context_free(oc);
	guint64 events = argc > 1 ? g_ascii_strtoull(argv[1], NULL, 10) : 4000000;
	if (events < 8000 || argc > 2 || rounds < 1 ||
	    (model != NULL && g_strcmp0(model, "random") != 0 && g_strcmp0(model, "bursts") != 0)) {
		fprintf(stderr, "usage: bench-merge [--rounds N] [--model random|bursts] [EVENTS >= 8000]\n");
		return 2;
	}
	for (Model m = MODEL_RANDOM; m <= MODEL_BURSTS; m++)
		if (model == NULL || g_strcmp0(model, model_names[m]) == 0)
			run_model(m, events, (guint) rounds);
	g_free(model);
	return 0;
}
