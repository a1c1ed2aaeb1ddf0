/* ust-type-size.c: sizes of payloads from the field grammar (doc/format.md
 * §3.1).  Only sizes: the drainer's parser (libltt) is the one that checks
 * a declaration, so whatever this scanner does not recognise gets the size
 * that accepts every payload, never a wrong one. */
#include "config.h"

#include <string.h>

#include "ust-type-size.h"

#define MAX_DEPTH 64

typedef struct {
	const char *p;
	int bad;
} Scan;

/* Sizes with one flag: the payload is at least min bytes, exactly when
 * fixed.  min saturates: no payload is that big. */
typedef struct {
	uint64_t min;
	int fixed;
} Size;

#define SIZE_CAP (1ULL << 40)

static void skip_blanks(Scan *s)
{
	while (*s->p == ' ' || *s->p == '\t')
		s->p++;
}

static int is_ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* The identifier at s->p (after blanks), its length; s->p is not moved. */
static size_t ident(Scan *s)
{
	size_t n = 0;

	skip_blanks(s);
	if ((*s->p >= '0' && *s->p <= '9') || !is_ident_char(*s->p))
		return 0;
	while (is_ident_char(s->p[n]))
		n++;
	return n;
}

static int expect(Scan *s, char c)
{
	skip_blanks(s);
	if (*s->p != c) {
		s->bad = 1;
		return 0;
	}
	s->p++;
	return 1;
}

/* Bytes of the integer type named by the n characters at p, 0 if none. */
static unsigned int_bytes(const char *p, size_t n)
{
	static const char *const names[] = { "u8", "s8", "u16", "s16", "u32", "s32", "u64", "s64" };

	for (unsigned i = 0; i < 8; i++)
		if (strlen(names[i]) == n && memcmp(p, names[i], n) == 0)
			return 1U << (i / 2);
	return 0;
}

static uint64_t cap(uint64_t v)
{
	return v > SIZE_CAP ? SIZE_CAP : v;
}

static Size scan_fields(Scan *s, char terminator, unsigned depth);

/* enum INT { ... }: the labels and values do not change the size. */
static unsigned skip_enum(Scan *s)
{
	size_t n = ident(s);
	unsigned bytes = int_bytes(s->p, n);

	s->p += n;
	if (!bytes || !expect(s, '{'))
		return s->bad = 1, 0;
	while (*s->p && *s->p != '}') {
		if (*s->p == '"') {
			for (s->p++; *s->p && *s->p != '"'; s->p++)
				if (*s->p == '\\' && s->p[1])
					s->p++;
			if (!*s->p)
				break;
		}
		s->p++;
	}
	return expect(s, '}') ? bytes : 0;
}

static Size scan_type(Scan *s, unsigned depth)
{
	Size t = { 0, 1 };
	size_t n = ident(s);
	unsigned bytes = int_bytes(s->p, n);

	if (depth > MAX_DEPTH) {
		s->bad = 1;
		return t;
	}
	if (bytes) {
		s->p += n;
		t.min = bytes;
	} else if (n == 6 && memcmp(s->p, "string", 6) == 0) {
		s->p += n;
		t.min = 1;
		t.fixed = 0;
	} else if (n == 4 && memcmp(s->p, "enum", 4) == 0) {
		s->p += n;
		t.min = skip_enum(s);
	} else if (n == 6 && memcmp(s->p, "struct", 6) == 0) {
		s->p += n;
		if (expect(s, '{'))
			t = scan_fields(s, '}', depth + 1);
	} else {
		s->bad = 1;
	}
	for (;;) {
		uint64_t count = 0;

		skip_blanks(s);
		if (s->bad || *s->p != '[')
			return t;
		s->p++;
		n = ident(s);
		if (n) {
			/* A sequence: its length, then 0 or more elements. */
			t.min = int_bytes(s->p, n);
			t.fixed = 0;
			if (!t.min || s->p[0] != 'u')
				s->bad = 1;
			s->p += n;
		} else {
			skip_blanks(s);
			if (s->p[0] == '0' && (s->p[1] == 'x' || s->p[1] == 'X')) {
				/* Rare enough: no check rather than a second number syntax. */
				s->bad = 1;
				return t;
			}
			if (*s->p < '0' || *s->p > '9')
				s->bad = 1;
			for (; *s->p >= '0' && *s->p <= '9'; s->p++)
				count = cap(count * 10 + (uint64_t) (*s->p - '0'));
			t.min = cap(t.min * count);
			/* No element, no byte, whatever the element type. */
			t.fixed = t.fixed || count == 0;
		}
		expect(s, ']');
	}
}

/* ( IDENT ":" type ";" )* up to terminator ('}' consumed, or the end). */
static Size scan_fields(Scan *s, char terminator, unsigned depth)
{
	Size all = { 0, 1 };

	if (depth > MAX_DEPTH) {
		s->bad = 1;
		return all;
	}
	while (!s->bad) {
		size_t n;
		Size t;

		skip_blanks(s);
		if (*s->p == terminator) {
			if (terminator)
				s->p++;
			break;
		}
		n = ident(s);
		if (!n) {
			s->bad = 1;
			break;
		}
		s->p += n;
		if (!expect(s, ':'))
			break;
		t = scan_type(s, depth + 1);
		all.min = cap(all.min + t.min);
		all.fixed = all.fixed && t.fixed;
		expect(s, ';');
	}
	return all;
}

uint32_t ust_type_size(const char *fields)
{
	Scan s = { fields, 0 };
	Size t = scan_fields(&s, '\0', 0);

	if (s.bad)
		return UST_SIZE_VARIABLE;
	if (t.min >= UST_SIZE_VARIABLE)
		t.min = UST_SIZE_VARIABLE - 1U;
	return t.fixed ? (uint32_t) t.min : UST_SIZE_VARIABLE | (uint32_t) t.min;
}
