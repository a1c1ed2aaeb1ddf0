/* eventrate.c: a complete lttv-gui viewer plugin, as a tutorial
 * (doc/gui.md, "Writing a viewer").
 *
 * It draws how many events fall in each time slot of the tab's time
 * window: a histogram, one bar per 4 pixels.  It shows the whole API a
 * viewer needs:
 *   - registering (init) with a name, menu path, tooltip, icon, constructor;
 *   - following the tab: time window, current time, traceset, filter,
 *     redraw, continue, all through lttvwindow_connect;
 *   - reading events: one events request per window change, the previous
 *     one cancelled, the bars drawn as chunks arrive;
 *   - reporting: a click sets the tab's current time (source: this viewer,
 *     so it ignores the echo);
 *   - no cleanup code: the host removes the request and the handlers when
 *     the widget goes; the viewer's data is freed with the widget.
 *
 * Build it like the tree does (doc/examples/Makefile.am), or out of tree:
 *   cc -shared -fPIC -DGTK_DISABLE_DEPRECATED -o eventrate.so eventrate.c \
 *     $(pkg-config --cflags --libs lttvwindow)
 * and run lttv-gui -L DIR --viewer eventrate -t TRACE. */
#include <string.h>
#include <lttv/module.h>
#include <lttvwindow/lttvwindow.h>

#define PIXELS_PER_SLOT 4

typedef struct {
	LttvwindowTab *tab;
	GtkWidget *area;
	LttvHooks *event, *after_chunk, *after_request;
	guint request;                  /* handle of the request being read, 0 when none */
	LttvwindowTimeWindow window;    /* the window the counts are for */
	guint n_slots;
	guint64 *counts;
	guint64 total;
} EventRate;

static gboolean on_event(void *hook_data, void *call_data)
{
	EventRate *er = hook_data;
	LttvTracefileContext *tfc = call_data;
	LttvFilter *filter = lttvwindow_get_filter(er->tab);
	if (filter != NULL && !lttv_filter_eval(filter, tfc->e, NULL, NULL))
		return FALSE;   /* state.* leaves read as false: no process state here */
	LttTime t = ltt_event_time(tfc->e);
	guint64 slot = (t - er->window.start) * er->n_slots / er->window.width;
	er->counts[MIN(slot, er->n_slots - 1)]++;
	er->total++;
	return FALSE;
}

static gboolean on_after_chunk(void *hook_data, void *call_data)
{
	EventRate *er = hook_data;
	gtk_widget_queue_draw(er->area);    /* the bars grow as chunks arrive */
	return FALSE;
}

static gboolean on_after_request(void *hook_data, void *call_data)
{
	EventRate *er = hook_data;
	er->request = 0;
	gtk_widget_queue_draw(er->area);
	return FALSE;
}

/* Counts the events of the current window again: cancels the request in
 * progress (its counts are for another window) and submits a new one. */
static void recount(EventRate *er)
{
	if (er->request != 0)
		lttvwindow_events_cancel(er->tab, er->request);
	GtkAllocation a;
	gtk_widget_get_allocation(er->area, &a);
	er->window = lttvwindow_get_time_window(er->tab);
	er->n_slots = MAX(1, a.width / PIXELS_PER_SLOT);
	g_free(er->counts);
	er->counts = g_new0(guint64, er->n_slots);
	er->total = 0;
	gtk_widget_queue_draw(er->area);
	if (lttv_traceset_number(lttvwindow_get_traceset(er->tab)) == 0)
		return;
	LttvwindowEventsRequest *r = lttvwindow_events_request_new(er->area, er);
	r->start_time = er->window.start;
	r->end_time = er->window.start + er->window.width;
	r->event = er->event;
	r->after_chunk_traceset = er->after_chunk;
	r->after_request = er->after_request;
	er->request = lttvwindow_events_request(er->tab, er->area, r);
	lttvwindow_events_request_free(r);
}

static void on_time_window(LttvwindowTab *tab, const LttvwindowTimeWindowChange *change,
                           EventRate *er)
{
	recount(er);
}

static void on_current_time(LttvwindowTab *tab, guint64 t, gpointer source, EventRate *er)
{
	if (source == er->area)
		return;     /* our own click: already drawn */
	gtk_widget_queue_draw(er->area);
}

static void on_traceset_or_redraw(LttvwindowTab *tab, EventRate *er)
{
	recount(er);
}

static void on_filter(LttvwindowTab *tab, LttvFilter *filter, gpointer source, EventRate *er)
{
	recount(er);
}

static void on_size_allocate(GtkWidget *w, GtkAllocation *a, EventRate *er)
{
	if (er->n_slots != (guint) MAX(1, a->width / PIXELS_PER_SLOT))
		recount(er);
}

