/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* cfv-draw.c: the rows of the control flow view.
 *
 * The rows are drawn into one canvas-sized image, only when they
 * change (time window, rows, scroll, new precomputed results); an expose
 * copies the exposed part and draws the current-time line and the drag
 * band over it, so moving the current time redraws no row.  Each visible
 * row costs one interval query at the resolution of a pixel: at most one
 * item per pixel, whatever the number of events in the window.
 *
 * Drawing every row of a whole 10 M-event trace costs tens of ms, too
 * long for one main-loop turn (issue 19 §7: no stall over 50 ms).  So the
 * rows are drawn in slices, one slice per turn of an idle callback: at
 * most CFV_SLICE_ROWS rows, fewer once CFV_SLICE_US have passed.  Each
 * row is drawn whole (its background too) over the row it replaces in the
 * image, and each slice exposes only its rows: until a row's turn comes,
 * the screen keeps the row as it was, never a blank one.  The callback's
 * priority comes after GTK's layout and redraw, before the schedulers and
 * the script: a script's next line sees the rows complete. */
#include <config.h>
#include <math.h>
#include "cfv.h"
#include "cfv-states.h"

#define CFV_SLICE_ROWS 16
#define CFV_SLICE_US 4000
#define CFV_DRAW_PRIORITY (G_PRIORITY_HIGH_IDLE + 30)

/* Waiting states are drawn thinner than running ones, so that where the
 * CPU time went stands out. */
static gboolean is_running_state(int s)
{
	return s == CFV_USER || s == CFV_SYSCALL || s == CFV_TRAP || s == CFV_IRQ || s == CFV_SOFTIRQ
	       || s == CFV_CPU_BUSY;
}

static void fill_state(cairo_t *cr, int state, double x0, double x1, gint y, gint h)
{
	const CfvStateStyle *st = cfv_state_style(state);
	gint bar = is_running_state(state) ? h - 4 : MAX(h / 3, 2);
	cairo_set_source_rgb(cr, st->r, st->g, st->b);
	cairo_rectangle(cr, x0, y + (h - bar) / 2, x1 - x0, bar);
	cairo_fill(cr);
}

/* A slot where several states occurred: a dark tick over it, so that it
 * is never mistaken for one long state. */
static void mark_mixed(cairo_t *cr, double x0, double x1, gint y, gint h)
{
	cairo_set_source_rgba(cr, 0, 0, 0, 0.45);
	cairo_rectangle(cr, x0, y + 1, MAX(x1 - x0, 1), 1);
	cairo_fill(cr);
}

/* Where the precomputation has not been yet: light grey with hatching. */
static void fill_not_computed(cairo_t *cr, double x0, double x1, gint y, gint h)
{
	const CfvStateStyle *st = cfv_state_style(CFV_NOT_COMPUTED);
	double x;

	cairo_save(cr);
	cairo_rectangle(cr, x0, y, x1 - x0, h);
	cairo_clip(cr);
	cairo_set_source_rgb(cr, st->r, st->g, st->b);
	cairo_paint(cr);
	cairo_set_source_rgb(cr, 0.80, 0.80, 0.80);
	cairo_set_line_width(cr, 1);
	for (x = floor(x0 / 8) * 8 - h; x < x1; x += 8) {
		cairo_move_to(cr, x, y + h);
		cairo_line_to(cr, x + h, y);
	}
	cairo_stroke(cr);
	cairo_restore(cr);
}

static void draw_row(Cfv *v, cairo_t *cr, guint trace, LttvIntervalEntity e, gint y, gint h, gint width)
{
	const LttvIntervalStore *store = lttv_precompute_intervals(g_array_index(v->traces, CfvTrace, trace).pc);
	LttTime t0 = v->window.start, t1 = v->window.start + v->window.width;
	guint64 ns_per_px = MAX(v->window.width / (guint64) MAX(width, 1), 1);
	LttTime ready = lttv_intervals_ready_until(store);
	LttvIntervalItem *items = g_newa(LttvIntervalItem, width + 2);
	guint n = lttv_intervals_query(store, e, t0, t1, ns_per_px, items, width + 2), i;
	const LttvEntityInfo *info = lttv_intervals_entity(store, e);
	gboolean cpu_row = info->kind == LTTV_ENTITY_CPU, idle_task = !cpu_row && info->id == 0;
	/* Runs of the same state over adjacent pixels become one rectangle. */
	int run_state = -1;
	double run_x0 = 0, run_x1 = 0;

	for (i = 0; i < n; i++) {
		int s = cpu_row ? cfv_state_of_cpu_item(&items[i]) : cfv_state_of_item(&items[i], idle_task);
		double x0 = floor(cfv_x_of(v, items[i].start)), x1 = ceil(cfv_x_of(v, items[i].end));
		if (x1 <= x0)
			x1 = x0 + 1;
		if (s < 0) {
			/* Nothing to draw here: ends the run. */
			if (run_state >= 0)
				fill_state(cr, run_state, run_x0, run_x1, y, h);
			run_state = -1;
			continue;
		}
		if (s != run_state || x0 > run_x1) {
			if (run_state >= 0)
				fill_state(cr, run_state, run_x0, run_x1, y, h);
			run_state = s;
			run_x0 = x0;
		}
		run_x1 = MAX(run_x1, x1);
		if (items[i].mixed)
			mark_mixed(cr, x0, x1, y, h);
	}
	if (run_state >= 0)
		fill_state(cr, run_state, run_x0, run_x1, y, h);
	if (ready < t1) {
		double xr = ready <= t0 ? 0 : cfv_x_of(v, ready);
		fill_not_computed(cr, MAX(xr, 0), width, y, h);
	}
}

