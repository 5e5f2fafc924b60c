package dev.awty.internal.claim;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.RowMapper;

import dev.awty.ScheduledEntity;
import dev.awty.internal.model.EntityMapper;
import dev.awty.internal.model.EventType;
import dev.awty.spi.SqlDialect;

/**
 * Reads the rows of one claim one by one: one row that cannot be read must not hold the others of its batch claimed.
 * Keeps the database's "now" from the first row and the rows it could not read.
 */
final class ClaimedRowReader<T extends ScheduledEntity> implements RowMapper<@Nullable T> {

	private static final String CLAIMED_AT = "awty_claimed_at";

	private static final Comparator<ScheduledEntity> BY_DUE_TIME = Comparator
		.comparing(ScheduledEntity::getDueAt, Comparator.nullsFirst(Comparator.naturalOrder()))
		.thenComparing(ScheduledEntity::getId, Comparator.nullsFirst(Comparator.naturalOrder()));

	private final SqlDialect dialect;

	private final EventType<T> type;

	private final boolean readsTraceParent;

	private @Nullable Instant claimedAt;

	private final List<UnreadableRow> unreadable = new ArrayList<>();

	private EntityMapper.@Nullable Columns columns;

	ClaimedRowReader(SqlDialect dialect, EventType<T> type, boolean readsTraceParent) {
		this.dialect = dialect;
		this.type = type;
		this.readsTraceParent = readsTraceParent;
	}

	@Override
	public @Nullable T mapRow(ResultSet rs, int row) throws SQLException {
		if (row == 0) {
			this.claimedAt = this.dialect.readTimestamp(rs, CLAIMED_AT);
			this.columns = null;
		}
		EntityMapper<T> mapper = this.type.mapper();
		try {
			if (this.columns == null) {
				// a column that cannot be found makes every row unreadable, as a look-up per row did
				this.columns = mapper.columns(rs, this.readsTraceParent);
			}
			return mapper.read(rs, this.columns);
		}
		catch (RuntimeException | SQLException ex) {
			this.unreadable.add(UnreadableRow.of(rs, this.type.entityClass(), ex));
			return null;
		}
	}

	EventClaims.Claimed<T> claimed(List<T> rows, boolean byPriority) {
		if (!byPriority) {
			rows.sort(BY_DUE_TIME);
		}
		return new EventClaims.Claimed<>(rows, this.claimedAt, List.copyOf(this.unreadable));
	}

}
