package dev.awty.autoconfigure;

import java.util.List;

import org.springframework.beans.factory.ListableBeanFactory;

import dev.awty.autoconfigure.properties.AwtyDatabaseProperties.OtherTransaction;
import dev.awty.internal.support.CallerTransactionCheck;
import dev.awty.internal.support.PendingWrites;

/**
 * What runs before each statement awty makes for an application (scheduling, selections): the check that the
 * caller's transaction holds awty's DataSource, then the flush of the caller's pending JPA writes.
 */
final class AwtyCallerTransactions {

	private static final String PROPERTY = "awty.database.other-transaction";

	private AwtyCallerTransactions() {
	}

	static PendingWrites beforeEachStatement(ListableBeanFactory beanFactory, AwtyDatabase database,
			OtherTransaction otherTransaction, PendingWrites pendingWrites) {
		return new CallerTransactionCheck(database.dataSource(), database.beanName(),
				() -> fix(beanFactory, database), otherTransaction == OtherTransaction.FAIL, pendingWrites);
	}

	private static String fix(ListableBeanFactory beanFactory, AwtyDatabase database) {
		List<String> managers = AwtyTransactionManagerCheck.managing(beanFactory, database.dataSource());
		String use = (managers.size() == 1)
				? "Run it in a transaction of '" + managers.get(0) + "', e.g. @Transactional(\"" + managers.get(0)
						+ "\") on the calling method, with your domain writes on the same DataSource"
				: "Run it in a transaction of the transaction manager of '" + database.beanName() + "' "
						+ ((managers.isEmpty()) ? "(declare one: docs/two-datasources.md)" : managers.toString());
		return use + "; or set " + PROPERTY + "=warn to write the row anyway, committed on its own.";
	}

}