/* One turn's slice: rows from first (the index of a shown row, 0 at the
 * top), until the budget is spent. */
typedef struct {
	cairo_t *cr;
	gint width;
	gint index;                  /* of the row the walk is at */
	gint first, drawn;
	gint64 deadline;
	gint y0, y1;                 /* canvas heights drawn */
	gint bottom;                 /* below the last row shown */
} Slice;

static void draw_one(const Cfv *v, guint trace, LttvIntervalEntity e, gint y, gint h, gpointer data)
{
	Slice *d = data;
	gint index = d->index++;
	d->bottom = y + h;
	if (index < d->first || d->drawn >= CFV_SLICE_ROWS ||
	    (d->drawn > 0 && g_get_monotonic_time() >= d->deadline))
		return;
	cairo_set_source_rgb(d->cr, 1, 1, 1);
	cairo_rectangle(d->cr, 0, y, d->width, h);
	cairo_fill(d->cr);
	draw_row((Cfv *) v, d->cr, trace, e, y, h, d->width);
	/* A faint line between rows, as the tree's rules show them. */
	cairo_set_source_rgb(d->cr, 0.92, 0.92, 0.92);
	cairo_rectangle(d->cr, 0, y + h - 1, d->width, 1);
	cairo_fill(d->cr);
	if (d->drawn++ == 0)
		d->y0 = y;
	d->y1 = y + h;
}

/* An image of the canvas's size; a new one starts as the old one was. */
static void size_backing(Cfv *v, gint width, gint height)
{
	cairo_surface_t *old = v->backing;
	cairo_t *cr;

	if (old != NULL && v->backing_w == width && v->backing_h == height)
		return;
	v->backing = cairo_image_surface_create(CAIRO_FORMAT_RGB24, MAX(width, 1), MAX(height, 1));
	v->backing_w = width;
	v->backing_h = height;
	cr = cairo_create(v->backing);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	if (old != NULL) {
		cairo_set_source_surface(cr, old, 0, 0);
		cairo_paint(cr);
		cairo_surface_destroy(old);
	}
	cairo_destroy(cr);
}

/* One turn: the next slice of rows; the last one clears what is below
 * the rows and draws the wakeups over them. */
static gboolean draw_slice(gpointer data)
{
	Cfv *v = data;
	GtkAllocation a;
	Slice d = { 0 };

	gtk_widget_get_allocation(v->canvas, &a);
	/* A new width is a new scale: the rows drawn so far are out of date. */
	if (v->backing == NULL || v->backing_w != a.width || v->backing_h != a.height)
		v->draw_next = 0;
	size_backing(v, a.width, a.height);
	d.cr = cairo_create(v->backing);
	d.width = a.width;
	d.first = v->draw_next;
	d.deadline = g_get_monotonic_time() + CFV_SLICE_US;
	cfv_tree_foreach_visible(v, a.height, draw_one, &d);
	v->draw_next += d.drawn;
	if (d.drawn > 0)
		gtk_widget_queue_draw_area(v->canvas, 0, d.y0, a.width, d.y1 - d.y0);
	if (v->draw_next < d.index) {
		cairo_destroy(d.cr);
		return G_SOURCE_CONTINUE;
	}
	cairo_set_source_rgb(d.cr, 1, 1, 1);
	cairo_rectangle(d.cr, 0, d.bottom, a.width, MAX(a.height - d.bottom, 0));
	cairo_fill(d.cr);
	cfv_wakeups_draw(v, d.cr, a.height);
	cairo_destroy(d.cr);
	gtk_widget_queue_draw_area(v->canvas, 0, MIN(d.bottom, a.height), a.width, MAX(a.height - d.bottom, 0));
	if (v->wakeups != NULL && v->wakeups->len > 0)
		gtk_widget_queue_draw(v->canvas);
	v->dirty = FALSE;
	v->draw_source = 0;
	return G_SOURCE_REMOVE;
}

