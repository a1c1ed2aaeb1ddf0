/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* bench-ltt-read: how fast libltt opens, iterates, decodes and seeks a
 * trace.  Prints one "name value" line per figure. */
#include "config.h"
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "ltt/ltt.h"

/* Throughputs are measured in CPU time of this thread, so that other
 * processes sharing the machine disturb them less. */
static double cpu_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

static double seconds_since(gint64 start)
{
	return (double) (g_get_monotonic_time() - start) / 1e6;
}

static guint64 walk_contents(const LttValue *v);

/* Reads n decoded values and everything below them, as a consumer that
 * reads all fields does; returns a checksum so nothing is optimised away. */
static guint64 walk_values(const LttDecodedValue *d, guint n)
{
	guint64 sum = 0;

	for (guint i = 0; i < n; i++) {
		switch (d[i].kind) {
		case LTT_TYPE_STRING:
			sum += (guchar) d[i].string[0];
			break;
		case LTT_TYPE_ARRAY:
		case LTT_TYPE_SEQUENCE:
		case LTT_TYPE_STRUCT:
			sum += walk_contents(&d[i].value);
			break;
		default:
			sum += d[i].uint;
		}
	}
	return sum;
}

/* The members or elements of v, decoded in runs. */
static guint64 walk_contents(const LttValue *v)
{
	LttDecodedValue run[16];
	LttValueIter it;
	guint64 sum = 0;
	guint n;

	if (!ltt_value_iter_init(&it, v, NULL))
		return 0;
	do {
		n = ltt_value_iter_read(&it, run, G_N_ELEMENTS(run), NULL);
		sum += walk_values(run, n);
	} while (n == G_N_ELEMENTS(run));
	return sum;
}

/* Every field of the event: the top-level ones decoded in one call. */
static guint64 walk_event(const LttEvent *ev)
{
	LttDecodedValue fields[32];
	guint n = ltt_event_fields(ev, fields, G_N_ELEMENTS(fields), NULL);

	if (n == G_N_ELEMENTS(fields)) {
		/* Perhaps more fields than the buffer holds: walk the payload as
		 * the struct it is, in runs. */
		LttValue payload;
		ltt_event_payload_value(ev, &payload);
		return walk_contents(&payload);
	}
	return walk_values(fields, n);
}

/* Reads every tracefile from its start; decode: also every field. */
static guint64 read_all(LttTrace *trace, gboolean decode, guint64 *checksum)
{
	guint64 events = 0, sum = 0;

	for (guint i = 0; i < ltt_trace_tracefile_count(trace); i++) {
		LttTracefile *tf = ltt_trace_tracefile(trace, i);
		LttReadStatus s;

		ltt_tracefile_seek_begin(tf);
		while ((s = ltt_tracefile_next(tf, NULL)) != LTT_READ_END) {
			const LttEvent *ev;
			if (s != LTT_READ_EVENT)
				continue;
			ev = ltt_tracefile_event(tf);
			sum += ltt_event_time(ev) ^ ltt_event_id(ev);
			if (decode)
				sum += walk_event(ev);
			events++;
		}
	}
	*checksum += sum;
	return events;
}

static int compare_doubles(const void *a, const void *b)
{
	double x = *(const double *) a, y = *(const double *) b;

	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	gboolean version = FALSE;
	int seeks = 1000;
	GOptionEntry entries[] = {
		{ "seeks", 0, 0, G_OPTION_ARG_INT, &seeks, "Random seeks to time (1000)", "N" },
		{ "version", 0, 0, G_OPTION_ARG_NONE, &version, "Print the version and exit", NULL },
		{ NULL }
	};
	GOptionContext *ctx = g_option_context_new("TRACE-DIR - measure libltt reading speed");
	GError *error = NULL;
	LttTrace *trace;
	gint64 start;
	guint64 events, checksum = 0;
	double secs, cpu, *lat;
	GRand *rand;
	LttTime t0, t1;

	g_option_context_add_main_entries(ctx, entries, NULL);
	if (!g_option_context_parse(ctx, &argc, &argv, &error)) {
		fprintf(stderr, "bench-ltt-read: %s\n", error->message);
		return 1;
	}
	g_option_context_free(ctx);
	if (version) {
		printf("bench-ltt-read %s\n", PACKAGE_VERSION);
		return 0;
	}
	if (argc != 2 || seeks <= 0) {
		fprintf(stderr, "usage: bench-ltt-read [--seeks N] TRACE-DIR\n");
		return 1;
	}

	start = g_get_monotonic_time();
	trace = ltt_trace_open(argv[1], &error);
	secs = seconds_since(start);
	if (trace == NULL) {
		fprintf(stderr, "bench-ltt-read: %s\n", error->message);
		return 1;
	}
	printf("open_ms %.3f\n", secs * 1e3);
	printf("warnings %u\n", ltt_trace_warning_count(trace));

	/* The first pass maps the pages in; the second shows the reader's own
	 * speed. */
	cpu = cpu_seconds();
	events = read_all(trace, FALSE, &checksum);
	printf("events %" G_GUINT64_FORMAT "\n", events);
	printf("headers_first_pass_events_per_s %.0f\n", events / (cpu_seconds() - cpu));
	cpu = cpu_seconds();
	events = read_all(trace, FALSE, &checksum);
	printf("headers_events_per_s %.0f\n", events / (cpu_seconds() - cpu));

	cpu = cpu_seconds();
	events = read_all(trace, TRUE, &checksum);
	printf("decode_events_per_s %.0f\n", events / (cpu_seconds() - cpu));

	rand = g_rand_new_with_seed(1);
	lat = g_new(double, seeks);
	t0 = ltt_trace_start_time(trace);
	t1 = ltt_trace_end_time(trace);
	for (int i = 0; i < seeks; i++) {
		LttTracefile *tf = ltt_trace_tracefile(trace, g_rand_int_range(rand, 0, (gint32) ltt_trace_tracefile_count(trace)));
		LttTime t = t0 + (LttTime) (g_rand_double(rand) * (double) (t1 - t0));
		start = g_get_monotonic_time();
		if (ltt_tracefile_seek_time(tf, t, NULL) == LTT_READ_EVENT)
			checksum += ltt_event_time(ltt_tracefile_event(tf));
		lat[i] = (double) (g_get_monotonic_time() - start);
	}
	qsort(lat, (size_t) seeks, sizeof *lat, compare_doubles);
	printf("seek_median_us %.1f\n", lat[seeks / 2]);
	printf("seek_p99_us %.1f\n", lat[seeks * 99 / 100]);
	printf("checksum %" G_GUINT64_FORMAT "\n", checksum);
	g_free(lat);
	g_rand_free(rand);
	ltt_trace_unref(trace);
	return 0;
}
