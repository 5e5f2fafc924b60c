package dev.awty.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;

import net.javacrumbs.shedlock.core.LockProvider;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.awty.OnDelivered;
import dev.awty.autoconfigure.properties.AwtyHousekeepingProperties;
import dev.awty.autoconfigure.properties.AwtyProperties;
import dev.awty.autoconfigure.settings.AwtySettings;
import dev.awty.history.DeliveryHistory;
import dev.awty.internal.history.JdbcDeliveryHistory;
import dev.awty.internal.housekeeping.HistoryPartitions;
import dev.awty.internal.housekeeping.Housekeeping;
import dev.awty.internal.housekeeping.RetentionDeletes;
import dev.awty.internal.model.HistoryIndexCheck;
import dev.awty.internal.recurring.source.RecurringSource;
import dev.awty.internal.table.EventTable;
import dev.awty.spi.DailyHistoryPartitions;
import dev.awty.spi.SqlDialect;

/**
 * The history queries and the housekeeping that deletes old history and finished rows; imported by
 * {@link AwtyAutoConfiguration}.
 */
@Configuration(proxyBeanMethods = false)
class AwtyHistoryConfiguration {

	/** Days of partitions ahead of today: the table keeps taking entries in their own day if housekeeping stops. */
	private static final int PARTITION_DAYS_AHEAD = 3;

	@Bean
	@ConditionalOnMissingBean(DeliveryHistory.class)
	JdbcDeliveryHistory awtyDeliveryHistory(AwtyDatabase database, SqlDialect dialect) {
		return new JdbcDeliveryHistory(database.dataSource(), dialect);
	}

	/** Checked once the database is initialized, so that a table awty just made lean is not reported. */
	@Bean
	@DependsOnDatabaseInitialization
	HistoryIndexCheck awtyHistoryIndexCheck(AwtyDatabase database, SqlDialect dialect) {
		HistoryIndexCheck check = new HistoryIndexCheck(database.dataSource(), dialect);
		check.warnIfNotLean();
		return check;
	}

	@Bean
	@ConditionalOnBooleanProperty(name = "awty.housekeeping.enabled", matchIfMissing = true)
	@DependsOnDatabaseInitialization
	Housekeeping awtyHousekeeping(AwtyEventTypes eventTypes, AwtyDatabase database, SqlDialect dialect,
			LockProvider lockProvider, AwtySettings settings,
			AwtyProperties properties) {
		Map<String, Duration> keepFinished = new LinkedHashMap<>();
		for (EventTable<?> table : eventTypes.tables()) {
			if (settings.settingsFor(table.type().name()).onDelivered() == OnDelivered.MARK) {
				keepFinished.put(table.type().table(), settings.keepFinishedFor(table.type().name()));
			}
		}
		AwtyHousekeepingProperties housekeeping = properties.getHousekeeping();
		// Occurrences of recurring schedules are kept as long as the rows of event types.
		List<String> historyTypes = new ArrayList<>(eventTypes.names());
		if (properties.getRecurring().isEnabled()) {
			historyTypes.add(RecurringSource.NAME);
		}
		DailyHistoryPartitions partitionStatements = dialect.dailyHistoryPartitions();
		HistoryPartitions partitions = (partitionStatements != null && properties.getHistory().isManagePartitions())
				? new HistoryPartitions(database.dataSource(), partitionStatements, PARTITION_DAYS_AHEAD) : null;
		return new Housekeeping(new RetentionDeletes(database.dataSource(), dialect, housekeeping.getBatchSize()), lockProvider,
				housekeeping.getInterval(), properties.getHistory().getRetention(), historyTypes, keepFinished,
				properties.getRecurring().isEnabled() ? properties.getRecurring().getKeepCompleted() : null, partitions);
	}

}
