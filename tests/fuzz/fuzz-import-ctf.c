/* fuzz-import-ctf: libFuzzer target for the CTF import (ltt/import): the
 * input is a CTF trace in one buffer, a little-endian u16 giving the
 * metadata's length, the metadata (plain text), then the bytes of stream
 * file "stream_0".  babeltrace2 decodes it (not instrumented); what is
 * fuzzed is ours: the mapping of whatever field classes and values it
 * yields to LTT declarations and payloads, the writer, and the reading of
 * the result, every event formatted.  The import runs in this process
 * (ltt_import would run it in a child, out of the fuzzer's sight), so
 * babeltrace2's own aborts on some metadata (its ctf plugin tripping its
 * library's preconditions) stop a run: corpus-import-ctf/bt2-duplicate-member
 * is one, which ltt_import turns into an error. */
#include "config.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gstdio.h>
#include "ltt/ltt.h"
#include <babeltrace2/babeltrace.h>
#include "ltt/import/import-private.h"
#include "fuzz-trace-dir.h"

int LLVMFuzzerTestOneInput(const guint8 *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);
const char *__lsan_default_suppressions(void);

/* babeltrace2 leaks a little on some of its metadata error paths: not
 * ours to find.  Its ctf plugin is kept loaded (a reference held for the
 * whole run) so that LeakSanitizer can name it: an unloaded one is an
 * unknown module. */
const char *__lsan_default_suppressions(void)
{
	return "leak:libbabeltrace2.so\nleak:babeltrace-plugin-ctf.so\n";
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static const bt_plugin *ctf;

	if (bt_plugin_find("ctf", BT_TRUE, BT_FALSE, BT_TRUE, BT_TRUE, BT_FALSE, &ctf) != BT_PLUGIN_FIND_STATUS_OK)
		abort();
	return 0;
}

static void remove_dir(const char *dir)
{
	GDir *d = g_dir_open(dir, 0, NULL);
	const char *name;

	while (d != NULL && (name = g_dir_read_name(d)) != NULL) {
		char *path = g_build_filename(dir, name, NULL);
		g_unlink(path);
		g_free(path);
	}
	if (d != NULL)
		g_dir_close(d);
	g_rmdir(dir);
}

static void read_all(const char *dir)
{
	LttTrace *trace = ltt_trace_open(dir, NULL);
	GString *text = g_string_new(NULL);
	guint i;

	for (i = 0; trace != NULL && i < ltt_trace_tracefile_count(trace); i++) {
		LttTracefile *tf = ltt_trace_tracefile(trace, i);
		LttReadStatus st;
		GError *error = NULL;

		while ((st = ltt_tracefile_next(tf, &error)) != LTT_READ_END) {
			if (st == LTT_READ_DAMAGED) {
				g_clear_error(&error);
				continue;
			}
			g_string_truncate(text, 0);
			ltt_event_format_payload(ltt_tracefile_event(tf), text, LTT_FORMAT_FIELD_NAMES);
		}
	}
	g_string_free(text, TRUE);
	if (trace != NULL)
		ltt_trace_unref(trace);
}

int LLVMFuzzerTestOneInput(const guint8 *data, size_t size)
{
	static char *dst;
	gsize meta_len;
	GError *error = NULL;
	LttImportStats stats = { 0 };

	if (size < 2)
		return 0;
	meta_len = data[0] | (gsize) data[1] << 8;
	if (meta_len > size - 2)
		meta_len = size - 2;
	fuzz_write_file("metadata", data + 2, meta_len);
	fuzz_write_file("stream_0", data + 2 + meta_len, size - 2 - meta_len);
	if (dst == NULL)
		dst = g_strconcat(fuzz_trace_dir(), ".out", NULL);
	remove_dir(dst);
	ltt_import_ctf(fuzz_trace_dir(), dst, NULL, NULL, &stats, &error);
	g_clear_error(&error);
	read_all(dst);
	remove_dir(dst);
	return 0;
}
