package dev.awty.internal.checks;

import java.time.Duration;

import dev.awty.history.HistoryMode;

/**
 * The settings of one type's handler guards and history, global defaults merged with its overrides.
 *
 * @param maxChecks the most times a handler runs for one row
 * @param handlerTimeout how long one handler call may take before it is abandoned as a failed attempt
 * @param horizon how far after now a check-again instant may lie
 * @param history which outcomes are written to the history table
 */
public record HandlingSettings(int maxChecks, Duration handlerTimeout, Duration horizon, HistoryMode history) {
}
