/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-gui-pngcheck: what the GUI tests check in a screenshot.
 *
 *   test-gui-pngcheck FILE [RRGGBB...]
 *
 * prints "WIDTH HEIGHT" then, for each colour, how many pixels have it and
 * in how many columns: "RRGGBB PIXELS COLUMNS".  A colour may instead be
 * "dark@WxH+X+Y": how many pixels of that rectangle are darker than mid-grey
 * (luma below 128), as "dark@WxH+X+Y PIXELS COLUMNS" -- text drawn there;
 * "RRGGBB@WxH+X+Y" counts that colour in that rectangle only. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gdk-pixbuf/gdk-pixbuf.h>

int main(int argc, char **argv)
{
	GError *error = NULL;
	if (argc < 2) {
		fprintf(stderr, "usage: test-gui-pngcheck FILE [RRGGBB...]\n");
		return 2;
	}
	GdkPixbuf *pb = gdk_pixbuf_new_from_file(argv[1], &error);
	if (pb == NULL) {
		fprintf(stderr, "test-gui-pngcheck: %s\n", error->message);
		return 1;
	}
	int w = gdk_pixbuf_get_width(pb), h = gdk_pixbuf_get_height(pb);
	int stride = gdk_pixbuf_get_rowstride(pb), nch = gdk_pixbuf_get_n_channels(pb);
	const guchar *px = gdk_pixbuf_get_pixels(pb);
	printf("%d %d\n", w, h);
	for (int c = 2; c < argc; c++) {
		int rw, rh, rx, ry, dark = 0;
		int x0 = 0, y0 = 0, x1 = w, y1 = h;
		unsigned long rgb = 0;
		if (sscanf(argv[c], "dark@%dx%d+%d+%d", &rw, &rh, &rx, &ry) == 4) {
			dark = 1;
			x0 = MAX(rx, 0), y0 = MAX(ry, 0);
			x1 = MIN(rx + rw, w), y1 = MIN(ry + rh, h);
		} else {
			char *end;
			rgb = strtoul(argv[c], &end, 16);
			if (*end == '@' && end - argv[c] == 6 &&
			    sscanf(end, "@%dx%d+%d+%d", &rw, &rh, &rx, &ry) == 4) {
				x0 = MAX(rx, 0), y0 = MAX(ry, 0);
				x1 = MIN(rx + rw, w), y1 = MIN(ry + rh, h);
				end += strlen(end);
			}
			if (*end != '\0' || end == argv[c]) {
				fprintf(stderr, "test-gui-pngcheck: \"%s\" is neither RRGGBB nor dark@WxH+X+Y\n",
					argv[c]);
				return 2;
			}
		}
		long pixels = 0, columns = 0;
		for (int x = x0; x < x1; x++) {
			long in_column = 0;
			for (int y = y0; y < y1; y++) {
				const guchar *p = px + y * stride + x * nch;
				if (dark ? (p[0] * 299 + p[1] * 587 + p[2] * 114) / 1000 < 128
					 : ((unsigned long) p[0] << 16 | (unsigned long) p[1] << 8 | p[2]) == rgb)
					in_column++;
			}
			pixels += in_column;
			columns += in_column > 0;
		}
		if (dark || strchr(argv[c], '@') != NULL)
			printf("%s %ld %ld\n", argv[c], pixels, columns);
		else
			printf("%06lx %ld %ld\n", rgb, pixels, columns);
	}
	g_object_unref(pb);
	return 0;
}
