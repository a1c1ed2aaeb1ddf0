/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* lttd-kernel.c: draining the per-CPU ring buffers of a tracefs instance. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <event-parse.h>
#include <kbuffer.h>

#include "lttd-kernel.h"
#include "lttd-convert.h"
#include "ltt-tracefs.h"
#include "ltt/ltt-error.h"

/* A drain call outside the final one takes at most this many pages, so that
 * one busy CPU does not starve the others (poll is level-triggered: we come
 * back at once). */
#define PAGES_PER_DRAIN 256
/* How often the kernel's dropped/overrun counters are folded into the
 * trace while recording, in microseconds. */
#define STATS_PERIOD_US G_USEC_PER_SEC

typedef struct {
	LttdConverter *conv;
	guint id;
	gboolean warned;      /* a record of this type did not convert */
} Mapping;

typedef struct {
	guint cpu;
	int fd;
	struct tracefs_cpu *tcpu;
	LttWriterChannel *ch;
	LttTime last;
	guint64 events;          /* records written to the trace */
	guint64 unreadable;      /* records that could not be converted */
	guint64 marker_lost;     /* missed events announced by page headers */
	guint64 left_unread;     /* still in the kernel's buffer after the last read */
	guint64 lost_reported;   /* given to the writer so far */
	LttCpuStats stats;       /* the kernel's counters, last read */
	gint64 stats_time;
} CpuDrainer;

typedef struct {
	LttdSource base;
	LttWriter *writer;
	struct tracefs_instance *inst;
	struct tep_handle *tep;
	struct kbuffer *kbuf;
	gboolean flight_recorder;
	guint next_id;
	GPtrArray *mappings;     /* every Mapping (owned) */
	Mapping **dense;         /* by the 16-bit record type; NULL: not convertible */
	guint8 *known;           /* dense[type] is meaningful */
	GHashTable *names;       /* LTT names in use */
	CpuDrainer *cpus;
	guint ncpus;
	guint8 *page;
	int page_size;
	LttPayload payload;
} LttdKernel;

static void mapping_free(gpointer data)
{
	Mapping *m = data;
	lttd_converter_free(m->conv);
	g_free(m);
}

/* Declares the LTT type of one kernel event; the tracepoint's own name,
 * or SYSTEM_NAME when two systems use the same name. */
static Mapping *declare(LttdKernel *k, struct tep_event *event, GError **error)
{
	LttdConverter *conv = lttd_converter_new(event, error);
	Mapping *m;
	char *name;

	if (!conv)
		return NULL;
	if (g_hash_table_contains(k->names, event->name))
		name = g_strdup_printf("%s_%s", event->system, event->name);
	else
		name = g_strdup(event->name);
	if (!ltt_writer_declare_event(k->writer, LTTD_KERNEL_CHANNEL, k->next_id, name,
	                              lttd_converter_fields(conv), error)) {
		lttd_converter_free(conv);
		g_free(name);
		return NULL;
	}
	m = g_new0(Mapping, 1);
	m->conv = conv;
	m->id = k->next_id++;
	g_hash_table_add(k->names, name);
	g_ptr_array_add(k->mappings, m);
	if (event->id >= 0 && event->id <= G_MAXUINT16) {
		k->dense[event->id] = m;
		k->known[event->id] = TRUE;
	}
	return m;
}

/* "system:event" lines of the instance's set_event file. */
static char **enabled_events(LttdKernel *k, GError **error)
{
	char *text = tracefs_instance_file_read(k->inst, "set_event", NULL);
	char **lines;

	if (!text) {
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_IO,
		            "instance %s: cannot read set_event: %s",
		            tracefs_instance_get_name(k->inst), g_strerror(errno));
		return NULL;
	}
	lines = g_strsplit(g_strstrip(text), "\n", -1);
	free(text);
	return lines;
}

/* A parser for this machine's ring buffer: the page header layout from
 * events/header_page, host byte order and long size.  Event formats are
 * added one by one as they are needed. */
