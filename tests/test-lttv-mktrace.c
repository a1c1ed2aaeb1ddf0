/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-lttv-mktrace DIR: writes the small trace of the textDump golden test
 * (lttv-textdump.sh): every kind of field, strings that need escapes,
 * unnamed enum values, equal times on two CPUs, two channels. */
#include <stdio.h>
#include <stdlib.h>
#include <glib.h>
#include <ltt/ltt.h>

static void append(LttWriterChannel *ch, LttTime t, guint id, LttPayload *p)
{
	GError *error = NULL;
	if (!ltt_writer_channel_append(ch, t, id, p->data, p->len, &error)) {
		fprintf(stderr, "test-lttv-mktrace: %s\n", error->message);
		exit(1);
	}
	ltt_payload_reset(p);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: test-lttv-mktrace DIR\n");
		return 2;
	}
	LttWriterOptions opt = { .byte_order = G_LITTLE_ENDIAN, .block_size = 4096, .cpu_count = 2,
	                         .host = "golden", .os = "Linux", .kernel = "0",
	                         .tracer = "test-lttv-mktrace" };
	GError *error = NULL;
	LttWriter *w = ltt_writer_new(argv[1], &opt, &error);
	LttWriterChannel *k0 = NULL, *k1 = NULL, *u0 = NULL;
	if (w == NULL ||
	    !ltt_writer_declare_event(w, "kernel", 0, "sched_switch",
	                              "prev_comm: string; prev_pid: s32; prev_state: s64; next_comm: string; next_pid: s32;", &error) ||
	    !ltt_writer_declare_event(w, "kernel", 1, "sys_enter", "id: s64; args: u64[3];", &error) ||
	    !ltt_writer_declare_event(w, "kernel", 2, "softirq_entry", "vec: enum u32 { HI = 0, TIMER = 1 };", &error) ||
	    !ltt_writer_declare_event(w, "kernel", 3, "page_fault_exit", "", &error) ||
	    !ltt_writer_declare_event(w, "ust-app", 7, "app_log",
	                              "level: u8; msg: string; tags: string[u8]; where: struct { line: u16; delta: s8; };", &error) ||
	    (k0 = ltt_writer_channel(w, "kernel", 0, &error)) == NULL ||
	    (k1 = ltt_writer_channel(w, "kernel", 1, &error)) == NULL ||
	    (u0 = ltt_writer_channel(w, "ust-app", 0, &error)) == NULL) {
		fprintf(stderr, "test-lttv-mktrace: %s\n", error->message);
		return 1;
	}
	LttPayload p;
	ltt_payload_init(&p, G_LITTLE_ENDIAN);
	const LttTime base = 5000000000ULL;

	ltt_payload_put_string(&p, "swapper/0");
	ltt_payload_put_s32(&p, 0);
	ltt_payload_put_s64(&p, 0);
	ltt_payload_put_string(&p, "bash");
	ltt_payload_put_s32(&p, 1234);
	append(k0, base, 0, &p);

	ltt_payload_put_string(&p, "swapper/1");
	ltt_payload_put_s32(&p, 0);
	ltt_payload_put_s64(&p, 0);
	ltt_payload_put_string(&p, "a \"quoted\"\\name\twith\ntabs\x01");
	ltt_payload_put_s32(&p, -1);
	append(k1, base, 0, &p);            /* same time on CPU 1: after CPU 0's */

	ltt_payload_put_s64(&p, 257);
	ltt_payload_put_u64(&p, G_MAXUINT64);
	ltt_payload_put_u64(&p, 0);
	ltt_payload_put_u64(&p, 4096);
	append(k0, base + 1, 1, &p);

	ltt_payload_put_u32(&p, 1);
	append(k1, base + 1, 2, &p);
	ltt_payload_put_u32(&p, 9);         /* no label: printed as a number */
	append(k1, base + 1, 2, &p);

	append(k0, base + 999999999, 3, &p);

	ltt_payload_put_u8(&p, 3);
	ltt_payload_put_string(&p, "started");
	ltt_payload_put_u8(&p, 2);
	ltt_payload_put_string(&p, "x");
	ltt_payload_put_string(&p, "");
	ltt_payload_put_u16(&p, 42);
	ltt_payload_put_s8(&p, -5);
	append(u0, base + 1, 7, &p);

	ltt_payload_put_u8(&p, 0);
	ltt_payload_put_string(&p, "caf\xc3\xa9");
	ltt_payload_put_u8(&p, 0);
	ltt_payload_put_u16(&p, 65535);
	ltt_payload_put_s8(&p, 127);
	append(u0, 12ULL * 1000000000ULL + 5, 7, &p);

	ltt_payload_clear(&p);
	if (!ltt_writer_close(w, &error)) {
		fprintf(stderr, "test-lttv-mktrace: %s\n", error->message);
		return 1;
	}
	return 0;
}
