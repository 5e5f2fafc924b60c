package dev.awty.sample.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a reader of README.md and docs/*.md can follow: every relative link names a file or directory that exists,
 * and every {@code #anchor} one of the target's headings as GitHub writes its anchor (lower case, punctuation
 * dropped, spaces as hyphens, {@code -1}, {@code -2} for repeats). Links in code and in HTML comments are not
 * links; links with a scheme ({@code https:}) are not checked. The pages stay short enough to read: the README at
 * most 12 KB with the two commands in its first 40 lines, the benchmark page at most 20 KB, any other page at
 * most 15 KB, and the index, docs/README.md, links every page.
 */
class DocsLinksTests {

	private static final int README_BYTES = 12_000;

	private static final int BENCHMARKS_BYTES = 20_000;

	private static final int PAGE_BYTES = 15_000;

	/** An inline link or image: {@code [text](target)} or {@code [text](target "title")}. */
	private static final Pattern LINK = Pattern.compile("\\]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");

	private static final Pattern HEADING = Pattern.compile("^ {0,3}(#{1,6})\\s+(.*?)\\s*#*\\s*$");

	/** An explicit anchor: {@code <a id="x">} or {@code <a name="x">}. */
	private static final Pattern HTML_ANCHOR = Pattern.compile("<a\\s+(?:id|name)=\"([^\"]+)\"");

	private static final Path ROOT = DocFiles.ROOT;

	@Test
	void everyRelativeLinkOfTheReadmeAndTheDocsNamesAnExistingFileAndHeading() {
		List<String> broken = new ArrayList<>();
		int links = 0;
		for (Path doc : DocFiles.docs()) {
			broken.addAll(brokenLinks(ROOT.relativize(doc).toString(), doc, DocFiles.read(doc)));
			links += links(DocFiles.read(doc)).size();
		}
		assertThat(broken).as("broken links in README.md and docs/*.md (file:line: link: why)").isEmpty();
		assertThat(links).as("links read: fewer means the reader stopped finding them").isGreaterThan(100);
	}

	@Test
	void theReadmeIsALandingPageOfAtMostTwelveKilobytesWithTheTwoCommandsFirst() throws IOException {
		Path readme = ROOT.resolve("README.md");
		assertThat(Files.size(readme)).as("README.md bytes: move detail to a page under docs/").isLessThanOrEqualTo(
				README_BYTES);
		List<String> first = DocFiles.read(readme).subList(0, 40);
		assertThat(first).as("the README's first 40 lines")
			.contains("./mvnw -pl awty-sample-app -am spring-boot:run", "./mvnw -B verify");
	}

	@Test
	void noPageIsLongerThanOneReadsInMinutes() throws IOException {
		Map<String, Long> over = new HashMap<>();
		for (Path doc : DocFiles.docs()) {
			String name = ROOT.relativize(doc).toString().replace('\\', '/');
			long limit = name.equals("README.md") ? README_BYTES
					: name.equals("docs/benchmarks.md") ? BENCHMARKS_BYTES : PAGE_BYTES;
			if (Files.size(doc) > limit) {
				over.put(name, Files.size(doc));
			}
		}
		assertThat(over).as("pages over their size (bytes): split or cut them").isEmpty();
	}

	@Test
	void theDocsIndexLinksEveryPage() {
		Path index = ROOT.resolve("docs/README.md");
		Set<String> linked = new TreeSet<>();
		for (Link link : links(DocFiles.read(index))) {
			linked.add(link.path());
		}
		Set<String> pages = new TreeSet<>();
		for (Path doc : DocFiles.docs()) {
			if (doc.getParent().equals(ROOT.resolve("docs")) && !doc.equals(index)) {
				pages.add(doc.getFileName().toString());
			}
		}
		assertThat(linked).as("pages docs/README.md links").containsAll(pages);
	}

	@Test
	void headingAnchorsAreWrittenAsGitHubWritesThem() {
		assertThat(anchors(List.of("# Measured", "## The drain against the raw SQL loop",
				"### `all`: what it runs, and how to read it", "## awty's tables on a second DataSource",
				"## Results", "## Results", "```", "# not a heading", "```", "#### The hour-long run",
				"## [Linked](x.md) heading")))
			.containsExactly("measured", "the-drain-against-the-raw-sql-loop", "all-what-it-runs-and-how-to-read-it",
					"awtys-tables-on-a-second-datasource", "results", "results-1", "the-hour-long-run",
					"linked-heading");
	}

