/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* cfv.h: the control flow viewer's shared data.
 *
 * The viewer is a process tree on the left and, on the right, one row per
 * visible tree row, coloured by the task's state over the tab's time
 * window.  Rows are drawn from the precomputed state intervals of each
 * trace (lttv/intervals.h), never by replaying events: a redraw costs rows
 * x pixels whatever the trace holds.  Files:
 *   controlflow.c   registration, construction, the tab's notifications
 *   cfv-tree.c      the process tree (rows appear as the precomputation finds tasks)
 *   cfv-draw.c      the rows (in slices across main-loop turns) into a backing
 *                   image, and the current-time line over it
 *   cfv-ruler.c     the time ruler above the rows
 *   cfv-input.c     mouse, keyboard and tooltips
 *   cfv-wakeups.c   who woke whom, read as events on demand
 *   cfv-legend.c    the legend
 *   cfv-states.c    the state table (names and colours) all of them read
 */
#ifndef CFV_H
#define CFV_H

#include <lttvwindow/lttvwindow.h>
#include <lttv/precompute.h>

/* Columns of the process tree's store. */
enum {
	CFV_COL_NAME,        /* string */
	CFV_COL_PID,         /* int */
	CFV_COL_TGID,        /* int */
	CFV_COL_PPID,        /* int */
	CFV_COL_CPU,         /* uint */
	CFV_COL_BIRTH,       /* string: seconds since the trace start, "" when before it */
	CFV_COL_TRACE,       /* uint: index of the trace in the tab's traceset */
	CFV_COL_ENTITY,      /* uint: the task in that trace's interval store */
	CFV_COL_ROW,         /* pointer: the viewer's CfvRow */
	CFV_COL_WEIGHT,      /* int: bold for pinned rows */
	CFV_N_COLS
};

/* What the viewer knows of one trace of the tab. */
typedef struct {
	LttvPrecompute *pc;
	guint entities_seen;         /* interval store entities already looked at */
} CfvTrace;

/* One task's row (cfv-tree.c). */
typedef struct _CfvRow CfvRow;

typedef struct {
	LttvwindowTab *tab;
	GtkWidget *top;              /* the viewer: destroying it removes the viewer */
	GtkWidget *tree, *tree_hscroll;
	GtkTreeStore *store;         /* the rows shown, in the order shown */
	GPtrArray *rows;             /* CfvRow *, every task of every trace */
	GHashTable *row_of;          /* trace << 24 | entity -> CfvRow * */
	GHashTable *iter_of;         /* CfvRow * -> GtkTreeIter * in the store */
	/* A refill in progress (cfv-tree.c): the store it fills, set on the
	 * view once complete, in slices across main-loop turns. */
	GtkTreeStore *next_store;
	GHashTable *next_iter_of;
	guint build_source, build_phase, build_i;
	gint sort_col;               /* CFV_COL_* */
	GtkSortType sort_order;
	GtkWidget *find_entry, *hide_idle, *status, *damage;
	GtkWidget *ruler, *canvas;
	GtkAdjustment *vadj;

	GArray *traces;              /* CfvTrace, one per trace of the tab */
	LttTime trace_start, trace_end;
	LttvwindowTimeWindow window;
	LttTime current_time;

	/* An image in client memory holds the drawn rows (drawing them costs
	 * no round trip to the X server); an expose copies the exposed part
	 * and draws the current-time line and the drag band over it. */
	cairo_surface_t *backing;
	gint backing_w, backing_h;
	gboolean dirty;              /* the rows must be drawn again */
	guint draw_source;           /* the idle callback drawing them, slice by slice */
	gint draw_next;              /* the next row it draws (0: the top one shown) */
	guint refresh_source;        /* a pending look for new tasks */

	/* Wakeups of the window, read on demand (cfv-wakeups.c). */
	GtkWidget *show_wakeups;
	GArray *wakeups;
	guint wakeups_request;       /* the pending events request, 0 when none */
	LttvHooks *wakeups_done;

	/* A drag on the canvas zooms to the band it covers. */
	gboolean dragging;
	gint drag_x0, drag_x1;

	/* The tree pane fits its columns to the viewer's width until the user
	 * moves the handle (controlflow.c). */
	GtkWidget *paned;
	gint fitted_width;           /* the viewer width the pane was fitted to */
	gboolean pane_chosen;        /* the user moved the handle: keep it */
} Cfv;

/* Time at canvas x, and x of a time (may be outside the canvas). */
LttTime cfv_time_at(const Cfv *v, double x);
double cfv_x_of(const Cfv *v, LttTime t);
gint cfv_canvas_width(const Cfv *v);

/* cfv-tree.c: the tree with its sideways scrollbar under it. */
GtkWidget *cfv_tree_new(Cfv *v);
/* Adds the tasks the precomputation found since the last call and
 * refreshes names; TRUE when the rows changed. */
gboolean cfv_tree_refresh(Cfv *v);
/* Forgets every row (the traceset changed); frees the tree's data. */
void cfv_tree_clear(Cfv *v);
void cfv_tree_free(Cfv *v);
/* Rows shown: hides, when asked, the tasks that never ran in the window. */
void cfv_tree_apply_hide_idle(Cfv *v);
/* Selects and shows the next row after the selection whose name contains
 * text or whose PID is text; FALSE when none. */
gboolean cfv_tree_find(Cfv *v, const char *text);
/* Calls f for each row shown at canvas heights [0, height), top down. */
typedef void (*CfvRowFunc)(const Cfv *v, guint trace, LttvIntervalEntity entity, gint y, gint h, gpointer data);
void cfv_tree_foreach_visible(const Cfv *v, gint height, CfvRowFunc f, gpointer data);
/* The row at canvas y: its trace and entity; FALSE below the last row. */
gboolean cfv_tree_row_at(const Cfv *v, gint y, guint *trace, LttvIntervalEntity *entity,
                         gint *row_y, gint *row_h);
void cfv_tree_toggle_pin_selected(Cfv *v);
gint cfv_tree_header_height(const Cfv *v);
/* The tree's width in a viewer this wide: its first columns, as many as
 * fit in two fifths of it, the name and the PID at least. */
gint cfv_tree_fitting_width(const Cfv *v, gint viewer_width);

/* cfv-draw.c */
GtkWidget *cfv_canvas_new(Cfv *v);
/* The rows changed (window, rows, scroll, new results): redraw them soon,
 * a slice of rows per main-loop turn. */
void cfv_queue_redraw(Cfv *v);
/* Stops drawing; frees the image of the rows. */
void cfv_draw_free(Cfv *v);

/* cfv-ruler.c */
GtkWidget *cfv_ruler_new(Cfv *v);

/* cfv-input.c: connects the canvas's input handlers. */
void cfv_input_connect(Cfv *v);

/* cfv-wakeups.c: read the window's wakeups (again) when asked, draw them. */
void cfv_wakeups_init(Cfv *v);
void cfv_wakeups_free(Cfv *v);
void cfv_wakeups_request(Cfv *v);
void cfv_wakeups_draw(Cfv *v, cairo_t *cr, gint height);

/* cfv-legend.c */
GtkWidget *cfv_legend_new(void);

#endif
