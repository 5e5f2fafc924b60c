package dev.awty.benchmarks.report;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Writes a run's results three ways: a table on stdout, {@code benchmark.json} and {@code benchmark.md}.
 */
public final class ReportWriter {

	public static final String JSON = "benchmark.json";

	public static final String MARKDOWN = "benchmark.md";

	private final Results results;

	/** What ran where: command, date, machine, database, settings. */
	private final Map<String, String> context;

	public ReportWriter(Results results, Map<String, String> context) {
		this.results = results;
		this.context = context;
	}

	/** What no {@code all} run judges, said beside its targets so that nobody takes the count for the whole. */
	static final String NOT_JUDGED = "not judged by this run: duplicates after kill -9 within the stated bound (#29;"
			+ " chaos-kill and ThreeProcessKillIntegrationTests), the contract tests on H2, PostgreSQL and MariaDB (verify)";

	/** The header, the tables, the comparison lines, then every target and, last, {@code targets met N of M}. */
	public void print(PrintStream out) {
		out.println();
		this.context.forEach((key, value) -> out.println(key + ": " + value));
		out.println();
		out.printf("%-16s %-22s %-26s %s%n", "scenario", "system", "metric", "median (min–max)");
		for (Row row : rows()) {
			out.printf("%-16s %-22s %-26s %s %s%n", row.scenario(), row.system(), row.metric(), row.value(), row.unit());
		}
		out.println();
		this.results.comparisons().forEach(out::println);
		out.println();
		this.results.targets().forEach(out::println);
		out.println(NOT_JUDGED);
	}

	/** One line of a table: a summary, or a metric's windows ({@code t+010s lag p99}, …) in one line. */
	record Row(String scenario, String system, String metric, String value, String unit) {
	}

	private static final Pattern WINDOW = Pattern.compile("t\\+(\\d+)s (.+)");

	/**
	 * The summaries in order, a metric measured per window folded into one row at its first window's place:
	 * {@code lag p99 at t+10…600 s} with the medians in order, so that ten minutes stay one line of the table.
	 */
	List<Row> rows() {
		List<Row> rows = new ArrayList<>();
		Map<String, List<Summary>> windows = new LinkedHashMap<>();
		for (Summary s : this.results.summaries()) {
			Matcher window = WINDOW.matcher(s.metric());
			if (window.matches()) {
				String key = s.scenario() + "|" + s.system() + "|" + window.group(2);
				if (!windows.containsKey(key)) {
					rows.add(new Row(s.scenario(), s.system(), key, "", s.unit()));
				}
				windows.computeIfAbsent(key, (k) -> new ArrayList<>()).add(s);
			}
			else {
				rows.add(new Row(s.scenario(), s.system(), s.metric(), s.formatted(), s.unit()));
			}
		}
		return rows.stream().map((row) -> {
			List<Summary> folded = windows.get(row.metric());
			if (folded == null) {
				return row;
			}
			Matcher first = WINDOW.matcher(folded.get(0).metric());
			Matcher last = WINDOW.matcher(folded.get(folded.size() - 1).metric());
			first.matches();
			last.matches();
			String metric = first.group(2) + " at t+" + Integer.parseInt(first.group(1)) + "…"
					+ Integer.parseInt(last.group(1)) + " s";
			String values = folded.stream().map((s) -> Numbers.format(s.median())).collect(Collectors.joining(", "));
			return new Row(row.scenario(), row.system(), metric, values, row.unit());
		}).toList();
	}

	/** Writes both files into {@code directory}, creating it. */
	public void write(Path directory) {
		try {
			Files.createDirectories(directory);
			Files.writeString(directory.resolve(JSON), json());
			Files.writeString(directory.resolve(MARKDOWN), markdown());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot write results to " + directory.toAbsolutePath(), ex);
		}
	}

