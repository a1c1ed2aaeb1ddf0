/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* metadata.c: the metadata file of a trace (doc/format.md §3).  Read
 * incrementally: producers append statements while tracing, so the reader
 * remembers how far it got and a reload parses only the new lines. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include "ltt-error.h"
#include "type-private.h"
#include "metadata-private.h"

static void channel_types_free(gpointer data)
{
	LttChannelTypes *ct = data;

	g_ptr_array_free(ct->dense, TRUE);
	g_hash_table_destroy(ct->sparse);
	g_free(ct);
}

LttMetadata *ltt_metadata_new(const char *path)
{
	LttMetadata *md = g_new0(LttMetadata, 1);

	md->path = g_strdup(path);
	md->properties = g_hash_table_new(g_str_hash, g_str_equal);
	md->strings = g_ptr_array_new_with_free_func(g_free);
	md->types = g_ptr_array_new_with_free_func((GDestroyNotify) ltt_event_type_free);
	md->channels = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, channel_types_free);
	md->info.byte_order = G_BYTE_ORDER;
	md->info.host = md->info.os = md->info.kernel = md->info.tracer = "";
	md->info.clock_name = "";
	md->info.clock_freq = 1000000000;
	return md;
}

void ltt_metadata_free(LttMetadata *md)
{
	if (md == NULL)
		return;
	g_hash_table_destroy(md->channels);
	g_ptr_array_free(md->types, TRUE);
	g_hash_table_destroy(md->properties);
	g_ptr_array_free(md->strings, TRUE);
	g_free(md->path);
	g_free(md);
}

LttChannelTypes *ltt_metadata_channel(LttMetadata *md, const char *channel)
{
	LttChannelTypes *ct = g_hash_table_lookup(md->channels, channel);

	if (ct == NULL) {
		ct = g_new0(LttChannelTypes, 1);
		ct->dense = g_ptr_array_new();
		ct->sparse = g_hash_table_new(g_direct_hash, g_direct_equal);
		g_hash_table_insert(md->channels, g_strdup(channel), ct);
	}
	return ct;
}

/* One line being parsed: errors name the file, line and column. */
typedef struct {
	LttMetadata *md;
	const char *text;        /* NUL-terminated copy of the line */
	const char *p;
	guint line;
	GError *error;
} Line;

static gboolean line_fail(Line *l, const char *at, const char *what)
{
	g_clear_error(&l->error);
	g_set_error(&l->error, LTT_ERROR, LTT_ERROR_METADATA, "%s:%u: column %u: expected %s",
	            l->md->path, l->line, (guint) (at - l->text) + 1, what);
	return FALSE;
}

static void skip_blanks(Line *l)
{
	while (*l->p == ' ' || *l->p == '\t')
		l->p++;
}

/* A token: a run of non-blank characters.  Returns its length. */
static gsize token(Line *l)
{
	const char *q;

	skip_blanks(l);
	for (q = l->p; *q && *q != ' ' && *q != '\t'; q++)
		;
	return (gsize) (q - l->p);
}

static gboolean span_of(const char *s, gsize len, const char *extra, gboolean alpha_first)
{
	if (len == 0 || (alpha_first && !g_ascii_isalpha(s[0]) && s[0] != '_'))
		return FALSE;
	for (gsize i = 0; i < len; i++)
		if (!g_ascii_isalnum(s[i]) && strchr(extra, s[i]) == NULL)
			return FALSE;
	return TRUE;
}

static gboolean at_end(Line *l)
{
	skip_blanks(l);
	if (*l->p != '\0')
		return line_fail(l, l->p, "the end of the line");
	return TRUE;
}

