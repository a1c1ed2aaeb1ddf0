/* timebar.h: the scrollbar and time bar under a tab's viewers. */
#ifndef LTTVWINDOW_TIMEBAR_H
#define LTTVWINDOW_TIMEBAR_H

#include "lttvwindow.h"

G_BEGIN_DECLS

/* Follows the tab's time window and current time, and reports the user's
 * changes to them (source: the returned widget). */
GtkWidget *lttvwindow_timebar_new(LttvwindowTab *tab);

G_END_DECLS

#endif
