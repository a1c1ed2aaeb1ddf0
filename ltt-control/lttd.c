/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* lttd: the trace daemon.  Drains the kernel's per-CPU ring buffers of a
 * tracefs instance, and the buffers of libltt-ust applications, into one
 * LTT trace directory.  lttctl starts and stops it; it can also be run by
 * hand. */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/signalfd.h>

#include "lttd-kernel.h"
#include "lttd-module.h"
#include "lttd-statedump.h"
#include "lttd-ust-source.h"
#include "ltt-tracefs.h"
#include "ltt/ltt-error.h"

/* Default longest sleep of the loop: full pages reach the trace within this
 * time even when a CPU's buffer never gets a quarter full, and sources
 * without a descriptor are drained this often. */
#define WAKE_PERIOD_MS 1000
#define MAX_SOURCES 2
/* Ids 0..3 of channel kernel are the state dump; kernel events follow. */
#define STATEDUMP_FIRST_ID 0

typedef struct {
	LttdSource *src;
	guint input;
} PollSlot;

static char *opt_instance;
static char *opt_output;
static char *opt_ust;
static gint opt_period = WAKE_PERIOD_MS;
static gboolean opt_flight_recorder;
static gboolean opt_overwrite;
static gint opt_ready_fd = -1;
static gint opt_block_size;
static gboolean opt_quiet;
static gboolean opt_module;
static gint opt_buffer_kb;
static char *opt_events;
static gboolean opt_version;

static const GOptionEntry entries[] = {
	{ "instance", 'i', 0, G_OPTION_ARG_STRING, &opt_instance,
	  "tracefs instance to drain (lttctl names them ltt-SESSION)", "NAME" },
	{ "output", 'o', 0, G_OPTION_ARG_FILENAME, &opt_output, "trace directory to write", "DIR" },
	{ "ust", 'u', 0, G_OPTION_ARG_FILENAME, &opt_ust,
	  "also drain the libltt-ust applications registered in DIR", "DIR" },
	{ "period", 'p', 0, G_OPTION_ARG_INT, &opt_period,
	  "longest time between two drains, in ms (default 1000)", "MS" },
	{ "flight-recorder", 'f', 0, G_OPTION_ARG_NONE, &opt_flight_recorder,
	  "the buffer overwrites: read it only when stopping", NULL },
	{ "block-size", 'b', 0, G_OPTION_ARG_INT, &opt_block_size,
	  "block size of the channel files (power of two; default 65536)", "BYTES" },
	{ "overwrite", 0, 0, G_OPTION_ARG_NONE, &opt_overwrite,
	  "replace a trace already in DIR", NULL },
	{ "ready-fd", 0, 0, G_OPTION_ARG_INT, &opt_ready_fd,
	  "write one byte to FD and close it once tracing is on", "FD" },
	{ "module", 'm', 0, G_OPTION_ARG_NONE, &opt_module,
	  "drain the LTT kernel trace module (/dev/ltt) instead of a tracefs instance", NULL },
	{ "buffer-size", 's', 0, G_OPTION_ARG_INT, &opt_buffer_kb,
	  "with --module: buffer per CPU in KiB (default 4096)", "KB" },
	{ "events", 'e', 0, G_OPTION_ARG_STRING, &opt_events,
	  "with --module: the events to record, NAME,NAME... (default: all)", "LIST" },
	{ "quiet", 'q', 0, G_OPTION_ARG_NONE, &opt_quiet, "no summary on exit", NULL },
	{ "version", 'V', 0, G_OPTION_ARG_NONE, &opt_version, "print the version and exit", NULL },
	{ NULL }
};

static guint64 clock_ns(clockid_t id)
{
	struct timespec ts;
	clock_gettime(id, &ts);
	return (guint64) ts.tv_sec * LTT_NSEC_PER_SEC + (guint64) ts.tv_nsec;
}

/* Wall-clock minus monotonic, the trace's clock.offset; the monotonic read
 * is bracketed by two wall-clock reads to halve the error. */
static gint64 clock_offset(void)
{
	guint64 r1 = clock_ns(CLOCK_REALTIME);
	guint64 m = clock_ns(CLOCK_MONOTONIC);
	guint64 r2 = clock_ns(CLOCK_REALTIME);
	return (gint64) (r1 / 2 + r2 / 2) - (gint64) m;
}

