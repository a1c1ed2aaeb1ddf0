/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* icon-button.c: the small flat buttons of title bars and tab labels. */
#include <config.h>
#include "icon-button.h"

GtkWidget *lttvgui_icon_button(const char *stock_id, const char *tooltip, GCallback callback,
                                  gpointer data)
{
	GtkWidget *b = gtk_button_new();
	gtk_button_set_relief(GTK_BUTTON(b), GTK_RELIEF_NONE);
	gtk_button_set_focus_on_click(GTK_BUTTON(b), FALSE);
	gtk_container_add(GTK_CONTAINER(b), gtk_image_new_from_stock(stock_id, GTK_ICON_SIZE_MENU));
	gtk_widget_set_tooltip_text(b, tooltip);
	g_signal_connect(b, "clicked", callback, data);
	return b;
}
