package dev.awty.internal.recurring;

import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

import dev.awty.recurring.DuplicateScheduleException;
import dev.awty.recurring.InvalidScheduleException;
import dev.awty.recurring.ScheduleDefinition;
import dev.awty.recurring.ScheduleExpression;

/**
 * Checks a definition field by field, failing with the first problem found and naming its field.
 */
final class ScheduleValidator {

	static final int MAX_ID_LENGTH = 200;

	/** What an id may hold: it is a path segment of the schedule API and the dashboard, sent back as typed. */
	private static final Pattern ID = Pattern.compile("[A-Za-z0-9._:@-]+");

	private static final Pattern CHANNEL = Pattern.compile("[A-Za-z0-9._-]{1,255}");

	private final long payloadLimitBytes;

	private final Set<String> allowedChannels;

	private final ParsedExpressions expressions = new ParsedExpressions();

	ScheduleValidator(long payloadLimitBytes, Set<String> allowedChannels) {
		this.payloadLimitBytes = payloadLimitBytes;
		this.allowedChannels = allowedChannels;
	}

	/**
	 * Validates one definition of several, naming its schedule in the message, so the caller knows which one failed.
	 */
	ValidSchedule validateOneOfMany(ScheduleDefinition definition) {
		try {
			return validate(definition);
		}
		catch (DuplicateScheduleException ex) {
			throw ex;
		}
		catch (InvalidScheduleException ex) {
			throw new InvalidScheduleException(ex.field(), "Schedule '" + definition.id() + "': " + ex.getMessage());
		}
	}

	ValidSchedule validate(ScheduleDefinition definition) {
		String id = definition.id();
		if (id == null || id.isBlank()) {
			throw new InvalidScheduleException("id", "A schedule id is required");
		}
		if (id.length() > MAX_ID_LENGTH) {
			throw new InvalidScheduleException("id",
					"Schedule id '" + id.substring(0, 20) + "…' is " + id.length() + " characters; at most " + MAX_ID_LENGTH);
		}
		if (!ID.matcher(id).matches()) {
			throw new InvalidScheduleException("id", "Schedule id '" + id + "' has characters other than letters, "
					+ "digits and . _ : @ -; ids go in URL paths, where a slash or a percent sign cannot be sent back");
		}
		ScheduleExpression expression = this.expressions.parse(definition.expression());
		ZoneId zone = zone(definition.timeZone());
		if (definition.payload() != null) {
			long size = definition.payload().getBytes(StandardCharsets.UTF_8).length;
			if (size > this.payloadLimitBytes) {
				throw new InvalidScheduleException("payload", "The payload of schedule '" + id + "' is " + size
						+ " bytes, over the limit of " + this.payloadLimitBytes + " bytes (awty.recurring.payload-limit)");
			}
		}
		if (definition.channel() != null && !CHANNEL.matcher(definition.channel()).matches()) {
			throw new InvalidScheduleException("channel", "Invalid channel name '" + definition.channel()
					+ "'; use letters, digits, '.', '-' and '_' (at most 255 characters)");
		}
		// Checked here rather than at publish time: a name resolved then could be any channel bean of the
		// application (another type's channel, an outbound flow, errorChannel), and an unknown one would be retried
		// for ever.
		if (definition.channel() != null && !this.allowedChannels.contains(definition.channel())) {
			throw new InvalidScheduleException("channel", "Channel '" + definition.channel()
					+ "' is not allowed for schedules; allowed are " + new TreeSet<>(this.allowedChannels)
					+ " (add it to awty.recurring.allowed-channels)");
		}
		if (definition.misfirePolicy() == null) {
			throw new InvalidScheduleException("misfirePolicy", "A misfire policy is required: fire-once, fire-all or skip");
		}
		if (definition.deadline() != null
				&& definition.deadline().compareTo(Duration.ofSeconds(1)) < 0) {
			throw new InvalidScheduleException("deadline",
					"The deadline must be at least 1 second, was " + definition.deadline());
		}
		return new ValidSchedule(definition, expression, zone);
	}

	private static ZoneId zone(String timeZone) {
		if (timeZone == null || timeZone.isBlank()) {
			return ZoneId.of(ScheduleDefinition.DEFAULT_TIME_ZONE);
		}
		try {
			return ZoneId.of(timeZone);
		}
		catch (DateTimeException ex) {
			throw new InvalidScheduleException("timeZone",
					"Unknown time zone '" + timeZone + "'; use a region id such as Europe/Berlin, or UTC");
		}
	}

}
