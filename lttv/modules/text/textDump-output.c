/* textDump-output.c: textDump's output file and buffer. */
#include <config.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <ltt/trace.h>
#include <ltt/tracefile.h>
#include "textDump-output.h"

Output text_dump_out;

/* The reader of the output (head, less) has all it wanted: later writes
 * to the file, lttv's last flush of standard output included, go
 * nowhere. */
static void drop_output(void)
{
	int null = open("/dev/null", O_WRONLY | O_CLOEXEC);

	if (null >= 0) {
		dup2(null, fileno(text_dump_out.file));
		close(null);
	}
	clearerr(text_dump_out.file);
}

void text_dump_flush(void)
{
	errno = 0;
	if (text_dump_out.len > 0 && text_dump_out.write_errno == 0 &&
	    fwrite(text_dump_out.data, 1, text_dump_out.len, text_dump_out.file) != text_dump_out.len) {
		text_dump_out.write_errno = errno ? errno : EIO;
		if (text_dump_out.write_errno == EPIPE)
			drop_output();
	}
	text_dump_out.len = 0;
}

void text_dump_output_close(void)
{
	if (text_dump_out.file != NULL && text_dump_out.file != stdout)
		fclose(text_dump_out.file);
	text_dump_out.file = NULL;
	text_dump_out.created = FALSE;
	g_clear_pointer(&text_dump_out.file_name, g_free);
}

gboolean text_dump_output_open(const char *path, GError **error)
{
	gboolean created = TRUE;
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	FILE *f;

	if (fd < 0 && errno == EEXIST) {
		created = FALSE;
		fd = open(path, O_WRONLY | O_CLOEXEC);
	}
	if (fd < 0 || (f = fdopen(fd, "w")) == NULL) {
		g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(errno), "cannot open %s: %s", path,
		            g_strerror(errno));
		if (fd >= 0)
			close(fd);
		return FALSE;
	}
	text_dump_output_close();
	text_dump_out.file = f;
	text_dump_out.file_name = g_strdup(path);
	text_dump_out.created = created;
	return TRUE;
}

static gboolean same_file(const struct stat *out, const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && st.st_dev == out->st_dev && st.st_ino == out->st_ino;
}

/* The input file of ctx that the output file is, or NULL. */
static char *input_named_by_output(const LttvTracesetContext *ctx)
{
	struct stat out;

	if (fstat(fileno(text_dump_out.file), &out) != 0 || !S_ISREG(out.st_mode))
		return NULL;
	for (guint i = 0; i < ctx->n_traces; i++) {
		const LttTrace *t = ctx->traces[i]->t;
		char *md = g_build_filename(ltt_trace_path(t), "metadata", NULL);
		if (same_file(&out, md))
			return md;
		g_free(md);
		for (guint k = 0; k < ltt_trace_tracefile_count(t); k++)
			if (same_file(&out, ltt_tracefile_path(ltt_trace_tracefile(t, k))))
				return g_strdup(ltt_tracefile_path(ltt_trace_tracefile(t, k)));
	}
	return NULL;
}

gboolean text_dump_output_claim(const LttvTracesetContext *ctx)
{
	char *input;

	if (text_dump_out.file == stdout)
		return TRUE;
	input = input_named_by_output(ctx);
	if (input != NULL) {
		fprintf(stderr, "lttv: %s: the output file is the input file %s: not overwriting it\n",
		        text_dump_out.file_name, input);
		g_free(input);
		if (text_dump_out.created)
			unlink(text_dump_out.file_name);
		text_dump_output_close();
		return FALSE;
	}
	/* Emptied only now: opening it did not, in case it was an input. */
	if (ftruncate(fileno(text_dump_out.file), 0) != 0 && errno != EINVAL)
		text_dump_out.write_errno = errno;
	return TRUE;
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
