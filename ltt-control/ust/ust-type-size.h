/* ust-type-size.h: the payload size an event type's fields imply, so that
 * libltt-ust refuses an event whose payload cannot be of its type (the
 * drainer would otherwise meet it).  No GLib: part of the application
 * library. */
#ifndef LTT_UST_TYPE_SIZE_H
#define LTT_UST_TYPE_SIZE_H

#include <stdint.h>

/* A size is the exact payload size of a fixed-size type, or
 * UST_SIZE_VARIABLE | the smallest payload of a type with strings or
 * sequences.  UST_SIZE_VARIABLE alone (at least 0 bytes) accepts anything:
 * the size of a text the scanner does not understand. */
#define UST_SIZE_VARIABLE 0x80000000U

/* Scans fields (doc/format.md §3.1). */
uint32_t ust_type_size(const char *fields);

/* 1 when a payload of n bytes can be of a type of that size. */
static inline int ust_type_size_fits(uint32_t size, uint64_t n)
{
	return size & UST_SIZE_VARIABLE ? n >= (size & ~UST_SIZE_VARIABLE) : n == size;
}

#endif