static gboolean new_parser(LttdKernel *k, GError **error)
{
	int size = 0;
	char *header = tracefs_instance_file_read(NULL, "events/header_page", &size);
	enum tep_endian endian = tep_is_bigendian() ? TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN;

	k->tep = tep_alloc();
	tep_set_long_size(k->tep, sizeof(long));
	tep_set_page_size(k->tep, getpagesize());
	tep_set_file_bigendian(k->tep, endian);
	tep_set_local_bigendian(k->tep, endian);
	if (!header || tep_parse_header_page(k->tep, header, size, sizeof(long)) != 0) {
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_IO,
		            "%s/events/header_page: cannot be read or parsed", tracefs_tracing_dir());
		free(header);
		return FALSE;
	}
	free(header);
	k->kbuf = tep_kbuffer(k->tep);
	if (!k->kbuf) {
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_IO,
		            "cannot set up the ring-buffer page parser");
		return FALSE;
	}
	return TRUE;
}

/* Parses the kernel's format of system:name (libtraceevent) and declares
 * its LTT type.  Only the enabled events are parsed: parsing every format
 * of the kernel would cost more than the whole recording of a short job. */
static gboolean load_event(LttdKernel *k, const char *system, const char *name, GError **error)
{
	int size = 0;
	char *format;
	struct tep_event *event;

	if (tep_find_event_by_name(k->tep, system, name))
		return TRUE;
	format = tracefs_event_file_read(NULL, system, name, "format", &size);
	if (!format || tep_parse_event(k->tep, format, size, system) != 0
	    || !(event = tep_find_event_by_name(k->tep, system, name))) {
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_EVENT,
		            "%s/events/%s/%s/format: cannot be read or parsed", tracefs_tracing_dir(),
		            system, name);
		free(format);
		return FALSE;
	}
	free(format);
	return declare(k, event, error) != NULL;
}

/* Declares every event enabled in the instance that is not yet declared:
 * at start, and again when a record of an unknown type shows that events
 * were enabled since. */
static gboolean load_formats(LttdKernel *k, GError **error)
{
	char **events = enabled_events(k, error);
	gboolean ok = events != NULL;
	guint i;

	for (i = 0; ok && events[i]; i++) {
		char *colon = strchr(events[i], ':');
		if (!colon)
			continue;
		*colon = '\0';
		ok = load_event(k, events[i], colon + 1, error);
	}
	if (ok && k->mappings->len == 0) {
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_EVENT,
		            "instance %s has no event enabled", tracefs_instance_get_name(k->inst));
		ok = FALSE;
	}
	g_strfreev(events);
	return ok;
}

static gboolean open_cpu(LttdKernel *k, CpuDrainer *d, GError **error)
{
	char *file = g_strdup_printf("per_cpu/cpu%u/trace_pipe_raw", d->cpu);
	char *path = tracefs_instance_get_file(k->inst, file);

	g_free(file);
	d->fd = path ? open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) : -1;
	if (d->fd < 0) {
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_IO, "%s: cannot open: %s",
		            path ? path : "trace_pipe_raw", g_strerror(errno));
		tracefs_put_tracing_file(path);
		return FALSE;
	}
	tracefs_put_tracing_file(path);
	d->tcpu = tracefs_cpu_alloc_fd(d->fd, getpagesize(), true);
	if (!d->tcpu) {
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_IO,
		            "cpu %u: cannot set up the ring-buffer reader: %s", d->cpu, g_strerror(errno));
		return FALSE;
	}
	d->ch = ltt_writer_channel(k->writer, LTTD_KERNEL_CHANNEL, d->cpu, error);
	return d->ch != NULL;
}

/* The writer's lost count follows the larger of what page headers and the
 * kernel's overrun counter say (they describe the same overwritten events),
 * plus events refused when the buffer was full, records we could not
 * convert and records the last read left in the buffer, so that events +
 * lost is what the kernel recorded. */
static void settle_lost(CpuDrainer *d)
{
	guint64 target = MAX(d->marker_lost, d->stats.overrun) + d->stats.dropped + d->unreadable + d->left_unread;

	if (target > d->lost_reported) {
		ltt_writer_channel_add_lost(d->ch, target - d->lost_reported);
		d->lost_reported = target;
	}
}

