/**
 * Small helpers every feature uses: awty's transactions, error texts and their fit to {@code last_error}, retry backoff, the per-type lock, and the flush of a caller's pending writes.
 */
@NullMarked
package dev.awty.internal.support;

import org.jspecify.annotations.NullMarked;
