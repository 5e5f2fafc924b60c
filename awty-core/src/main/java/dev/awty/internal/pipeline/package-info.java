/**
 * The engine of the one delivery pipeline: the poll loop over a source (event types, handler types, recurring
 * schedules), its cycle of claim and hand-off to workers, the error pause, and the lifecycle of every loop. What a
 * source uses to do its part is in {@link dev.awty.internal.pipeline.kit}.
 */
@NullMarked
package dev.awty.internal.pipeline;

import org.jspecify.annotations.NullMarked;
