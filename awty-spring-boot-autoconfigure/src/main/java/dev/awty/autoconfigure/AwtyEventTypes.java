package dev.awty.autoconfigure;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.awty.AwtyConfigurationException;
import dev.awty.internal.model.EntityMapper;
import dev.awty.internal.model.EventType;
import dev.awty.internal.model.EventTypeFactory;
import dev.awty.internal.model.EventTypeScanner;
import dev.awty.internal.model.SchemaValidator;
import dev.awty.internal.support.LastError;
import dev.awty.internal.table.EventTable;
import dev.awty.internal.tracing.RowTracing;
import dev.awty.spi.SqlDialect;

/**
 * The event types found in the application's packages, each with its validated table.
 */
public final class AwtyEventTypes {

	private static final Log logger = LogFactory.getLog(AwtyEventTypes.class);

	private final List<EventTable<?>> tables;

	AwtyEventTypes(List<String> packages, ClassLoader classLoader, SqlDialect dialect, DataSource dataSource,
			boolean validate) {
		this(packages, classLoader, dialect, dataSource, validate, RowTracing.NONE);
	}

	/**
	 * @param tracing the tracing of rows when the application has a tracer, used by the types whose table has the
	 * optional {@code trace_parent} column; {@link RowTracing#NONE} otherwise
	 */
	AwtyEventTypes(List<String> packages, ClassLoader classLoader, SqlDialect dialect, DataSource dataSource,
			boolean validate, RowTracing tracing) {
		this(EventTypeScanner.scan(packages, classLoader), "in " + packages, dialect, dataSource, validate, tracing);
	}

	/**
	 * @param candidates the {@code @ScheduledEvent} classes, scanned at start-up or recorded at build time
	 * @param foundIn where they were looked for, for the log
	 */
	AwtyEventTypes(List<Class<?>> candidates, String foundIn, SqlDialect dialect, DataSource dataSource,
			boolean validate, RowTracing tracing) {
		EventTypeFactory factory = new EventTypeFactory(dialect);
		SchemaValidator validator = new SchemaValidator(dataSource, dialect);
		List<EventTable<?>> found = new ArrayList<>();
		for (Class<?> candidate : candidates) {
			EventType<?> type = factory.create(candidate);
			if (validate) {
				validator.validate(type);
			}
			found.add(new EventTable<>(type, dialect, dataSource,
					validator.lastErrorLength(type, LastError.DEFAULT_LENGTH), tracing(type, tracing, validator)));
		}
		this.tables = List.copyOf(found);
		if (this.tables.isEmpty()) {
			logger.info("awty: no @ScheduledEvent classes found " + foundIn);
		}
		else {
			logger.info("awty: event types " + this.tables.stream().map((table) -> table.type().name() + " -> "
					+ table.type().table()).toList() + " on " + dialect.name());
		}
	}

	private static RowTracing tracing(EventType<?> type, RowTracing tracing, SchemaValidator validator) {
		if (tracing == RowTracing.NONE) {
			return RowTracing.NONE;
		}
		if (validator.hasTraceColumn(type)) {
			return tracing;
		}
		logger.info("awty: type '" + type.name() + "' is delivered in new traces: table " + type.table()
				+ " has no column '" + EntityMapper.TRACE_PARENT + "' to keep the trace of the code that schedules its rows."
				+ " To have one trace from scheduling to delivery, add this changeSet to your changelog:\n\n"
				+ validator.traceColumnChangeSet(type));
		return RowTracing.NONE;
	}

	public void requirePriorityColumn(EventType<?> type) {
		boolean mapped = type.ownColumns().stream().anyMatch((column) -> column.column().equals("priority"));
		if (!mapped) {
			throw new AwtyConfigurationException("awty.types." + type.name() + ".priority=true, but "
					+ type.entityClass().getName() + " maps no 'priority' column",
					"Add a field 'private int priority;' to " + type.entityClass().getSimpleName()
							+ " and an INT column 'priority' to " + type.table() + ", or remove the setting.");
		}
	}

	public List<EventTable<?>> tables() {
		return this.tables;
	}

	/** The table of each event type, by type name, in the order the types were found: for {@code awty-test}. */
	public Map<String, String> tablesByName() {
		Map<String, String> tables = new LinkedHashMap<>();
		this.tables.forEach((table) -> tables.put(table.type().name(), table.type().table()));
		return tables;
	}

	public List<String> names() {
		return this.tables.stream().map((table) -> table.type().name()).toList();
	}

}
