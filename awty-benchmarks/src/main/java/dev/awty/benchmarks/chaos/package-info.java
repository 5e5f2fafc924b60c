/**
 * Chaos scenarios: a sustained load on awty and on db-scheduler while something goes wrong around them
 * (vacuum starved, long snapshots, overload, killed instances, PostgreSQL restarted or failed over,
 * backends terminated, the pool exhausted), reporting lag, throughput, lost events and duplicates.
 */
@NullMarked
package dev.awty.benchmarks.chaos;

import org.jspecify.annotations.NullMarked;
