package dev.awty.sample.docs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Java code blocks of README.md and docs/*.md that show the sample come from the sample's compiled and tested
 * sources: a line {@code <!-- snippet: path#tag -->} right before a {@code ```java} block names the region between
 * {@code // tag::tag[]} and {@code // end::tag[]} in that file ({@code #} in a {@code .properties} file before a
 * {@code ```properties} block, {@code --} in a {@code .sql} file) (several {@code path#tag} references, separated by
 * spaces, are joined with a blank line), and this test fails when the block is not that region, dedented, with tabs
 * as four spaces. So a snippet cannot drift from code that compiles and runs.
 */
class DocsSnippetsTests {

	/** Fewer markers than this means the docs lost their markers, not that every snippet is right. */
	private static final int MINIMUM_MARKERS = 11;

	/** The code blocks a marker may name: Java sources, and the properties and SQL files of the examples. */
	private static final List<String> FENCES = List.of("```java", "```properties", "```sql");

	private static final Pattern MARKER = Pattern.compile("^<!--\\s*snippet:\\s*(.+?)\\s*-->\\s*$");

	private static final Path ROOT = DocFiles.ROOT;

	@Test
	void everyMarkedCodeBlockIsTheTaggedRegionOfTheSampleSources() {
		List<String> failures = new ArrayList<>();
		int markers = 0;
		for (Path doc : DocFiles.docs()) {
			List<String> lines = DocFiles.read(doc);
			for (int i = 0; i < lines.size(); i++) {
				Matcher marker = MARKER.matcher(lines.get(i));
				if (marker.matches()) {
					markers++;
					String where = ROOT.relativize(doc) + ":" + (i + 1);
					check(where, marker.group(1), lines, i + 1, failures);
				}
			}
		}
		assertThat(failures).as("docs snippets out of step with the sample (fix the doc or the source)").isEmpty();
		assertThat(markers).as("snippet markers in README.md and docs/*.md").isGreaterThanOrEqualTo(MINIMUM_MARKERS);
	}

	@Test
	void aRegionIsDedentedAndItsTagLinesAreLeftOut() {
		List<String> source = List.of("class A {", "\t// tag::m[]", "\tvoid m() {", "\t\tcall(); // tag::inner[]",
				"\t}", "\t// end::m[]", "}");
		assertThat(region(source, "m", "A.java")).isEqualTo(List.of("void m() {", "    call();", "}"));
	}

	@Test
	void aMissingTagIsReported() {
		assertThat(regionOrProblem(List.of("class A {", "}"), "nowhere", "A.java"))
			.isEqualTo("A.java has no '// tag::nowhere[]'");
	}

	@Test
	void aBlockThatDiffersFromItsRegionIsReportedWithTheDocLineAndTheDifference() {
		String event = "awty-sample-app/src/main/java/dev/awty/sample/purchase/ScheduledPurchase.java#event";
		List<String> doc = new ArrayList<>(List.of("<!-- snippet: " + event + " -->", "```java"));
		doc.addAll(region(DocFiles.read(ROOT.resolve(event.substring(0, event.indexOf('#')))), "event", "ScheduledPurchase"));
		doc.add("```");
		List<String> failures = new ArrayList<>();
		check("README.md:7", event, doc, 1, failures);
		assertThat(failures).isEmpty();

		doc.set(2, "@ScheduledEvent(table = \"scheduled_purchase\", channel = \"elsewhere\")");
		check("README.md:7", event, doc, 1, failures);
		assertThat(failures).singleElement()
			.asString()
			.startsWith("README.md:7: the block differs from " + event + " at block line 1: the doc has [@ScheduledEvent(")
			.contains("channel = \"elsewhere\")], the source [@ScheduledEvent(table = \"scheduled_purchase\", channel = \"purchaseFulfilment\")]");
	}

	@Test
	void aMarkerNamingAMissingFileOrTagOrNoBlockIsReported() {
		List<String> doc = List.of("<!-- snippet: x -->", "```java", "class A {", "}", "```");
		List<String> failures = new ArrayList<>();
		check("docs/a.md:1", "awty-sample-app/Missing.java#a", doc, 1, failures);
		check("docs/a.md:1", "awty-sample-app/pom.xml#a", doc, 1, failures);
		check("docs/a.md:1", "awty-sample-app/pom.xml", doc, 1, failures);
		check("docs/a.md:1", "awty-sample-app/pom.xml#a", List.of("<!-- snippet: x -->", "text"), 1, failures);
		assertThat(failures).containsExactly(
				"docs/a.md:1: the snippet source awty-sample-app/Missing.java does not exist",
				"docs/a.md:1: awty-sample-app/pom.xml has no '// tag::a[]'",
				"docs/a.md:1: 'awty-sample-app/pom.xml' must be path#tag",
				"docs/a.md:1: the snippet marker must be followed directly by a ```java, ```properties, ```sql block");
	}

