/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* ust-cyg-example: compiled with -finstrument-functions and linked with
 * libltt-ust-cyg, every function entry and exit is a trace event.  Computes
 * fib(N) recursively: main and 2 * fib(N + 1) - 1 calls of fib. */
#include <stdio.h>
#include <stdlib.h>

static unsigned long fib(unsigned n)
{
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

int main(int argc, char **argv)
{
	unsigned n = argc > 1 ? (unsigned) strtoul(argv[1], NULL, 10) : 10;

	printf("fib %u = %lu\n", n, fib(n));
	return 0;
}
