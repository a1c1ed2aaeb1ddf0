/* cfv-ruler.c: the time ruler above the rows, in seconds since the start
 * of the traceset, as tall as the tree's header so that the rows line up
 * with the tree's rows. */
#include <config.h>
#include <math.h>
#include "cfv.h"

/* Labels about this many pixels apart. */
#define CFV_LABEL_SPACING 110

/* The tick step: 1, 2 or 5 times a power of ten nanoseconds, the smallest
 * that keeps labels CFV_LABEL_SPACING pixels apart. */
static guint64 tick_step(double ns_per_px)
{
	double want = ns_per_px * CFV_LABEL_SPACING;
	guint64 step = 1;
	while (step < G_MAXUINT64 / 10) {
		if (step >= want)
			return step;
		if (2 * step >= want)
			return 2 * step;
		if (5 * step >= want)
			return 5 * step;
		step *= 10;
	}
	return step;
}

/* Enough decimals to tell two adjacent ticks apart. */
static void format_tick(char *buf, gsize len, LttTime since_start, guint64 step)
{
	int decimals = 0;
	guint64 s = step;
	while (s < 1000000000ULL && decimals < 9) {
		s *= 10;
		decimals++;
	}
	g_snprintf(buf, len, "%.*f s", decimals, since_start / 1e9);
}

static gboolean on_expose(GtkWidget *w, GdkEventExpose *ev, gpointer data)
{
	Cfv *v = data;
	GtkAllocation a;
	cairo_t *cr = gdk_cairo_create(w->window);
	PangoLayout *layout = gtk_widget_create_pango_layout(w, NULL);
	double ns_per_px;
	guint64 step;
	LttTime t, end;

	gtk_widget_get_allocation(w, &a);
	cairo_set_source_rgb(cr, 0.96, 0.96, 0.96);
	cairo_paint(cr);
	cairo_set_source_rgb(cr, 0.55, 0.55, 0.55);
	cairo_rectangle(cr, 0, a.height - 1, a.width, 1);
	cairo_fill(cr);
	ns_per_px = (double) v->window.width / MAX(cfv_canvas_width(v), 1);
	step = tick_step(ns_per_px);
	end = v->window.start + v->window.width;
	/* Ticks at multiples of step since the traceset's start. */
	t = v->trace_start + (v->window.start - MIN(v->window.start, v->trace_start)) / step * step;
	for (; t <= end; t += step) {
		double x = floor(cfv_x_of(v, t)) + 0.5;
		char label[48];
		gint lw, lh;
		if (x < 0)
			continue;
		cairo_set_source_rgb(cr, 0.35, 0.35, 0.35);
		cairo_set_line_width(cr, 1);
		cairo_move_to(cr, x, a.height - 6);
		cairo_line_to(cr, x, a.height);
		cairo_stroke(cr);
		format_tick(label, sizeof label, t - v->trace_start, step);
		pango_layout_set_text(layout, label, -1);
		pango_layout_get_pixel_size(layout, &lw, &lh);
		if (x + 3 + lw > a.width)
			continue;
		cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
		cairo_move_to(cr, x + 3, MAX((a.height - 6 - lh) / 2, 0));
		pango_cairo_show_layout(cr, layout);
	}
	g_object_unref(layout);
	cairo_destroy(cr);
	return TRUE;
}

/* The ruler stays as tall as the tree's header, whatever the theme. */
static void on_tree_allocated(GtkWidget *tree, GtkAllocation *a, gpointer data)
{
	Cfv *v = data;
	gint h = cfv_tree_header_height(v), old;
	gtk_widget_get_size_request(v->ruler, NULL, &old);
	if (h > 0 && h != old)
		gtk_widget_set_size_request(v->ruler, -1, h);
}

GtkWidget *cfv_ruler_new(Cfv *v)
{
	GtkWidget *ruler = gtk_drawing_area_new();
	gtk_widget_set_size_request(ruler, -1, 24);
	g_signal_connect(ruler, "expose-event", G_CALLBACK(on_expose), v);
	g_signal_connect_after(v->tree, "size-allocate", G_CALLBACK(on_tree_allocated), v);
	return ruler;
}
