/**
 * The {@code EventScheduler}: inserts a row, or moves the pending row of the same key.
 */
@NullMarked
package dev.awty.internal.scheduling;

import org.jspecify.annotations.NullMarked;
