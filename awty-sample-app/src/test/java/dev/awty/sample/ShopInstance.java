package dev.awty.sample;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.client.RestClient;

import dev.awty.testing.TestDatabase;

/**
 * A running sample shop on a random port, driven over HTTP like a user would.
 */
final class ShopInstance implements AutoCloseable {

	private final ConfigurableApplicationContext context;

	private final RestClient http;

	private ShopInstance(ConfigurableApplicationContext context) {
		this.context = context;
		String port = context.getEnvironment().getProperty("local.server.port");
		this.http = RestClient.builder()
			.baseUrl("http://127.0.0.1:" + port)
			.defaultStatusHandler((status) -> true, (request, response) -> {
			})
			.build();
	}

	/** The argument that adds the shop's test-only endpoints, such as {@code POST /purchases/bulk}. */
	static final String TEST_FIXTURES = "spring.profiles.include=test-fixtures";

	static ShopInstance start(TestDatabase database, String... properties) {
		List<String> all = new ArrayList<>(List.of("server.port=0", "shop.demo=false", "awty.poller.poll-interval=200ms",
				"logging.level.dev.awty.sample.email=WARN"));
		all.add("spring.datasource.url=" + shopUrl(database));
		all.add("spring.datasource.username=" + database.username());
		all.add("spring.datasource.password=" + database.password());
		all.addAll(List.of(properties));
		// Command-line arguments, because builder properties are defaults that application.properties overrides.
		String[] args = all.stream().map((property) -> "--" + property).toArray(String[]::new);
		return new ShopInstance(new SpringApplicationBuilder(ShopApplication.class).run(args));
	}

	/**
	 * The shop reads its own DATETIME columns as instants, so on MySQL and MariaDB it runs with the session in UTC,
	 * as its {@code mariadb} profile does; awty's own columns do not depend on it.
	 */
	private static String shopUrl(TestDatabase database) {
		if (!database.isMySqlFamily()) {
			return database.url();
		}
		String url = database.url().replaceAll("[?&]sessionVariables=[^&]*", "");
		return url + (url.contains("?") ? "&" : "?") + "connectionTimeZone=UTC&forceConnectionTimeZoneToSession=true";
	}

	ResponseEntity<Map<String, Object>> post(String path, String json) {
		return send(HttpMethod.POST, path, json);
	}

	ResponseEntity<Map<String, Object>> put(String path, String json) {
		return send(HttpMethod.PUT, path, json);
	}

	ResponseEntity<Map<String, Object>> delete(String path) {
		return send(HttpMethod.DELETE, path, "");
	}

	@SuppressWarnings("unchecked")
	private ResponseEntity<Map<String, Object>> send(HttpMethod method, String path, String json) {
		return (ResponseEntity<Map<String, Object>>) (ResponseEntity<?>) this.http.method(method)
			.uri(path)
			.contentType(MediaType.APPLICATION_JSON)
			.body(json)
			.retrieve()
			.toEntity(Map.class);
	}

	@SuppressWarnings("unchecked")
	ResponseEntity<Map<String, Object>> get(String path) {
		return (ResponseEntity<Map<String, Object>>) (ResponseEntity<?>) this.http.get().uri(path).retrieve().toEntity(Map.class);
	}

	@SuppressWarnings("unchecked")
	List<Map<String, Object>> getList(String path) {
		return this.http.get().uri(path).retrieve().body(List.class);
	}

	String text(String path) {
		return this.http.get().uri(path).retrieve().body(String.class);
	}

	int port() {
		return Integer.parseInt(this.context.getEnvironment().getProperty("local.server.port"));
	}

	<B> B bean(Class<B> type) {
		return this.context.getBean(type);
	}

	long createAlbum(String title, java.time.Instant releaseAt) {
		return ((Number) post("/albums", "{\"title\":\"" + title + "\",\"releaseAt\":\"" + releaseAt + "\"}").getBody()
			.get("id")).longValue();
	}

	long purchase(long albumId, String email) {
		return ((Number) post("/purchases", "{\"albumId\":" + albumId + ",\"customerEmail\":\"" + email + "\"}").getBody()
			.get("id")).longValue();
	}

	/** {@code emailsSent} from {@code /stats}, or {@code duplicateDeliveries} from the fixtures' {@code /duplicates}. */
	long stat(String name) {
		String path = "duplicateDeliveries".equals(name) ? "/duplicates" : "/stats";
		return ((Number) get(path).getBody().get(name)).longValue();
	}

	@Override
	public void close() {
		this.context.close();
	}

}