static gboolean on_expose(GtkWidget *w, GdkEventExpose *ev, EventRate *er)
{
	GtkAllocation a;
	gtk_widget_get_allocation(w, &a);
	cairo_t *cr = gdk_cairo_create(gtk_widget_get_window(w));
	gdk_cairo_region(cr, ev->region);
	cairo_clip(cr);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);

	guint64 max = 1;
	for (guint i = 0; i < er->n_slots; i++)
		max = MAX(max, er->counts[i]);
	const double top = 18, height = a.height - top - 2;
	cairo_set_source_rgb(cr, 0.20, 0.40, 0.75);
	for (guint i = 0; i < er->n_slots; i++) {
		if (er->counts[i] == 0)
			continue;
		double h = MAX(1.0, height * (double) er->counts[i] / (double) max);
		cairo_rectangle(cr, i * PIXELS_PER_SLOT, top + height - h, PIXELS_PER_SLOT - 1, h);
	}
	cairo_fill(cr);

	/* The current time, when it is in the window. */
	LttTime now = lttvwindow_get_current_time(er->tab);
	if (now >= er->window.start && now - er->window.start < er->window.width) {
		double x = (double) (now - er->window.start) * a.width / (double) er->window.width;
		cairo_set_source_rgb(cr, 0.85, 0.10, 0.10);
		cairo_rectangle(cr, (int) x, 0, 2, a.height);
		cairo_fill(cr);
	}

	char *text = g_strdup_printf("%" G_GUINT64_FORMAT " events%s, at most %" G_GUINT64_FORMAT
	                             " per %u-pixel slot", er->total,
	                             er->request != 0 ? " so far" : "", max, PIXELS_PER_SLOT);
	PangoLayout *layout = gtk_widget_create_pango_layout(w, text);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_move_to(cr, 4, 1);
	pango_cairo_show_layout(cr, layout);
	g_object_unref(layout);
	g_free(text);
	cairo_destroy(cr);
	return TRUE;
}

/* A click sets the tab's current time. */
static gboolean on_button(GtkWidget *w, GdkEventButton *ev, EventRate *er)
{
	GtkAllocation a;
	gtk_widget_get_allocation(w, &a);
	if (ev->button != 1 || a.width <= 0)
		return FALSE;
	double x = CLAMP(ev->x, 0, a.width - 1);
	LttTime t = er->window.start + (LttTime) (x * (double) er->window.width / a.width);
	lttvwindow_report_current_time(er->tab, t, w);
	gtk_widget_queue_draw(w);
	return TRUE;
}

static void event_rate_free(gpointer p)
{
	EventRate *er = p;
	lttv_hooks_destroy(er->event);
	lttv_hooks_destroy(er->after_chunk);
	lttv_hooks_destroy(er->after_request);
	g_free(er->counts);
	g_free(er);
}

static GtkWidget *event_rate_new(LttvwindowTab *tab)
{
	EventRate *er = g_new0(EventRate, 1);
	er->tab = tab;
	er->area = gtk_drawing_area_new();
	gtk_widget_set_size_request(er->area, 200, 120);
	gtk_widget_add_events(er->area, GDK_BUTTON_PRESS_MASK);
	/* Freed when the widget is finalized, after the host removed the
	 * request (whose after_request hook still uses er). */
	g_object_set_data_full(G_OBJECT(er->area), "eventrate", er, event_rate_free);
	er->event = lttv_hooks_new();
	lttv_hooks_add(er->event, on_event, er, LTTV_PRIO_DEFAULT);
	er->after_chunk = lttv_hooks_new();
	lttv_hooks_add(er->after_chunk, on_after_chunk, er, LTTV_PRIO_DEFAULT);
	er->after_request = lttv_hooks_new();
	lttv_hooks_add(er->after_request, on_after_request, er, LTTV_PRIO_DEFAULT);

	g_signal_connect(er->area, "expose-event", G_CALLBACK(on_expose), er);
	g_signal_connect(er->area, "button-press-event", G_CALLBACK(on_button), er);
	g_signal_connect(er->area, "size-allocate", G_CALLBACK(on_size_allocate), er);
	lttvwindow_connect(tab, er->area, LTTVWINDOW_SIGNAL_TIME_WINDOW, G_CALLBACK(on_time_window), er);
	lttvwindow_connect(tab, er->area, LTTVWINDOW_SIGNAL_CURRENT_TIME, G_CALLBACK(on_current_time), er);
	lttvwindow_connect(tab, er->area, LTTVWINDOW_SIGNAL_TRACESET, G_CALLBACK(on_traceset_or_redraw), er);
	lttvwindow_connect(tab, er->area, LTTVWINDOW_SIGNAL_FILTER, G_CALLBACK(on_filter), er);
	lttvwindow_connect(tab, er->area, LTTVWINDOW_SIGNAL_REDRAW, G_CALLBACK(on_traceset_or_redraw), er);
	lttvwindow_connect(tab, er->area, LTTVWINDOW_SIGNAL_CONTINUE, G_CALLBACK(on_traceset_or_redraw), er);
	recount(er);    /* again when the widget gets its width */
	return er->area;
}

static const LttvwindowViewerInfo event_rate_info = {
	.abi = LTTVWINDOW_ABI,
	.name = "eventrate",
	.menu_path = "Event Rate",
	.tooltip = "How many events each slot of the time window holds",
	.stock_id = GTK_STOCK_INDEX,
	.constructor = event_rate_new,
};

static gboolean init(GError **error)
{
	return lttvwindow_register_viewer(&event_rate_info, error);
}

LTTV_MODULE("eventrate", "Event rate viewer (example)",
            "A histogram of the events per time slot of the tab's time window; "
            "the tutorial viewer of doc/gui.md.",
            init, NULL, NULL);
