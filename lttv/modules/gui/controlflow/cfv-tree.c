/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* cfv-tree.c: the process tree of the control flow view.
 *
 * One row per task of each trace, threads under their thread group's
 * leader.  The viewer keeps its own list of rows (CfvRow) and gives the
 * GtkTreeStore exactly the rows to show, in the order to show them: rows
 * are added by the thousand while the precomputation finds tasks, and a
 * GtkTreeModelSort or GtkTreeModelFilter between the store and the view
 * costs a walk of every row per row added (seconds for 3,000 tasks).  So
 * a change (new tasks, a sort, a pin, hiding idle tasks) sorts the list
 * (qsort, pinned rows first) and fills a new store that replaces the
 * view's, keeping what the user expanded, selected and scrolled to.  The
 * new store fills in slices of a few ms across main-loop turns (10,000
 * tasks take 20 ms), the view showing the old one meanwhile.
 *
 * The tree has no scrolled window of its own: it shares its vertical
 * adjustment with the rows' canvas, so that a tree row and its drawn row
 * are always at the same height. */
#include <config.h>
#include <stdlib.h>
#include <string.h>
#include "cfv.h"

#define CFV_MIN_TREE_HEIGHT 60
/* A refill's slice: at most this long, then the next main-loop turn.  Its
 * priority: after GTK's own layout and redraw, before the rows' drawing
 * (which then draws the new order once). */
#define CFV_BUILD_SLICE_US 4000
/* ... and at most this many steps (a row in one of three phases, about
 * 1 µs each): a fast machine too fills a big tree over several turns. */
#define CFV_BUILD_SLICE_STEPS 4096
#define CFV_BUILD_PRIORITY (G_PRIORITY_HIGH_IDLE + 25)

struct _CfvRow {
	guint trace;
	LttvIntervalEntity entity;
	const LttvEntityInfo *info;  /* the store's, updated as the pass goes */
	const char *name;            /* the name the tree shows (interned) */
	char birth[24];              /* seconds since the traceset's start, "" before it */
	gboolean pinned;
	gboolean shown;
	gboolean cpu;                /* a CPU's row (what it runs), above the tasks' */
	struct _CfvRow *leader;      /* shown leader of its thread group, during a refill */
};

static const struct {
	const char *title;
	gint col;
	gint width;
} columns[] = {
	{ "Process", CFV_COL_NAME, 140 },
	{ "PID", CFV_COL_PID, 58 },
	{ "TGID", CFV_COL_TGID, 58 },
	{ "PPID", CFV_COL_PPID, 58 },
	{ "CPU", CFV_COL_CPU, 46 },
	{ "Birth (s)", CFV_COL_BIRTH, 84 },
	{ "Trace", CFV_COL_TRACE, 50 },
};

static guint row_key(guint trace, LttvIntervalEntity e)
{
	return trace << 24 | e;
}

static const char *shown_name(const LttvEntityInfo *info)
{
	return info->name != NULL && info->name[0] != '\0' ? info->name : "?";
}

/* ---- the order ---- */

static gint compare_values(const CfvRow *a, const CfvRow *b, gint col)
{
	switch (col) {
	case CFV_COL_NAME:
		return strcmp(shown_name(a->info), shown_name(b->info));
	case CFV_COL_TGID:
		return (a->info->tgid > b->info->tgid) - (a->info->tgid < b->info->tgid);
	case CFV_COL_PPID:
		return (a->info->ppid > b->info->ppid) - (a->info->ppid < b->info->ppid);
	case CFV_COL_CPU:
		return (a->info->cpu > b->info->cpu) - (a->info->cpu < b->info->cpu);
	case CFV_COL_BIRTH:
		return (a->info->birth > b->info->birth) - (a->info->birth < b->info->birth);
	case CFV_COL_TRACE:
		return (a->trace > b->trace) - (a->trace < b->trace);
	default:
		return (a->info->id > b->info->id) - (a->info->id < b->info->id);
	}
}

