/**
 * Event type descriptors: what a {@code @ScheduledEvent} class maps to, and the validation of its table.
 */
@NullMarked
package dev.awty.internal.model;

import org.jspecify.annotations.NullMarked;
