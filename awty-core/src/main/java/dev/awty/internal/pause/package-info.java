/**
 * Operators' pauses of event types, kept in {@code awty_type_pause} and read by every instance's poll loops.
 */
@NullMarked
package dev.awty.internal.pause;

import org.jspecify.annotations.NullMarked;