/* Pinned rows first whatever the order; ties by trace, then entity, so
 * that the order never depends on qsort's. */
static gint compare_rows(gconstpointer pa, gconstpointer pb, gpointer data)
{
	const Cfv *v = data;
	const CfvRow *a = *(CfvRow *const *) pa, *b = *(CfvRow *const *) pb;
	gint r;

	/* The CPUs' rows on top, by number, whatever the order. */
	if (a->cpu != b->cpu)
		return a->cpu ? -1 : 1;
	if (a->cpu)
		return (a->info->id > b->info->id) - (a->info->id < b->info->id);
	if (a->pinned != b->pinned)
		return a->pinned ? -1 : 1;
	r = compare_values(a, b, v->sort_col);
	if (v->sort_order == GTK_SORT_DESCENDING)
		r = -r;
	if (r == 0)
		r = a->trace != b->trace ? (a->trace > b->trace) - (a->trace < b->trace)
		                         : (a->entity > b->entity) - (a->entity < b->entity);
	return r;
}

/* ---- filling the store ---- */

static GtkTreeStore *new_store(void)
{
	return gtk_tree_store_new(CFV_N_COLS, G_TYPE_STRING, G_TYPE_INT, G_TYPE_INT, G_TYPE_INT, G_TYPE_UINT,
	                          G_TYPE_STRING, G_TYPE_UINT, G_TYPE_UINT, G_TYPE_POINTER, G_TYPE_INT);
}

/* Puts r first under parent: rows are given last to first, and a
 * prepend costs nothing where an append walks every sibling. */
static void prepend_row(GHashTable *iter_of, GtkTreeStore *store, GtkTreeIter *parent, CfvRow *r)
{
	GtkTreeIter it;
	/* A CPU's row has no task's numbers (blank: negative), only its own. */
	gtk_tree_store_insert_with_values(store, &it, parent, 0, CFV_COL_NAME, r->name,
	                                  CFV_COL_PID, r->cpu ? -1 : r->info->id,
	                                  CFV_COL_TGID, r->cpu ? -1 : r->info->tgid,
	                                  CFV_COL_PPID, r->cpu ? -1 : r->info->ppid,
	                                  CFV_COL_CPU, r->cpu ? (guint) r->info->id : r->info->cpu,
	                                  CFV_COL_BIRTH, r->birth, CFV_COL_TRACE, r->trace,
	                                  CFV_COL_ENTITY, r->entity, CFV_COL_ROW, r,
	                                  CFV_COL_WEIGHT, r->pinned ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL, -1);
	g_hash_table_insert(iter_of, r, gtk_tree_iter_copy(&it));
}

/* The leader of a thread's group, when it has a row that is shown. */
static CfvRow *shown_leader(Cfv *v, const CfvRow *r)
{
	const LttvIntervalStore *store;
	LttvIntervalEntity leader;
	CfvRow *l;

	if (r->info->tgid <= 0 || r->info->tgid == r->info->id)
		return NULL;
	store = lttv_precompute_intervals(g_array_index(v->traces, CfvTrace, r->trace).pc);
	leader = lttv_intervals_find_process(store, r->info->tgid, LTT_TIME_INFINITE, r->info->cpu);
	if (leader == LTTV_INTERVAL_ENTITY_NONE)
		return NULL;
	l = g_hash_table_lookup(v->row_of, GUINT_TO_POINTER(row_key(r->trace, leader)));
	return l != NULL && l->shown && l != r ? l : NULL;
}

/* What the view shows of its rows, kept across a refill. */
typedef struct {
	GArray *expanded;            /* CfvRow * */
	CfvRow *selected;
	gdouble scroll;
} ViewState;

static CfvRow *row_of_iter(GtkTreeModel *m, GtkTreeIter *it)
{
	CfvRow *r = NULL;
	gtk_tree_model_get(m, it, CFV_COL_ROW, &r, -1);
	return r;
}