static int signal_fd(void)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	sigprocmask(SIG_BLOCK, &set, NULL);
	signal(SIGPIPE, SIG_IGN);
	return signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
}

/* Polls every input of every source until a signal or an error; each wake
 * drains the inputs that are readable, and all of them on a timeout. */
static gboolean run(LttdSource **sources, guint nsources, int sigfd, GError **error)
{
	GArray *fds = g_array_new(FALSE, TRUE, sizeof(struct pollfd));
	GArray *slots = g_array_new(FALSE, TRUE, sizeof(PollSlot));
	GArray *polled_slots = g_array_new(FALSE, TRUE, sizeof(PollSlot));
	struct pollfd sig = { .fd = sigfd, .events = POLLIN };
	gboolean ok = TRUE, stop = FALSE;
	guint s, i;

	g_array_append_val(fds, sig);
	for (s = 0; s < nsources; s++) {
		guint n = sources[s]->klass->input_count(sources[s]);
		for (i = 0; i < n; i++) {
			PollSlot slot = { sources[s], i };
			int fd = sources[s]->klass->input_fd(sources[s], i);
			if (fd >= 0) {
				struct pollfd p = { .fd = fd, .events = POLLIN };
				g_array_append_val(fds, p);
				g_array_append_val(polled_slots, slot);
			} else {
				g_array_append_val(slots, slot);
			}
		}
	}
	while (ok && !stop) {
		struct pollfd *p = (struct pollfd *) fds->data;
		int r = poll(p, fds->len, opt_period);

		if (r < 0 && errno != EINTR) {
			g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "poll: %s", g_strerror(errno));
			ok = FALSE;
			break;
		}
		if (r > 0 && (p[0].revents & POLLIN)) {
			struct signalfd_siginfo info;
			while (read(sigfd, &info, sizeof info) == sizeof info)
				stop = TRUE;
		}
		for (i = 0; ok && i < polled_slots->len; i++) {
			PollSlot *slot = &g_array_index(polled_slots, PollSlot, i);
			if (r == 0 || (p[i + 1].revents & (POLLIN | POLLERR | POLLHUP)))
				ok = slot->src->klass->drain(slot->src, slot->input, FALSE, error);
		}
		for (i = 0; ok && i < slots->len; i++) {
			PollSlot *slot = &g_array_index(slots, PollSlot, i);
			ok = slot->src->klass->drain(slot->src, slot->input, FALSE, error);
		}
	}
	g_array_free(fds, TRUE);
	g_array_free(slots, TRUE);
	g_array_free(polled_slots, TRUE);
	return ok;
}

/* Stops every source and takes what they still hold.  Runs also after an
 * error (a full disk): every input is tried, whatever can still be written
 * is, and the first error is reported. */
static gboolean finish(LttdSource **sources, guint nsources, GError **error)
{
	gboolean ok = TRUE;
	guint s, i;

	for (s = 0; s < nsources; s++)
		sources[s]->klass->stop(sources[s]);
	for (s = 0; s < nsources; s++) {
		guint n = sources[s]->klass->input_count(sources[s]);
		for (i = 0; i < n; i++) {
			GError *e = NULL;
			if (!sources[s]->klass->drain(sources[s], i, TRUE, &e)) {
				if (ok)
					g_propagate_error(error, e);
				else
					g_error_free(e);
				ok = FALSE;
			}
		}
	}
	return ok;
}

static guint64 own_cpu_ns(void)
{
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	return ((guint64) ru.ru_utime.tv_sec + (guint64) ru.ru_stime.tv_sec) * LTT_NSEC_PER_SEC
	       + ((guint64) ru.ru_utime.tv_usec + (guint64) ru.ru_stime.tv_usec) * 1000;
}

/* lttd's CPU time when tracing went on: what it used while traced is the
 * rest, which the trace's own figure for lttd can be checked against. */
static guint64 cpu_ns_at_start;

/* A mistake on the command line: "lttd: WHAT: WHY (try lttd --help)", status 2. */
static G_GNUC_PRINTF(1, 2) int usage_error(const char *format, ...)
{
	va_list ap;
	char *message;

	va_start(ap, format);
	message = g_strdup_vprintf(format, ap);
	va_end(ap);
	g_printerr("lttd: %s (try lttd --help)\n", message);
	g_free(message);
	return 2;
}

