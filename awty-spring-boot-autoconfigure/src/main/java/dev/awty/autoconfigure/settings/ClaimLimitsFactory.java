package dev.awty.autoconfigure.settings;

import java.time.Duration;
import java.util.List;

import org.jspecify.annotations.Nullable;

import dev.awty.AwtyConfigurationException;
import dev.awty.autoconfigure.properties.AwtyProperties;
import dev.awty.autoconfigure.properties.AwtyTypeLimitProperties;
import dev.awty.autoconfigure.properties.AwtyTypeProperties;
import dev.awty.internal.claim.ClaimLimits;
import dev.awty.internal.model.EventType;
import dev.awty.internal.model.PropertyColumn;
import dev.awty.internal.table.EventTable;

/**
 * Reads the {@code awty.types.<name>.limit.*} of each type into its {@link ClaimLimits}, rejecting a rate that is not
 * positive and a key that is not a mapped column of the type's table, naming the key.
 */
final class ClaimLimitsFactory {

	private final AwtyProperties properties;

	ClaimLimitsFactory(AwtyProperties properties) {
		this.properties = properties;
	}

	ClaimLimits limitsFor(EventTable<?> table) {
		String name = table.type().name();
		AwtyTypeProperties type = this.properties.getTypes().get(name);
		if (type == null) {
			return ClaimLimits.NONE;
		}
		AwtyTypeLimitProperties limit = type.getLimit();
		String prefix = "awty.types." + name + ".limit.";
		String keyColumn = (limit.getKey() != null) ? keyColumn(table.type(), limit.getKey(), prefix + "key") : null;
		if (keyColumn != null && table.dialect().claimDueRowsOnePerKey() == null) {
			throw new AwtyConfigurationException(prefix + "key is set, but the " + table.dialect().name()
					+ " dialect cannot claim one row per key", "Remove " + prefix + "key, or use a database awty"
							+ " supports it on (PostgreSQL, MySQL, MariaDB, H2).");
		}
		return new ClaimLimits(rate(limit, prefix), keyColumn);
	}

	private static ClaimLimits.@Nullable Rate rate(AwtyTypeLimitProperties limit, String prefix) {
		Integer rate = limit.getRate();
		Duration period = limit.getRatePeriod();
		if (rate == null) {
			return null;
		}
		if (rate < 1) {
			throw new AwtyConfigurationException(prefix + "rate must be at least 1, was " + rate,
					"Set it to the most rows to deliver per " + prefix + "rate-period (" + period
							+ ") across all instances, e.g. 100, or remove it for no rate limit.");
		}
		if (period.toMillis() < 1) {
			throw new AwtyConfigurationException(prefix + "rate-period must be at least 1ms, was " + period,
					"Set it to the period the rate counts rows in, e.g. 1s or 1m.");
		}
		return new ClaimLimits.Rate(rate, period);
	}

	/** The column of {@code key}, given as a property of the event class or as a column name. */
	private static String keyColumn(EventType<?> type, String key, String property) {
		List<PropertyColumn> columns = type.ownColumns();
		for (PropertyColumn column : columns) {
			if (column.field().getName().equals(key) || column.column().equalsIgnoreCase(key)) {
				return column.column();
			}
		}
		throw new AwtyConfigurationException(property + "=" + key + " is not a column of " + type.table() + " mapped by "
				+ type.entityClass().getName(), "Set it to one of the properties "
						+ columns.stream().map((column) -> column.field().getName()).toList() + " of "
						+ type.entityClass().getSimpleName() + ", or remove it for no key limit.");
	}

}
