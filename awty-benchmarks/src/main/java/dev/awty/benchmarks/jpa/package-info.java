/**
 * The benchmark's service written with Spring Data JPA: its event type is an entity joined to
 * {@code bench_item}, rescheduled through awty's {@code ScheduledEvents} fragment by a {@code Specification}.
 */
@NullMarked
package dev.awty.benchmarks.jpa;

import org.jspecify.annotations.NullMarked;