/* Starts drawing the rows again from the top (a drawing under way starts
 * over: what it drew is out of date). */
static void start_drawing(Cfv *v)
{
	v->draw_next = 0;
	if (v->draw_source == 0 && gtk_widget_is_drawable(v->canvas))
		v->draw_source = g_idle_add_full(CFV_DRAW_PRIORITY, draw_slice, v, NULL);
}

void cfv_queue_redraw(Cfv *v)
{
	v->dirty = TRUE;
	if (v->canvas != NULL)
		start_drawing(v);
	if (v->ruler != NULL)
		gtk_widget_queue_draw(v->ruler);
}

void cfv_draw_free(Cfv *v)
{
	if (v->draw_source != 0)
		g_source_remove(v->draw_source);
	v->draw_source = 0;
	if (v->backing != NULL)
		cairo_surface_destroy(v->backing);
	v->backing = NULL;
}

static gboolean on_expose(GtkWidget *w, GdkEventExpose *ev, gpointer data)
{
	Cfv *v = data;
	GtkAllocation a;
	cairo_t *cr;

	gtk_widget_get_allocation(w, &a);
	/* Rows out of date (or never drawn while the canvas was hidden, or a
	 * new size): the slices will expose them as they are drawn. */
	if (v->dirty || v->backing == NULL || v->backing_w != a.width || v->backing_h != a.height) {
		v->dirty = TRUE;
		if (v->draw_source == 0)
			start_drawing(v);
	}
	cr = gdk_cairo_create(w->window);
	gdk_cairo_region(cr, ev->region);
	cairo_clip(cr);
	if (v->backing != NULL)
		cairo_set_source_surface(cr, v->backing, 0, 0);
	else
		cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	/* No row yet: a blank canvas would look broken while the first tasks
	 * are being read. */
	if (v->traces->len > 0 && gtk_tree_model_iter_n_children(GTK_TREE_MODEL(v->store), NULL) == 0) {
		gboolean reading = FALSE;
		for (guint i = 0; i < v->traces->len; i++)
			reading |= !lttv_precompute_done(g_array_index(v->traces, CfvTrace, i).pc);
		PangoLayout *layout = gtk_widget_create_pango_layout(
			w, reading ? "Reading the trace: a row comes for each task met" : "No task in this trace");
		gint tw, th;
		pango_layout_get_pixel_size(layout, &tw, &th);
		cairo_set_source_rgb(cr, 0.45, 0.45, 0.45);
		cairo_move_to(cr, (a.width - tw) / 2.0, (a.height - th) / 2.0);
		pango_cairo_show_layout(cr, layout);
		g_object_unref(layout);
	}
	if (v->current_time >= v->window.start && v->current_time <= v->window.start + v->window.width) {
		double x = floor(cfv_x_of(v, v->current_time)) + 0.5;
		cairo_set_source_rgb(cr, 0.85, 0.0, 0.0);
		cairo_set_line_width(cr, 1);
		cairo_move_to(cr, x, 0);
		cairo_line_to(cr, x, a.height);
		cairo_stroke(cr);
	}
	if (v->dragging) {
		gint x0 = MIN(v->drag_x0, v->drag_x1), x1 = MAX(v->drag_x0, v->drag_x1);
		cairo_set_source_rgba(cr, 0.2, 0.4, 0.9, 0.25);
		cairo_rectangle(cr, x0, 0, x1 - x0, a.height);
		cairo_fill(cr);
	}
	cairo_destroy(cr);
	return TRUE;
}

GtkWidget *cfv_canvas_new(Cfv *v)
{
	GtkWidget *canvas = gtk_drawing_area_new();
	gtk_widget_set_size_request(canvas, 200, 60);
	/* The backing pixmap is the double buffer. */
	gtk_widget_set_double_buffered(canvas, FALSE);
	gtk_widget_set_can_focus(canvas, TRUE);
	gtk_widget_add_events(canvas, GDK_BUTTON_PRESS_MASK | GDK_BUTTON_RELEASE_MASK | GDK_POINTER_MOTION_MASK |
	                              GDK_SCROLL_MASK | GDK_KEY_PRESS_MASK);
	g_signal_connect(canvas, "expose-event", G_CALLBACK(on_expose), v);
	v->dirty = TRUE;
	return canvas;
}