static void report_error(const char *what, GError *error)
{
	g_printerr("lttd: %s%s%s\n", what ? what : "", what ? ": " : "", error->message);
}

static gboolean set_traced_cpu_time(LttWriter *writer, guint64 cpu_ns, GError **error)
{
	char *text = g_strdup_printf("%" G_GUINT64_FORMAT, cpu_ns - MIN(cpu_ns, cpu_ns_at_start));
	gboolean ok = ltt_writer_set_property(writer, "lttd.cpu_time_traced_ns", text, error);

	g_free(text);
	return ok;
}

/* Opens the kernel source, keeps lttd out of its trace, switches tracing
 * on and writes the state dump. */
static LttdSource *start_kernel(LttWriter *writer, GError **error)
{
	LttdSource *kernel;
	LttWriterChannel *ch0;
	LttTime t0;
	char pid[16];

	/* Which task drained the trace: its own activity is filtered out
	 * (lttd_kernel_exclude_pid), and other lttd processes may be traced. */
	g_snprintf(pid, sizeof pid, "%d", (int) getpid());
	if (!ltt_writer_set_property(writer, "lttd.instance", opt_instance, error)
	    || !ltt_writer_set_property(writer, "lttd.pid", pid, error)
	    || !ltt_writer_set_property(writer, "lttd.mode",
	                                opt_flight_recorder ? "flight-recorder" : "discard", error)
	    || !lttd_statedump_declare(writer, LTTD_KERNEL_CHANNEL, STATEDUMP_FIRST_ID, error))
		return NULL;
	kernel = lttd_kernel_new(writer, opt_instance, opt_flight_recorder,
	                         STATEDUMP_FIRST_ID + LTTD_STATEDUMP_EVENT_COUNT, error);
	if (!kernel)
		return NULL;
	if (!lttd_kernel_exclude_pid(kernel, getpid(), error)) {
		report_error("warning", *error);
		g_clear_error(error);
	}
	ch0 = ltt_writer_channel(writer, LTTD_KERNEL_CHANNEL, 0, error);
	/* The dump is stamped just before tracing starts (after the buffer is
	 * emptied, which takes a while), so that it sorts before every kernel
	 * event and the time lttd is believed running is no longer than it
	 * was; it is read after, so that a task created in between is both in
	 * the dump and in the trace rather than in neither. */
	if (!ch0 || !lttd_kernel_start(kernel, &t0, error)) {
		kernel->klass->free(kernel);
		return NULL;
	}
	cpu_ns_at_start = own_cpu_ns();
	if (!lttd_statedump_write(writer, ch0, STATEDUMP_FIRST_ID, t0, error)) {
		/* Tracing is on: stop it, and keep what can be kept. */
		report_error(NULL, *error);
		g_clear_error(error);
	}
	return kernel;
}

