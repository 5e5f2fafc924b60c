/**
 * What a source of the pipeline uses while it holds rows: waiting for their due time, publishing without losing a
 * failure, the heartbeat that renews their leases, and the counters and observers of what it did. Depends on no
 * source and not on the engine.
 */
@NullMarked
package dev.awty.internal.pipeline.kit;

import org.jspecify.annotations.NullMarked;
