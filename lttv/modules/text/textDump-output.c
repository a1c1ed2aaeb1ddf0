/* textDump-output.c: textDump's output buffer. */
#include <config.h>
#include <errno.h>
#include "textDump-output.h"

Output text_dump_out;

void text_dump_flush(void)
{
	errno = 0;
	if (text_dump_out.len > 0 && text_dump_out.write_errno == 0 &&
	    fwrite(text_dump_out.data, 1, text_dump_out.len, text_dump_out.file) != text_dump_out.len)
		text_dump_out.write_errno = errno ? errno : EIO;
	text_dump_out.len = 0;
}

char *text_dump_padded_strdup(const char *s, gsize *len)
{
	*len = strlen(s);
	char *p = g_malloc0(*len + PAD);
	memcpy(p, s, *len);
	return p;
}

const char text_dump_digit_pairs[201] =
	"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

/* Bytes a string may hold as they are. */
static inline gboolean plain(unsigned char c)
{
	return c >= 0x20 && c != '"' && c != '\\' && c != 0x7f;
}

gsize text_dump_put_string(const char *s)
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
		case '"': d[1] = '"'; text_dump_out.len += 2; break;
		case '\\': d[1] = '\\'; text_dump_out.len += 2; break;
		case '\n': d[1] = 'n'; text_dump_out.len += 2; break;
		case '\t': d[1] = 't'; text_dump_out.len += 2; break;
		default:
			d[1] = 'x'; d[2] = hex[*q >> 4]; d[3] = hex[*q & 15];
			text_dump_out.len += 4;
			break;
		}
		p = q + 1;
	}
}
