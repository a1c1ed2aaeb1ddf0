/* textDump.c: the textDump module: one line of text per event.
 *
 *   TRACE CHANNEL CPU SECONDS.NANOSECONDS EVENT FIELD=VALUE ...
 *
 * The format is described in doc/lttv.md.  Formatting avoids stdio in the
 * per-event path (integers and times are converted by hand into one buffer
 * written in large chunks): the dump runs at several million events per
 * second. */
#include <config.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <ltt/event.h>
#include <ltt/type.h>
#include <lttv/lttv.h>
#include <lttv/module.h>
#include <lttv/option.h>
#include <lttv/tracecontext.h>

#define OUT_CAPACITY (1u << 20)

typedef struct {
	char *data;
	gsize len, cap;
	FILE *file;
	char *file_name;       /* for messages */
	int write_errno;       /* first failure, 0 if none */
} Output;

typedef struct _TypeCache TypeCache;

/* The fixed start of every line of one tracefile: "TRACE CHANNEL CPU ". */
typedef struct {
	char *text;
	gsize len;
	TypeCache **types;     /* by event id, filled on first use */
	guint n_types;
} Prefix;

/* Where each tracefile context keeps its Prefix during a run. */
#define PREFIX_ATTRIBUTE "textDump/prefix"

static Output out;
static gboolean no_field_names;
static GPtrArray *prefixes;    /* Prefix *, one per tracefile of the current run */

static void flush_output(void)
{
	errno = 0;
	if (out.len > 0 && out.write_errno == 0 && fwrite(out.data, 1, out.len, out.file) != out.len)
		out.write_errno = errno ? errno : EIO;
	out.len = 0;
}

/* Room for n more bytes. */
static inline char *reserve(gsize n)
{
	if (G_UNLIKELY(out.len + n > out.cap)) {
		flush_output();
		if (n > out.cap) {
			out.cap = n;
			out.data = g_realloc(out.data, out.cap);
		}
	}
	return out.data + out.len;
}

static inline void put(const char *s, gsize n)
{
	memcpy(reserve(n), s, n);
	out.len += n;
}

/* The texts textDump builds itself (line prefixes, names, labels) are
 * padded so that they can be copied 16 bytes at a time. */
#define PAD 16

static char *padded_strdup(const char *s, gsize *len)
{
	*len = strlen(s);
	char *p = g_malloc0(*len + PAD);
	memcpy(p, s, *len);
	return p;
}

static inline void put_padded(const char *s, gsize n)
{
	char *d = reserve(n + PAD);
	for (gsize i = 0; i < n; i += PAD)
		memcpy(d + i, s + i, PAD);
	out.len += n;
}

static inline void put_c(char c)
{
	*reserve(1) = c;
	out.len++;
}

static const char digit_pairs[201] =
	"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

/* Writes the decimal digits of v ending at end; returns where they start. */
static inline char *digits_before(char *end, guint64 v)
{
	while (v >= 100) {
		guint r = (guint) (v % 100);
		v /= 100;
		end -= 2;
		memcpy(end, digit_pairs + 2 * r, 2);
	}
	if (v >= 10) {
		end -= 2;
		memcpy(end, digit_pairs + 2 * v, 2);
	} else {
		*--end = (char) ('0' + v);
	}
	return end;
}

static inline guint digit_count(guint64 v)
{
	guint n = 1;
	while (v >= 10000) {
		v /= 10000;
		n += 4;
	}
	return n + (v >= 10) + (v >= 100) + (v >= 1000);
}

static inline void put_uint(guint64 v)
{
	guint n = digit_count(v);
	digits_before(reserve(20) + n, v);
	out.len += n;
}

static inline void put_int(gint64 v)
{
	if (v < 0) {
		put_c('-');
		put_uint((guint64) 0 - (guint64) v);
	} else {
		put_uint((guint64) v);
	}
}

static inline void put_time(LttTime t)
{
	put_uint(t / LTT_NSEC_PER_SEC);
	char *p = reserve(10);
	guint32 ns = (guint32) (t % LTT_NSEC_PER_SEC);
	p[0] = '.';
	/* Nine digits, leading zeros kept. */
	for (int i = 8; i > 0; i -= 2) {
		memcpy(p + i, digit_pairs + 2 * (ns % 100), 2);
		ns /= 100;
	}
	p[1] = (char) ('0' + ns);
	out.len += 10;
}

