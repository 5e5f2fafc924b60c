package dev.awty.internal.pipeline;

/**
 * A part of awty whose sources run on the pipeline: the event types, the recurring schedules. Each is built apart
 * from the pollers and added by them when they are created, so that every part is assembled the same way and none
 * changes the pollers after the fact.
 */
public interface PipelineSources {

	/** Builds this part's sources and adds them to {@code pollers}; called once, before they start. */
	void addTo(DeliveryPollers pollers);

}
