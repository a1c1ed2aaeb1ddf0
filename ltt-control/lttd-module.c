/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* lttd-module.c: draining the LTT kernel trace module's buffers. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lttd-module.h"
#include "ltt/ltt-error.h"
#include "ltt/ltt-format.h"

#define DEFAULT_BUFFER_KB 4096U

typedef struct {
	int in;                 /* /dev/ltt/cpuN */
	int out;                /* kernel_N */
	char *out_path;
	guint64 blocks;
} CpuInput;

typedef struct {
	LttdSource base;
	LttWriter *writer;
	guint32 block_size;
	guint8 *block;
	CpuInput *cpus;
	guint ncpus;
	gboolean stopped;
} LttdModule;

static char *module_file(const char *name)
{
	return g_build_filename(lttd_module_dir(), name, NULL);
}

/* Each command is one write, so that the module's refusal names it. */
static gboolean command(const char *line, GError **error)
{
	char *ctl = module_file("ctl");
	int fd = open(ctl, O_WRONLY | O_CLOEXEC);
	gboolean ok = fd >= 0 && write(fd, line, strlen(line)) == (ssize_t) strlen(line);

	if (!ok)
		g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s: \"%s\": %s", ctl, line,
		            g_strerror(errno));
	if (fd >= 0)
		close(fd);
	g_free(ctl);
	return ok;
}

static char *read_text(const char *name, GError **error)
{
	char *path = module_file(name), *text = NULL;

	if (!g_file_get_contents(path, &text, NULL, error))
		text = NULL;
	g_free(path);
	return text;
}

/* "event kernel ID NAME { FIELDS }" and the module's own properties go to
 * the trace's metadata; the header lines the writer already wrote. */
static gboolean declare(LttWriter *w, const char *metadata, GError **error)
{
	char **lines = g_strsplit(metadata, "\n", -1);
	gboolean ok = TRUE;
	guint i;

	for (i = 0; ok && lines[i]; i++) {
		char *line = lines[i], *open, *close, *name_end;
		char channel[64], name[128];
		guint id;

		if (g_str_has_prefix(line, "ltt_tracer.")) {
			char *space = strchr(line, ' ');
			if (space) {
				*space = '\0';
				ok = ltt_writer_set_property(w, line, g_strstrip(space + 1), error);
			}
			continue;
		}
		if (!g_str_has_prefix(line, "event "))
			continue;
		open = strchr(line, '{');
		close = strrchr(line, '}');
		if (!open || !close || close < open
		    || sscanf(line, "event %63s %u %127s", channel, &id, name) != 3) {
			g_set_error(error, LTT_ERROR, LTT_ERROR_METADATA,
			            "%s/ctl: line %u: not an event declaration: %s", lttd_module_dir(),
			            i + 1, line);
			ok = FALSE;
			break;
		}
		name_end = strchr(name, '{');
		if (name_end)
			*name_end = '\0';
		*close = '\0';
		ok = ltt_writer_declare_event(w, channel, id, name, g_strstrip(open + 1), error)
		     != NULL;
	}
	g_strfreev(lines);
	return ok;
}

static guint input_count(LttdSource *src)
{
	return ((LttdModule *) src)->ncpus;
}

static int input_fd(LttdSource *src, guint i)
{
	return ((LttdModule *) src)->cpus[i].in;
}

/* Copies every block the module has ready; the module hands out whole
 * blocks, in order, so they go to the file as they are. */
static gboolean drain(LttdSource *src, guint i, gboolean final, GError **error)
{
	LttdModule *m = (LttdModule *) src;
	CpuInput *c = &m->cpus[i];
	gsize have = 0;

	(void) final;
	for (;;) {
		ssize_t n = read(c->in, m->block + have, m->block_size - have);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN)
			break;
		if (n < 0) {
			g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s/cpu%u: %s", lttd_module_dir(), i,
			            g_strerror(errno));
			return FALSE;
		}
		if (n == 0)
			break;
		have += (gsize) n;
		if (have < m->block_size)
			continue;
		if (write(c->out, m->block, m->block_size) != (ssize_t) m->block_size) {
			g_set_error(error, LTT_ERROR, LTT_ERROR_IO,
			            "%s: cannot write block %" G_GUINT64_FORMAT ": %s", c->out_path,
			            c->blocks, errno ? g_strerror(errno) : "short write");
			return FALSE;
		}
		c->blocks++;
		have = 0;
	}
	/* The module gives a block in one piece to a reader that asks for one. */
	if (have) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s/cpu%u: a partial block of %zu bytes",
		            lttd_module_dir(), i, have);
		return FALSE;
	}
	return TRUE;
}

static void stop(LttdSource *src)
{
	LttdModule *m = (LttdModule *) src;
	GError *error = NULL;

	if (m->stopped)
		return;
	m->stopped = TRUE;
	if (!command("stop", &error)) {
		g_printerr("lttd: %s\n", error->message);
		g_error_free(error);
	}
}

