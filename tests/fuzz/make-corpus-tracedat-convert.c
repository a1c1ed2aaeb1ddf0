/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* make-corpus-tracedat-convert TRACE.DAT DIR: the seeds of
 * fuzz-tracedat-convert (its input format is described there), one per
 * event type of the first instance holding events: the event as
 * libtracecmd parsed it and its first record.  Not built by make:
 *   cc make-corpus-tracedat-convert.c $(pkg-config --cflags --libs libtracecmd) */
#include <stdio.h>
#include <string.h>
#include <trace-cmd/trace-cmd.h>

static void put8(FILE *o, unsigned v) { fputc((int) (v & 255), o); }
static void put16(FILE *o, unsigned v) { put8(o, v); put8(o, v >> 8); }
static void put_string(FILE *o, const char *s)
{
	size_t n = s != NULL ? strlen(s) : 0;

	n = n > 255 ? 255 : n;
	put8(o, (unsigned) n);
	fwrite(s, 1, n, o);
}

/* The first __print_symbolic(REC->FIELD, ...) of args, or NULL. */
static struct tep_print_arg *symbolic(struct tep_print_arg *args)
{
	for (; args != NULL; args = args->next) {
		struct tep_print_arg *inner = args->type == TEP_PRINT_OP ? args->op.right
		                              : args->type == TEP_PRINT_TYPE ? args->typecast.item : NULL;
		struct tep_print_arg *found;

		if (args->type == TEP_PRINT_SYMBOL && args->symbol.field != NULL
		    && args->symbol.field->type == TEP_PRINT_FIELD)
			return args;
		if (inner != NULL && (found = symbolic(inner)) != NULL)
			return found;
	}
	return NULL;
}

static void write_seed(const char *dir, struct tep_event *e, struct tep_record *r)
{
	struct tep_format_field *f, *pid = tep_find_common_field(e, "common_pid");
	struct tep_print_arg *sym = symbolic(e->print_fmt.args);
	struct tep_print_flag_sym *s;
	unsigned n = 0, index = 255, i = 0, count = 0;
	char path[4096];
	FILE *o;

	snprintf(path, sizeof path, "%s/%s", dir, e->name);
	if ((o = fopen(path, "wb")) == NULL)
		return;
	for (f = e->format.fields; f != NULL; f = f->next, n++)
		if (sym != NULL && strcmp(f->name, sym->symbol.field->field.name) == 0)
			index = n;
	put8(o, n);
	put8(o, pid != NULL ? (unsigned) pid->size : 0);
	for (f = e->format.fields; f != NULL; f = f->next) {
		put_string(o, f->name);
		put_string(o, f->type);
		put16(o, (unsigned) f->offset);
		put16(o, (unsigned) f->size);
		put16(o, f->flags);
		put8(o, (unsigned) f->elementsize);
		put16(o, (unsigned) f->arraylen);
	}
	put8(o, index);
	for (s = sym != NULL ? sym->symbol.symbols : NULL; s != NULL && count < 16; s = s->next)
		count++;
	put8(o, count);
	for (s = sym != NULL ? sym->symbol.symbols : NULL; s != NULL && i < count; s = s->next, i++) {
		put_string(o, s->value);
		put_string(o, s->str);
	}
	fwrite(r->data, 1, (size_t) r->size, o);
	fclose(o);
}

int main(int argc, char **argv)
{
	struct tracecmd_input *top, *in;
	struct tep_handle *tep;
	static char seen[65536];
	int cpu;

	if (argc != 3 || (top = tracecmd_open(argv[1], TRACECMD_FL_LOAD_NO_PLUGINS)) == NULL)
		return 2;
	in = tracecmd_buffer_instances(top) > 0 ? tracecmd_buffer_instance_handle(top, 0) : top;
	tep = tracecmd_get_tep(in);
	for (cpu = 0; cpu < tep_get_cpus(tep); cpu++) {
		struct tep_record *r;

		for (r = tracecmd_read_cpu_first(in, cpu); r != NULL; r = tracecmd_read_data(in, cpu)) {
			struct tep_event *e = tep_find_event_by_record(tep, r);

			if (e != NULL && e->id >= 0 && e->id < 65536 && !seen[e->id]) {
				seen[e->id] = 1;
				write_seed(argv[2], e, r);
			}
			tracecmd_free_record(r);
		}
	}
	return 0;
}