/* Bytes a string may hold as they are. */
static inline gboolean plain(unsigned char c)
{
	return c >= 0x20 && c != '"' && c != '\\' && c != 0x7f;
}

/* Returns the length of s. */
static gsize put_string(const char *s)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *p = (const unsigned char *) s;
	put_c('"');
	for (;;) {
		const unsigned char *q = p;
		while (plain(*q))
			q++;
		put((const char *) p, (gsize) (q - p));
		if (*q == '\0') {
			put_c('"');
			return (gsize) ((const char *) q - s);
		}
		char *d = reserve(4);
		d[0] = '\\';
		switch (*q) {
		case '"': d[1] = '"'; out.len += 2; break;
		case '\\': d[1] = '\\'; out.len += 2; break;
		case '\n': d[1] = 'n'; out.len += 2; break;
		case '\t': d[1] = 't'; out.len += 2; break;
		default:
			d[1] = 'x'; d[2] = hex[*q >> 4]; d[3] = hex[*q & 15];
			out.len += 4;
			break;
		}
		p = q + 1;
	}
}

/* Prints v and sets *size to the bytes it occupies; FALSE when damaged. */
static gboolean put_value(const LttValue *v, gsize *size);

/* Struct members or array elements; FALSE when a value is damaged. */
static gboolean put_members(const LttValue *v)
{
	guint n = ltt_type_field_count(v->type);
	LttValue m = *v;
	put_c('{');
	for (guint i = 0; i < n; i++) {
		const LttField *f = ltt_type_field(v->type, i);
		gsize size;
		if (i > 0)
			put_c(',');
		if (!no_field_names) {
			put(ltt_field_name(f), strlen(ltt_field_name(f)));
			put_c('=');
		}
		m.type = ltt_field_type(f);
		if (!put_value(&m, &size))
			return FALSE;
		m.data += size;
		m.avail -= size;
	}
	put_c('}');
	return TRUE;
}

static gboolean put_elements(const LttValue *v)
{
	guint64 n;
	LttValue e;
	if (!ltt_value_element_count(v, &n, NULL))
		return FALSE;
	put_c('[');
	if (n > 0) {
		if (!ltt_value_element(v, 0, &e, NULL))
			return FALSE;
		/* Elements follow each other: step over each one's size. */
		for (guint64 i = 0; i < n; i++) {
			gsize size;
			if (i > 0)
				put_c(',');
			if (!put_value(&e, &size))
				return FALSE;
			e.data += size;
			e.avail -= size;
		}
	}
	put_c(']');
	return TRUE;
}

static gboolean put_value(const LttValue *v, gsize *size)
{
	LttTypeKind kind = ltt_type_kind(v->type);
	switch (kind) {
	case LTT_TYPE_S8: case LTT_TYPE_S16: case LTT_TYPE_S32: case LTT_TYPE_S64: {
		gint64 i;
		if (!ltt_value_get_int(v, &i, NULL))
			return FALSE;
		put_int(i);
		*size = (gsize) 1 << (kind - LTT_TYPE_S8);
		return TRUE;
	}
	case LTT_TYPE_U8: case LTT_TYPE_U16: case LTT_TYPE_U32: case LTT_TYPE_U64: {
		guint64 u;
		if (!ltt_value_get_uint(v, &u, NULL))
			return FALSE;
		put_uint(u);
		*size = (gsize) 1 << (kind - LTT_TYPE_U8);
		return TRUE;
	}
	case LTT_TYPE_ENUM: {
		gint64 i;
		if (!ltt_value_get_int(v, &i, NULL))
			return FALSE;
		const char *label = ltt_value_get_enum_label(v);
		if (label != NULL)
			put(label, strlen(label));
		else
			put_int(i);
		*size = ltt_type_fixed_size(v->type);
		return TRUE;
	}
	case LTT_TYPE_STRING: {
		const char *s;
		if (!ltt_value_get_string(v, &s, NULL))
			return FALSE;
		*size = put_string(s) + 1;
		return TRUE;
	}
	case LTT_TYPE_ARRAY:
	case LTT_TYPE_SEQUENCE:
		return put_elements(v) && ltt_value_size(v, size, NULL);
	case LTT_TYPE_STRUCT:
		return put_members(v) && ltt_value_size(v, size, NULL);
	}
	return FALSE;
}

