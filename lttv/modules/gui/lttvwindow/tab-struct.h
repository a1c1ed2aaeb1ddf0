/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* tab-struct.h: the tab object's fields, shared by tab.c (values, traces,
 * reports) and tab-viewers.c (what each viewer registered). */
#ifndef LTTVWINDOW_TAB_STRUCT_H
#define LTTVWINDOW_TAB_STRUCT_H

#include "host.h"

G_BEGIN_DECLS

struct _LttvwindowTab {
	GObject parent;
	LttvTraceset *ts;
	LttvwindowScheduler *sched;
	GPtrArray *backgrounds;         /* LttvwindowBackground * per trace of ts */
	GArray *progress_ids;           /* guint progress listener id per trace */
	LttvwindowTimeWindow window;
	LttTime current_time;
	LttvTracesetContextPosition *position;   /* NULL until reported */
	LttvFilter *filter;
	char *filter_text;
	gint dividor;
	GtkWindow *toplevel;            /* weak pointer */
	GHashTable *viewers;            /* GtkWidget * -> TabViewer * */
	gboolean stopped;
};

typedef struct {
	GObjectClass parent;
} LttvwindowTabClass;

enum {
	TAB_SIGNAL_TIME_WINDOW,
	TAB_SIGNAL_CURRENT_TIME,
	TAB_SIGNAL_CURRENT_POSITION,
	TAB_SIGNAL_TRACESET,
	TAB_SIGNAL_FILTER,
	TAB_SIGNAL_REDRAW,
	TAB_SIGNAL_CONTINUE,
	TAB_SIGNAL_DIVIDOR,
	TAB_SIGNAL_BUSY,
	TAB_N_SIGNALS
};
G_GNUC_INTERNAL extern guint lttvwindow_tab_signals[TAB_N_SIGNALS];

/* tab-viewers.c, for tab.c: the viewers' table and its teardown. */
G_GNUC_INTERNAL GHashTable *lttvwindow_tab_viewers_new(void);
G_GNUC_INTERNAL void lttvwindow_tab_forget_all_viewers(LttvwindowTab *tab);
/* Cancels every events request of every viewer (Stop). */
G_GNUC_INTERNAL void lttvwindow_tab_cancel_all_requests(LttvwindowTab *tab);
/* Removes the notifications every viewer has on background b (its trace
 * leaves the tab). */
G_GNUC_INTERNAL void lttvwindow_tab_forget_background(LttvwindowTab *tab, LttvwindowBackground *b);
/* Some viewer said it is working (lttvwindow_viewer_working). */
G_GNUC_INTERNAL gboolean lttvwindow_tab_viewers_working(LttvwindowTab *tab);

G_END_DECLS

#endif
