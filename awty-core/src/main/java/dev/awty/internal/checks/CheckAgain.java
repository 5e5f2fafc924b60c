package dev.awty.internal.checks;

import java.time.Instant;

/**
 * A row a handler wants to look at again at {@code nextAt}.
 */
public record CheckAgain(long id, Instant nextAt) {
}
