/**
 * Typed operations on the rows of an event type, selected through joins to domain tables: list, count,
 * reschedule, shift, cancel, retry, deliver now.
 */
@NullMarked
package dev.awty.repository;

import org.jspecify.annotations.NullMarked;