static void note_expanded(GtkTreeView *tree, GtkTreePath *path, gpointer data)
{
	GtkTreeIter it;
	CfvRow *r;
	if (gtk_tree_model_get_iter(gtk_tree_view_get_model(tree), &it, path)) {
		r = row_of_iter(gtk_tree_view_get_model(tree), &it);
		g_array_append_val((GArray *) data, r);
	}
}

static void save_view(Cfv *v, ViewState *vs)
{
	GtkTreeIter it;
	vs->expanded = g_array_new(FALSE, FALSE, sizeof(CfvRow *));
	gtk_tree_view_map_expanded_rows(GTK_TREE_VIEW(v->tree), note_expanded, vs->expanded);
	vs->selected = gtk_tree_selection_get_selected(gtk_tree_view_get_selection(GTK_TREE_VIEW(v->tree)), NULL, &it)
	               ? row_of_iter(GTK_TREE_MODEL(v->store), &it) : NULL;
	vs->scroll = gtk_adjustment_get_value(v->vadj);
}

static void restore_view(Cfv *v, ViewState *vs)
{
	guint i;
	for (i = 0; i < vs->expanded->len; i++) {
		GtkTreeIter *it = g_hash_table_lookup(v->iter_of, g_array_index(vs->expanded, CfvRow *, i));
		if (it != NULL) {
			GtkTreePath *path = gtk_tree_model_get_path(GTK_TREE_MODEL(v->store), it);
			gtk_tree_view_expand_row(GTK_TREE_VIEW(v->tree), path, FALSE);
			gtk_tree_path_free(path);
		}
	}
	if (vs->selected != NULL) {
		GtkTreeIter *it = g_hash_table_lookup(v->iter_of, vs->selected);
		if (it != NULL)
			gtk_tree_selection_select_iter(gtk_tree_view_get_selection(GTK_TREE_VIEW(v->tree)), it);
	}
	g_array_free(vs->expanded, TRUE);
	gtk_adjustment_set_value(v->vadj, vs->scroll);
}

static void cancel_build(Cfv *v)
{
	if (v->build_source != 0)
		g_source_remove(v->build_source);
	v->build_source = 0;
	g_clear_object(&v->next_store);
	g_clear_pointer(&v->next_iter_of, g_hash_table_destroy);
}

/* The new store replaces the view's, with what the user had expanded,
 * selected and scrolled to in the old one. */
static void finish_build(Cfv *v)
{
	ViewState vs;
	save_view(v, &vs);
	gtk_tree_view_set_model(GTK_TREE_VIEW(v->tree), GTK_TREE_MODEL(v->next_store));
	g_object_unref(v->store);
	v->store = v->next_store;
	v->next_store = NULL;
	g_hash_table_destroy(v->iter_of);
	v->iter_of = v->next_iter_of;
	v->next_iter_of = NULL;
	restore_view(v, &vs);
	cfv_queue_redraw(v);
}

/* One slice of the refill: the leaders of the rows (phase 0), then leaders
 * and lone tasks at the top level (1), then threads under their leader
 * (2), the last two from the end (a prepend costs nothing).  TRUE when
 * there is more to do. */
static gboolean build_slice(Cfv *v)
{
	gint64 deadline = g_get_monotonic_time() + CFV_BUILD_SLICE_US;
	guint n = v->rows->len, done = 0;
	while (v->build_phase < 3) {
		if (++done == CFV_BUILD_SLICE_STEPS || (done % 64 == 0 && g_get_monotonic_time() >= deadline))
			return TRUE;
		if (v->build_i >= n) {
			v->build_phase++;
			v->build_i = 0;
			continue;
		}
		CfvRow *r = g_ptr_array_index(v->rows, v->build_phase == 0 ? v->build_i : n - 1 - v->build_i);
		v->build_i++;
		if (v->build_phase == 0)
			r->leader = r->shown ? shown_leader(v, r) : NULL;
		else if (r->shown && v->build_phase == 1 && r->leader == NULL)
			prepend_row(v->next_iter_of, v->next_store, NULL, r);
		else if (r->shown && v->build_phase == 2 && r->leader != NULL)
			prepend_row(v->next_iter_of, v->next_store, g_hash_table_lookup(v->next_iter_of, r->leader), r);
	}
	finish_build(v);
	return FALSE;
}

