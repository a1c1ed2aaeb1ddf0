/* viewers-private.h: the host's side of the viewer registry (viewers.c):
 * who registered each viewer, the live instances, module unloading. */
#ifndef LTTVWINDOW_VIEWERS_PRIVATE_H
#define LTTVWINDOW_VIEWERS_PRIVATE_H

#include "lttvwindow.h"

G_BEGIN_DECLS

/* The module that registered info (NULL: the program itself). */
const char *lttvwindow_viewer_module(const LttvwindowViewerInfo *info);

/* Called with data after each registration or unregistration (menus and
 * toolbars rebuild their viewer entries).  Returns an id for remove. */
guint lttvwindow_viewers_add_listener(GFunc f, gpointer data);
void lttvwindow_viewers_remove_listener(guint id);

/* A live viewer of info inside slot (the host's container for it), so that
 * unloading the module destroys it.  Forgotten when slot is finalized. */
void lttvwindow_viewers_track(const LttvwindowViewerInfo *info, GtkWidget *slot);

/* Unloads module name: destroys its live viewers, unregisters its viewers,
 * releases the module.  FALSE + error when it is not loaded or other
 * modules still need it. */
gboolean lttvwindow_unload_module(const char *name, GError **error);
/* The viewer name; when none is registered, loads the module of the same
 * name first (a viewer module is named like its viewer). */
const LttvwindowViewerInfo *lttvwindow_viewer_require(const char *name, GError **error);
/* Loads module name (its init registers its viewers). */
gboolean lttvwindow_load_module(const char *name, GError **error);

G_END_DECLS

#endif
