/* cfv-tree.c: the process tree of the control flow view.
 *
 * One row per task of each trace, threads under their thread group's
 * leader.  Rows appear as the precomputation meets tasks.  The store is
 * seen through a filter (hide idle tasks) and a sort whose every order
 * keeps pinned rows first.  The tree has no scrolled window of its own:
 * it shares its vertical adjustment with the rows' canvas, so that a tree
 * row and its drawn row are always at the same height. */
#include <config.h>
#include <stdlib.h>
#include <string.h>
#include "cfv.h"

/* A row's height: both the tree and the canvas use the tree's. */
#define CFV_MIN_TREE_HEIGHT 60

static void set_task_row(Cfv *v, GtkTreeIter *it, guint trace, LttvIntervalEntity e,
                         const LttvEntityInfo *info)
{
	char birth[32] = "";
	if (info->birth > v->trace_start)
		g_snprintf(birth, sizeof birth, "%.6f", (info->birth - v->trace_start) / 1e9);
	gtk_tree_store_set(v->store, it,
	                   CFV_COL_NAME, info->name != NULL && info->name[0] != '\0' ? info->name : "?",
	                   CFV_COL_PID, info->id, CFV_COL_TGID, info->tgid, CFV_COL_PPID, info->ppid,
	                   CFV_COL_CPU, info->cpu, CFV_COL_BIRTH, birth, CFV_COL_BIRTH_NS, (guint64) info->birth,
	                   CFV_COL_TRACE, trace, CFV_COL_ENTITY, e, -1);
}

/* The leader's row of a thread, when the leader has one. */
static GtkTreeIter *leader_row(CfvTrace *t, const LttvIntervalStore *store, const LttvEntityInfo *info)
{
	LttvIntervalEntity leader;
	if (info->tgid <= 0 || info->tgid == info->id)
		return NULL;
	leader = lttv_intervals_find_process(store, info->tgid, LTT_TIME_INFINITE, info->cpu);
	return leader == LTTV_INTERVAL_ENTITY_NONE ? NULL : g_hash_table_lookup(t->rows, GUINT_TO_POINTER(leader));
}

static gboolean refresh_trace(Cfv *v, guint i)
{
	CfvTrace *t = &g_array_index(v->traces, CfvTrace, i);
	const LttvIntervalStore *store = lttv_precompute_intervals(t->pc);
	guint n = lttv_intervals_entity_count(store), e;
	gboolean added = FALSE;
	GHashTableIter hi;
	gpointer key, value;

	/* Names change (exec, rename): refresh the rows whose name did; a row
	 * set again is sorted and drawn again, so the others are left alone. */
	g_hash_table_iter_init(&hi, t->rows);
	while (g_hash_table_iter_next(&hi, &key, &value)) {
		const LttvEntityInfo *info = lttv_intervals_entity(store, GPOINTER_TO_UINT(key));
		char *shown;
		gtk_tree_model_get(GTK_TREE_MODEL(v->store), value, CFV_COL_NAME, &shown, -1);
		if (g_strcmp0(shown, info->name[0] != '\0' ? info->name : "?") != 0)
			set_task_row(v, value, i, GPOINTER_TO_UINT(key), info);
		g_free(shown);
	}
	for (e = t->entities_seen; e < n; e++) {
		const LttvEntityInfo *info = lttv_intervals_entity(store, e);
		GtkTreeIter it;
		if (info->kind != LTTV_ENTITY_PROCESS)
			continue;
		gtk_tree_store_append(v->store, &it, leader_row(t, store, info));
		set_task_row(v, &it, i, e, info);
		gtk_tree_store_set(v->store, &it, CFV_COL_SHOWN, TRUE, -1);
		g_hash_table_insert(t->rows, GUINT_TO_POINTER(e), gtk_tree_iter_copy(&it));
		added = TRUE;
	}
	t->entities_seen = n;
	return added;
}

gboolean cfv_tree_refresh(Cfv *v)
{
	gboolean added = FALSE;
	guint i;
	for (i = 0; i < v->traces->len; i++)
		added |= refresh_trace(v, i);
	if (added)
		cfv_tree_apply_hide_idle(v);
	return added;
}

/* A task is idle in the window when none of its states there is running:
 * one query at a coarse resolution, where a slot that mixed several states
 * counts as having run. */
static gboolean ran_in_window(Cfv *v, guint trace, LttvIntervalEntity e)
{
	const LttvIntervalStore *store = lttv_precompute_intervals(g_array_index(v->traces, CfvTrace, trace).pc);
	LttvIntervalItem items[64];
	guint n = lttv_intervals_query(store, e, v->window.start, v->window.start + v->window.width,
	                               MAX(v->window.width / 64, 1), items, G_N_ELEMENTS(items)), i;
	for (i = 0; i < n; i++)
		if (items[i].mixed || items[i].status == LTTV_STATUS_RUNNING)
			return TRUE;
	return FALSE;
}

