package dev.awty.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import com.jayway.jsonpath.JsonPath;

/**
 * The property table of {@code docs/configuration.md}, rendered from the configuration metadata that the build
 * generates from the properties classes' javadoc: every {@code awty.*} property (and the {@code awty} actuator
 * endpoint's) with its type's default as the code has it and its description.
 */
final class ConfigurationReference {

	static final String BEGIN = "<!-- generated from the configuration metadata: do not edit, run ConfigurationReferenceTests -->";

	static final String END = "<!-- end of generated table -->";

	private static final Path METADATA = Path.of("target", "classes", "META-INF", "spring-configuration-metadata.json");

	private ConfigurationReference() {
	}

	/** The table, between its markers, for the metadata on the class path. */
	static String render() {
		return render(properties());
	}

	static String render(List<Map<String, Object>> properties) {
		String rows = properties.stream()
			.filter((property) -> !"java.util.Map".equals(rawType(property)))
			.sorted(Comparator.comparing((Map<String, Object> property) -> (String) property.get("name")))
			.map(ConfigurationReference::row)
			.collect(Collectors.joining("\n"));
		return BEGIN + "\n| property | default | meaning |\n|---|---|---|\n" + rows + "\n" + END;
	}

	/** The names of the properties whose values are maps of further settings ({@code awty.types}). */
	static List<String> mapProperties() {
		return properties().stream()
			.filter((property) -> "java.util.Map".equals(rawType(property)))
			.map((property) -> (String) property.get("name"))
			.toList();
	}

	private static String row(Map<String, Object> property) {
		Object defaultValue = property.get("defaultValue");
		String shown = (defaultValue != null) ? "`" + text(defaultValue) + "`"
				: "java.util.List".equals(rawType(property)) ? "none" : "see meaning";
		String description = String.valueOf(property.getOrDefault("description", ""))
			.replaceAll("\\{@(?:code|link|linkplain) ([^}]*)}", "`$1`")
			.replace("|", "\\|")
			.replace("\n", " ");
		return "| `" + property.get("name") + "` | " + shown + " | " + description + " |";
	}

	private static String text(Object value) {
		if (value instanceof List<?> list) {
			return list.stream().map(String::valueOf).collect(Collectors.joining(", "));
		}
		if (value instanceof Double number && number == Math.rint(number)) {
			return String.valueOf(number.longValue());
		}
		return String.valueOf(value);
	}

	private static String rawType(Map<String, Object> property) {
		String type = String.valueOf(property.get("type"));
		int generic = type.indexOf('<');
		return (generic < 0) ? type : type.substring(0, generic);
	}

	/** This module's metadata: the class path holds Spring Boot's own too. */
	private static List<Map<String, Object>> properties() {
		if (!Files.isRegularFile(METADATA)) {
			throw new IllegalStateException(METADATA.toAbsolutePath() + " is missing: the configuration processor did not run");
		}
		try {
			return JsonPath.read(Files.readString(METADATA), "$.properties");
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot read " + METADATA.toAbsolutePath(), ex);
		}
	}

}
