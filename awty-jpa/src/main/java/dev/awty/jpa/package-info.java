/**
 * awty for services written with Spring Data JPA: the {@link dev.awty.jpa.ScheduledEvents} fragment that a
 * repository of a JPA-mapped event type extends to reschedule, cancel and retry rows selected by
 * {@code Specification}s.
 */
@NullMarked
package dev.awty.jpa;

import org.jspecify.annotations.NullMarked;
