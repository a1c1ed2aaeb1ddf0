/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* ltt-synth.c: writes a synthetic but self-consistent kernel trace, and
 * optionally the ground truth of what it simulated, so that readers and
 * analyses can be tested on any size of trace without a kernel. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "ltt/writer.h"
#include "ltt/ltt-format.h"
#include "synth-model.h"
#include "synth-truth.h"

/* Fixed so that the same arguments give byte-identical traces. */
#define SYNTH_HOST "synth"
#define SYNTH_OS "Linux"
#define SYNTH_KERNEL "6.1.0-synth"
#define SYNTH_CLOCK_OFFSET G_GINT64_CONSTANT(1700000000000000000)

/* Messages read "ltt-synth: OPTION VALUE: expected ...". */
static gboolean parse_u64(const char *option, const char *text, guint64 min, guint64 max,
                          guint64 *out, GError **error)
{
	guint64 v;

	if (!g_ascii_string_to_unsigned(text, 10, min, max, &v, NULL)) {
		g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
		            "%s %s: expected an integer from %" G_GUINT64_FORMAT " to %"
		            G_GUINT64_FORMAT, option, text, min, max);
		return FALSE;
	}
	*out = v;
	return TRUE;
}

/* A block size is a power of two in the format's bounds. */
static gboolean parse_block_size(const char *text, guint64 *out, GError **error)
{
	guint64 v;

	if (!g_ascii_string_to_unsigned(text, 10, LTT_BLOCK_SIZE_MIN, LTT_BLOCK_SIZE_MAX, &v, NULL) ||
	    (v & (v - 1)) != 0) {
		g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
		            "--block-size %s: expected a power of two from %u to %u", text,
		            (guint) LTT_BLOCK_SIZE_MIN, (guint) LTT_BLOCK_SIZE_MAX);
		return FALSE;
	}
	*out = v;
	return TRUE;
}

