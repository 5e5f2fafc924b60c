package dev.awty.autoconfigure;

import javax.sql.DataSource;

import org.springframework.boot.autoconfigure.condition.AnyNestedCondition;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;

import dev.awty.AwtyDataSource;

/**
 * awty runs when it can tell which DataSource holds its tables: one qualified {@link AwtyDataSource}, or the
 * application's single (or primary) DataSource.
 */
final class AwtyDataSourceCondition extends AnyNestedCondition {

	AwtyDataSourceCondition() {
		super(ConfigurationPhase.REGISTER_BEAN);
	}

	@ConditionalOnBean(value = DataSource.class, annotation = AwtyDataSource.class)
	static final class Qualified {

	}

	@ConditionalOnSingleCandidate(DataSource.class)
	static final class SingleCandidate {

	}

}
