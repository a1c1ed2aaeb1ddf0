/* bt-source.h: a babeltrace2 source component class reading an LTT trace
 * (parameter "inputs": an array holding the trace directory), one output
 * port and one stream per channel file.  Installed as the babeltrace2 plugin
 * "lttv" (component class source.lttv.ltt, bt-plugin.c) and used in-process
 * by ltt-export. */
#ifndef LTT_BT_SOURCE_H
#define LTT_BT_SOURCE_H

#include <glib.h>
#include <babeltrace2/babeltrace.h>

bt_component_class_initialize_method_status ltt_bt_source_init(bt_self_component_source *self,
                                                               bt_self_component_source_configuration *config,
                                                               const bt_value *params, void *data);
void ltt_bt_source_finalize(bt_self_component_source *self);
bt_message_iterator_class_initialize_method_status ltt_bt_iter_init(bt_self_message_iterator *self,
                                                                   bt_self_message_iterator_configuration *config,
                                                                   bt_self_component_port_output *port);
void ltt_bt_iter_finalize(bt_self_message_iterator *self);
bt_message_iterator_class_next_method_status ltt_bt_iter_next(bt_self_message_iterator *self,
                                                              bt_message_array_const msgs, guint64 capacity,
                                                              guint64 *count);

/* The class, made in-process (a new reference). */
bt_component_class_source *ltt_bt_source_class_new(void);

#endif
