package dev.awty.autoconfigure;

import java.util.Set;
import java.util.stream.Collectors;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.ResourceLoader;
import org.springframework.util.ClassUtils;

import dev.awty.audit.OperatorAudit;
import dev.awty.autoconfigure.properties.AwtyProperties;
import dev.awty.autoconfigure.settings.AwtySettings;
import dev.awty.history.HistoryMode;
import dev.awty.internal.audit.AuditLog;
import dev.awty.internal.audit.JdbcOperatorAudit;
import dev.awty.internal.audit.SecurityContextOperator;
import dev.awty.internal.checks.RunningChecks;
import dev.awty.internal.selection.CancelLog;
import dev.awty.internal.selection.JdbcEventRepositories;
import dev.awty.internal.support.AwtyTransactions;
import dev.awty.internal.support.PendingWrites;
import dev.awty.internal.wakeup.DueSignals;
import dev.awty.internal.wakeup.DueTimeSlots;
import dev.awty.repository.EventRepositories;
import dev.awty.spi.CurrentOperator;
import dev.awty.spi.SqlDialect;

/**
 * What the service and its operators do to scheduled rows besides scheduling them: the repositories' selections, the
 * cancels they record in the history, the handler calls a cancel interrupts, and the audit of operator actions;
 * imported by {@link AwtyAutoConfiguration}.
 */
@Configuration(proxyBeanMethods = false)
class AwtyRepositoriesConfiguration {

	private static final String SECURITY_CONTEXT = "org.springframework.security.core.context.SecurityContextHolder";

	/**
	 * The operator acting on the current thread, for the audit: Spring Security's authenticated user where Spring
	 * Security is on the classpath, else {@code anonymous}.
	 */
	@Bean
	@ConditionalOnMissingBean
	CurrentOperator awtyCurrentOperator(ResourceLoader resourceLoader) {
		return ClassUtils.isPresent(SECURITY_CONTEXT, resourceLoader.getClassLoader()) ? new SecurityContextOperator()
				: () -> CurrentOperator.ANONYMOUS;
	}

	/** AwtyEventPipelines checks that its table exists. */
	@Bean
	AuditLog awtyAuditLog(AwtyDatabase database, SqlDialect dialect, CurrentOperator operator) {
		return new AuditLog(database.dataSource(), dialect, operator);
	}

	@Bean
	@ConditionalOnMissingBean(OperatorAudit.class)
	@DependsOnDatabaseInitialization
	JdbcOperatorAudit operatorAudit(AwtyDatabase database, SqlDialect dialect) {
		return new JdbcOperatorAudit(database.dataSource(), dialect);
	}

	/** The handler calls of this instance, by type, which a cancel of their rows interrupts. */
	@Bean
	RunningChecks awtyRunningChecks() {
		return new RunningChecks();
	}

	/** Records cancellations in the history of the types whose history is {@code all}. */
	@Bean
	CancelLog awtyCancelLog(AwtyEventTypes eventTypes, AwtySettings settings, AwtyDatabase database,
			AwtyInstance instance) {
		Set<String> recordCancels = eventTypes.names().stream()
			.filter((name) -> settings.historyFor(name) == HistoryMode.ALL)
			.collect(Collectors.toSet());
		return new CancelLog(AwtyTransactions.on(database.dataSource()), recordCancels, instance.id());
	}

	@Bean
	@ConditionalOnMissingBean(EventRepositories.class)
	JdbcEventRepositories eventRepositories(AwtyEventTypes eventTypes, DueSignals dueSignals, DueTimeSlots slots,
			CancelLog cancelLog, ObjectProvider<PendingWrites> pendingWrites, AuditLog audit,
			RunningChecks runningChecks, ListableBeanFactory beanFactory, AwtyDatabase database,
			AwtyProperties properties) {
		return new JdbcEventRepositories(eventTypes.tables(), dueSignals, slots, cancelLog,
				AwtyCallerTransactions.beforeEachStatement(beanFactory, database,
						properties.getDatabase().getOtherTransaction(),
						pendingWrites.getIfUnique(() -> PendingWrites.NONE)),
				audit, runningChecks);
	}

}
