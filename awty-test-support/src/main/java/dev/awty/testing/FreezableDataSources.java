package dev.awty.testing;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.jdbc.datasource.DelegatingDataSource;

/**
 * Simulates an instance that stalls (a long GC pause, a frozen VM): while frozen, awty's own threads (named
 * {@code awty-…}) block when they ask the application's DataSource for a connection, so neither its pollers nor
 * its heartbeat reach the database; the test's own thread goes on. Register it as a bean of the instance.
 */
public final class FreezableDataSources implements BeanPostProcessor {

	private volatile CountDownLatch thawed = new CountDownLatch(0);

	public void freeze() {
		this.thawed = new CountDownLatch(1);
	}

	public void thaw() {
		this.thawed.countDown();
	}

	@Override
	public Object postProcessAfterInitialization(Object bean, String beanName) {
		return (bean instanceof DataSource dataSource) ? new Freezable(dataSource) : bean;
	}

	private void awaitThawed() {
		if (!Thread.currentThread().getName().startsWith("awty-")) {
			return;
		}
		try {
			if (!this.thawed.await(2, TimeUnit.MINUTES)) {
				throw new IllegalStateException("the test never thawed the instance");
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private final class Freezable extends DelegatingDataSource {

		Freezable(DataSource target) {
			super(target);
		}

		@Override
		public Connection getConnection() throws SQLException {
			awaitThawed();
			return super.getConnection();
		}

		@Override
		public Connection getConnection(String username, String password) throws SQLException {
			awaitThawed();
			return super.getConnection(username, password);
		}

	}

}
