/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* script-input.h: the script's synthesised keyboard and mouse input. */
#ifndef LTTVGUI_SCRIPT_INPUT_H
#define LTTVGUI_SCRIPT_INPUT_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Presses and releases key (a GTK accelerator, e.g. "w", "<Control>plus",
 * "Left") in window, as the keyboard would.  FALSE + error when key is not
 * a key name. */
gboolean lttvgui_script_key(GtkWidget *window, const char *key, GError **error);
/* Presses and releases mouse button 1 at (x, y) of widget's area, on the
 * innermost window there.  FALSE + error when (x, y) is outside. */
gboolean lttvgui_script_click(GtkWidget *widget, gint x, gint y, GError **error);
/* Presses button 1 at (x1, y1) of widget, moves the pointer to (x2, y2)
 * (the events go to the window pressed, as with the server's implicit
 * grab; the pointer itself moves too) and releases it there.  FALSE +
 * error when (x1, y1) is outside. */
gboolean lttvgui_script_drag(GtkWidget *widget, gint x1, gint y1, gint x2, gint y2, GError **error);

/* One step of the mouse wheel (down or up) at (x, y) of widget, on the
 * innermost window there.  FALSE + error when (x, y) is outside. */
gboolean lttvgui_script_scroll(GtkWidget *widget, gint x, gint y, gboolean down, GError **error);

G_END_DECLS

#endif
