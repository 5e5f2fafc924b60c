/**
 * The one delivery pipeline: the poll loop over a source (event types, handler types, recurring schedules), its
 * lifecycle, publishing, and what it counts.
 */
@NullMarked
package dev.awty.internal.pipeline;

import org.jspecify.annotations.NullMarked;
