package dev.awty.testing;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;

import org.junit.jupiter.api.Assumptions;

/**
 * The Redis for tests: {@code AWTY_TEST_REDIS_URL}, else the one on localhost. On CI ({@code CI=true}) a
 * missing Redis fails the test; elsewhere the test is skipped with the reason.
 */
public final class TestRedis {

	public static final String URL_VARIABLE = "AWTY_TEST_REDIS_URL";

	private TestRedis() {
	}

	public static String url() {
		String configured = System.getenv(URL_VARIABLE);
		String url = (configured != null && !configured.isBlank()) ? configured : "redis://127.0.0.1:6379";
		URI uri = URI.create(url);
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(uri.getHost(), (uri.getPort() > 0) ? uri.getPort() : 6379), 2000);
			return url;
		}
		catch (IOException ex) {
			String reason = "No Redis at " + url + " (" + ex.getMessage() + "); start one or set " + URL_VARIABLE;
			if ("true".equalsIgnoreCase(System.getenv("CI"))) {
				throw new IllegalStateException(reason, ex);
			}
			Assumptions.abort(reason);
			return url;
		}
	}

}
