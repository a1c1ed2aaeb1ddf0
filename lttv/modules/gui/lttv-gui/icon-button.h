/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* icon-button.h: the small flat buttons of title bars and tab labels. */
#ifndef LTTVGUI_ICON_BUTTON_H
#define LTTVGUI_ICON_BUTTON_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* A flat button showing a menu-sized stock icon, that does not take the
 * focus when clicked; clicked calls callback(button, data). */
GtkWidget *lttvgui_icon_button(const char *stock_id, const char *tooltip, GCallback callback,
                                  gpointer data);

G_END_DECLS

#endif