static gboolean build_idle(gpointer data)
{
	Cfv *v = data;
	if (build_slice(v))
		return G_SOURCE_CONTINUE;
	v->build_source = 0;
	return G_SOURCE_REMOVE;
}

/* Sorts the rows and gives a new store the shown ones: leaders and lone
 * tasks at the top level, threads under their leader, each level in the
 * order of the sort.  A new store, not the old one cleared: clearing
 * emits a row-deleted per row (a quarter of a refill of 10,000 rows),
 * dropping the old store emits nothing.  A small tree is done at once; a
 * big one goes on in the next turns (a refill asked meanwhile starts
 * again). */
static void refill(Cfv *v)
{
	cancel_build(v);
	g_ptr_array_sort_with_data(v->rows, compare_rows, v);
	v->next_store = new_store();
	v->next_iter_of = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL,
	                                        (GDestroyNotify) gtk_tree_iter_free);
	v->build_phase = 0;
	v->build_i = 0;
	if (build_slice(v))
		v->build_source = g_idle_add_full(CFV_BUILD_PRIORITY, build_idle, v, NULL);
}

/* The PID, TGID and PPID columns: nothing where there is no task's number
 * (a CPU's row; a parent the kernel reports as -1). */
static void id_cell(GtkTreeViewColumn *col, GtkCellRenderer *cell, GtkTreeModel *m, GtkTreeIter *it,
                    gpointer data)
{
	gint id;
	char text[16] = "";
	gtk_tree_model_get(m, it, GPOINTER_TO_INT(data), &id, -1);
	if (id >= 0)
		g_snprintf(text, sizeof text, "%d", id);
	g_object_set(cell, "text", text, NULL);
}

/* ---- what changes the rows ---- */

/* A task is idle in the window when none of its states there is running:
 * one query at a coarse resolution, where a slot that mixed several states
 * counts as having run. */
static gboolean ran_in_window(Cfv *v, const CfvRow *r)
{
	const LttvIntervalStore *store = lttv_precompute_intervals(g_array_index(v->traces, CfvTrace, r->trace).pc);
	LttvIntervalItem items[64];
	guint n = lttv_intervals_query(store, r->entity, v->window.start, v->window.start + v->window.width,
	                               MAX(v->window.width / 64, 1), items, G_N_ELEMENTS(items)), i;
	for (i = 0; i < n; i++)
		if (items[i].mixed || items[i].status == LTTV_STATUS_RUNNING)
			return TRUE;
	return FALSE;
}

/* Sets which rows are shown; TRUE when that changed. */
static gboolean decide_shown(Cfv *v)
{
	gboolean hide = gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(v->hide_idle)), changed = FALSE;
	guint i;

	for (i = 0; i < v->rows->len; i++) {
		CfvRow *r = g_ptr_array_index(v->rows, i);
		gboolean shown = !hide || r->pinned || r->cpu || ran_in_window(v, r);
		changed |= shown != r->shown;
		r->shown = shown;
	}
	/* A leader stays while one of its threads is shown. */
	for (i = 0; hide && i < v->rows->len; i++) {
		CfvRow *r = g_ptr_array_index(v->rows, i);
		if (r->shown && r->info->tgid > 0 && r->info->tgid != r->info->id) {
			const LttvIntervalStore *store =
				lttv_precompute_intervals(g_array_index(v->traces, CfvTrace, r->trace).pc);
			LttvIntervalEntity e = lttv_intervals_find_process(store, r->info->tgid, LTT_TIME_INFINITE,
			                                                   r->info->cpu);
			CfvRow *l = e == LTTV_INTERVAL_ENTITY_NONE ? NULL :
			            g_hash_table_lookup(v->row_of, GUINT_TO_POINTER(row_key(r->trace, e)));
			if (l != NULL && !l->shown) {
				l->shown = TRUE;
				changed = TRUE;
			}
		}
	}
	return changed;
}

