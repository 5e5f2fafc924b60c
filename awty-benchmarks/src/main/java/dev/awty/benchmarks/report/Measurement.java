package dev.awty.benchmarks.report;

/**
 * One figure of one run: e.g. scenario {@code drain}, system {@code awty skip-locked}, metric {@code events/s}.
 */
public record Measurement(String scenario, String system, String metric, String unit, double value, int repetition) {

}
