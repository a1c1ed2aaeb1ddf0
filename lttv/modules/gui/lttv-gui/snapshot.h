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
/* Called from the main loop once the PNG file is complete (error NULL) or
 * could not be written (error says why, naming the file). */
typedef void (*LttvguiSnapshotSaved)(const GError *error, gpointer data);

/* Reads widget's pixels now, as lttvgui_snapshot, then encodes them as PNG
 * and writes file in a worker thread: encoding a large window takes tens of
 * milliseconds that the main loop keeps for drawing.  saved(error, data)
 * follows from the main loop, always after this returns.  FALSE + error,
 * and no call to saved, when the pixels cannot be read. */
gboolean lttvgui_snapshot_save(GtkWidget *widget, const char *file, LttvguiSnapshotSaved saved,
                               gpointer data, GError **error);

G_END_DECLS

#endif
