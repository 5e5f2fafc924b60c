package dev.awty.internal.audit;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.simple.JdbcClient;

import dev.awty.audit.AuditEntry;
import dev.awty.audit.OperatorAction;
import dev.awty.audit.OperatorAudit;
import dev.awty.spi.SqlDialect;

/**
 * {@link OperatorAudit} on {@code awty_audit}. One statement serves every filter: an unused filter is switched off
 * by a flag rather than left out of the text, and a {@code NULL} parameter is never compared (PostgreSQL cannot tell
 * the type of {@code :target IS NULL}).
 */
public final class JdbcOperatorAudit implements OperatorAudit {

	private static final String NEWEST_ENTRIES = """
			SELECT id, acted_at, principal, action, target, rows_affected, detail FROM awty_audit
			WHERE id < :beforeId AND (:anyTarget = 1 OR target = :target) AND (:anyPrincipal = 1 OR principal = :principal)
			ORDER BY id DESC LIMIT :limit
			""";

	private final JdbcClient jdbc;

	private final SqlDialect dialect;

	public JdbcOperatorAudit(DataSource dataSource, SqlDialect dialect) {
		this.jdbc = JdbcClient.create(dataSource);
		this.dialect = dialect;
	}

	@Override
	public List<AuditEntry> newest(@Nullable String target, @Nullable String principal, @Nullable Long beforeId,
			int limit) {
		if (limit < 1 || limit > MAX_LIMIT) {
			throw new IllegalArgumentException("limit must be between 1 and " + MAX_LIMIT + ", was " + limit);
		}
		if (beforeId != null && beforeId < 1) {
			throw new IllegalArgumentException("beforeId must be the positive id of an entry read before, was "
					+ beforeId + "; pass null to start from the newest");
		}
		return this.jdbc.sql(NEWEST_ENTRIES)
			.param("beforeId", (beforeId != null) ? beforeId : Long.MAX_VALUE)
			.param("anyTarget", (target == null) ? 1 : 0)
			.param("target", (target != null) ? target : "")
			.param("anyPrincipal", (principal == null) ? 1 : 0)
			.param("principal", (principal != null) ? principal : "")
			.param("limit", limit)
			.query((rs, row) -> {
				String action = rs.getString("action");
				return new AuditEntry(rs.getLong("id"),
						Objects.requireNonNull(this.dialect.readTimestamp(rs, "acted_at")), rs.getString("principal"),
						known(action), action, rs.getString("target"), rs.getLong("rows_affected"),
						rs.getString("detail"));
			})
			.list();
	}

	/** The action, or {@code null} for one a newer version wrote: the audit is read whole, not refused. */
	private static @Nullable OperatorAction known(String action) {
		return Arrays.stream(OperatorAction.values())
			.filter((candidate) -> candidate.name().equals(action))
			.findFirst()
			.orElse(null);
	}

}