static void refresh_stats(LttdKernel *k, CpuDrainer *d, gboolean now)
{
	gint64 t = g_get_monotonic_time();
	GError *error = NULL;

	if (!now && t - d->stats_time < STATS_PERIOD_US)
		return;
	d->stats_time = t;
	if (!ltt_tracefs_cpu_stats(k->inst, d->cpu, &d->stats, &error)) {
		g_printerr("lttd: %s\n", error->message);
		g_error_free(error);
	}
	settle_lost(d);
}

static gboolean convert_record(LttdKernel *k, CpuDrainer *d, const guint8 *data, int size,
                               LttTime ts, GError **error)
{
	guint16 type;
	Mapping *m;
	GError *conv_error = NULL;

	if (size < (int) sizeof type) {
		d->unreadable++;
		return TRUE;
	}
	memcpy(&type, data, sizeof type);
	m = k->dense[type];
	if (!k->known[type]) {
		/* Enabled after lttd started: declare it now (metadata grows). */
		if (!load_formats(k, &conv_error) || !k->known[type]) {
			g_printerr("lttd: cpu %u: records of kernel event type %u are left out: %s\n",
			           d->cpu, type, conv_error ? conv_error->message : "format unknown");
			g_clear_error(&conv_error);
			k->known[type] = TRUE;
		}
		m = k->dense[type];
	}
	if (!m) {
		d->unreadable++;
		return TRUE;
	}
	ltt_payload_reset(&k->payload);
	if (!lttd_converter_convert(m->conv, data, size, &k->payload, &conv_error)) {
		if (!m->warned)
			g_printerr("lttd: cpu %u: %s (such records are counted as lost)\n", d->cpu,
			           conv_error->message);
		m->warned = TRUE;
		g_error_free(conv_error);
		d->unreadable++;
		return TRUE;
	}
	/* A CPU's ring buffer is in time order; keep the channel monotonic
	 * even if the clock were to step back. */
	if (ts < d->last)
		ts = d->last;
	if (!ltt_writer_channel_append(d->ch, ts, m->id, k->payload.data, k->payload.len, error))
		return FALSE;
	d->last = ts;
	d->events++;
	return TRUE;
}

static gboolean convert_page(LttdKernel *k, CpuDrainer *d, GError **error)
{
	unsigned long long ts;
	void *data;
	int missed;

	if (kbuffer_load_subbuffer(k->kbuf, k->page) < 0) {
		g_printerr("lttd: cpu %u: a ring-buffer page could not be parsed; skipped\n", d->cpu);
		return TRUE;
	}
	missed = kbuffer_missed_events(k->kbuf);
	if (missed > 0)
		d->marker_lost += missed;
	/* An unknown count (-1) is settled with the kernel's counters. */
	refresh_stats(k, d, missed < 0);
	settle_lost(d);
	for (data = kbuffer_read_event(k->kbuf, &ts); data; data = kbuffer_next_event(k->kbuf, &ts))
		if (!convert_record(k, d, data, kbuffer_event_size(k->kbuf), ts, error))
			return FALSE;
	return TRUE;
}

static gboolean read_failed(CpuDrainer *d, GError **error)
{
	if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR || errno == 0)
		return FALSE;
	g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_IO,
	            "cpu %u: reading trace_pipe_raw: %s", d->cpu, g_strerror(errno));
	return TRUE;
}