int main(int argc, char **argv)
{
	GOptionContext *ctx = g_option_context_new("- drain trace buffers into an LTT trace");
	LttWriterOptions wopts = { 0 };
	LttWriter *writer = NULL;
	LttdSource *sources[MAX_SOURCES], *kernel = NULL, *module = NULL;
	guint nsources = 0, i;
	GError *error = NULL;
	gboolean ok = FALSE;
	guint64 events = 0, lost = 0, cpu_ns;
	int sigfd;
	char *text;

	g_option_context_add_main_entries(ctx, entries, NULL);
	g_option_context_set_description(ctx,
		"With --instance, lttd sets the instance's clock to \"mono\", switches tracing\n"
		"on, writes the process-state dump, then drains each CPU's trace_pipe_raw with\n"
		"splice until SIGINT, SIGTERM or SIGHUP.  With --ust it also drains libltt-ust\n"
		"applications.  See lttd(1) and lttctl(1).");
	if (!g_option_context_parse(ctx, &argc, &argv, &error)) {
		usage_error("%s", error->message);
		g_error_free(error);
		g_option_context_free(ctx);
		return 2;
	}
	g_option_context_free(ctx);
	if (opt_version) {
		printf("lttd %s\n", PACKAGE_VERSION);
		return 0;
	}
	if (!opt_output)
		return usage_error("missing --output DIR (the trace directory to write)");
	if (!opt_instance && !opt_ust && !opt_module)
		return usage_error("missing --instance NAME, --module or --ust DIR (what to drain)");
	if (opt_instance && opt_module)
		return usage_error("--instance and --module: one kernel source at a time");
	if (opt_module && !lttd_module_available())
		return usage_error("--module: %s/ctl not found (is ltt-tracer.ko loaded?)",
		                   lttd_module_dir());
	if (argc > 1)
		return usage_error("unexpected argument \"%s\"", argv[1]);
	if (opt_period <= 0)
		return usage_error("--period %d: expected a positive number of milliseconds", opt_period);
	/* Before the trace directory exists: a wrong name leaves nothing behind. */
	if (opt_instance) {
		struct tracefs_instance *probe = ltt_tracefs_instance_open(opt_instance, &error);
		if (!probe)
			goto out;
		tracefs_instance_free(probe);
	}

	sigfd = signal_fd();
	wopts.block_size = (guint32) opt_block_size;
	wopts.tracer = "lttd " PACKAGE_VERSION;
	wopts.clock_name = "monotonic";
	wopts.clock_offset = clock_offset();
	wopts.overwrite = opt_overwrite;
	writer = ltt_writer_new(opt_output, &wopts, &error);
	if (!writer)
		goto out;
	if (opt_ust) {
		LttdSource *ust = lttd_ust_source_new(opt_ust, writer, &error);
		if (!ust)
			goto out;
		sources[nsources++] = ust;
	}
	if (opt_instance) {
		kernel = start_kernel(writer, &error);
		if (!kernel)
			goto out;
		sources[nsources++] = kernel;
	}
	if (opt_module) {
		LttdModuleOptions mo = { (guint32) opt_block_size, (guint) MAX(opt_buffer_kb, 0),
		                         opt_flight_recorder, opt_events, getpid() };
		char pid[16];
		g_snprintf(pid, sizeof pid, "%d", (int) getpid());
		if (!ltt_writer_set_property(writer, "lttd.pid", pid, &error)
		    || !ltt_writer_set_property(writer, "lttd.mode", opt_flight_recorder
		                                ? "flight-recorder" : "discard", &error))
			goto out;
		module = lttd_module_new(writer, &mo, &error);
		if (!module)
			goto out;
		sources[nsources++] = module;
	}
	if (opt_ready_fd >= 0) {
		if (write(opt_ready_fd, "1", 1) != 1)
			g_printerr("lttd: --ready-fd %d: %s\n", opt_ready_fd, g_strerror(errno));
		close(opt_ready_fd);
	}
	ok = run(sources, nsources, sigfd, &error);

out:
	if (!ok && error) {
		report_error(NULL, error);
		g_clear_error(&error);
	}
	if (nsources > 0) {
		if (!finish(sources, nsources, &error)) {
			report_error("stopping", error);
			g_clear_error(&error);
			ok = FALSE;
		}
		cpu_ns = own_cpu_ns();
		text = g_strdup_printf("%" G_GUINT64_FORMAT, cpu_ns);
		if ((kernel && !lttd_kernel_report(kernel, &events, &lost, &error))
		    || (module && !lttd_module_report(module, &events, &lost, &error))
		    || !ltt_writer_set_property(writer, "lttd.cpu_time_ns", text, &error)
		    || (kernel && !set_traced_cpu_time(writer, cpu_ns, &error))) {
			report_error("writing the summary", error);
			g_clear_error(&error);
			ok = FALSE;
		}
		g_free(text);
		if (!opt_quiet)
			g_printerr("lttd: %s: %" G_GUINT64_FORMAT " kernel events, %" G_GUINT64_FORMAT
			           " lost, lttd CPU time %.3f s\n", opt_output, events, lost,
			           cpu_ns / 1e9);
	}
	for (i = 0; i < nsources; i++)
		sources[i]->klass->free(sources[i]);
	if (writer && !ltt_writer_close(writer, &error)) {
		report_error("closing the trace", error);
		g_clear_error(&error);
		ok = FALSE;
	}
	g_free(opt_instance);
	g_free(opt_output);
	g_free(opt_ust);
	g_free(opt_events);
	return ok ? 0 : 1;
}