int main(int argc, char **argv)
{
	char *out_dir = NULL, *truth_path = NULL;
	char *cpus = NULL, *processes = NULL, *events = NULL, *seed = NULL, *lost_every = NULL;
	char *block_size = NULL, *threads = NULL;
	gboolean start_in_syscall = FALSE, pid_reuse = FALSE, big_endian = FALSE, force = FALSE;
	gboolean long_gaps = FALSE, version = FALSE, common_pid = FALSE, irq_vectors = FALSE, charges = FALSE;
	char *missed_switches = NULL;
	GOptionEntry entries[] = {
		{ "output", 'o', 0, G_OPTION_ARG_FILENAME, &out_dir, "Trace directory to create", "DIR" },
		{ "cpus", 0, 0, G_OPTION_ARG_STRING, &cpus, "CPUs of the simulated machine (2)", "N" },
		{ "processes", 0, 0, G_OPTION_ARG_STRING, &processes,
		  "Processes at the start, pid 1 included; forks and exits keep about as many (20)", "P" },
		{ "threads-per-process", 0, 0, G_OPTION_ARG_STRING, &threads,
		  "Threads of each process at the start, main thread included (1)", "T" },
		{ "events", 0, 0, G_OPTION_ARG_STRING, &events,
		  "Events in the trace, state dump included (100000)", "E" },
		{ "seed", 0, 0, G_OPTION_ARG_STRING, &seed, "Seed of the simulation (1)", "S" },
		{ "truth", 0, 0, G_OPTION_ARG_FILENAME, &truth_path,
		  "Also write what was simulated as JSON", "FILE" },
		{ "lost-every", 0, 0, G_OPTION_ARG_STRING, &lost_every,
		  "Every Bth block of each channel reports lost events", "B" },
		{ "start-in-syscall", 0, 0, G_OPTION_ARG_NONE, &start_in_syscall,
		  "Some tasks are inside a system call when the trace starts", NULL },
		{ "pid-reuse", 0, 0, G_OPTION_ARG_NONE, &pid_reuse, "Reuse the pids of freed tasks", NULL },
		{ "long-gaps", 0, 0, G_OPTION_ARG_NONE, &long_gaps,
		  "Now and then a CPU stays silent for more than 2^32 ns", NULL },
		{ "common-pid", 0, 0, G_OPTION_ARG_NONE, &common_pid,
		  "Each kernel event carries the pid of the task it ran in (common_pid, as lttd records)", NULL },
		{ "charges", 0, 0, G_OPTION_ARG_NONE, &charges,
		  "Each run is charged by a sched_stat_runtime event at the switch that ends it, as the kernel's scheduler does", NULL },
		{ "irq-vectors", 0, 0, G_OPTION_ARG_NONE, &irq_vectors,
		  "Interrupts without an IRQ line (the tick, IPIs) come as x86's irq_vectors events", NULL },
		{ "missed-switches", 0, 0, G_OPTION_ARG_STRING, &missed_switches,
		  "Every Nth sched_switch happens but is not written (as a tracer that misses some)", "N" },
		{ "block-size", 0, 0, G_OPTION_ARG_STRING, &block_size,
		  "Block size of the channel files (65536)", "BYTES" },
		{ "big-endian", 0, 0, G_OPTION_ARG_NONE, &big_endian,
		  "Write a big-endian trace (default: little-endian)", NULL },
		{ "overwrite", 0, 0, G_OPTION_ARG_NONE, &force, "Replace a trace already in DIR (as lttd and lttctl --overwrite do)", NULL },
		/* The earlier spelling, kept for scripts that use it. */
		{ "force", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_NONE, &force, NULL, NULL },
		{ "version", 'V', 0, G_OPTION_ARG_NONE, &version, "Print the version and exit", NULL },
		{ NULL }
	};
	GOptionContext *ctx = g_option_context_new("- write a synthetic kernel trace");
	SynthConfig cfg = { .cpus = 2, .processes = 20, .threads = 1, .events = 100000, .seed = 1 };
	guint64 v, bs = LTT_BLOCK_SIZE_DEFAULT;
	GError *error = NULL;
	LttWriter *writer = NULL;
	SynthTruth *truth = NULL;
	SynthModel *model;
	char *tracer = NULL;
	gboolean ok;

	g_option_context_add_main_entries(ctx, entries, NULL);
	g_option_context_set_description(ctx, "See ltt-synth(1) and doc/ltt-synth.md.");
	ok = g_option_context_parse(ctx, &argc, &argv, &error);
	if (ok && version) {
		printf("ltt-synth %s\n", PACKAGE_VERSION);
		g_option_context_free(ctx);
		return EXIT_SUCCESS;
	}
	if (ok && argc > 1)
		ok = (g_set_error(&error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
		                  "unexpected argument \"%s\"", argv[1]), FALSE);
	if (ok && !out_dir)
		ok = (g_set_error(&error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
		                  "missing -o DIR"), FALSE);
	if (ok && cpus && (ok = parse_u64("--cpus", cpus, 1, 4096, &v, &error)))
		cfg.cpus = (guint) v;
	if (ok && processes && (ok = parse_u64("--processes", processes, 1, 1000000, &v, &error)))
		cfg.processes = (guint) v;
	if (ok && threads && (ok = parse_u64("--threads-per-process", threads, 1, 1000, &v, &error)))
		cfg.threads = (guint) v;
	if (ok && events)
		ok = parse_u64("--events", events, 1, G_MAXUINT64, &cfg.events, &error);
	if (ok && seed)
		ok = parse_u64("--seed", seed, 0, G_MAXUINT64, &cfg.seed, &error);
	if (ok && lost_every)
		ok = parse_u64("--lost-every", lost_every, 1, G_MAXUINT64, &cfg.lost_every, &error);
	if (ok && missed_switches)
		ok = parse_u64("--missed-switches", missed_switches, 1, G_MAXUINT64, &cfg.missed_switches, &error);
	if (ok && block_size)
		ok = parse_block_size(block_size, &bs, &error);
	if (ok && cfg.events < synth_model_statedump_events(&cfg))
		ok = (g_set_error(&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
		                  "--events %" G_GUINT64_FORMAT ": expected at least %" G_GUINT64_FORMAT
		                  " (the state dump of this machine)", cfg.events,
		                  synth_model_statedump_events(&cfg)), FALSE);
	cfg.block_size = (guint32) bs;
	cfg.start_in_syscall = start_in_syscall;
	cfg.pid_reuse = pid_reuse;
	cfg.long_gaps = long_gaps;
	cfg.common_pid = common_pid;
	cfg.irq_vectors = irq_vectors;
	cfg.charges = charges;

	if (ok) {
		LttWriterOptions wo = {
			.byte_order = big_endian ? G_BIG_ENDIAN : G_LITTLE_ENDIAN,
			.block_size = cfg.block_size,
			.cpu_count = cfg.cpus,
			.host = SYNTH_HOST, .os = SYNTH_OS, .kernel = SYNTH_KERNEL,
			.clock_name = "monotonic",
			.clock_offset = SYNTH_CLOCK_OFFSET,
			.overwrite = force,
		};
		tracer = g_strdup_printf("ltt-synth %s", PACKAGE_VERSION);
		wo.tracer = tracer;
		writer = ltt_writer_new(out_dir, &wo, &error);
		ok = writer != NULL;
	}
	if (ok && truth_path) {
		truth = synth_model_truth_new(truth_path, &error);
		ok = truth != NULL;
	}
	if (ok) {
		model = synth_model_new(&cfg, writer, truth);
		ok = synth_model_run(model, &error);
		/* Also after a failure: what was simulated is still described. */
		if (!synth_model_finish(model, ok ? &error : NULL))
			ok = FALSE;
	}
	/* Closing writes the blocks still in memory, also after a failure. */
	if (writer && !ltt_writer_close(writer, ok ? &error : NULL))
		ok = FALSE;

	if (!ok)
		fprintf(stderr, "ltt-synth: %s%s\n", error ? error->message : "failed",
		        error && error->domain == G_OPTION_ERROR ? " (try ltt-synth --help)" : "");
	g_clear_error(&error);
	g_free(tracer);
	g_free(out_dir);
	g_free(truth_path);
	g_free(cpus);
	g_free(processes);
	g_free(threads);
	g_free(events);
	g_free(seed);
	g_free(lost_every);
	g_free(block_size);
	g_free(missed_switches);
	g_option_context_free(ctx);
	return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
