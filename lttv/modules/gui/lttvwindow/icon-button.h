/* icon-button.h: the small flat buttons of title bars and tab labels. */
#ifndef LTTVWINDOW_ICON_BUTTON_H
#define LTTVWINDOW_ICON_BUTTON_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* A flat button showing a menu-sized stock icon, that does not take the
 * focus when clicked; clicked calls callback(button, data). */
GtkWidget *lttvwindow_icon_button(const char *stock_id, const char *tooltip, GCallback callback,
                                  gpointer data);

G_END_DECLS

#endif