gboolean cfv_tree_refresh(Cfv *v)
{
	gboolean changed = FALSE;
	guint i, e;

	for (i = 0; i < v->traces->len; i++) {
		CfvTrace *t = &g_array_index(v->traces, CfvTrace, i);
		const LttvIntervalStore *store = lttv_precompute_intervals(t->pc);
		guint n = lttv_intervals_entity_count(store);
		for (e = t->entities_seen; e < n; e++) {
			const LttvEntityInfo *info = lttv_intervals_entity(store, e);
			CfvRow *r;
			if (info->kind != LTTV_ENTITY_PROCESS && info->kind != LTTV_ENTITY_CPU)
				continue;
			r = g_new0(CfvRow, 1);
			r->trace = i;
			r->entity = e;
			r->info = info;
			r->shown = TRUE;
			if (info->kind == LTTV_ENTITY_CPU) {
				char name[32];
				g_snprintf(name, sizeof name, "CPU %d", info->id);
				r->cpu = TRUE;
				r->name = g_intern_string(name);
			}
			if (info->birth > v->trace_start)
				g_snprintf(r->birth, sizeof r->birth, "%.6f", (info->birth - v->trace_start) / 1e9);
			g_ptr_array_add(v->rows, r);
			g_hash_table_insert(v->row_of, GUINT_TO_POINTER(row_key(i, e)), r);
			changed = TRUE;
		}
		t->entities_seen = n;
	}
	/* Names change (exec, rename); they are interned: a pointer says. */
	for (i = 0; i < v->rows->len; i++) {
		CfvRow *r = g_ptr_array_index(v->rows, i);
		if (!r->cpu && r->name != shown_name(r->info)) {
			r->name = shown_name(r->info);
			changed = TRUE;
		}
	}
	if (changed) {
		decide_shown(v);
		refill(v);
	}
	return changed;
}

void cfv_tree_apply_hide_idle(Cfv *v)
{
	if (decide_shown(v))
		refill(v);
}

void cfv_tree_clear(Cfv *v)
{
	cancel_build(v);
	gtk_tree_store_clear(v->store);
	g_hash_table_remove_all(v->iter_of);
	g_hash_table_remove_all(v->row_of);
	g_ptr_array_set_size(v->rows, 0);
}

void cfv_tree_free(Cfv *v)
{
	cancel_build(v);
	g_hash_table_destroy(v->iter_of);
	g_hash_table_destroy(v->row_of);
	g_ptr_array_free(v->rows, TRUE);
	g_object_unref(v->store);
}

void cfv_tree_toggle_pin_selected(Cfv *v)
{
	GtkTreeIter it;
	CfvRow *r;

	if (!gtk_tree_selection_get_selected(gtk_tree_view_get_selection(GTK_TREE_VIEW(v->tree)), NULL, &it))
		return;
	r = row_of_iter(GTK_TREE_MODEL(v->store), &it);
	r->pinned = !r->pinned;
	decide_shown(v);
	refill(v);
}