static gboolean set_shown(GtkTreeModel *model, GtkTreePath *path, GtkTreeIter *it, gpointer data)
{
	Cfv *v = data;
	gboolean hide = gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(v->hide_idle));
	guint trace, e;
	gboolean shown, pinned;

	gtk_tree_model_get(model, it, CFV_COL_TRACE, &trace, CFV_COL_ENTITY, &e, CFV_COL_PINNED, &pinned,
	                   CFV_COL_SHOWN, &shown, -1);
	if (hide && !pinned) {
		gboolean ran = ran_in_window(v, trace, e);
		/* A leader stays while one of its threads ran. */
		GtkTreeIter child;
		if (!ran && gtk_tree_model_iter_children(model, &child, it))
			do {
				guint ct, ce;
				gtk_tree_model_get(model, &child, CFV_COL_TRACE, &ct, CFV_COL_ENTITY, &ce, -1);
				ran = ran_in_window(v, ct, ce);
			} while (!ran && gtk_tree_model_iter_next(model, &child));
		hide = !ran;
	} else {
		hide = FALSE;
	}
	if (shown == hide)
		gtk_tree_store_set(v->store, it, CFV_COL_SHOWN, !hide, -1);
	return FALSE;
}

void cfv_tree_apply_hide_idle(Cfv *v)
{
	gtk_tree_model_foreach(GTK_TREE_MODEL(v->store), set_shown, v);
}

/* Every order keeps pinned rows first, then compares the sort column.
 * The sort model reverses what this returns for a descending order, so
 * the pinned rows' side is reversed here to stay on top. */
static gint compare_rows(GtkTreeModel *model, GtkTreeIter *a, GtkTreeIter *b, gpointer data)
{
	Cfv *v = data;
	gint col = CFV_COL_PID;
	GtkSortType order = GTK_SORT_ASCENDING;
	gboolean pa, pb;

	gtk_tree_sortable_get_sort_column_id(GTK_TREE_SORTABLE(v->sorted), &col, &order);
	gtk_tree_model_get(model, a, CFV_COL_PINNED, &pa, -1);
	gtk_tree_model_get(model, b, CFV_COL_PINNED, &pb, -1);
	if (pa != pb)
		return (pa ? -1 : 1) * (order == GTK_SORT_DESCENDING ? -1 : 1);
	if (col == CFV_COL_NAME) {
		char *sa, *sb;
		gint r;
		gtk_tree_model_get(model, a, col, &sa, -1);
		gtk_tree_model_get(model, b, col, &sb, -1);
		r = g_strcmp0(sa, sb);
		g_free(sa);
		g_free(sb);
		return r;
	}
	if (col == CFV_COL_BIRTH) {
		guint64 ta, tb;
		gtk_tree_model_get(model, a, CFV_COL_BIRTH_NS, &ta, -1);
		gtk_tree_model_get(model, b, CFV_COL_BIRTH_NS, &tb, -1);
		return ta < tb ? -1 : ta > tb;
	}
	if (col == CFV_COL_CPU) {
		guint ua, ub;
		gtk_tree_model_get(model, a, col, &ua, -1);
		gtk_tree_model_get(model, b, col, &ub, -1);
		return ua < ub ? -1 : ua > ub;
	}
	{
		gint ia, ib;
		gtk_tree_model_get(model, a, col, &ia, -1);
		gtk_tree_model_get(model, b, col, &ib, -1);
		return ia < ib ? -1 : ia > ib;
	}
}

static const struct {
	const char *title;
	gint col;
} columns[] = {
	{ "Process", CFV_COL_NAME },
	{ "PID", CFV_COL_PID },
	{ "TGID", CFV_COL_TGID },
	{ "PPID", CFV_COL_PPID },
	{ "CPU", CFV_COL_CPU },
	{ "Birth (s)", CFV_COL_BIRTH },
	{ "Trace", CFV_COL_TRACE },
};

static void on_scroll_changed(GtkAdjustment *adj, gpointer data)
{
	cfv_queue_redraw(data);
}

/* Expanding or collapsing a leader moves the rows under it. */
static void on_rows_moved(GtkTreeView *tree, GtkTreeIter *it, GtkTreePath *path, gpointer data)
{
	cfv_queue_redraw(data);
}

static void on_sort_changed(GtkTreeSortable *sortable, gpointer data)
{
	cfv_queue_redraw(data);
}

