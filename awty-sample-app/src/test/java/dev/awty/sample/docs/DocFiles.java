package dev.awty.sample.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The project's root and its docs (README.md and docs/*.md), read as the docs tests read them. */
final class DocFiles {

	static final Path ROOT = root();

	private DocFiles() {
	}

	/** README.md, then every page under docs/ in name order. */
	static List<Path> docs() {
		List<Path> docs = new ArrayList<>();
		docs.add(ROOT.resolve("README.md"));
		try (Stream<Path> files = Files.list(ROOT.resolve("docs"))) {
			files.filter((file) -> file.toString().endsWith(".md")).sorted().forEach(docs::add);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return docs;
	}

	static List<String> read(Path file) {
		try {
			return Files.readAllLines(file, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static Path root() {
		Path directory = Paths.get("").toAbsolutePath();
		while (directory != null && !Files.isRegularFile(directory.resolve("mvnw"))) {
			directory = directory.getParent();
		}
		if (directory == null) {
			throw new IllegalStateException("no mvnw above " + Paths.get("").toAbsolutePath() + ": not in the project");
		}
		return directory;
	}

}