	String json() {
		StringBuilder json = new StringBuilder("{\n  \"context\": {");
		json.append(this.context.entrySet()
			.stream()
			.map((e) -> "\n    " + Numbers.jsonString(e.getKey()) + ": " + Numbers.jsonString(e.getValue()))
			.collect(Collectors.joining(",")));
		json.append("\n  },\n  \"summaries\": [");
		json.append(this.results.summaries()
			.stream()
			.map((s) -> "\n    {\"scenario\": " + Numbers.jsonString(s.scenario()) + ", \"system\": "
					+ Numbers.jsonString(s.system()) + ", \"metric\": " + Numbers.jsonString(s.metric()) + ", \"unit\": "
					+ Numbers.jsonString(s.unit()) + ", \"median\": " + Numbers.json(s.median()) + ", \"min\": "
					+ Numbers.json(s.min()) + ", \"max\": " + Numbers.json(s.max()) + ", \"runs\": " + s.runs() + "}")
			.collect(Collectors.joining(",")));
		json.append("\n  ],\n  \"runs\": [");
		json.append(this.results.measurements()
			.stream()
			.map((m) -> "\n    {\"scenario\": " + Numbers.jsonString(m.scenario()) + ", \"system\": "
					+ Numbers.jsonString(m.system()) + ", \"metric\": " + Numbers.jsonString(m.metric()) + ", \"value\": "
					+ Numbers.json(m.value()) + ", \"repetition\": " + m.repetition() + "}")
			.collect(Collectors.joining(",")));
		json.append("\n  ],\n  \"deliveries\": [");
		json.append(this.results.deliveries()
			.stream()
			.map((d) -> "\n    {\"scenario\": " + Numbers.jsonString(d.scenario()) + ", \"system\": "
					+ Numbers.jsonString(d.system()) + ", \"repetition\": " + d.repetition() + ", \"expected\": "
					+ d.expected() + ", \"received\": " + d.received() + ", \"duplicates\": " + d.duplicates()
					+ ", \"faulted\": " + d.faulted() + "}")
			.collect(Collectors.joining(",")));
		json.append("\n  ],\n  \"comparisons\": [");
		json.append(strings(this.results.comparisons()));
		json.append("\n  ],\n  \"targets\": [");
		json.append(strings(this.results.targets()));
		json.append("\n  ],\n  \"target summary\": ").append(Numbers.jsonString(this.results.targetSummary()));
		return json.append("\n}\n").toString();
	}

	private static String strings(List<String> lines) {
		return lines.stream().map((line) -> "\n    " + Numbers.jsonString(line)).collect(Collectors.joining(","));
	}

	/** One table per scenario, each followed by its comparison lines, so the file drops into docs/benchmarks.md. */
	String markdown() {
		StringBuilder md = new StringBuilder("# awty benchmark\n\n");
		this.context.forEach((key, value) -> md.append("- ").append(key).append(": `").append(value).append("`\n"));
		List<String> comparisons = this.results.comparisons();
		Map<String, List<Row>> byScenario = rows().stream()
			.collect(Collectors.groupingBy(Row::scenario, LinkedHashMap::new, Collectors.toList()));
		byScenario.forEach((scenario, rows) -> {
			md.append("\n### ").append(scenario).append("\n\n| system | metric | median (min–max) | unit |\n|---|---|---|---|\n");
			for (Row s : rows) {
				md.append("| ").append(s.system()).append(" | ").append(s.metric()).append(" | ").append(s.value())
					.append(" | ").append(s.unit()).append(" |\n");
			}
			List<String> lines = comparisons.stream().filter((line) -> line.startsWith(scenario + " ")
					|| line.startsWith(scenario + "/")).toList();
			if (!lines.isEmpty()) {
				md.append("\n```\n");
				lines.forEach((line) -> md.append(line).append('\n'));
				md.append("```\n");
			}
		});
		md.append("\nAll comparison lines:\n\n```\n");
		comparisons.forEach((line) -> md.append(line).append('\n'));
		md.append("```\n\nTargets:\n\n```\n");
		this.results.targets().forEach((line) -> md.append(line).append('\n'));
		md.append(this.results.targetSummary()).append("\n```\n\n").append(NOT_JUDGED).append('\n');
		return md.toString();
	}

}
