/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* lttd-ust-source.h: the user-space buffers of libltt-ust applications
 * (lttd-ust.h) as one of lttd's sources. */
#ifndef LTTD_UST_SOURCE_H
#define LTTD_UST_SOURCE_H

#include <glib.h>
#include "lttd-source.h"
#include "ltt/writer.h"

LttdSource *lttd_ust_source_new(const char *registry_dir, LttWriter *w, GError **error);

#endif
