/**
 * The service the {@code soak} scenario runs for an hour in three JVMs: a plain event type, a limited one and a
 * check type, with recurring schedules firing beside them and history kept for every delivery.
 */
@NullMarked
package dev.awty.benchmarks.soak;

import org.jspecify.annotations.NullMarked;
