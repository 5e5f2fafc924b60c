package dev.awty.internal.model;

import java.util.Locale;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

import dev.awty.AwtyConfigurationException;

/**
 * Table and column names end up inside SQL text, so they are checked against a strict pattern once,
 * when a type is registered.
 */
public final class Identifiers {

	private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,62}(\\.[A-Za-z_][A-Za-z0-9_]{0,62})?");

	private Identifiers() {
	}

	public static boolean isValid(@Nullable String identifier) {
		return identifier != null && IDENTIFIER.matcher(identifier).matches();
	}

	/** For identifiers passed to an API call: an invalid one is an {@link IllegalArgumentException}. */
	public static String requireValidArgument(@Nullable String identifier, String what) {
		if (!isValid(identifier)) {
			throw new IllegalArgumentException("'" + identifier + "' is not a valid " + what
					+ ": use letters, digits and underscores only, starting with a letter or underscore");
		}
		return identifier;
	}

	public static String requireValid(String identifier, String what) {
		if (!isValid(identifier)) {
			throw new AwtyConfigurationException("'" + identifier + "' is not a valid " + what,
					"Use letters, digits and underscores only, starting with a letter or underscore"
							+ " (optionally schema-qualified as schema.table).");
		}
		return identifier;
	}

	/** {@code purchaseId} → {@code purchase_id}. */
	public static String snakeCase(String camelCase) {
		StringBuilder out = new StringBuilder(camelCase.length() + 4);
		for (char c : camelCase.toCharArray()) {
			if (Character.isUpperCase(c)) {
				out.append('_');
			}
			out.append(Character.toLowerCase(c));
		}
		return out.toString().toLowerCase(Locale.ROOT);
	}

}
