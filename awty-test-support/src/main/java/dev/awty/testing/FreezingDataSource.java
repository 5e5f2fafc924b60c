package dev.awty.testing;

import java.io.Closeable;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import javax.sql.DataSource;

import org.springframework.beans.factory.config.BeanPostProcessor;

/**
 * Freezes an application as its VM would freeze mid-transaction: the first thread whose query contains given texts
 * stops right after the query returned, until {@link #thaw()}. Its session stays open and idle in its transaction,
 * holding the locks the query took. Registered as a bean, it wraps the application's {@link DataSource}.
 */
public final class FreezingDataSource implements BeanPostProcessor {

	private final List<String> sqlTexts;

	private final AtomicBoolean armed = new AtomicBoolean(true);

	private final CountDownLatch frozen = new CountDownLatch(1);

	private final CountDownLatch thawed = new CountDownLatch(1);

	/** @param sqlTexts texts that the query after which the thread freezes all contain */
	public FreezingDataSource(String... sqlTexts) {
		this(true, sqlTexts);
	}

	private FreezingDataSource(boolean armed, String... sqlTexts) {
		this.sqlTexts = List.of(sqlTexts);
		this.armed.set(armed);
	}

	/** One that freezes nothing until {@link #arm()}: for a query the test itself runs before the moment of interest. */
	public static FreezingDataSource armedLater(String... sqlTexts) {
		return new FreezingDataSource(false, sqlTexts);
	}

	/** Freezes the next thread whose query contains the texts; once only. */
	public void arm() {
		this.armed.set(true);
	}

	/** Whether a thread froze within {@code timeout}. */
	public boolean awaitFrozen(Duration timeout) throws InterruptedException {
		return this.frozen.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
	}

	/** Lets the frozen thread go on. */
	public void thaw() {
		this.thawed.countDown();
	}

	@Override
	public Object postProcessAfterInitialization(Object bean, String beanName) {
		if (!(bean instanceof DataSource dataSource)) {
			return bean;
		}
		return proxy(dataSource, new Class<?>[] { DataSource.class, Closeable.class }, (method, args) -> {
			Object result = method.invoke(dataSource, args);
			return (result instanceof Connection connection) ? connection(connection) : result;
		});
	}

	private Connection connection(Connection connection) {
		return proxy(connection, new Class<?>[] { Connection.class }, (method, args) -> {
			Object result = method.invoke(connection, args);
			if (result instanceof PreparedStatement statement && method.getName().equals("prepareStatement")
					&& this.sqlTexts.stream().allMatch(((String) args[0])::contains)) {
				return statement(statement);
			}
			return result;
		});
	}

	private PreparedStatement statement(PreparedStatement statement) {
		return proxy(statement, new Class<?>[] { PreparedStatement.class }, (method, args) -> {
			Object result = method.invoke(statement, args);
			if (method.getName().equals("executeQuery") && this.armed.compareAndSet(true, false)) {
				this.frozen.countDown();
				this.thawed.await();
			}
			return result;
		});
	}

	@SuppressWarnings("unchecked")
	private static <T> T proxy(Object target, Class<?>[] interfaces, Call call) {
		InvocationHandler handler = (proxy, method, args) -> {
			try {
				return call.invoke(method, args);
			}
			catch (InvocationTargetException ex) {
				throw ex.getCause();
			}
		};
		return (T) Proxy.newProxyInstance(target.getClass().getClassLoader(), interfaces, handler);
	}

	private interface Call {

		Object invoke(Method method, Object[] args) throws Throwable;

	}

}
