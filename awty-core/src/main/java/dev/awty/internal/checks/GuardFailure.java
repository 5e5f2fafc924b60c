package dev.awty.internal.checks;

/**
 * A row stopped by a guard: it becomes {@code FAILED} at once, with {@code reason} in {@code last_error}.
 */
public record GuardFailure(long id, String reason) {
}
