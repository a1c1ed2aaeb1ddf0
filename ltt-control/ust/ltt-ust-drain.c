/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* ltt-ust-drain: records user-space traces without lttd.  It drives
 * lttd-ust.h exactly as lttd does (new, drain every period, final drain,
 * free), so it is also the reference for lttd's integration. */
#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <glib-unix.h>

#include "ltt-control/lttd-ust.h"
#include "ltt/writer.h"

typedef struct {
	LttdUst *ust;
	GMainLoop *loop;
	GError *error;
} Drain;

/* Wall-clock time minus CLOCK_MONOTONIC, for the metadata. */
static gint64 clock_offset(void)
{
	struct timespec mono, real;

	clock_gettime(CLOCK_MONOTONIC, &mono);
	clock_gettime(CLOCK_REALTIME, &real);
	return ((gint64) real.tv_sec - (gint64) mono.tv_sec) * G_GINT64_CONSTANT(1000000000)
	       + (real.tv_nsec - mono.tv_nsec);
}

static gboolean on_period(gpointer data)
{
	Drain *d = data;

	if (!lttd_ust_drain(d->ust, FALSE, &d->error)) {
		g_main_loop_quit(d->loop);
		return G_SOURCE_REMOVE;
	}
	return G_SOURCE_CONTINUE;
}

static gboolean on_signal(gpointer data)
{
	g_main_loop_quit(((Drain *) data)->loop);
	return G_SOURCE_CONTINUE;
}

int main(int argc, char **argv)
{
	char *output = NULL, *registry = NULL;
	int period = 100;
	gboolean once = FALSE, force = FALSE, version = FALSE;
	GOptionEntry entries[] = {
		{ "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, "Trace directory to write (required)", "DIR" },
		{ "registry", 'r', 0, G_OPTION_ARG_FILENAME, &registry,
		  "Directory where applications register (required; LTT_UST_REGISTRY of the applications)", "DIR" },
		{ "period", 'p', 0, G_OPTION_ARG_INT, &period, "Drain every MS milliseconds (default 100)", "MS" },
		{ "once", 0, 0, G_OPTION_ARG_NONE, &once,
		  "Take everything committed now, including partial sub-buffers, and exit", NULL },
		{ "overwrite", 0, 0, G_OPTION_ARG_NONE, &force, "Replace a trace already in DIR (as lttd and lttctl say it)", NULL },
		/* The earlier spelling; -f is lttctl's flight recorder. */
		{ "force", 'f', G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_NONE, &force, NULL, NULL },
		{ "version", 'V', 0, G_OPTION_ARG_NONE, &version, "Print the version and exit", NULL },
		{ NULL }
	};
	GOptionContext *ctx = g_option_context_new("- drain user-space trace buffers into an LTT trace");
	LttWriterOptions wopt = { 0 };
	LttWriter *writer;
	Drain d = { 0 };
	GError *error = NULL;
	int status = EXIT_SUCCESS;

	g_option_context_add_main_entries(ctx, entries, NULL);
	g_option_context_set_description(ctx,
	        "Runs until SIGINT or SIGTERM, then takes what the applications committed,\n"
	        "partial sub-buffers included, and closes the trace.");
	if (!g_option_context_parse(ctx, &argc, &argv, &error)) {
		fprintf(stderr, "ltt-ust-drain: %s\n", error->message);
		g_error_free(error);
		g_option_context_free(ctx);
		return EXIT_FAILURE;
	}
	g_option_context_free(ctx);
	if (version) {
		printf("ltt-ust-drain %s\n", PACKAGE_VERSION);
		return EXIT_SUCCESS;
	}
	if (!output || !registry || argc > 1 || period < 1) {
		fprintf(stderr, "ltt-ust-drain: %s\n", argc > 1 ? "unexpected argument"
		        : period < 1 ? "--period must be at least 1" : "--output and --registry are required");
		return EXIT_FAILURE;
	}
	/* Before anything else: a SIGTERM that comes while the trace is being
	 * created must still end in a clean stop. */
	if (!once) {
		d.loop = g_main_loop_new(NULL, FALSE);
		g_unix_signal_add(SIGINT, on_signal, &d);
		g_unix_signal_add(SIGTERM, on_signal, &d);
	}
	wopt.tracer = "ltt-ust-drain " PACKAGE_VERSION;
	wopt.clock_offset = clock_offset();
	wopt.overwrite = force;
	writer = ltt_writer_new(output, &wopt, &error);
	if (!writer) {
		fprintf(stderr, "ltt-ust-drain: %s\n", error->message);
		g_error_free(error);
		return EXIT_FAILURE;
	}
	d.ust = lttd_ust_new(registry, writer, &error);
	if (!d.ust) {
		fprintf(stderr, "ltt-ust-drain: %s\n", error->message);
		g_error_free(error);
		ltt_writer_close(writer, NULL);
		return EXIT_FAILURE;
	}
	if (d.loop) {
		g_timeout_add(period, on_period, &d);
		g_main_loop_run(d.loop);
		g_main_loop_unref(d.loop);
	}
	if (!d.error)
		lttd_ust_drain(d.ust, TRUE, &d.error);
	lttd_ust_free(d.ust);
	if (d.error) {
		fprintf(stderr, "ltt-ust-drain: %s\n", d.error->message);
		g_clear_error(&d.error);
		status = EXIT_FAILURE;
	}
	if (!ltt_writer_close(writer, &error)) {
		fprintf(stderr, "ltt-ust-drain: %s\n", error->message);
		g_error_free(error);
		status = EXIT_FAILURE;
	}
	g_free(output);
	g_free(registry);
	return status;
}
