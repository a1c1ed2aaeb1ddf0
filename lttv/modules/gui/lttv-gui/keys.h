/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* keys.h: the window's navigation keys, for Help > Keyboard shortcuts. */
#ifndef LTTVGUI_KEYS_H
#define LTTVGUI_KEYS_H

#include <glib.h>

G_BEGIN_DECLS

/* Navigation actions (zoom, pan, fit). */
guint lttvgui_keys_count(void);
/* The keys bound to action i, as labels ("W, +"); g_free it. */
char *lttvgui_keys_describe(guint i, const char **description);

G_END_DECLS

#endif
