/* keys.h: the window's navigation keys, for Help > Keyboard shortcuts. */
#ifndef LTTVWINDOW_KEYS_H
#define LTTVWINDOW_KEYS_H

#include <glib.h>

G_BEGIN_DECLS

/* Navigation actions (zoom, pan, fit). */
guint lttvwindow_keys_count(void);
/* The keys bound to action i, as labels ("W, +"); g_free it. */
char *lttvwindow_keys_describe(guint i, const char **description);

G_END_DECLS

#endif
