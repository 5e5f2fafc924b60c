/**
 * What a service codes against: the {@link dev.awty.ScheduledEvent} annotation, the base entity, statuses,
 * message headers and exceptions.
 */
@NullMarked
package dev.awty;

import org.jspecify.annotations.NullMarked;
