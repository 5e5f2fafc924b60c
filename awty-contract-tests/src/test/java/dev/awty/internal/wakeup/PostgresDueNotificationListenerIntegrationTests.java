package dev.awty.internal.wakeup;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.jdbc.datasource.DelegatingDataSource;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import dev.awty.testing.TcpProxy;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The LISTEN connection on a real PostgreSQL: checked by a NOTIFY round trip, replaced when it stops receiving,
 * and given up for polling when notifications never arrive.
 */
@ExtendWith(OutputCaptureExtension.class)
class PostgresDueNotificationListenerIntegrationTests {

	private static final Pattern HOST_AND_PORT = Pattern.compile("//([^:/]+):(\\d+)/");

	private final List<Instant> woken = new CopyOnWriteArrayList<>();

	private final WakeUps wakeUps = new WakeUps(Clock.systemUTC());

	private TestDatabase database;

	@BeforeEach
	void setUp() {
		this.database = TestDatabases.postgres();
		this.wakeUps.register("reminder", Duration.ofSeconds(1), (dueAt, local) -> this.woken.add(dueAt));
	}

	@Test
	void aHalfOpenListenConnectionFailsItsProbeAndIsReplacedSoNotificationsArriveAgain() throws Exception {
		Matcher target = HOST_AND_PORT.matcher(this.database.url());
		assertThat(target.find()).isTrue();
		try (TcpProxy proxy = new TcpProxy(target.group(1), Integer.parseInt(target.group(2)))) {
			DataSource throughProxy = new DriverManagerDataSource(
					target.replaceFirst("//127.0.0.1:" + proxy.port() + "/"), this.database.username(),
					this.database.password());
			// a probe timeout a loaded CI machine meets: with 500 ms a slow round trip on the new connection counted as
			// a failure too, and the pauses between tries outgrew the wait below
			DueNotificationListener listener = new DueNotificationListener(throughProxy, "LISTEN awty_due", this.wakeUps,
					Duration.ofMillis(300), Duration.ofSeconds(2));
			listener.start();
			try {
				await().atMost(Duration.ofSeconds(10)).until(listener::receivesNotifications);
				await().atMost(Duration.ofSeconds(10)).until(() -> notifyAndCheckWoken(1_000));

				proxy.freeze();
				this.woken.clear();

				// Sent straight to the database, so only a new LISTEN connection receives them.
				await().atMost(Duration.ofSeconds(45)).until(() -> notifyAndCheckWoken(2_000));
				assertThat(listener.receivesNotifications()).isTrue();
			}
			finally {
				listener.stop();
			}
		}
	}

	@Test
	void whenNotificationsNeverArriveItFallsBackToPollingAndSaysSoOnce(CapturedOutput output) {
		AtomicInteger listens = new AtomicInteger();
		DueNotificationListener listener = new DueNotificationListener(
				listenIgnoring(this.database.simpleDataSource(), listens), "LISTEN awty_due", this.wakeUps,
				Duration.ofMillis(50), Duration.ofMillis(300));
		listener.start();
		try {
			await().atMost(Duration.ofSeconds(20)).until(() -> listens.get() >= 3);
			assertThat(listener.receivesNotifications()).isFalse();
			String warning = "awty: LISTEN/NOTIFY does not deliver notifications on this database connection";
			assertThat(output.getOut().split(Pattern.quote(warning), -1)).hasSize(2);
			assertThat(output.getOut()).contains("as behind PgBouncer in transaction pooling mode",
					"rows scheduled by other instances are found by polling");
			assertThat(output.getOut()).doesNotContain("awty: listening for due rows");
		}
		finally {
			listener.stop();
		}
	}

	@Test
	void theListenConnectionGoesBackToThePoolNoLongerSubscribedOnceTheListenerStops() throws Exception {
		// A pooled connection left subscribed queues every instance's notifications in the memory of whoever
		// borrows it next, until the pool retires it.
		try (HikariDataSource pool = new HikariDataSource()) {
			pool.setJdbcUrl(this.database.url());
			pool.setUsername(this.database.username());
			pool.setPassword(this.database.password());
			pool.setMaximumPoolSize(2);
			DueNotificationListener listener = new DueNotificationListener(pool, "LISTEN awty_due", this.wakeUps,
					Duration.ofSeconds(1), Duration.ofSeconds(2));
			listener.start();
			try {
				await().atMost(Duration.ofSeconds(10)).until(listener::receivesNotifications);
			}
			finally {
				listener.stop();
			}
			try (Connection first = pool.getConnection(); Connection second = pool.getConnection()) {
				assertThat(List.of(listeningChannels(first), listeningChannels(second))).containsOnly(0);
			}
		}
	}

	private static int listeningChannels(Connection connection) throws SQLException {
		try (Statement statement = connection.createStatement();
				ResultSet rs = statement.executeQuery("SELECT COUNT(*) FROM pg_listening_channels()")) {
			rs.next();
			return rs.getInt(1);
		}
	}

	private boolean notifyAndCheckWoken(long dueAtMillis) {
		this.database.jdbc().execute("SELECT pg_notify('awty_due', 'reminder|" + dueAtMillis + "')");
		return this.woken.contains(Instant.ofEpochMilli(dueAtMillis + 1));
	}

	/**
	 * Like PgBouncer in transaction pooling mode: the LISTEN does not hold on the connection the client reads
	 * notifications from (here it does not run at all), so none ever arrive; every other statement works.
	 */
	private static DataSource listenIgnoring(DataSource dataSource, AtomicInteger listens) {
		return new DelegatingDataSource(dataSource) {

			@Override
			public Connection getConnection() throws SQLException {
				Connection connection = super.getConnection();
				return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(),
						new Class<?>[] { Connection.class }, (proxy, method, args) -> {
							Object result = invoke(connection, method, args);
							return (result instanceof Statement statement && method.getName().equals("createStatement"))
									? listenIgnoring(statement, listens) : result;
						});
			}

		};
	}

	private static Statement listenIgnoring(Statement statement, AtomicInteger listens) {
		return (Statement) Proxy.newProxyInstance(PostgresDueNotificationListenerIntegrationTests.class.getClassLoader(),
				new Class<?>[] { Statement.class }, (proxy, method, args) -> {
					if (method.getName().equals("execute") && args != null && args.length == 1
							&& String.valueOf(args[0]).startsWith("LISTEN")) {
						listens.incrementAndGet();
						return false;
					}
					return invoke(statement, method, args);
				});
	}

	private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
		try {
			return method.invoke(target, args);
		}
		catch (InvocationTargetException ex) {
			throw ex.getCause();
		}
	}

}