	@Test
	void aMissingFileAMissingAnchorAndALinkInCodeAreToldApart(@TempDir Path dir)
			throws IOException {
		Files.writeString(dir.resolve("other.md"), "# Other page\n\n## A section\n");
		Path doc = dir.resolve("doc.md");
		List<String> lines = List.of("# Doc", "see [a](other.md#a-section) and [b](other.md#no-such-section)",
				"[c](missing.md), [d](#doc), [e](#nowhere) and [f](https://example.com/x.md)",
				"`[g](inline-code.md)` <!-- [h](commented-out.md) -->", "```", "[i](fenced-code.md)", "```",
				"<!--", "[j](commented-block.md)", "-->");
		assertThat(brokenLinks("doc.md", doc, lines)).containsExactly(
				"doc.md:2: other.md#no-such-section: other.md has no heading whose anchor is 'no-such-section'",
				"doc.md:3: missing.md: no such file", "doc.md:3: #nowhere: doc.md has no heading whose anchor is 'nowhere'");
	}

	/** Each broken link of {@code doc} (its {@code lines}), as {@code name:line: link: why}. */
	private static List<String> brokenLinks(String name, Path doc, List<String> lines) {
		List<String> broken = new ArrayList<>();
		for (Link link : links(lines)) {
			String where = name + ":" + link.line() + ": " + link.target() + ": ";
			Path target = link.path().isEmpty() ? doc : doc.getParent().resolve(link.path()).normalize();
			if (!link.path().isEmpty() && !Files.exists(target)) {
				broken.add(where + "no such file");
			}
			else if (link.anchor() != null && target.toString().endsWith(".md")) {
				List<String> anchors = anchors(link.path().isEmpty() ? lines : DocFiles.read(target));
				if (!anchors.contains(link.anchor())) {
					broken.add(where + target.getFileName() + " has no heading whose anchor is '" + link.anchor() + "'");
				}
			}
		}
		return broken;
	}

	/** The relative links of a page, outside fenced code, inline code and HTML comments. */
	private static List<Link> links(List<String> lines) {
		List<Link> links = new ArrayList<>();
		boolean fenced = false;
		boolean comment = false;
		for (int i = 0; i < lines.size(); i++) {
			String line = lines.get(i);
			if (!comment && line.trim().startsWith("```")) {
				fenced = !fenced;
				continue;
			}
			if (fenced) {
				continue;
			}
			StringBuilder text = new StringBuilder();
			int at = 0;
			while (at < line.length()) {
				if (comment) {
					int end = line.indexOf("-->", at);
					comment = end < 0;
					at = (end < 0) ? line.length() : end + 3;
				}
				else if (line.startsWith("<!--", at)) {
					comment = true;
					at += 4;
				}
				else {
					text.append(line.charAt(at++));
				}
			}
			Matcher link = LINK.matcher(text.toString().replaceAll("`[^`]*`", ""));
			while (link.find()) {
				String target = link.group(1);
				if (!target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
					links.add(new Link(i + 1, target));
				}
			}
		}
		return links;
	}

	/** The anchors GitHub gives a page's headings, in order, and its explicit HTML anchors. */
	static List<String> anchors(List<String> lines) {
		List<String> anchors = new ArrayList<>();
		Map<String, Integer> seen = new HashMap<>();
		boolean fenced = false;
		for (String line : lines) {
			if (line.trim().startsWith("```")) {
				fenced = !fenced;
				continue;
			}
			if (fenced) {
				continue;
			}
			Matcher explicit = HTML_ANCHOR.matcher(line);
			while (explicit.find()) {
				anchors.add(explicit.group(1));
			}
			Matcher heading = HEADING.matcher(line);
			if (heading.matches()) {
				String slug = slug(heading.group(2));
				int repeat = seen.merge(slug, 1, Integer::sum) - 1;
				anchors.add((repeat == 0) ? slug : slug + "-" + repeat);
			}
		}
		return anchors;
	}

	/** GitHub's anchor of a heading: its text, links reduced to their text, lower case, punctuation dropped. */
	private static String slug(String heading) {
		String text = heading.replaceAll("!?\\[([^\\]]*)\\]\\([^)]*\\)", "$1").replaceAll("<[^>]+>", "");
		text = Normalizer.normalize(text, Normalizer.Form.NFC).toLowerCase(Locale.ROOT);
		return text.replaceAll("[^\\p{L}\\p{N}\\p{M} _-]", "").replace(' ', '-');
	}




	/** A relative link on a page's line: a path (empty for the page itself) and an anchor, or none. */
	private record Link(int line, String target) {

		String path() {
			int hash = this.target.indexOf('#');
			return (hash < 0) ? this.target : this.target.substring(0, hash);
		}

		String anchor() {
			int hash = this.target.indexOf('#');
			return (hash < 0) ? null : this.target.substring(hash + 1);
		}

	}

}
