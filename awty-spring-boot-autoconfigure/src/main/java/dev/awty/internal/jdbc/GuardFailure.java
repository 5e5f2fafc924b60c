package dev.awty.internal.jdbc;

/**
 * A row stopped by a guard: it becomes {@code FAILED} at once, with {@code reason} in {@code last_error}.
 */
public record GuardFailure(long id, String reason) {
}