static gboolean parse_header(Line *l)
{
	const char *at;
	gsize len = token(l);
	guint64 major, minor;
	char *end;

	if (len != 12 || memcmp(l->p, "ltt-metadata", 12) != 0)
		return line_fail(l, l->p, "'ltt-metadata MAJOR.MINOR' as the first statement");
	l->p += len;
	len = token(l);
	at = l->p;
	if (!g_ascii_isdigit(*at))
		return line_fail(l, at, "a version MAJOR.MINOR");
	major = g_ascii_strtoull(at, &end, 10);
	if (*end != '.' || !g_ascii_isdigit(end[1]))
		return line_fail(l, end, "'.' and the minor version");
	minor = g_ascii_strtoull(end + 1, &end, 10);
	if (end != at + len)
		return line_fail(l, end, "a version MAJOR.MINOR");
	l->p = end;
	if (!at_end(l))
		return FALSE;
	if (major != LTT_FORMAT_MAJOR) {
		g_set_error(&l->error, LTT_ERROR, LTT_ERROR_VERSION,
		            "%s:%u: column %u: format version %" G_GUINT64_FORMAT ".%" G_GUINT64_FORMAT
		            " is not supported (this reader reads %d.x)",
		            l->md->path, l->line, (guint) (at - l->text) + 1, major, minor, LTT_FORMAT_MAJOR);
		return FALSE;
	}
	l->md->info.format_major = (guint) major;
	l->md->info.format_minor = minor > G_MAXUINT ? G_MAXUINT : (guint) minor;
	l->md->have_header = TRUE;
	return TRUE;
}

static gboolean parse_uint(const char *s, guint64 max, guint64 *out)
{
	char *end;
	guint64 v;

	if (!g_ascii_isdigit(s[0]))
		return FALSE;
	errno = 0;
	v = g_ascii_strtoull(s, &end, 10);
	if (errno != 0 || *end != '\0' || v > max)
		return FALSE;
	*out = v;
	return TRUE;
}

/* Interprets the keys LttTraceInfo exposes. */
static gboolean apply_property(Line *l, const char *key, const char *value, const char *at)
{
	LttTraceInfo *info = &l->md->info;
	guint64 u;

	if (strcmp(key, "byte_order") == 0) {
		if (strcmp(value, "little") == 0)
			info->byte_order = G_LITTLE_ENDIAN;
		else if (strcmp(value, "big") == 0)
			info->byte_order = G_BIG_ENDIAN;
		else
			return line_fail(l, at, "'little' or 'big'");
		l->md->have_byte_order = TRUE;
	} else if (strcmp(key, "cpus") == 0) {
		if (!parse_uint(value, LTT_CPU_COUNT_MAX, &u))
			return line_fail(l, at, "a number of CPUs, at most 65536");
		info->cpu_count = (guint) u;
	} else if (strcmp(key, "clock.freq") == 0) {
		if (!parse_uint(value, G_MAXUINT64, &u) || u == 0)
			return line_fail(l, at, "a positive clock frequency in Hz");
		info->clock_freq = u;
	} else if (strcmp(key, "clock.offset") == 0) {
		gboolean negative = value[0] == '-';
		if (!parse_uint(value + negative, negative ? (guint64) G_MAXINT64 + 1 : G_MAXINT64, &u))
			return line_fail(l, at, "a signed number of nanoseconds");
		info->clock_offset = negative ? (gint64) (0 - u) : (gint64) u;
	} else if (strcmp(key, "host") == 0) {
		info->host = value;
	} else if (strcmp(key, "os") == 0) {
		info->os = value;
	} else if (strcmp(key, "kernel") == 0) {
		info->kernel = value;
	} else if (strcmp(key, "tracer") == 0) {
		info->tracer = value;
	} else if (strcmp(key, "clock.name") == 0) {
		info->clock_name = value;
	}
	return TRUE;
}

