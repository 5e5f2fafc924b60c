/**
 * One trace from the code that schedules a row to the message that goes out days later: the trace context
 * kept in the optional {@code trace_parent} column and the observations of claim, publish and handler.
 */
@NullMarked
package dev.awty.internal.tracing;

import org.jspecify.annotations.NullMarked;
