package dev.awty.benchmarks.report;

import java.util.List;

/**
 * The runs of one system's metric in one scenario: median, minimum and maximum.
 */
public record Summary(String scenario, String system, String metric, String unit, double median, double min,
		double max, int runs) {

	static Summary of(List<Measurement> runs) {
		double[] values = runs.stream().mapToDouble(Measurement::value).sorted().toArray();
		Measurement first = runs.get(0);
		int n = values.length;
		double median = (n % 2 == 1) ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
		return new Summary(first.scenario(), first.system(), first.metric(), first.unit(), median, values[0],
				values[n - 1], n);
	}

	/** The median with the range, e.g. {@code 18,200 (17,900–19,100)}. */
	String formatted() {
		if (this.runs == 1) {
			return Numbers.format(this.median);
		}
		return Numbers.format(this.median) + " (" + Numbers.format(this.min) + "–" + Numbers.format(this.max) + ")";
	}

}
