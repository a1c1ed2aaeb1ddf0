/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* snapshot.h: pictures of what a widget shows on screen (Save View as PNG,
 * the script's `screenshot`). */
#ifndef LTTVGUI_SNAPSHOT_H
#define LTTVGUI_SNAPSHOT_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Draws what is pending on widget's window, then reads widget's area back
 * from the screen.  widget must be mapped and not covered.  NULL + error
 * when it is not mapped. */
GdkPixbuf *lttvgui_snapshot(GtkWidget *widget, GError **error);
/* The same, saved as a PNG file. */
gboolean lttvgui_snapshot_save(GtkWidget *widget, const char *file, GError **error);

G_END_DECLS

#endif