	private static void check(String where, String references, List<String> doc, int next, List<String> failures) {
		if (next >= doc.size() || !FENCES.contains(doc.get(next).trim())) {
			failures.add(where + ": the snippet marker must be followed directly by a " + String.join(", ", FENCES)
					+ " block");
			return;
		}
		int end = next + 1;
		while (end < doc.size() && !doc.get(end).trim().equals("```")) {
			end++;
		}
		if (end == doc.size()) {
			failures.add(where + ": the code block after the snippet marker is not closed");
			return;
		}
		List<String> expected = new ArrayList<>();
		for (String reference : references.split("\\s+")) {
			int hash = reference.indexOf('#');
			if (hash < 0) {
				failures.add(where + ": '" + reference + "' must be path#tag");
				return;
			}
			Path source = ROOT.resolve(reference.substring(0, hash));
			if (!Files.isRegularFile(source)) {
				failures.add(where + ": the snippet source " + reference.substring(0, hash) + " does not exist");
				return;
			}
			Object region = regionOrProblem(DocFiles.read(source), reference.substring(hash + 1), reference.substring(0, hash));
			if (region instanceof String problem) {
				failures.add(where + ": " + problem);
				return;
			}
			if (!expected.isEmpty()) {
				expected.add("");
			}
			@SuppressWarnings("unchecked")
			List<String> lines = (List<String>) region;
			expected.addAll(lines);
		}
		List<String> actual = doc.subList(next + 1, end).stream().map(DocsSnippetsTests::trimEnd).toList();
		String difference = firstDifference(expected, actual);
		if (difference != null) {
			failures.add(where + ": the block differs from " + references + " " + difference
					+ "\n--- the source says:\n" + String.join("\n", expected) + "\n---");
		}
	}

	private static String firstDifference(List<String> expected, List<String> actual) {
		for (int i = 0; i < Math.max(expected.size(), actual.size()); i++) {
			String source = (i < expected.size()) ? expected.get(i) : null;
			String doc = (i < actual.size()) ? actual.get(i) : null;
			if (source == null || doc == null || !source.equals(doc)) {
				return "at block line " + (i + 1) + ": the doc has " + quote(doc) + ", the source " + quote(source);
			}
		}
		return null;
	}

	private static String quote(String line) {
		return (line != null) ? "[" + line + "]" : "nothing (the block ends)";
	}

	private static List<String> region(List<String> source, String tag, String file) {
		Object region = regionOrProblem(source, tag, file);
		if (region instanceof String problem) {
			throw new AssertionError(problem);
		}
		@SuppressWarnings("unchecked")
		List<String> lines = (List<String>) region;
		return lines;
	}

	/** The region's lines, dedented, or a sentence saying why there is none. */
	private static Object regionOrProblem(List<String> source, String tag, String file) {
		String comment = file.endsWith(".properties") ? "#" : file.endsWith(".sql") ? "--" : "//";
		String start = comment + " tag::" + tag + "[]";
		String stop = comment + " end::" + tag + "[]";
		int from = -1;
		for (int i = 0; i < source.size(); i++) {
			if (source.get(i).trim().equals(start)) {
				from = i + 1;
				break;
			}
		}
		if (from < 0) {
			return file + " has no '" + start + "'";
		}
		List<String> lines = new ArrayList<>();
		for (int i = from; i < source.size(); i++) {
			String line = source.get(i);
			if (line.trim().equals(stop)) {
				return dedent(lines);
			}
			if (!line.trim().startsWith(comment + " tag::") && !line.trim().startsWith(comment + " end::")) {
				lines.add(trimEnd(line.replaceAll("\\s*" + comment + " (tag|end)::[\\w-]+\\[\\]$", "")
					.replace("\t", "    ")));
			}
		}
		return file + " has '" + start + "' but no '" + stop + "'";
	}

	private static List<String> dedent(List<String> lines) {
		int indent = lines.stream()
			.filter((line) -> !line.isBlank())
			.mapToInt((line) -> line.length() - line.stripLeading().length())
			.min()
			.orElse(0);
		return lines.stream().map((line) -> line.isBlank() ? "" : line.substring(indent)).toList();
	}

	private static String trimEnd(String line) {
		return line.stripTrailing();
	}




}
