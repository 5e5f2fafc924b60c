package dev.awty.internal.checks;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * A row's check columns: how many checks asked to check again, and the due time of the first check
 * ({@code null} until the first check asked to check again).
 */
public record CheckState(int checkCount, @Nullable Instant firstCheckAt) {

	public static final CheckState NONE = new CheckState(0, null);

}