static gboolean parse_property(Line *l)
{
	LttMetadata *md = l->md;
	gsize len = token(l);
	const char *at;
	char *key, *value;

	for (gsize i = 0; i < len; i++)
		if (!g_ascii_islower(l->p[i]) && !g_ascii_isdigit(l->p[i]) && l->p[i] != '_' && l->p[i] != '.')
			return line_fail(l, l->p + i, "'event' or a property key [a-z0-9_.]+");
	key = g_strndup(l->p, len);
	l->p += len;
	skip_blanks(l);
	at = l->p;
	if (*l->p == '"') {
		const char *end;
		value = ltt_parse_quoted(l->p, &end);
		if (value == NULL) {
			g_free(key);
			return line_fail(l, end, *end ? "an escape \\\\, \\\", \\n or \\t" : "'\"' closing the value");
		}
		l->p = end;
	} else {
		len = token(l);
		if (len == 0) {
			g_free(key);
			return line_fail(l, l->p, "a value after the key");
		}
		value = g_strndup(l->p, len);
		l->p += len;
	}
	if (!at_end(l) || !apply_property(l, key, value, at)) {
		g_free(key);
		g_free(value);
		return FALSE;
	}
	g_ptr_array_add(md->strings, key);
	g_ptr_array_add(md->strings, value);
	g_hash_table_insert(md->properties, key, value);
	return TRUE;
}

static gboolean same_declaration(const LttEventType *a, const LttEventType *b)
{
	GString *sa = g_string_new(a->name), *sb = g_string_new(b->name);
	gboolean same;

	ltt_type_to_string(a->payload, sa);
	ltt_type_to_string(b->payload, sb);
	same = strcmp(sa->str, sb->str) == 0;
	g_string_free(sa, TRUE);
	g_string_free(sb, TRUE);
	return same;
}

static gboolean parse_event(Line *l)
{
	LttMetadata *md = l->md;
	gsize len;
	const char *at, *open, *close;
	char *channel, *name, *fields, *end;
	guint64 id;
	LttType *payload;
	LttEventType *et;
	const LttEventType *old;
	LttChannelTypes *ct;

	l->p += 5;
	len = token(l);
	if (!span_of(l->p, len, "_.-", FALSE))
		return line_fail(l, l->p, "a channel name [A-Za-z0-9_.-]+");
	channel = g_strndup(l->p, len);
	l->p += len;
	len = token(l);
	at = l->p;
	if (len == 0 || !g_ascii_isdigit(*at)) {
		g_free(channel);
		return line_fail(l, at, "a decimal event id");
	}
	errno = 0;
	id = g_ascii_strtoull(at, &end, 10);
	if (end != at + len || errno != 0 || id > G_MAXUINT32) {
		g_free(channel);
		return line_fail(l, at, "a decimal event id below 2^32");
	}
	l->p += len;
	skip_blanks(l);
	for (len = 0; g_ascii_isalnum(l->p[len]) || l->p[len] == '_'; len++)
		;
	if (!span_of(l->p, len, "_", TRUE)) {
		g_free(channel);
		return line_fail(l, l->p, "an event name [A-Za-z_][A-Za-z0-9_]*");
	}
	name = g_strndup(l->p, len);
	l->p += len;
	skip_blanks(l);
	if (*l->p != '{') {
		g_free(channel);
		g_free(name);
		return line_fail(l, l->p, "'{' opening the fields");
	}
	open = l->p;
	close = l->text + strlen(l->text);
	while (close > open && (close[-1] == ' ' || close[-1] == '\t'))
		close--;
	if (close == open + 1 || close[-1] != '}') {
		g_free(channel);
		g_free(name);
		return line_fail(l, close, "'}' closing the fields at the end of the line");
	}
	close--;
	/* The field text keeps its place in the line, so the type parser's
	 * columns are the line's columns. */
	fields = g_strndup(l->text, (gsize) (close - l->text));
	memset(fields, ' ', (gsize) (open - l->text) + 1);
	payload = ltt_type_parse_fields(fields, &l->error);
	g_free(fields);
	if (payload == NULL) {
		char *msg = g_strdup_printf("%s:%u: %s", md->path, l->line, l->error->message);
		g_free(l->error->message);
		l->error->message = msg;
		g_free(channel);
		g_free(name);
		return FALSE;
	}
	et = ltt_event_type_new(channel, (guint) id, name, payload);
	g_free(channel);
	g_free(name);
	ct = ltt_metadata_channel(md, et->channel);
	if ((old = ltt_channel_type(ct, et->id)) != NULL) {
		gboolean same = same_declaration(old, et);
		ltt_event_type_free(et);
		if (same)
			return TRUE;
		return line_fail(l, at, "an event id not already declared for this channel");
	}
	g_ptr_array_add(md->types, et);
	if (et->id < LTT_DENSE_ID_LIMIT) {
		if (ct->dense->len <= et->id)
			g_ptr_array_set_size(ct->dense, et->id + 1);
		ct->dense->pdata[et->id] = et;
	} else {
		g_hash_table_insert(ct->sparse, GUINT_TO_POINTER(et->id), et);
	}
	return TRUE;
}

