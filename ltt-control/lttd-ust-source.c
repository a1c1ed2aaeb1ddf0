/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* lttd-ust-source.c: adapts lttd-ust.h to the LttdSource interface. */
#include "config.h"

#include "lttd-ust-source.h"
#include "lttd-ust.h"

typedef struct {
	LttdSource base;
	LttdUst *ust;
} UstSource;

static guint ust_input_count(LttdSource *src)
{
	return 1;
}

static int ust_input_fd(LttdSource *src, guint i)
{
	return lttd_ust_fd(((UstSource *) src)->ust);
}

static gboolean ust_drain(LttdSource *src, guint i, gboolean final, GError **error)
{
	return lttd_ust_drain(((UstSource *) src)->ust, final, error);
}

/* Applications keep tracing into their own buffers: nothing to switch off. */
static void ust_stop(LttdSource *src)
{
}

static void ust_free(LttdSource *src)
{
	lttd_ust_free(((UstSource *) src)->ust);
	g_free(src);
}

static const LttdSourceClass ust_class = {
	.name = "ust",
	.input_count = ust_input_count,
	.input_fd = ust_input_fd,
	.drain = ust_drain,
	.stop = ust_stop,
	.free = ust_free,
};

LttdSource *lttd_ust_source_new(const char *registry_dir, LttWriter *w, GError **error)
{
	LttdUst *ust = lttd_ust_new(registry_dir, w, error);
	UstSource *s;

	if (!ust)
		return NULL;
	s = g_new0(UstSource, 1);
	s->base.klass = &ust_class;
	s->ust = ust;
	return &s->base;
}
