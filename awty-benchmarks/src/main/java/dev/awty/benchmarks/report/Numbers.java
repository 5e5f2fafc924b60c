package dev.awty.benchmarks.report;

import java.util.Locale;

/** How figures are printed: thousands separated, fewer decimals the larger the value. */
public final class Numbers {

	private Numbers() {
	}

	public static String format(double value) {
		if (Double.isNaN(value)) {
			return "n/a";
		}
		double abs = Math.abs(value);
		if (abs >= 100) {
			return String.format(Locale.ROOT, "%,.0f", value);
		}
		if (abs >= 10) {
			return String.format(Locale.ROOT, "%.1f", value);
		}
		if (abs >= 0.1) {
			return String.format(Locale.ROOT, "%.2f", value);
		}
		return String.format(Locale.ROOT, "%.4f", value);
	}

	static String json(double value) {
		return (Double.isNaN(value) || Double.isInfinite(value)) ? "null" : String.format(Locale.ROOT, "%.4f", value);
	}

	static String jsonString(String value) {
		return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
	}

}
