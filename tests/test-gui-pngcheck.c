/* test-gui-pngcheck: what the GUI tests check in a screenshot.
 *
 *   test-gui-pngcheck FILE [RRGGBB...]
 *
 * prints "WIDTH HEIGHT" then, for each colour, how many pixels have it and
 * in how many columns: "RRGGBB PIXELS COLUMNS". */
#include <stdio.h>
#include <stdlib.h>
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
		unsigned long rgb = strtoul(argv[c], NULL, 16);
		long pixels = 0, columns = 0;
		for (int x = 0; x < w; x++) {
			long in_column = 0;
			for (int y = 0; y < h; y++) {
				const guchar *p = px + y * stride + x * nch;
				if (((unsigned long) p[0] << 16 | (unsigned long) p[1] << 8 | p[2]) == rgb)
					in_column++;
			}
			pixels += in_column;
			columns += in_column > 0;
		}
		printf("%06lx %ld %ld\n", rgb, pixels, columns);
	}
	g_object_unref(pb);
	return 0;
}