GtkWidget *cfv_tree_new(Cfv *v)
{
	GtkAdjustment *hadj = GTK_ADJUSTMENT(gtk_adjustment_new(0, 0, 1, 1, 10, 1));
	GtkWidget *box;
	guint i;

	v->store = gtk_tree_store_new(CFV_N_COLS, G_TYPE_STRING, G_TYPE_INT, G_TYPE_INT, G_TYPE_INT, G_TYPE_UINT,
	                              G_TYPE_STRING, G_TYPE_UINT64, G_TYPE_UINT, G_TYPE_UINT, G_TYPE_BOOLEAN,
	                              G_TYPE_BOOLEAN);
	v->shown = gtk_tree_model_filter_new(GTK_TREE_MODEL(v->store), NULL);
	gtk_tree_model_filter_set_visible_column(GTK_TREE_MODEL_FILTER(v->shown), CFV_COL_SHOWN);
	v->sorted = gtk_tree_model_sort_new_with_model(v->shown);
	for (i = 0; i < G_N_ELEMENTS(columns); i++)
		gtk_tree_sortable_set_sort_func(GTK_TREE_SORTABLE(v->sorted), columns[i].col, compare_rows, v, NULL);
	gtk_tree_sortable_set_sort_column_id(GTK_TREE_SORTABLE(v->sorted), CFV_COL_PID, GTK_SORT_ASCENDING);
	g_signal_connect(v->sorted, "sort-column-changed", G_CALLBACK(on_sort_changed), v);

	v->tree = gtk_tree_view_new_with_model(v->sorted);
	gtk_tree_view_set_rules_hint(GTK_TREE_VIEW(v->tree), TRUE);
	gtk_tree_view_set_enable_search(GTK_TREE_VIEW(v->tree), FALSE);
	for (i = 0; i < G_N_ELEMENTS(columns); i++) {
		GtkCellRenderer *cell = gtk_cell_renderer_text_new();
		GtkTreeViewColumn *c = gtk_tree_view_column_new_with_attributes(columns[i].title, cell, "text",
		                                                                columns[i].col, NULL);
		if (columns[i].col != CFV_COL_NAME)
			g_object_set(cell, "xalign", 1.0, NULL);
		else
			g_object_set(cell, "ellipsize", PANGO_ELLIPSIZE_END, "width-chars", 14, NULL);
		gtk_tree_view_column_set_sizing(c, GTK_TREE_VIEW_COLUMN_FIXED);
		gtk_tree_view_column_set_resizable(c, TRUE);
		gtk_tree_view_column_set_fixed_width(c, columns[i].col == CFV_COL_NAME ? 140 :
		                                        columns[i].col == CFV_COL_BIRTH ? 84 : 58);
		gtk_tree_view_column_set_sort_column_id(c, columns[i].col);
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

gint cfv_tree_header_height(const Cfv *v)
{
	gint x, y;
	if (!gtk_widget_get_realized(v->tree))
		return 24;
	gtk_tree_view_convert_bin_window_to_widget_coords(GTK_TREE_VIEW(v->tree), 0, 0, &x, &y);
	return y;
}

/* The height of every row (fixed-height mode), 0 until the tree knows it. */
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
	GtkTreePath *path = gtk_tree_model_get_path(v->sorted, &cur);
	gboolean expanded = gtk_tree_view_row_expanded(GTK_TREE_VIEW(v->tree), path);

	gtk_tree_path_free(path);
	if (expanded && gtk_tree_model_iter_children(v->sorted, &child, &cur)) {
		*it = child;
		return TRUE;
	}
	for (;;) {
		GtkTreeIter next = cur;
		if (gtk_tree_model_iter_next(v->sorted, &next)) {
			*it = next;
			return TRUE;
		}
		if (!gtk_tree_model_iter_parent(v->sorted, &parent, &cur))
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

	if (h <= 0 || !gtk_tree_model_get_iter_first(v->sorted, &it))
		return;
	while ((index + 1) * h <= top) {
		if (!next_shown(v, &it))
			return;
		index++;
	}
	for (y = index * h - top; y < height; y += h) {
		guint trace, entity;
		gtk_tree_model_get(v->sorted, &it, CFV_COL_TRACE, &trace, CFV_COL_ENTITY, &entity, -1);
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

/* The store row behind a row of the sorted view. */
static void store_iter(const Cfv *v, GtkTreeIter *sorted_it, GtkTreeIter *store_it)
{
	GtkTreeIter shown_it;
	gtk_tree_model_sort_convert_iter_to_child_iter(GTK_TREE_MODEL_SORT(v->sorted), &shown_it, sorted_it);
	gtk_tree_model_filter_convert_iter_to_child_iter(GTK_TREE_MODEL_FILTER(v->shown), store_it, &shown_it);
}

void cfv_tree_toggle_pin_selected(Cfv *v)
{
	GtkTreeSelection *sel = gtk_tree_view_get_selection(GTK_TREE_VIEW(v->tree));
	GtkTreeIter it, sit;
	gboolean pinned;

	if (!gtk_tree_selection_get_selected(sel, NULL, &it))
		return;
	store_iter(v, &it, &sit);
	gtk_tree_model_get(GTK_TREE_MODEL(v->store), &sit, CFV_COL_PINNED, &pinned, -1);
	gtk_tree_store_set(v->store, &sit, CFV_COL_PINNED, !pinned, -1);
	cfv_queue_redraw(v);
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
	GtkTreeModel *m = v->sorted;
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
