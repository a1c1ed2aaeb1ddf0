/* cfv-draw.c: the rows of the control flow view.
 *
 * The rows are drawn into one canvas-sized image, only when they
 * change (time window, rows, scroll, new precomputed results); an expose
 * copies the exposed part and draws the current-time line and the drag
 * band over it, so moving the current time redraws no row.  Each visible
 * row costs one interval query at the resolution of a pixel: at most one
 * item per pixel, whatever the number of events in the window. */
#include <config.h>
#include <math.h>
#include "cfv.h"
#include "cfv-states.h"

/* Waiting states are drawn thinner than running ones, so that where the
 * CPU time went stands out. */
static gboolean is_running_state(int s)
{
	return s == CFV_USER || s == CFV_SYSCALL || s == CFV_TRAP || s == CFV_IRQ || s == CFV_SOFTIRQ;
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
	gboolean idle_task = lttv_intervals_entity(store, e)->id == 0;
	/* Runs of the same state over adjacent pixels become one rectangle. */
	int run_state = -1;
	double run_x0 = 0, run_x1 = 0;

	for (i = 0; i < n; i++) {
		int s = cfv_state_of_item(&items[i], idle_task);
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

typedef struct {
	cairo_t *cr;
	gint width;
} DrawRows;

static void draw_one(const Cfv *v, guint trace, LttvIntervalEntity e, gint y, gint h, gpointer data)
{
	DrawRows *d = data;
	draw_row((Cfv *) v, d->cr, trace, e, y, h, d->width);
	/* A faint line between rows, as the tree's rules show them. */
	cairo_set_source_rgb(d->cr, 0.92, 0.92, 0.92);
	cairo_rectangle(d->cr, 0, y + h - 1, d->width, 1);
	cairo_fill(d->cr);
}

void cfv_draw_rows(Cfv *v)
{
	GtkAllocation a;
	DrawRows d;

	gtk_widget_get_allocation(v->canvas, &a);
	if (v->backing == NULL || v->backing_w != a.width || v->backing_h != a.height) {
		if (v->backing != NULL)
			cairo_surface_destroy(v->backing);
		v->backing = cairo_image_surface_create(CAIRO_FORMAT_RGB24, MAX(a.width, 1), MAX(a.height, 1));
		v->backing_w = a.width;
		v->backing_h = a.height;
	}
	d.cr = cairo_create(v->backing);
	d.width = a.width;
	cairo_set_source_rgb(d.cr, 1, 1, 1);
	cairo_paint(d.cr);
	cfv_tree_foreach_visible(v, a.height, draw_one, &d);
	cfv_wakeups_draw(v, d.cr, a.height);
	cairo_destroy(d.cr);
	v->dirty = FALSE;
}

void cfv_queue_redraw(Cfv *v)
{
	v->dirty = TRUE;
	if (v->canvas != NULL)
		gtk_widget_queue_draw(v->canvas);
	if (v->ruler != NULL)
		gtk_widget_queue_draw(v->ruler);
}

static gboolean on_expose(GtkWidget *w, GdkEventExpose *ev, gpointer data)
{
	Cfv *v = data;
	GtkAllocation a;
	cairo_t *cr;

	gtk_widget_get_allocation(w, &a);
	if (v->dirty || v->backing == NULL || v->backing_w != a.width || v->backing_h != a.height)
		cfv_draw_rows(v);
	cr = gdk_cairo_create(w->window);
	gdk_cairo_region(cr, ev->region);
	cairo_clip(cr);
	cairo_set_source_surface(cr, v->backing, 0, 0);
	cairo_paint(cr);
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
