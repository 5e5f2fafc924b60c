package dev.awty.benchmarks.broker;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.util.Optional;

/**
 * Whether {@code all} can run {@code broker}: RabbitMQ answers on its port, and Kafka answers at
 * {@code AWTY_TEST_KAFKA_URL} when that is set (else the scenario embeds a broker of its own, whose failure to start
 * the run reports as the scenario's failure). A port that accepts a connection is enough here: the scenario itself
 * says what is wrong beyond that.
 */
public final class BrokerReach {

	private static final int TIMEOUT_MILLIS = 2000;

	private BrokerReach() {
	}

	/** Why {@code broker} cannot run, or empty when it can. */
	public static Optional<String> whyNot() {
		String rabbit = System.getenv(RabbitBench.URL_VARIABLE);
		URI uri = URI.create((rabbit == null || rabbit.isBlank()) ? "amqp://guest:guest@127.0.0.1:5672" : rabbit);
		if (!answers(uri.getHost(), (uri.getPort() > 0) ? uri.getPort() : 5672)) {
			return Optional.of("RabbitMQ does not answer at " + uri.getHost() + ":" + uri.getPort() + " (set "
					+ RabbitBench.URL_VARIABLE + ")");
		}
		String kafka = System.getenv(KafkaBench.URL_VARIABLE);
		if (kafka != null && !kafka.isBlank()) {
			String first = kafka.replace("PLAINTEXT://", "").split(",")[0];
			int colon = first.lastIndexOf(':');
			if (colon < 0 || !answers(first.substring(0, colon), Integer.parseInt(first.substring(colon + 1)))) {
				return Optional.of("Kafka does not answer at " + first + " (" + KafkaBench.URL_VARIABLE
						+ "; unset it to embed one)");
			}
		}
		return Optional.empty();
	}

	private static boolean answers(String host, int port) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(host, port), TIMEOUT_MILLIS);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

}