static gboolean kernel_drain(LttdSource *src, guint i, gboolean final, GError **error)
{
	LttdKernel *k = (LttdKernel *) src;
	CpuDrainer *d = &k->cpus[i];
	guint pages;
	int n;

	/* A flight recorder keeps overwriting: it is read once, at the end. */
	if (k->flight_recorder && !final)
		return TRUE;
	for (pages = 0; final || pages < PAGES_PER_DRAIN; pages++) {
		errno = 0;
		n = tracefs_cpu_buffered_read(d->tcpu, k->page, true);
		if (n <= 0) {
			if (n < 0 && read_failed(d, error))
				return FALSE;
			break;
		}
		if (!convert_page(k, d, error))
			return FALSE;
	}
	if (final) {
		/* Whatever is left in the splice pipe, then the partly filled
		 * pages, which only a plain read returns. */
		while ((n = tracefs_cpu_flush(d->tcpu, k->page)) > 0)
			if (!convert_page(k, d, error))
				return FALSE;
	}
	refresh_stats(k, d, final);
	/* Tracing is off: whatever the kernel still holds was not read, and
	 * the trace says so rather than lose it silently. */
	if (final && d->stats.entries > d->left_unread) {
		g_printerr("lttd: cpu %u: %" G_GUINT64_FORMAT " events were left in the kernel's buffer after the last read; "
		           "counted as lost\n", d->cpu, d->stats.entries);
		d->left_unread = d->stats.entries;
		settle_lost(d);
	}
	return TRUE;
}

static guint kernel_input_count(LttdSource *src)
{
	return ((LttdKernel *) src)->ncpus;
}

static int kernel_input_fd(LttdSource *src, guint i)
{
	LttdKernel *k = (LttdKernel *) src;
	return k->flight_recorder ? -1 : k->cpus[i].fd;
}

static void kernel_stop(LttdSource *src)
{
	LttdKernel *k = (LttdKernel *) src;
	if (tracefs_trace_off(k->inst) < 0)
		g_printerr("lttd: instance %s: cannot switch tracing off: %s\n",
		           tracefs_instance_get_name(k->inst), g_strerror(errno));
}

static void kernel_free(LttdSource *src)
{
	LttdKernel *k = (LttdKernel *) src;
	guint i;

	for (i = 0; i < k->ncpus; i++) {
		if (k->cpus[i].tcpu)
			tracefs_cpu_free_fd(k->cpus[i].tcpu);
		if (k->cpus[i].fd >= 0)
			close(k->cpus[i].fd);
	}
	g_free(k->cpus);
	if (k->kbuf)
		kbuffer_free(k->kbuf);
	if (k->tep)
		tep_free(k->tep);
	if (k->inst)
		tracefs_instance_free(k->inst);
	g_ptr_array_free(k->mappings, TRUE);
	g_hash_table_destroy(k->names);
	g_free(k->dense);
	g_free(k->known);
	g_free(k->page);
	ltt_payload_clear(&k->payload);
	g_free(k);
}

static const LttdSourceClass kernel_class = {
	.name = "kernel",
	.input_count = kernel_input_count,
	.input_fd = kernel_input_fd,
	.drain = kernel_drain,
	.stop = kernel_stop,
	.free = kernel_free,
};

LttdSource *lttd_kernel_new(LttWriter *w, const char *instance, gboolean flight_recorder,
                            guint first_id, GError **error)
{
	LttdKernel *k = g_new0(LttdKernel, 1);
	guint i;

	k->base.klass = &kernel_class;
	k->writer = w;
	k->flight_recorder = flight_recorder;
	k->next_id = first_id;
	k->mappings = g_ptr_array_new_with_free_func(mapping_free);
	k->names = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	k->dense = g_new0(Mapping *, G_MAXUINT16 + 1);
	k->known = g_new0(guint8, G_MAXUINT16 + 1);
	ltt_payload_init(&k->payload, ltt_writer_byte_order(w));
	k->inst = ltt_tracefs_instance_open(instance, error);
	/* Times must be CLOCK_MONOTONIC ns, the clock user-space tracers read,
	 * so that kernel and user-space channels merge. */
	if (!k->inst || !ltt_tracefs_write(k->inst, "trace_clock", "mono", error))
		goto fail;
	/* Wake the drainer when a quarter of a CPU's buffer is full: rare
	 * wake-ups, and room left for bursts while we drain. */
	if (!flight_recorder && !ltt_tracefs_write(k->inst, "buffer_percent", "25", error))
		goto fail;
	if (!new_parser(k, error) || !load_formats(k, error))
		goto fail;
	k->page_size = getpagesize();
	k->page = g_malloc(k->page_size);
	k->ncpus = ltt_tracefs_cpu_count(k->inst);
	k->cpus = g_new0(CpuDrainer, k->ncpus);
	for (i = 0; i < k->ncpus; i++) {
		k->cpus[i].cpu = i;
		k->cpus[i].fd = -1;
	}
	for (i = 0; i < k->ncpus; i++)
		if (!open_cpu(k, &k->cpus[i], error))
			goto fail;
	return &k->base;

fail:
	kernel_free(&k->base);
	return NULL;
}

