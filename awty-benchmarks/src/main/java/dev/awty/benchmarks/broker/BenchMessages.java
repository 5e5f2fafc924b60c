package dev.awty.benchmarks.broker;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.awty.AwtyHeaders;
import dev.awty.benchmarks.harness.Receiver;

/**
 * What the raw loops publish, shaped as awty's messages are: the sequence number as text and awty's headers as
 * strings; and how a consumer reads one back.
 */
final class BenchMessages {

	/** The routing key of the awty type and of the raw loop. */
	static final String ROUTING_KEY = "bench";

	private BenchMessages() {
	}

	static String body(long seq) {
		return Long.toString(seq);
	}

	static Map<String, String> headers(long seq) {
		Map<String, String> headers = new LinkedHashMap<>();
		headers.put(AwtyHeaders.EVENT_ID, "bench/" + seq + "/0");
		headers.put(AwtyHeaders.TYPE, "bench");
		headers.put(AwtyHeaders.DUE_AT, Instant.now().toString());
		headers.put(AwtyHeaders.ATTEMPT, "1");
		return headers;
	}

	static void receive(Receiver receiver, String body) {
		receiver.receive(Long.parseLong(body.trim()), Instant.now());
	}

}
