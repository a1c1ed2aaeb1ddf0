/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* ltt-export: writes an LTT trace as CTF 1.8 (doc/man/ltt-export.1), through
 * babeltrace2: our source (bt-source.c) -> filter.utils.muxer ->
 * sink.ctf.fs. */
#include "config.h"
#include <string.h>
#include <glib.h>
#include "bt-source.h"

static int usage_error(const char *what)
{
	g_printerr("ltt-export: %s (try ltt-export --help)\n", what);
	return 2;
}

/* babeltrace2's error causes, as one line each on stderr. */
static void print_bt_error(void)
{
	const bt_error *e = bt_current_thread_take_error();
	guint64 i;

	for (i = 0; e != NULL && i < bt_error_get_cause_count(e); i++) {
		const char *m = bt_error_cause_get_message(bt_error_borrow_cause_by_index(e, i));

		if (strstr(m, "addr=") == NULL)
			g_printerr("ltt-export: %s\n", m);
	}
	if (e != NULL)
		bt_error_release(e);
}

static const bt_component_class *find_class(const char *plugin_name, const char *name, bt_component_class_type type)
{
	const bt_plugin *plugin = NULL;
	const bt_component_class *c = NULL;

	if (bt_plugin_find(plugin_name, BT_TRUE, BT_FALSE, BT_TRUE, BT_TRUE, BT_FALSE, &plugin) != BT_PLUGIN_FIND_STATUS_OK)
		return NULL;
	if (type == BT_COMPONENT_CLASS_TYPE_FILTER)
		c = bt_component_class_filter_as_component_class_const(bt_plugin_borrow_filter_component_class_by_name_const(plugin, name));
	else
		c = bt_component_class_sink_as_component_class_const(bt_plugin_borrow_sink_component_class_by_name_const(plugin, name));
	if (c != NULL)
		bt_component_class_get_ref(c);
	bt_plugin_put_ref(plugin);
	return c;
}

static gboolean export_ctf(const char *src, const char *dst)
{
	bt_graph *g = bt_graph_create(0);
	bt_component_class_source *source_class = ltt_bt_source_class_new();
	const bt_component_class *muxer_class = find_class("utils", "muxer", BT_COMPONENT_CLASS_TYPE_FILTER);
	const bt_component_class *sink_class = find_class("ctf", "fs", BT_COMPONENT_CLASS_TYPE_SINK);
	const bt_component_source *source = NULL;
	const bt_component_filter *muxer = NULL;
	const bt_component_sink *sink = NULL;
	bt_value *sp = bt_value_map_create(), *inputs = NULL, *kp = bt_value_map_create();
	bt_graph_run_status st = BT_GRAPH_RUN_STATUS_ERROR;
	guint64 i;
	gboolean ok;

	if (muxer_class == NULL || sink_class == NULL) {
		g_printerr("ltt-export: babeltrace2's utils and ctf plugins are needed (Debian: apt-get install babeltrace2)\n");
		ok = FALSE;
		goto out;
	}
	bt_value_map_insert_empty_array_entry(sp, "inputs", &inputs);
	bt_value_array_append_string_element(inputs, src);
	bt_value_map_insert_string_entry(kp, "path", dst);
	bt_value_map_insert_bool_entry(kp, "assume-single-trace", BT_TRUE);
	ok = bt_graph_add_source_component(g, source_class, "ltt", sp, BT_LOGGING_LEVEL_NONE, &source) == BT_GRAPH_ADD_COMPONENT_STATUS_OK
	     && bt_graph_add_filter_component(g, (const bt_component_class_filter *) muxer_class, "muxer", NULL,
	                                      BT_LOGGING_LEVEL_NONE, &muxer) == BT_GRAPH_ADD_COMPONENT_STATUS_OK
	     && bt_graph_add_sink_component(g, (const bt_component_class_sink *) sink_class, "ctf", kp,
	                                    BT_LOGGING_LEVEL_NONE, &sink) == BT_GRAPH_ADD_COMPONENT_STATUS_OK;
	/* The muxer adds an input port each time one is connected. */
	for (i = 0; ok && i < bt_component_source_get_output_port_count(source); i++)
		ok = bt_graph_connect_ports(g, bt_component_source_borrow_output_port_by_index_const(source, i),
		                            bt_component_filter_borrow_input_port_by_index_const(muxer, i), NULL)
		     == BT_GRAPH_CONNECT_PORTS_STATUS_OK;
	ok = ok && bt_graph_connect_ports(g, bt_component_filter_borrow_output_port_by_index_const(muxer, 0),
	                                  bt_component_sink_borrow_input_port_by_index_const(sink, 0), NULL)
	           == BT_GRAPH_CONNECT_PORTS_STATUS_OK;
	while (ok && (st = bt_graph_run(g)) == BT_GRAPH_RUN_STATUS_AGAIN)
		;
	ok = ok && st == BT_GRAPH_RUN_STATUS_OK;
out:
	if (!ok)
		print_bt_error();
	bt_value_put_ref(sp);
	bt_value_put_ref(kp);
	bt_graph_put_ref(g);
	bt_component_class_source_put_ref(source_class);
	bt_component_class_put_ref(muxer_class);
	bt_component_class_put_ref(sink_class);
	return ok;
}

int main(int argc, char **argv)
{
	char *to = NULL;
	gboolean show_version = FALSE;
	GOptionEntry entries[] = {
		{ "to", 't', 0, G_OPTION_ARG_STRING, &to, "the output format: ctf (CTF 1.8, as LTTng writes)", "FORMAT" },
		{ "version", 'V', 0, G_OPTION_ARG_NONE, &show_version, "print the version and exit", NULL },
		{ NULL }
	};
	GOptionContext *ctx = g_option_context_new("SRC DST");
	GError *error = NULL;

	g_option_context_set_summary(ctx, "Writes the LTT trace SRC as a new trace DST in another format, so that\n"
	                                  "other tools (babeltrace2, Trace Compass) read it.");
	g_option_context_add_main_entries(ctx, entries, NULL);
	if (!g_option_context_parse(ctx, &argc, &argv, &error)) {
		int rc = usage_error(error->message);
		g_error_free(error);
		g_option_context_free(ctx);
		return rc;
	}
	g_option_context_free(ctx);
	if (show_version) {
		g_free(to);
		g_print("ltt-export %s\n", PACKAGE_VERSION);
		return 0;
	}
	if (to == NULL || strcmp(to, "ctf") != 0) {
		g_free(to);
		return usage_error("--to ctf is required (the only format written)");
	}
	g_free(to);
	if (argc != 3)
		return usage_error(argc < 3 ? "SRC and DST are required" : "too many arguments");
	if (g_file_test(argv[2], G_FILE_TEST_EXISTS)) {
		g_printerr("ltt-export: %s already exists\n", argv[2]);
		return 1;
	}
	return export_ctf(argv[1], argv[2]) ? 0 : 1;
}
