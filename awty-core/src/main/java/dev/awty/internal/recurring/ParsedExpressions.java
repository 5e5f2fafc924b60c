package dev.awty.internal.recurring;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.awty.recurring.ScheduleExpression;

/**
 * Parsed expressions by their text: many schedules share a few expressions, and parsing a cron expression costs
 * more than computing its next occurrence. Bounded by clearing it when full.
 */
public final class ParsedExpressions {

	private static final int MAX_SIZE = 10_000;

	private final Map<String, ScheduleExpression> parsed = new ConcurrentHashMap<>();

	/** Parses {@code text} or returns its earlier result; see {@link ScheduleExpression#parse(String)}. */
	public ScheduleExpression parse(String text) {
		ScheduleExpression expression = (text != null) ? this.parsed.get(text) : null;
		if (expression == null) {
			expression = ScheduleExpression.parse(text);
			if (this.parsed.size() >= MAX_SIZE) {
				this.parsed.clear();
			}
			this.parsed.put(text, expression);
		}
		return expression;
	}

}
