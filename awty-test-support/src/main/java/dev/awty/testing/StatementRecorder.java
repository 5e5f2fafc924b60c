package dev.awty.testing;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

import javax.sql.DataSource;

/**
 * Records every statement an application runs through a {@link DataSource}, with its bound values, so that a test
 * can ask the database for the plan of exactly what awty issued ({@link #explain}).
 */
public final class StatementRecorder {

	/**
	 * One executed statement and the setter calls that bound its values.
	 * @param settings the statements that changed the planner's settings earlier in its transaction (a dialect's
	 * {@link dev.awty.spi.DialectPlanning#indexPlanning()}), replayed before its EXPLAIN
	 */
	public record Recorded(String sql, List<Binding> bindings, long nanos, List<String> settings) {

		public Recorded(String sql, List<Binding> bindings, long nanos) {
			this(sql, bindings, nanos, List.of());
		}

		@Override
		public String toString() {
			String text = this.sql.strip().replaceAll("\\s+", " ");
			return (text.length() > 300) ? text.substring(0, 300) + "…" : text;
		}

	}

	/** A {@code PreparedStatement.setXxx(index, value…)} call, replayed on the EXPLAIN statement. */
	public record Binding(Method method, Object[] args) {
	}

	private final Queue<Recorded> recorded = new ConcurrentLinkedQueue<>();

	/** {@code target}, recording what runs through it. */
	public DataSource wrap(DataSource target) {
		return proxy(DataSource.class, target, (method, args, result) -> {
			if (result instanceof Connection connection) {
				List<String> settings = new ArrayList<>();
				return proxy(Connection.class, connection,
						(called, calledArgs, calledResult) -> connectionResult(settings, called, calledArgs, calledResult));
			}
			return result;
		});
	}

	/** The statements recorded since the last call, and forgets them. */
	public List<Recorded> drain() {
		List<Recorded> drained = new ArrayList<>();
		for (Recorded next; (next = this.recorded.poll()) != null;) {
			drained.add(next);
		}
		return drained;
	}

	/**
	 * The plan of {@code statement} by {@code explainPrefix + sql} with the same bound values, one string per row
	 * (columns joined by {@code ' | '} where EXPLAIN returns a table, as on MariaDB).
	 */
	public static List<String> explain(DataSource dataSource, Recorded statement, String explainPrefix)
			throws SQLException {
		try (Connection connection = dataSource.getConnection()) {
			if (statement.settings().isEmpty()) {
				return explain(connection, statement, explainPrefix);
			}
			connection.setAutoCommit(false);
			try (Statement settings = connection.createStatement()) {
				for (String setting : statement.settings()) {
					settings.execute(setting);
				}
				return explain(connection, statement, explainPrefix);
			}
			finally {
				connection.rollback();
				connection.setAutoCommit(true);
			}
		}
	}

	private static List<String> explain(Connection connection, Recorded statement, String explainPrefix)
			throws SQLException {
		try (PreparedStatement explain = connection.prepareStatement(explainPrefix + statement.sql())) {
			for (Binding binding : statement.bindings()) {
				binding.method().invoke(explain, binding.args());
			}
			List<String> plan = new ArrayList<>();
			try (ResultSet rows = explain.executeQuery()) {
				ResultSetMetaData meta = rows.getMetaData();
				while (rows.next()) {
					List<String> columns = new ArrayList<>();
					for (int column = 1; column <= meta.getColumnCount(); column++) {
						columns.add((meta.getColumnCount() == 1) ? rows.getString(column)
								: meta.getColumnLabel(column) + "=" + rows.getString(column));
					}
					plan.add(String.join(" | ", columns));
				}
			}
			return plan;
		}
		catch (ReflectiveOperationException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private Object connectionResult(List<String> settings, Method method, Object[] args, Object result) {
		String name = method.getName();
		if (name.equals("commit") || name.equals("rollback") || name.equals("setAutoCommit")) {
			// the planner settings of a transaction end with it
			settings.clear();
		}
		if (name.equals("prepareStatement") && result instanceof PreparedStatement prepared
				&& args[0] instanceof String sql) {
			if (sql.contains("set_config('enable_")) {
				settings.add(sql);
			}
			return recordingPrepared(prepared, sql, List.copyOf(settings));
		}
		if (method.getName().equals("createStatement") && result instanceof Statement statement) {
			return proxy(Statement.class, statement, (called, calledArgs, calledResult) -> {
				if (called.getName().startsWith("execute") && calledArgs != null && calledArgs.length > 0
						&& calledArgs[0] instanceof String sql) {
					this.recorded.add(new Recorded(sql, List.of(), 0));
				}
				return calledResult;
			});
		}
		return result;
	}

	private PreparedStatement recordingPrepared(PreparedStatement target, String sql, List<String> settings) {
		List<Binding> bindings = new ArrayList<>();
		boolean[] batched = new boolean[1];
		long[] started = new long[1];
		return proxy(PreparedStatement.class, target, (method, args, result) -> {
			String name = method.getName();
			if (name.startsWith("set") && args != null && args.length >= 2 && args[0] instanceof Integer) {
				bindings.add(new Binding(method, args.clone()));
			}
			else if (name.equals("clearParameters")) {
				bindings.clear();
			}
			else if (name.equals("addBatch") && !batched[0]) {
				batched[0] = true;
				this.recorded.add(new Recorded(sql, List.copyOf(bindings), 0, settings));
			}
			else if (name.startsWith("execute") && (args == null || args.length == 0) && !name.equals("executeBatch")) {
				this.recorded.add(new Recorded(sql, List.copyOf(bindings), System.nanoTime() - started[0], settings));
			}
			return result;
		}, (method) -> {
			if (method.getName().startsWith("execute")) {
				started[0] = System.nanoTime();
			}
		});
	}

	private interface AfterCall {

		Object apply(Method method, Object[] args, Object result) throws Throwable;

	}

	private static <T> T proxy(Class<T> type, T target, AfterCall after) {
		return proxy(type, target, after, (method) -> {
		});
	}

	@SuppressWarnings("unchecked")
	private static <T> T proxy(Class<T> type, T target, AfterCall after, java.util.function.Consumer<Method> before) {
		return (T) Proxy.newProxyInstance(StatementRecorder.class.getClassLoader(), new Class<?>[] { type },
				(proxy, method, args) -> {
					if (method.getName().equals("unwrap") || method.getName().equals("isWrapperFor")) {
						return method.invoke(target, args);
					}
					before.accept(method);
					Object result;
					try {
						result = method.invoke(target, args);
					}
					catch (InvocationTargetException ex) {
						throw ex.getCause();
					}
					return after.apply(method, args, result);
				});
	}

}
