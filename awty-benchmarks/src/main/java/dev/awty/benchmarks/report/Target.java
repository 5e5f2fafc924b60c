package dev.awty.benchmarks.report;

import java.util.Locale;

/**
 * One target of the performance issues judged on one run's figures, printed as
 * {@code target <name>: <figure> vs <comparison> <limit> met|MISSED}. A figure the run did not produce although
 * its scenario ran ({@code NaN}: the scenario failed, or a system in it) is missed, never skipped.
 */
public record Target(String name, double figure, String unit, Comparison comparison, double limit) {

	/** How the figure must stand to the limit. */
	public enum Comparison {

		AT_LEAST(">="), AT_MOST("<="), BELOW("<");

		private final String symbol;

		Comparison(String symbol) {
			this.symbol = symbol;
		}

		boolean holds(double figure, double limit) {
			return switch (this) {
				case AT_LEAST -> figure >= limit;
				case AT_MOST -> figure <= limit;
				case BELOW -> figure < limit;
			};
		}

	}

	public boolean met() {
		return !Double.isNaN(this.figure) && !Double.isInfinite(this.figure) && this.comparison.holds(this.figure, this.limit);
	}

	public String line() {
		String figure = (Double.isNaN(this.figure) || Double.isInfinite(this.figure)) ? "no figure"
				: shownFigure() + this.unit;
		return String.format(Locale.ROOT, "target %s: %s vs %s %s%s %s", this.name, figure, this.comparison.symbol,
				format(this.limit), this.unit, met() ? "met" : "MISSED");
	}

	/**
	 * The figure as the tables print it, or with four decimals where that rounding would show it equal to a limit it
	 * misses or passes (0.7985 printed "0.80x vs >= 0.80x MISSED" read as a defect of the judge).
	 */
	private String shownFigure() {
		String shown = format(this.figure);
		return (shown.equals(format(this.limit)) && this.figure != this.limit)
				? String.format(Locale.ROOT, "%.4f", this.figure) : shown;
	}

	/** A whole number as one (a limit of 25 ms, 0 runs), any other as the tables print it. */
	private static String format(double value) {
		return (value == Math.rint(value)) ? String.format(Locale.ROOT, "%,.0f", value) : Numbers.format(value);
	}

}
