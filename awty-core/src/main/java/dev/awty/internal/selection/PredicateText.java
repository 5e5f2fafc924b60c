package dev.awty.internal.selection;

/**
 * Checks that a caller's SQL condition (a {@code Selection} predicate or join condition) stays one condition
 * inside the parentheses awty wraps it in: parentheses balanced outside quotes, and no statement separator or
 * comment, which could end the condition early or hide the rest of awty's statement. Backslashes and dollar
 * quotes are refused too: databases read them differently (MySQL escapes with a backslash, PostgreSQL quotes
 * with {@code $$}), so they could make the database see quotes where this check does not. Values belong in
 * bound parameters anyway.
 */
final class PredicateText {

	private PredicateText() {
	}

	/** @throws IllegalArgumentException naming {@code what} and the problem */
	static void requireSingleCondition(String condition, String what) {
		int depth = 0;
		char quote = 0;
		for (int i = 0; i < condition.length(); i++) {
			char c = condition.charAt(i);
			if (c == '\\') {
				throw invalid(what, condition, "a backslash is read differently by each database; bind the value");
			}
			if (quote != 0) {
				if (c == quote) {
					boolean doubled = i + 1 < condition.length() && condition.charAt(i + 1) == quote;
					if (doubled) {
						i++;
					}
					else {
						quote = 0;
					}
				}
				continue;
			}
			char next = (i + 1 < condition.length()) ? condition.charAt(i + 1) : 0;
			switch (c) {
				case '\'', '"', '`' -> quote = c;
				case '(' -> depth++;
				case ')' -> {
					if (--depth < 0) {
						throw invalid(what, condition, "a ')' closes a parenthesis it did not open");
					}
				}
				case ';' -> throw invalid(what, condition, "';' would end the statement");
				case '#' -> throw invalid(what, condition, "'#' starts a comment on MySQL and MariaDB");
				case '$' -> throw invalid(what, condition, "'$' starts a dollar-quoted string; bind the value");
				default -> {
					if ((c == '-' && next == '-') || (c == '/' && next == '*')) {
						throw invalid(what, condition, "SQL comments are not allowed");
					}
				}
			}
		}
		if (quote != 0) {
			throw invalid(what, condition, "a quoted literal or identifier is not closed");
		}
		if (depth != 0) {
			throw invalid(what, condition, "a '(' is not closed");
		}
	}

	private static IllegalArgumentException invalid(String what, String condition, String problem) {
		return new IllegalArgumentException("The " + what + " must be one SQL condition, with balanced parentheses and"
				+ " no ';' or comment, but " + problem + ": " + condition);
	}

}