/* Returns FALSE with l->error set when the statement is wrong. */
static gboolean parse_statement(Line *l)
{
	gsize len;

	skip_blanks(l);
	if (*l->p == '\0' || *l->p == '#')
		return TRUE;
	if (!l->md->have_header)
		return parse_header(l);
	len = token(l);
	if (len == 5 && memcmp(l->p, "event", 5) == 0)
		return parse_event(l);
	return parse_property(l);
}

static gboolean read_tail(LttMetadata *md, GString *buf, GError **error)
{
	int fd = open(md->path, O_RDONLY | O_CLOEXEC);
	char chunk[65536];
	ssize_t n;

	if (fd < 0 || lseek(fd, (off_t) md->offset, SEEK_SET) < 0) {
		int e = errno;
		if (fd >= 0)
			close(fd);
		g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s: %s", md->path, g_strerror(e));
		return FALSE;
	}
	while ((n = read(fd, chunk, sizeof chunk)) != 0) {
		if (n < 0) {
			int e = errno;
			if (e == EINTR)
				continue;
			close(fd);
			g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s: %s", md->path, g_strerror(e));
			return FALSE;
		}
		g_string_append_len(buf, chunk, n);
	}
	close(fd);
	return TRUE;
}

gboolean ltt_metadata_read(LttMetadata *md, gboolean final, GPtrArray *warnings, GError **error)
{
	GString *buf = g_string_new(NULL);
	gsize pos = 0;
	gboolean ok = TRUE;

	if (!read_tail(md, buf, error)) {
		g_string_free(buf, TRUE);
		return FALSE;
	}
	while (pos < buf->len) {
		const char *nl = memchr(buf->str + pos, '\n', buf->len - pos);
		gsize end = nl ? (gsize) (nl - buf->str) : buf->len;
		gsize next = nl ? end + 1 : end;
		Line l = { md, NULL, NULL, md->line + 1, NULL };
		char *text = g_strndup(buf->str + pos, end - pos);
		const char *nul = memchr(buf->str + pos, '\0', end - pos);
		gboolean parsed;

		if (end > pos && text[end - pos - 1] == '\r')
			text[end - pos - 1] = '\0';
		l.text = l.p = text;
		if (nul != NULL)
			parsed = line_fail(&l, text + (nul - (buf->str + pos)), "text, not a NUL byte");
		else
			parsed = parse_statement(&l);
		g_free(text);
		if (!parsed && nl == NULL && !final) {
			g_clear_error(&l.error);
			break;
		}
		md->line++;
		md->offset += next - pos;
		pos = next;
		if (!parsed) {
			if (!md->have_header || l.error->code == LTT_ERROR_VERSION) {
				g_propagate_error(error, l.error);
				ok = FALSE;
				break;
			}
			g_ptr_array_add(warnings, g_strdup(l.error->message));
			g_clear_error(&l.error);
		}
	}
	g_string_free(buf, TRUE);
	if (ok && !md->have_header) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_METADATA,
		            "%s:%u: column 1: expected 'ltt-metadata MAJOR.MINOR' as the first statement",
		            md->path, md->line + 1);
		ok = FALSE;
	}
	return ok;
}