/* lttd's own activity that it would record while draining: its system
 * calls and page faults.  A filter on those events only, so that IRQs,
 * soft IRQs, switches and other tasks' events that happen while lttd is
 * the current task stay in the trace (set_event_notrace_pid would drop
 * them all). */
static const char *const own_activity[][2] = {
	{ "raw_syscalls", "sys_enter" },
	{ "raw_syscalls", "sys_exit" },
	{ "exceptions", "page_fault_user" },
	{ "exceptions", "page_fault_kernel" },
};

gboolean lttd_kernel_exclude_pid(LttdSource *src, int pid, GError **error)
{
	LttdKernel *k = (LttdKernel *) src;
	char *text = g_strdup_printf("common_pid != %d", pid);
	gboolean ok = TRUE;
	guint i;

	for (i = 0; i < G_N_ELEMENTS(own_activity) && ok; i++) {
		/* An event this kernel does not have records nothing of lttd either. */
		if (!tracefs_event_file_exists(k->inst, own_activity[i][0], own_activity[i][1], "filter"))
			continue;
		ok = tracefs_event_file_write(k->inst, own_activity[i][0], own_activity[i][1], "filter", text) >= 0;
		if (!ok)
			g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_IO,
			            "instance %s: cannot write the filter of %s:%s: %s",
			            tracefs_instance_get_name(k->inst), own_activity[i][0], own_activity[i][1],
			            g_strerror(errno));
	}
	g_free(text);
	return ok;
}

gboolean lttd_kernel_start(LttdSource *src, guint64 *on_ns, GError **error)
{
	LttdKernel *k = (LttdKernel *) src;
	struct timespec ts;

	if (tracefs_instance_file_clear(k->inst, "trace") < 0) {
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_IO,
		            "instance %s: cannot empty the buffer: %s",
		            tracefs_instance_get_name(k->inst), g_strerror(errno));
		return FALSE;
	}
	/* Emptying the buffer can take tens of ms: the time is read after it. */
	clock_gettime(CLOCK_MONOTONIC, &ts);
	*on_ns = (guint64) ts.tv_sec * 1000000000u + (guint64) ts.tv_nsec;
	return ltt_tracefs_write(k->inst, "tracing_on", "1", error);
}

gboolean lttd_kernel_report(LttdSource *src, guint64 *events, guint64 *lost, GError **error)
{
	LttdKernel *k = (LttdKernel *) src;
	guint i;

	*events = *lost = 0;
	for (i = 0; i < k->ncpus; i++) {
		CpuDrainer *d = &k->cpus[i];
		static const char *const names[] = { "events", "lost", "kernel_read", "kernel_entries",
		                                      "kernel_overrun", "kernel_dropped" };
		guint64 values[6];
		guint j;

		refresh_stats(k, d, TRUE);
		values[0] = d->events;
		values[1] = d->lost_reported;
		values[2] = d->stats.read;
		values[3] = d->stats.entries;
		values[4] = d->stats.overrun;
		values[5] = d->stats.dropped;
		for (j = 0; j < G_N_ELEMENTS(names); j++) {
			char *key = g_strdup_printf("lttd.cpu%u.%s", i, names[j]);
			char *value = g_strdup_printf("%" G_GUINT64_FORMAT, values[j]);
			gboolean ok = ltt_writer_set_property(k->writer, key, value, error);
			g_free(key);
			g_free(value);
			if (!ok)
				return FALSE;
		}
		*events += d->events;
		*lost += d->lost_reported;
	}
	return TRUE;
}