/* A click on a column's title sorts by it; again: the other way. */
static void on_column_clicked(GtkTreeViewColumn *c, gpointer data)
{
	Cfv *v = data;
	gint col = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(c), "cfv-col"));
	GList *all = gtk_tree_view_get_columns(GTK_TREE_VIEW(v->tree)), *l;

	v->sort_order = col == v->sort_col && v->sort_order == GTK_SORT_ASCENDING ? GTK_SORT_DESCENDING
	                                                                         : GTK_SORT_ASCENDING;
	v->sort_col = col;
	for (l = all; l != NULL; l = l->next)
		gtk_tree_view_column_set_sort_indicator(l->data, l->data == c);
	g_list_free(all);
	gtk_tree_view_column_set_sort_order(c, v->sort_order);
	refill(v);
}

static void on_scroll_changed(GtkAdjustment *adj, gpointer data)
{
	cfv_queue_redraw(data);
}

/* Expanding or collapsing a leader moves the rows under it. */
static void on_rows_moved(GtkTreeView *tree, GtkTreeIter *it, GtkTreePath *path, gpointer data)
{
	cfv_queue_redraw(data);
}

GtkWidget *cfv_tree_new(Cfv *v)
{
	GtkAdjustment *hadj = GTK_ADJUSTMENT(gtk_adjustment_new(0, 0, 1, 1, 10, 1));
	GtkWidget *box;
	guint i;

	v->store = new_store();
	v->rows = g_ptr_array_new_with_free_func(g_free);
	v->row_of = g_hash_table_new(g_direct_hash, g_direct_equal);
	v->iter_of = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, (GDestroyNotify) gtk_tree_iter_free);
	v->sort_col = CFV_COL_PID;
	v->sort_order = GTK_SORT_ASCENDING;

	v->tree = gtk_tree_view_new_with_model(GTK_TREE_MODEL(v->store));
	gtk_tree_view_set_rules_hint(GTK_TREE_VIEW(v->tree), TRUE);
	gtk_tree_view_set_enable_search(GTK_TREE_VIEW(v->tree), FALSE);
	gtk_tree_view_set_headers_clickable(GTK_TREE_VIEW(v->tree), TRUE);
	for (i = 0; i < G_N_ELEMENTS(columns); i++) {
		GtkCellRenderer *cell = gtk_cell_renderer_text_new();
		GtkTreeViewColumn *c = gtk_tree_view_column_new_with_attributes(columns[i].title, cell, "text",
		                                                                columns[i].col, "weight",
		                                                                CFV_COL_WEIGHT, NULL);
		if (columns[i].col == CFV_COL_PID || columns[i].col == CFV_COL_TGID || columns[i].col == CFV_COL_PPID)
			gtk_tree_view_column_set_cell_data_func(c, cell, id_cell, GINT_TO_POINTER(columns[i].col), NULL);
		if (columns[i].col != CFV_COL_NAME)
			g_object_set(cell, "xalign", 1.0, NULL);
		else
			g_object_set(cell, "ellipsize", PANGO_ELLIPSIZE_END, NULL);
		gtk_tree_view_column_set_sizing(c, GTK_TREE_VIEW_COLUMN_FIXED);
		gtk_tree_view_column_set_resizable(c, TRUE);
		gtk_tree_view_column_set_fixed_width(c, columns[i].width);
		gtk_tree_view_column_set_clickable(c, TRUE);
		g_object_set_data(G_OBJECT(c), "cfv-col", GINT_TO_POINTER(columns[i].col));
		g_signal_connect(c, "clicked", G_CALLBACK(on_column_clicked), v);
		gtk_tree_view_column_set_sort_indicator(c, columns[i].col == v->sort_col);
		gtk_tree_view_append_column(GTK_TREE_VIEW(v->tree), c);
	}
	/* Every row the same height, so the canvas knows where rows are. */
	gtk_tree_view_set_fixed_height_mode(GTK_TREE_VIEW(v->tree), TRUE);
	gtk_widget_set_scroll_adjustments(v->tree, hadj, v->vadj);
	gtk_widget_set_size_request(v->tree, -1, CFV_MIN_TREE_HEIGHT);
	g_signal_connect(v->vadj, "value-changed", G_CALLBACK(on_scroll_changed), v);
	g_signal_connect(v->vadj, "changed", G_CALLBACK(on_scroll_changed), v);
	g_signal_connect(v->tree, "row-expanded", G_CALLBACK(on_rows_moved), v);
	g_signal_connect(v->tree, "row-collapsed", G_CALLBACK(on_rows_moved), v);
	/* The columns that do not fit scroll sideways under the tree. */
	box = gtk_vbox_new(FALSE, 0);
	v->tree_hscroll = gtk_hscrollbar_new(hadj);
	gtk_box_pack_start(GTK_BOX(box), v->tree, TRUE, TRUE, 0);
	gtk_box_pack_start(GTK_BOX(box), v->tree_hscroll, FALSE, FALSE, 0);
	return box;
}