/* What every event of one type prints before its values, computed once:
 * the event name and " name=" for each top-level field. */
struct _TypeCache {
	const LttEventType *et;
	char *name;
	gsize name_len;
	guint n_fields;
	const LttType **types;
	char **labels;
	gsize *label_lens;
};

static TypeCache *type_cache_new(const LttEventType *et)
{
	TypeCache *c = g_new0(TypeCache, 1);
	c->et = et;
	c->name = padded_strdup(ltt_event_type_name(et), &c->name_len);
	c->n_fields = ltt_event_type_field_count(et);
	c->types = g_new(const LttType *, c->n_fields);
	c->labels = g_new(char *, c->n_fields);
	c->label_lens = g_new(gsize, c->n_fields);
	for (guint i = 0; i < c->n_fields; i++) {
		const LttField *f = ltt_event_type_field(et, i);
		c->types[i] = ltt_field_type(f);
		char *label = no_field_names ? g_strdup(" ") : g_strconcat(" ", ltt_field_name(f), "=", NULL);
		c->labels[i] = padded_strdup(label, &c->label_lens[i]);
		g_free(label);
	}
	return c;
}

static void type_cache_free(TypeCache *c)
{
	if (c == NULL)
		return;
	for (guint i = 0; i < c->n_fields; i++)
		g_free(c->labels[i]);
	g_free(c->labels);
	g_free(c->label_lens);
	g_free(c->types);
	g_free(c->name);
	g_free(c);
}

/* Top-level fields, walked in place: each starts where the previous ends. */
static void put_payload(const LttEvent *e, const TypeCache *c)
{
	LttValue m;
	ltt_event_payload_value(e, &m);
	for (guint i = 0; i < c->n_fields; i++) {
		gsize size;
		put_padded(c->labels[i], c->label_lens[i]);
		m.type = c->types[i];
		if (!put_value(&m, &size)) {
			put("<damaged>", 9);
			return;
		}
		m.data += size;
		m.avail -= size;
	}
}

static TypeCache *type_cache(Prefix *prefix, const LttEvent *e)
{
	guint id = ltt_event_id(e);
	if (id >= prefix->n_types) {
		guint n = MAX(id + 1, 2 * prefix->n_types);
		prefix->types = g_renew(TypeCache *, prefix->types, n);
		memset(prefix->types + prefix->n_types, 0, (n - prefix->n_types) * sizeof(TypeCache *));
		prefix->n_types = n;
	}
	TypeCache *c = prefix->types[id];
	const LttEventType *et = ltt_event_type(e);
	if (c == NULL || c->et != et) {
		type_cache_free(c);
		c = prefix->types[id] = type_cache_new(et);
	}
	return c;
}

static gboolean print_event(void *hook_data, void *call_data)
{
	Prefix *prefix = hook_data;
	const LttvTracefileContext *tfc = call_data;
	const LttEvent *e = tfc->e;
	const TypeCache *c = type_cache(prefix, e);
	put_padded(prefix->text, prefix->len);
	put_time(tfc->timestamp);
	put_c(' ');
	put_padded(c->name, c->name_len);
	put_payload(e, c);
	put_c('\n');
	return FALSE;
}

static gboolean tracefile_before(void *hook_data, void *call_data)
{
	LttvTracefileContext *tfc = call_data;
	Prefix *p = g_new0(Prefix, 1);
	char *text = g_strdup_printf("%s %s %u ", ltt_trace_name(tfc->t_context->t),
	                             ltt_tracefile_channel(tfc->tf), ltt_tracefile_cpu(tfc->tf));
	p->text = padded_strdup(text, &p->len);
	g_free(text);
	g_ptr_array_add(prefixes, p);
	LttvAttributeValue v;
	if (lttv_attribute_find_by_path(tfc->a, PREFIX_ATTRIBUTE, LTTV_POINTER, &v, NULL))
		*v.v_pointer = p;
	lttv_hooks_add(tfc->event, print_event, p, LTTV_PRIO_DEFAULT);
	return FALSE;
}

