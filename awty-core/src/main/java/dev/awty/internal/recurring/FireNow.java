package dev.awty.internal.recurring;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.messaging.Message;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionOperations;
import org.springframework.transaction.support.TransactionTemplate;

import dev.awty.AwtyException;
import dev.awty.audit.OperatorAction;
import dev.awty.history.DeliveryOutcome;
import dev.awty.history.HistoryMode;
import dev.awty.internal.audit.AuditLog;
import dev.awty.internal.history.DeliveryLogWriter;
import dev.awty.internal.history.LogEntry;
import dev.awty.internal.pipeline.kit.SafePublish;
import dev.awty.internal.support.LastError;
import dev.awty.recurring.RecurringHeaders;
import dev.awty.recurring.RecurringSchedule;
import dev.awty.spi.EventPublisher;
import dev.awty.spi.PublishOutcome;
import dev.awty.spi.SqlDialect;

/**
 * Publishes one extra occurrence of a schedule on the caller's thread, outside its expression: the schedule's row is
 * not changed, so its next occurrence stays as it was. The occurrence has an id of its own, which no occurrence of
 * the expression can have, and is recorded in the history with the version it was published with.
 */
final class FireNow {

	private static final Log logger = LogFactory.getLog(FireNow.class);

	/** Occurrences of expressions end in their epoch second; these in {@code now-} and the epoch millisecond. */
	private static final String EXTRA = "-now-";

	private final RecurringSettings settings;

	private final EventPublisher publisher;

	private final HistoryMode history;

	private final DeliveryLogWriter writer;

	private final TransactionOperations records;

	private final String instanceId;

	private final AuditLog audit;

	FireNow(RecurringSettings settings, EventPublisher publisher, DataSource dataSource, SqlDialect dialect,
			String instanceId, AuditLog audit) {
		this.audit = audit;
		this.settings = settings;
		this.publisher = publisher;
		this.history = settings.history();
		this.writer = new DeliveryLogWriter(dataSource, dialect);
		// A transaction of its own, never the caller's: the message is out once published, so its history and audit
		// entry must not go if the caller rolls back afterwards. It takes a second connection while a caller's
		// transaction holds one.
		TransactionTemplate own = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
		own.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
		this.records = own;
		this.instanceId = instanceId;
	}

	/**
	 * @return the event id of the occurrence published
	 * @throws AwtyException if it could not be published; it is not tried again
	 */
	String fire(RecurringSchedule schedule) {
		Instant at = Instant.now();
		String eventId = OccurrenceMessages.EVENT_ID_PREFIX + schedule.id() + EXTRA + at.toEpochMilli();
		String channel = (schedule.channel() != null) ? schedule.channel() : this.settings.channel();
		Message<?> message = OccurrenceMessages.toMessage(schedule, at, eventId, 1);
		long started = System.nanoTime();
		PublishOutcome sent = SafePublish.publishEach(this.publisher, List.of(new SafePublish.Addressed(channel, message)))
			.get(0);
		long millis = Duration.ofNanos(System.nanoTime() - started).toMillis();
		DeliveryOutcome outcome = sent.succeeded() ? DeliveryOutcome.DELIVERED : DeliveryOutcome.FAILED;
		String error = (sent.error() != null) ? LastError.fit(sent.error(), LastError.DEFAULT_LENGTH) : null;
		// After the publish, which no transaction can hold back: a fire that failed is audited too, as 0 rows.
		this.records.executeWithoutResult((status) -> {
			if (this.history.records(outcome)) {
				this.writer.write(List.of(LogEntry.ofOccurrence(RecurringHeaders.TYPE_VALUE, schedule.id(),
						schedule.version(), eventId, at, 1, outcome, error, millis, this.instanceId)));
			}
			this.audit.record(OperatorAction.SCHEDULE_FIRE_NOW, schedule.id(), sent.succeeded() ? 1 : 0,
					sent.succeeded() ? eventId + " (version " + schedule.version() + ")" : "not published: " + error);
		});
		if (!sent.succeeded()) {
			throw new AwtyException("Schedule '" + schedule.id() + "' could not be fired now: " + sent.error()
					+ "; nothing was published, fire it again once the channel '" + channel + "' accepts messages");
		}
		logger.info("awty: fired schedule '" + schedule.id() + "' (version " + schedule.version() + ") now as "
				+ eventId);
		return eventId;
	}

}
