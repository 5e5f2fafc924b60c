package dev.awty.docs;

import java.beans.Introspector;
import java.beans.PropertyDescriptor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.awty.autoconfigure.properties.AwtyTypeProperties;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * {@code docs/configuration.md} cannot drift from the code: its property table is the one rendered from the
 * configuration metadata, and every per-type setting is named in it. When a property changes, rewrite the table with
 * {@code ./mvnw -pl awty-spring-boot-autoconfigure test -Dtest=ConfigurationReferenceTests -Dawty.docs.write=true}.
 */
class ConfigurationReferenceTests {

	private static final Path PAGE = Path.of("..", "docs", "configuration.md");

	private static final String REGENERATE = "./mvnw -pl awty-spring-boot-autoconfigure test"
			+ " -Dtest=ConfigurationReferenceTests -Dawty.docs.write=true";

	@Test
	void thePropertyTableIsTheOneTheMetadataRenders() throws IOException {
		String page = Files.readString(PAGE);
		int begin = page.indexOf(ConfigurationReference.BEGIN);
		int end = page.indexOf(ConfigurationReference.END);
		if (begin < 0 || end < begin) {
			fail(PAGE + " has lost the markers of its generated table (" + ConfigurationReference.BEGIN + " ... "
					+ ConfigurationReference.END + "): put them back around the table, then run " + REGENERATE);
		}
		String rendered = ConfigurationReference.render();
		String current = page.substring(begin, end + ConfigurationReference.END.length());
		if (Boolean.getBoolean("awty.docs.write")) {
			Files.writeString(PAGE, page.substring(0, begin) + rendered + page.substring(end + ConfigurationReference.END.length()));
			return;
		}
		assertThat(current).as("the property table of %s is out of date with the properties classes; rewrite it with %s",
				PAGE, REGENERATE).isEqualTo(rendered);
	}

	@Test
	void everyPerTypeSettingIsNamedOnThePage() throws IOException {
		String page = Files.readString(PAGE);
		assertThat(ConfigurationReference.mapProperties()).containsExactly("awty.types");
		assertThat(settings(AwtyTypeProperties.class, "")).isNotEmpty()
			.allSatisfy((setting) -> assertThat(page).as("%s names awty.types.<name>.%s", PAGE, setting)
				.containsAnyOf("`awty.types.<name>." + setting + "`", "`." + setting + "`"));
	}

	/** The bean properties of a settings class in kebab case, nested settings classes followed. */
	private static List<String> settings(Class<?> type, String prefix) {
		List<String> settings = new ArrayList<>();
		try {
			for (PropertyDescriptor property : Introspector.getBeanInfo(type, Object.class).getPropertyDescriptors()) {
				String name = prefix + kebab(property.getName());
				Class<?> valueType = property.getPropertyType();
				if (property.getWriteMethod() == null && valueType.getPackageName().startsWith("dev.awty.autoconfigure")) {
					settings.addAll(settings(valueType, name + "."));
				}
				else if (property.getWriteMethod() != null) {
					settings.add(name);
				}
			}
		}
		catch (java.beans.IntrospectionException ex) {
			throw new IllegalStateException(ex);
		}
		return settings;
	}

	private static String kebab(String camel) {
		return camel.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(java.util.Locale.ROOT);
	}

}