/* The columns in their order: the name, the ids (PID, TGID, PPID), the
 * CPU, the birth, the trace. */
gint cfv_tree_fitting_width(const Cfv *v, gint viewer_width)
{
	GList *all = gtk_tree_view_get_columns(GTK_TREE_VIEW(v->tree));
	gint width = 0, shown = 0;
	for (GList *l = all; l != NULL; l = l->next, shown++) {
		gint next = width + gtk_tree_view_column_get_fixed_width(l->data);
		if (shown >= 2 && next > viewer_width * 2 / 5)
			break;
		width = next;
	}
	g_list_free(all);
	return width;
}

/* ---- where rows are ---- */

gint cfv_tree_header_height(const Cfv *v)
{
	gint x, y;
	if (!gtk_widget_get_realized(v->tree))
		return 24;
	gtk_tree_view_convert_bin_window_to_widget_coords(GTK_TREE_VIEW(v->tree), 0, 0, &x, &y);
	return y;
}

static gint row_height(const Cfv *v)
{
	GtkTreePath *first = gtk_tree_path_new_first();
	GdkRectangle r = { 0 };
	if (gtk_widget_get_realized(v->tree))
		gtk_tree_view_get_background_area(GTK_TREE_VIEW(v->tree), first, NULL, &r);
	gtk_tree_path_free(first);
	return r.height;
}

/* The next row in display order: the children of an expanded row, then
 * the next sibling, then the parent's next sibling. */
static gboolean next_shown(const Cfv *v, GtkTreeIter *it)
{
	GtkTreeIter child, parent, cur = *it;
	GtkTreePath *path = gtk_tree_model_get_path(GTK_TREE_MODEL(v->store), &cur);
	gboolean expanded = gtk_tree_view_row_expanded(GTK_TREE_VIEW(v->tree), path);

	gtk_tree_path_free(path);
	if (expanded && gtk_tree_model_iter_children(GTK_TREE_MODEL(v->store), &child, &cur)) {
		*it = child;
		return TRUE;
	}
	for (;;) {
		GtkTreeIter next = cur;
		if (gtk_tree_model_iter_next(GTK_TREE_MODEL(v->store), &next)) {
			*it = next;
			return TRUE;
		}
		if (!gtk_tree_model_iter_parent(GTK_TREE_MODEL(v->store), &parent, &cur))
			return FALSE;
		cur = parent;
	}
}

/* Rows are placed from the model and the shared adjustment, not asked of
 * the tree's own layout, which lags behind the model while it validates
 * new rows in the background. */
void cfv_tree_foreach_visible(const Cfv *v, gint height, CfvRowFunc f, gpointer data)
{
	gint h = row_height(v);
	gint top = (gint) gtk_adjustment_get_value(v->vadj), index = 0, y;
	GtkTreeIter it;

	if (h <= 0 || !gtk_tree_model_get_iter_first(GTK_TREE_MODEL(v->store), &it))
		return;
	while ((index + 1) * h <= top) {
		if (!next_shown(v, &it))
			return;
		index++;
	}
	for (y = index * h - top; y < height; y += h) {
		guint trace, entity;
		gtk_tree_model_get(GTK_TREE_MODEL(v->store), &it, CFV_COL_TRACE, &trace, CFV_COL_ENTITY, &entity, -1);
		f(v, trace, entity, y, h, data);
		if (!next_shown(v, &it))
			return;
	}
}

