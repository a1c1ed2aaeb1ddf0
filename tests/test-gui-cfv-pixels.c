/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-gui-cfv-pixels: what a control flow screenshot shows.
 *
 *   test-gui-cfv-pixels FILE ROW [RRGGBB | all]
 *
 * Finds the rows' canvas in a screenshot of the controlflow viewer (the
 * ruler's bottom line spans exactly the canvas; rows end with a separator
 * line), then prints
 *   canvas LEFT TOP WIDTH ROW_HEIGHT
 *   RRGGBB x9      the colours at the centre of row ROW (0: the first),
 *                  at a tenth, two tenths ... nine tenths of the width
 *   N              with RRGGBB: how many pixels of the canvas have it
 *   RRGGBB xWIDTH  with all: the colour of every column of the canvas at
 *                  the centre of row ROW, left to right; then the same on
 *                  the row's second line, where slots of several states
 *                  are marked (cfv-draw.c) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gdk-pixbuf/gdk-pixbuf.h>

#define RULER_LINE 0x8c8c8c     /* cfv-ruler.c: 0.55 grey */
#define RULER_TICK 0x595959     /* cfv-ruler.c: 0.35 grey, over the line */
#define ROW_SEPARATOR 0xebebeb  /* cfv-draw.c: 0.92 grey */

static const guchar *pixels;
static int width, height, stride, channels;

static gboolean on_ruler_line(unsigned long c)
{
	return c == RULER_LINE || c == RULER_TICK;
}

static unsigned long at(int x, int y)
{
	const guchar *p = pixels + y * stride + x * channels;
	return (unsigned long) p[0] << 16 | (unsigned long) p[1] << 8 | p[2];
}

int main(int argc, char **argv)
{
	GError *error = NULL;
	GdkPixbuf *pb;
	int row, x0, y, base = -1, left, top, sep = -1, i;

	if (argc != 3 && argc != 4) {
		fprintf(stderr, "usage: test-gui-cfv-pixels FILE ROW [RRGGBB | all]\n");
		return 2;
	}
	pb = gdk_pixbuf_new_from_file(argv[1], &error);
	if (pb == NULL) {
		fprintf(stderr, "test-gui-cfv-pixels: %s\n", error->message);
		return 1;
	}
	row = atoi(argv[2]);
	width = gdk_pixbuf_get_width(pb);
	height = gdk_pixbuf_get_height(pb);
	stride = gdk_pixbuf_get_rowstride(pb);
	channels = gdk_pixbuf_get_n_channels(pb);
	pixels = gdk_pixbuf_get_pixels(pb);
	/* The canvas is on the right, left of the vertical scrollbar. */
	x0 = width - 40;
	for (y = 0; y < height && base < 0; y++)
		if (on_ruler_line(at(x0, y)) && on_ruler_line(at(x0 - 1, y)) && on_ruler_line(at(x0 - 20, y)) &&
		    on_ruler_line(at(x0 - 40, y)))
			base = y;
	if (base < 0) {
		fprintf(stderr, "test-gui-cfv-pixels: %s: no ruler line in column %d\n", argv[1], x0);
		return 1;
	}
	for (left = x0; left > 0 && on_ruler_line(at(left - 1, base)); left--)
		;
	top = base + 1;
	for (y = top; y < height && sep < 0; y++)
		if (at(x0, y) == ROW_SEPARATOR)
			sep = y;
	if (sep < 0) {
		fprintf(stderr, "test-gui-cfv-pixels: %s: no row separator below line %d\n", argv[1], top);
		return 1;
	}
	{
		int right = x0, row_h = sep - top + 1, cy = top + row * row_h + row_h / 2;
		while (right + 1 < width && on_ruler_line(at(right + 1, base)))
			right++;
		printf("canvas %d %d %d %d\n", left, top, right - left + 1, row_h);
		if (cy >= height) {
			fprintf(stderr, "test-gui-cfv-pixels: %s: row %d is below the picture\n", argv[1], row);
			return 1;
		}
		for (i = 1; i <= 9; i++)
			printf("%06lx%c", at(left + (right - left + 1) * i / 10, cy), i < 9 ? ' ' : '\n');
		if (argc == 4 && strcmp(argv[3], "all") == 0) {
			int x, mark_y = top + row * row_h + 1;
			for (x = left; x <= right; x++)
				printf("%06lx%c", at(x, cy), x < right ? ' ' : '\n');
			for (x = left; x <= right; x++)
				printf("%06lx%c", at(x, mark_y), x < right ? ' ' : '\n');
		} else if (argc == 4) {
			unsigned long rgb = strtoul(argv[3], NULL, 16);
			long n = 0;
			int x;
			for (y = top; y < height; y++)
				for (x = left; x <= right; x++)
					n += at(x, y) == rgb;
			printf("%ld\n", n);
		}
	}
	return 0;
}
