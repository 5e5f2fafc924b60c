package dev.awty.benchmarks.soak;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/** A row of any of the soak's types, counted by the consumer by its sequence number. */
public interface SoakRow {

	Long getSeq();

	@Nullable Instant getDueAt();

}
