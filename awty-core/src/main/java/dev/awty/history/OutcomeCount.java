package dev.awty.history;

import java.time.LocalDate;

/**
 * How many history entries of one type had one outcome on one day (UTC).
 */
public record OutcomeCount(String type, LocalDate day, DeliveryOutcome outcome, long count) {
}
