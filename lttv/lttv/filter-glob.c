/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* filter-glob.c: glob patterns of the filter language (doc/filter.md §3).
 * Our own matcher rather than GPatternSpec: it honours escaped wildcards and
 * does not need the subject's length first. */
#include <config.h>
#include "filter-private.h"

/* Bytes of the UTF-8 character starting at s (1 for stray bytes), so that
 * '?' matches one character; never steps over the terminating NUL. */
static gsize
char_len(const char *s)
{
	guchar c = (guchar) *s;
	gsize n = c < 0xC0 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
	gsize i;

	for (i = 1; i < n; i++)
		if (s[i] == '\0')
			return i;
	return n;
}

void
_lttv_filter_glob_init(FilterGlob *glob, char *text, guint8 *wild, gsize len)
{
	glob->text = text;
	glob->wild = wild;
	glob->len = len;
	for (glob->prefix = 0; glob->prefix < len && !wild[glob->prefix]; glob->prefix++)
		;
	glob->prefix_star = glob->prefix + 1 == len && text[glob->prefix] == '*';
}

gboolean
_lttv_filter_glob_match(const FilterGlob *glob, const char *s)
{
	gsize p;
	gsize star_p = G_MAXSIZE;       /* pattern index after the last '*' */
	const char *star_s = NULL;      /* where that star's match ends for now */

	/* Most patterns are a name's beginning then '*' ("bash*", "sched_*"):
	 * the literal prefix decides them without the general loop. */
	for (p = 0; p < glob->prefix; p++, s++)
		if (*s != glob->text[p])
			return FALSE;
	if (glob->prefix_star)
		return TRUE;

	while (*s != '\0') {
		if (p < glob->len && glob->wild[p] && glob->text[p] == '*') {
			star_p = ++p;
			star_s = s;
		} else if (p < glob->len && glob->wild[p]) {
			p++;
			s += char_len(s);
		} else if (p < glob->len && glob->text[p] == *s) {
			p++;
			s++;
		} else if (star_s != NULL) {
			/* Backtrack: the last star takes one more character. */
			star_s += char_len(star_s);
			s = star_s;
			p = star_p;
		} else {
			return FALSE;
		}
	}
	while (p < glob->len && glob->wild[p] && glob->text[p] == '*')
		p++;
	return p == glob->len;
}

void
_lttv_filter_quote(GString *out, const char *text, gsize len, const guint8 *wild)
{
	gsize i;

	g_string_append_c(out, '"');
	for (i = 0; i < len; i++) {
		char c = text[i];
		gboolean is_wild = wild != NULL && wild[i];

		switch (c) {
		case '*': case '?':
			if (!is_wild)
				g_string_append_c(out, '\\');
			g_string_append_c(out, c);
			break;
		case '\\': case '"':
			g_string_append_c(out, '\\');
			g_string_append_c(out, c);
			break;
		case '\n':
			g_string_append(out, "\\n");
			break;
		case '\t':
			g_string_append(out, "\\t");
			break;
		default:
			g_string_append_c(out, c);
		}
	}
	g_string_append_c(out, '"');
}

void
_lttv_filter_glob_clear(FilterGlob *glob)
{
	g_free(glob->text);
	g_free(glob->wild);
	glob->text = NULL;
	glob->wild = NULL;
	glob->len = 0;
}