static gboolean tracefile_after(void *hook_data, void *call_data)
{
	LttvTracefileContext *tfc = call_data;
	LttvAttributeValue v;
	if (lttv_attribute_find_by_path(tfc->a, PREFIX_ATTRIBUTE, LTTV_POINTER, &v, NULL))
		lttv_hooks_remove_data(tfc->event, print_event, *v.v_pointer);
	return FALSE;
}

static gboolean traceset_after(void *hook_data, void *call_data)
{
	g_ptr_array_set_size(prefixes, 0);
	flush_output();
	if (out.write_errno == 0 && fflush(out.file) != 0)
		out.write_errno = errno;
	if (out.write_errno != 0) {
		LttvAttributeValue v;
		fprintf(stderr, "textDump: writing %s: %s\n", out.file_name, g_strerror(out.write_errno));
		if (lttv_attribute_find_by_path(lttv_global_attributes(), "status", LTTV_INT, &v, NULL))
			*v.v_int = 1;
	}
	return FALSE;
}

static void prefix_free(gpointer data)
{
	Prefix *p = data;
	for (guint i = 0; i < p->n_types; i++)
		type_cache_free(p->types[i]);
	g_free(p->types);
	g_free(p->text);
	g_free(p);
}

static void close_output(void)
{
	if (out.file != NULL && out.file != stdout)
		fclose(out.file);
	out.file = NULL;
	g_clear_pointer(&out.file_name, g_free);
}

/* -o: opened at once, so that a bad path is reported with the command line. */
static gboolean open_output(void *hook_data, void *call_data)
{
	const char *path = call_data;
	FILE *f = fopen(path, "w");
	if (f == NULL) {
		lttv_option_fail("cannot open %s: %s", path, g_strerror(errno));
		return TRUE;
	}
	close_output();
	out.file = f;
	out.file_name = g_strdup(path);
	return FALSE;
}

static const struct {
	const char *path;
	LttvHook hook;
} hooks[] = {
	{ "hooks/tracefile/before", tracefile_before },
	{ "hooks/tracefile/after", tracefile_after },
	{ "hooks/traceset/after", traceset_after },
};

static gboolean init(GError **error)
{
	LttvAttributeValue v;
	if (!lttv_option_add("output", 'o', "write the dump to FILE (default: standard output)", "FILE",
	                     LTTV_OPT_STRING, NULL, open_output, NULL, error))
		return FALSE;
	if (!lttv_option_add("no-field-names", 0, "print field values without their names", NULL,
	                     LTTV_OPT_NONE, &no_field_names, NULL, NULL, error)) {
		lttv_option_remove("output");
		return FALSE;
	}
	if (lttv_attribute_find_by_path(lttv_global_attributes(), "batch/needs_traces", LTTV_INT, &v, NULL))
		*v.v_int = 1;
	out.cap = OUT_CAPACITY;
	out.data = g_malloc(out.cap);
	out.file = stdout;
	out.file_name = g_strdup("standard output");
	prefixes = g_ptr_array_new_with_free_func(prefix_free);
	for (guint i = 0; i < G_N_ELEMENTS(hooks); i++)
		lttv_hooks_add(lttv_global_hooks(hooks[i].path), hooks[i].hook, NULL, LTTV_PRIO_DEFAULT);
	return TRUE;
}

static void destroy(void)
{
	for (guint i = 0; i < G_N_ELEMENTS(hooks); i++)
		lttv_hooks_remove_data(lttv_global_hooks(hooks[i].path), hooks[i].hook, NULL);
	lttv_option_remove("output");
	lttv_option_remove("no-field-names");
	close_output();
	g_clear_pointer(&out.data, g_free);
	out.len = out.cap = 0;
	g_clear_pointer(&prefixes, g_ptr_array_unref);
}

LTTV_MODULE("textDump", "print every event as one line of text",
            "Prints every event of the traces given with -t, in time order, as one line: trace, "
            "channel, CPU, time (seconds.nanoseconds), event name and payload fields "
            "(name=value).  The format is stable and documented in doc/lttv.md.",
            init, destroy, NULL);
