package dev.awty.integration;

/**
 * Wraps the sends of one batch, before its acknowledgements are awaited: for instance
 * {@code AmqpAcknowledgements.oneChannelPerBatch(rabbitTemplate)} makes the batch's messages share one RabbitMQ
 * channel instead of taking one from the cache per message. Declare it as a bean; awty applies every one, in
 * order, around each batch of every type.
 */
@FunctionalInterface
public interface SendScope {

	/**
	 * Runs {@code sends} (which never throws: each send's failure is recorded as that message's outcome) within
	 * the scope, on the calling thread, for a batch published to the channel named {@code channel}.
	 */
	void around(String channel, Runnable sends);

}