typedef struct {
	gint y;
	gboolean found;
	guint trace;
	LttvIntervalEntity entity;
	gint row_y, row_h;
} RowAt;

static void match_row(const Cfv *v, guint trace, LttvIntervalEntity e, gint y, gint h, gpointer data)
{
	RowAt *r = data;
	if (!r->found && r->y >= y && r->y < y + h) {
		r->found = TRUE;
		r->trace = trace;
		r->entity = e;
		r->row_y = y;
		r->row_h = h;
	}
}

gboolean cfv_tree_row_at(const Cfv *v, gint y, guint *trace, LttvIntervalEntity *entity, gint *row_y,
                         gint *row_h)
{
	RowAt r = { y, FALSE, 0, 0, 0, 0 };
	cfv_tree_foreach_visible(v, y + 1, match_row, &r);
	*trace = r.trace;
	*entity = r.entity;
	*row_y = r.row_y;
	*row_h = r.row_h;
	return r.found;
}

/* Rows in the order the view shows them, leaders before their threads. */
static gboolean next_row(GtkTreeModel *m, GtkTreeIter *it)
{
	GtkTreeIter child, parent, cur = *it;
	if (gtk_tree_model_iter_children(m, &child, &cur)) {
		*it = child;
		return TRUE;
	}
	for (;;) {
		GtkTreeIter next = cur;
		if (gtk_tree_model_iter_next(m, &next)) {
			*it = next;
			return TRUE;
		}
		if (!gtk_tree_model_iter_parent(m, &parent, &cur))
			return FALSE;
		cur = parent;
	}
}

static gboolean row_matches(GtkTreeModel *m, GtkTreeIter *it, const char *text, gint pid)
{
	char *name;
	gint row_pid;
	gboolean match;

	gtk_tree_model_get(m, it, CFV_COL_NAME, &name, CFV_COL_PID, &row_pid, -1);
	match = pid >= 0 ? row_pid == pid : strstr(name, text) != NULL;
	g_free(name);
	return match;
}

gboolean cfv_tree_find(Cfv *v, const char *text)
{
	GtkTreeModel *m = GTK_TREE_MODEL(v->store);
	GtkTreeSelection *sel = gtk_tree_view_get_selection(GTK_TREE_VIEW(v->tree));
	GtkTreeIter start, it;
	char *end;
	long pid = strtol(text, &end, 10);
	gint want_pid = *end == '\0' && pid >= 0 ? (gint) pid : -1;
	GtkTreePath *start_path, *path;
	gboolean found = FALSE;

	if (!gtk_tree_selection_get_selected(sel, NULL, &start) && !gtk_tree_model_get_iter_first(m, &start))
		return FALSE;
	start_path = gtk_tree_model_get_path(m, &start);
	it = start;
	for (;;) {
		if (!next_row(m, &it))
			gtk_tree_model_get_iter_first(m, &it);
		path = gtk_tree_model_get_path(m, &it);
		if (row_matches(m, &it, text, want_pid)) {
			gtk_tree_view_expand_to_path(GTK_TREE_VIEW(v->tree), path);
			gtk_tree_selection_select_path(sel, path);
			gtk_tree_view_scroll_to_cell(GTK_TREE_VIEW(v->tree), path, NULL, FALSE, 0, 0);
			found = TRUE;
		}
		if (found || gtk_tree_path_compare(path, start_path) == 0) {
			gtk_tree_path_free(path);
			break;
		}
		gtk_tree_path_free(path);
	}
	gtk_tree_path_free(start_path);
	return found;
}
