/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* ltt-tracefs.c: finding tracefs and reading its per-CPU counters. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ltt-tracefs.h"

G_DEFINE_QUARK(ltt-tracefs-error-quark, ltt_tracefs_error)

const char *ltt_tracefs_dir(GError **error)
{
	static char *override;
	const char *env = g_getenv("LTT_TRACEFS");
	const char *dir;
	char *instances;
	gboolean ok;

	if (geteuid() != 0) {
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_PERMISSION,
		            "recording kernel events needs root (tracefs instances are created "
		            "and configured by root only)");
		return NULL;
	}
	if (env && *env) {
		if (!override || strcmp(override, env) != 0) {
			g_free(override);
			override = g_strdup(env);
			tracefs_set_tracing_dir(override);
		}
		dir = override;
	} else {
		dir = tracefs_tracing_dir();
	}
	if (!dir) {
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_NO_TRACEFS,
		            "tracefs is not mounted and could not be mounted (kernel without "
		            "CONFIG_TRACING?); try: mount -t tracefs nodev /sys/kernel/tracing");
		return NULL;
	}
	instances = g_build_filename(dir, "instances", NULL);
	ok = g_file_test(instances, G_FILE_TEST_IS_DIR);
	g_free(instances);
	if (!ok) {
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_NO_TRACEFS,
		            "%s is not a tracefs mount (no instances/ directory); mount it with: "
		            "mount -t tracefs nodev /sys/kernel/tracing", dir);
		return NULL;
	}
	return dir;
}

struct tracefs_instance *ltt_tracefs_instance_open(const char *name, GError **error)
{
	const char *dir = ltt_tracefs_dir(error);
	struct tracefs_instance *inst;
	char *path;
	gboolean exists;

	if (!dir)
		return NULL;
	/* The name comes from the command line: keep it inside instances/. */
	if (*name == '\0' || *name == '.' || strchr(name, '/') != NULL) {
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_INSTANCE,
		            "\"%s\": not a tracefs instance name", name);
		return NULL;
	}
	path = g_build_filename(dir, "instances", name, NULL);
	exists = g_file_test(path, G_FILE_TEST_IS_DIR);
	if (!exists) {
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_INSTANCE,
		            "%s: no such tracefs instance", path);
		g_free(path);
		return NULL;
	}
	g_free(path);
	inst = tracefs_instance_alloc(dir, name);
	if (!inst)
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_INSTANCE,
		            "%s/instances/%s: cannot open instance: %s", dir, name, g_strerror(errno));
	return inst;
}

gboolean ltt_tracefs_write(struct tracefs_instance *inst, const char *file,
                           const char *value, GError **error)
{
	if (tracefs_instance_file_write(inst, file, value) < 0) {
		int err = errno;
		char *path = tracefs_instance_get_file(inst, file);
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_IO,
		            "%s: cannot write \"%s\": %s", path ? path : file, value, g_strerror(err));
		tracefs_put_tracing_file(path);
		return FALSE;
	}
	return TRUE;
}

gboolean ltt_tracefs_cpu_stats(struct tracefs_instance *inst, guint cpu, LttCpuStats *out,
                               GError **error)
{
	char *file = g_strdup_printf("per_cpu/cpu%u/stats", cpu);
	char *text = tracefs_instance_file_read(inst, file, NULL);
	char **lines;
	guint i;

	memset(out, 0, sizeof *out);
	if (!text) {
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_IO,
		            "%s/%s: cannot read: %s", tracefs_instance_get_name(inst), file,
		            g_strerror(errno));
		g_free(file);
		return FALSE;
	}
	lines = g_strsplit(text, "\n", -1);
	for (i = 0; lines[i]; i++) {
		char *colon = strchr(lines[i], ':');
		guint64 v;
		if (!colon)
			continue;
		*colon = '\0';
		v = g_ascii_strtoull(colon + 1, NULL, 10);
		if (strcmp(lines[i], "entries") == 0)
			out->entries = v;
		else if (strcmp(lines[i], "overrun") == 0)
			out->overrun = v;
		else if (strcmp(lines[i], "dropped events") == 0)
			out->dropped = v;
		else if (strcmp(lines[i], "read events") == 0)
			out->read = v;
	}
	g_strfreev(lines);
	free(text);
	g_free(file);
	return TRUE;
}

guint ltt_tracefs_cpu_count(struct tracefs_instance *inst)
{
	guint n = 0;

	for (;;) {
		char *file = g_strdup_printf("per_cpu/cpu%u", n);
		gboolean exists = tracefs_dir_exists(inst, file);
		g_free(file);
		if (!exists)
			return n;
		n++;
	}
}
