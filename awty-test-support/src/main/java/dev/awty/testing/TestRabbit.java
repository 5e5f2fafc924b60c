package dev.awty.testing;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;

import org.junit.jupiter.api.Assumptions;
import org.testcontainers.rabbitmq.RabbitMQContainer;

import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;

/**
 * The RabbitMQ for tests, in order: the URL in {@code AWTY_TEST_RABBITMQ_URL}, a Testcontainers container
 * when a Docker engine answers, the broker on localhost. On CI ({@code CI=true}) a missing broker fails the
 * test; elsewhere the test is skipped with the reason.
 */
public final class TestRabbit {

	public static final String URL_VARIABLE = "AWTY_TEST_RABBITMQ_URL";

	private static final String LOCAL = "amqp://guest:guest@127.0.0.1:5672";

	private static URI server;

	private TestRabbit() {
	}

	/** The broker's URI, e.g. {@code amqp://guest:guest@127.0.0.1:5672}. */
	public static synchronized URI uri() {
		if (server == null) {
			server = locate();
		}
		return server;
	}

	public static String host() {
		return uri().getHost();
	}

	public static int port() {
		return (uri().getPort() > 0) ? uri().getPort() : 5672;
	}

	/** A connection factory straight to the broker, for declaring and consuming outside the tested app. */
	public static CachingConnectionFactory connectionFactory() {
		return new CachingConnectionFactory(uri());
	}

	/** The {@code spring.rabbitmq.*} properties of an application publishing with confirms to {@code host:port}. */
	public static String[] confirmingProperties(String host, int port) {
		String[] userInfo = userInfo();
		return new String[] { "spring.rabbitmq.host=" + host, "spring.rabbitmq.port=" + port,
				"spring.rabbitmq.username=" + userInfo[0], "spring.rabbitmq.password=" + userInfo[1],
				"spring.rabbitmq.publisher-confirm-type=correlated", "spring.rabbitmq.publisher-returns=true",
				"spring.rabbitmq.template.mandatory=true" };
	}

	private static String[] userInfo() {
		String info = uri().getUserInfo();
		if (info == null || !info.contains(":")) {
			return new String[] { "guest", "guest" };
		}
		return info.split(":", 2);
	}

	private static URI locate() {
		String configured = System.getenv(URL_VARIABLE);
		if (configured != null && !configured.isBlank()) {
			return reachable(URI.create(configured));
		}
		if (TestDatabaseServers.dockerAvailable()) {
			RabbitMQContainer container = new RabbitMQContainer("rabbitmq:4-alpine");
			container.start();
			return URI.create(container.getAmqpUrl().replace("amqp://", "amqp://" + container.getAdminUsername() + ":"
					+ container.getAdminPassword() + "@"));
		}
		return reachable(URI.create(LOCAL));
	}

	private static URI reachable(URI uri) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(uri.getHost(), (uri.getPort() > 0) ? uri.getPort() : 5672), 2000);
			return uri;
		}
		catch (IOException ex) {
			String reason = "No RabbitMQ at " + uri.getHost() + ":" + uri.getPort() + " (" + ex.getMessage()
					+ "); start one (rabbitmq-server -detached) or set " + URL_VARIABLE;
			if ("true".equalsIgnoreCase(System.getenv("CI"))) {
				throw new IllegalStateException(reason, ex);
			}
			Assumptions.abort(reason);
			return uri;
		}
	}

}