static void module_free(LttdSource *src)
{
	LttdModule *m = (LttdModule *) src;
	guint i;

	stop(src);
	for (i = 0; i < m->ncpus; i++) {
		if (m->cpus[i].in >= 0)
			close(m->cpus[i].in);
		if (m->cpus[i].out >= 0)
			close(m->cpus[i].out);
		g_free(m->cpus[i].out_path);
	}
	g_free(m->cpus);
	g_free(m->block);
	g_free(m);
}

static const LttdSourceClass module_class = {
	"module", input_count, input_fd, drain, stop, module_free
};

static guint stats_cpus(const char *stats)
{
	const char *line = stats;
	guint n = 0, cpu;

	while (line && *line) {
		if (sscanf(line, "cpu %u ", &cpu) == 1 && cpu + 1 > n)
			n = cpu + 1;
		line = strchr(line, '\n');
		if (line)
			line++;
	}
	return n;
}

static gboolean open_cpus(LttdModule *m, GError **error)
{
	guint i;

	m->cpus = g_new0(CpuInput, m->ncpus);
	for (i = 0; i < m->ncpus; i++) {
		char *name = g_strdup_printf("cpu%u", i), *in = module_file(name);
		char *file = g_strdup_printf("kernel_%u", i);
		CpuInput *c = &m->cpus[i];

		c->out = -1;
		c->out_path = g_build_filename(ltt_writer_dir(m->writer), file, NULL);
		c->in = open(in, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
		if (c->in < 0 && errno != ENOENT)
			g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s: %s", in, g_strerror(errno));
		else if (c->in >= 0) {
			c->out = open(c->out_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
			if (c->out < 0)
				g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s: %s", c->out_path,
				            g_strerror(errno));
		}
		g_free(file);
		g_free(in);
		g_free(name);
		if (error && *error)
			return FALSE;
	}
	return TRUE;
}

static guint power_of_two_at_least(guint64 v)
{
	guint p = 2;
	while (p < v && p < (1U << 20))
		p <<= 1;
	return p;
}

LttdSource *lttd_module_new(LttWriter *w, const LttdModuleOptions *o, GError **error)
{
	LttdModule *m = g_new0(LttdModule, 1);
	guint64 buffer = (guint64) (o->buffer_kb ? o->buffer_kb : DEFAULT_BUFFER_KB) * 1024;
	char *stats = NULL, *metadata = NULL, *line;
	gboolean ok;

	m->base.klass = &module_class;
	m->writer = w;
	m->block_size = o->block_size ? o->block_size : LTT_BLOCK_SIZE_DEFAULT;
	m->block = g_malloc(m->block_size);
	m->stopped = TRUE;
	stats = read_text("stats", error);
	m->ncpus = stats ? stats_cpus(stats) : 0;
	line = g_strdup_printf("subbuf_size %u\nsubbuf_count %u\nmode %s\nevents %s\n"
	                       "exclude_pid %d", m->block_size,
	                       power_of_two_at_least(buffer / m->block_size),
	                       o->flight_recorder ? "overwrite" : "discard",
	                       o->events ? o->events : "all", o->exclude_pid);
	ok = stats && command(line, error);
	g_free(line);
	if (ok && m->ncpus == 0) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s/stats: no CPU listed",
		            lttd_module_dir());
		ok = FALSE;
	}
	/* The CPU files are opened once started: the module reallocates its
	 * buffers for new settings only while no reader holds them.  What was
	 * written in between waits in the buffers. */
	ok = ok && command("start", error);
	if (ok)
		m->stopped = FALSE;
	ok = ok && open_cpus(m, error);
	metadata = ok ? read_text("ctl", error) : NULL;
	ok = metadata && declare(w, metadata, error);
	g_free(metadata);
	g_free(stats);
	if (!ok) {
		module_free(&m->base);
		return NULL;
	}
	return &m->base;
}

static gboolean set_count(LttWriter *w, guint cpu, const char *what, guint64 v, GError **error)
{
	char *key = g_strdup_printf("lttd.cpu%u.%s", cpu, what);
	char *value = g_strdup_printf("%" G_GUINT64_FORMAT, v);
	gboolean ok = ltt_writer_set_property(w, key, value, error);

	g_free(key);
	g_free(value);
	return ok;
}

gboolean lttd_module_report(LttdSource *src, guint64 *events, guint64 *lost, GError **error)
{
	LttdModule *m = (LttdModule *) src;
	char *stats = read_text("stats", error), **lines;
	gboolean ok = stats != NULL;
	guint i;

	*events = *lost = 0;
	lines = stats ? g_strsplit(stats, "\n", -1) : NULL;
	for (i = 0; ok && lines && lines[i]; i++) {
		guint cpu;
		guint64 e, l, ow;

		if (sscanf(lines[i], "cpu %u events %" G_GUINT64_FORMAT " lost %" G_GUINT64_FORMAT
		           " overwritten %" G_GUINT64_FORMAT, &cpu, &e, &l, &ow) != 4)
			continue;
		*events += e - ow;
		*lost += l;
		ok = set_count(m->writer, cpu, "events", e - ow, error)
		     && set_count(m->writer, cpu, "lost", l, error)
		     && set_count(m->writer, cpu, "overwritten", ow, error);
	}
	g_strfreev(lines);
	g_free(stats);
	return ok;
}
