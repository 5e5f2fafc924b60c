package dev.awty.benchmarks.broker;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

import org.springframework.amqp.core.AcknowledgeMode;
import org.springframework.amqp.core.BindingBuilder;
import org.springframework.amqp.core.DirectExchange;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;
import org.springframework.amqp.rabbit.connection.CorrelationData;
import org.springframework.amqp.rabbit.core.RabbitAdmin;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.amqp.rabbit.listener.SimpleMessageListenerContainer;

import dev.awty.benchmarks.harness.Receiver;

/**
 * The running RabbitMQ ({@code AWTY_TEST_RABBITMQ_URL}, else {@code amqp://guest:guest@127.0.0.1:5672}): an
 * exchange and queue per run, publisher confirms and returns on both the raw loop and awty.
 */
public final class RabbitBench implements BenchBroker {

	public static final String URL_VARIABLE = "AWTY_TEST_RABBITMQ_URL";

	private final URI uri;

	private final ExecutorService executor;

	private final CachingConnectionFactory connections;

	private final RabbitTemplate template;

	private final RabbitAdmin admin;

	public RabbitBench() {
		String configured = System.getenv(URL_VARIABLE);
		this.uri = URI.create((configured == null || configured.isBlank()) ? "amqp://guest:guest@127.0.0.1:5672" : configured);
		this.connections = new CachingConnectionFactory(this.uri);
		this.connections.setPublisherConfirmType(CachingConnectionFactory.ConfirmType.CORRELATED);
		this.connections.setPublisherReturns(true);
		this.executor = LoggingThreads.cachedPool("bench-rabbit-channels-");
		this.connections.setExecutor(this.executor);
		this.template = new RabbitTemplate(this.connections);
		this.template.setMandatory(true);
		this.admin = new RabbitAdmin(this.connections);
	}

	@Override
	public String name() {
		return "rabbit";
	}

	@Override
	public Class<?> application() {
		return RabbitBenchApplication.class;
	}

	@Override
	public Destination open(Receiver receiver) {
		String name = "awty.bench." + UUID.randomUUID();
		DirectExchange exchange = new DirectExchange(name, false, true);
		Queue queue = new Queue(name, false, false, false);
		this.admin.declareExchange(exchange);
		this.admin.declareQueue(queue);
		this.admin.declareBinding(BindingBuilder.bind(queue).to(exchange).with(BenchMessages.ROUTING_KEY));
		SimpleMessageListenerContainer consumer = new SimpleMessageListenerContainer(this.connections);
		consumer.setQueueNames(name);
		consumer.setAcknowledgeMode(AcknowledgeMode.NONE);
		consumer.setPrefetchCount(500);
		consumer.setMessageListener((message) -> BenchMessages.receive(receiver,
				new String(message.getBody(), StandardCharsets.UTF_8)));
		consumer.start();
		return new Destination() {

			@Override
			public void sendAll(List<Long> seqs) {
				RabbitBench.this.sendAll(name, seqs);
			}

			@Override
			public Map<String, Object> awtyProperties() {
				String[] user = userInfo();
				return Map.of("spring.rabbitmq.host", RabbitBench.this.uri.getHost(), "spring.rabbitmq.port",
						(RabbitBench.this.uri.getPort() > 0) ? RabbitBench.this.uri.getPort() : 5672,
						"spring.rabbitmq.username", user[0], "spring.rabbitmq.password", user[1],
						"spring.rabbitmq.publisher-confirm-type", "correlated", "spring.rabbitmq.publisher-returns", true,
						"spring.rabbitmq.template.mandatory", true, RabbitBenchApplication.EXCHANGE, name);
			}

			@Override
			public void close() {
				consumer.stop();
				RabbitBench.this.admin.deleteQueue(name);
				RabbitBench.this.admin.deleteExchange(name);
			}

		};
	}

	private void sendAll(String exchange, List<Long> seqs) {
		List<CorrelationData> confirms = new ArrayList<>(seqs.size());
		for (long seq : seqs) {
			MessageProperties properties = new MessageProperties();
			properties.setContentType(MessageProperties.CONTENT_TYPE_TEXT_PLAIN);
			BenchMessages.headers(seq).forEach(properties::setHeader);
			CorrelationData correlation = new CorrelationData();
			this.template.send(exchange, BenchMessages.ROUTING_KEY,
					new Message(BenchMessages.body(seq).getBytes(StandardCharsets.UTF_8), properties), correlation);
			confirms.add(correlation);
		}
		for (CorrelationData correlation : confirms) {
			try {
				if (!correlation.getFuture().get(30, TimeUnit.SECONDS).ack() || correlation.getReturned() != null) {
					throw new IllegalStateException("RabbitMQ refused or returned a message of the raw loop");
				}
			}
			catch (Exception ex) {
				throw (ex instanceof RuntimeException runtime) ? runtime : new IllegalStateException(ex);
			}
		}
	}

	private String[] userInfo() {
		String info = this.uri.getUserInfo();
		return (info == null || !info.contains(":")) ? new String[] { "guest", "guest" } : info.split(":", 2);
	}

	@Override
	public void close() {
		this.connections.destroy();
		this.executor.shutdown();
	}

}
