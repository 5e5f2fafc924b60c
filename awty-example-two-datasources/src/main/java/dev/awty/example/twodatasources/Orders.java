package dev.awty.example.twodatasources;

import java.time.Instant;

import javax.sql.DataSource;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import dev.awty.AwtyDataSource;
import dev.awty.EventScheduler;

/** Places orders in the orders database and schedules their shipment reminders in the same transaction. */
@Service
public class Orders {

	private final JdbcClient orders;

	private final EventScheduler scheduler;

	Orders(@AwtyDataSource DataSource ordersDataSource, EventScheduler scheduler) {
		this.orders = JdbcClient.create(ordersDataSource); // Boot's JdbcClient is on the primary DataSource
		this.scheduler = scheduler;
	}

	// tag::place[]
	@Transactional("ordersTransactionManager") // the transaction manager of awty's DataSource, not the primary one
	public long place(String item, Instant shipBy) {
		KeyHolder key = new GeneratedKeyHolder();
		this.orders.sql("INSERT INTO shop_order (item) VALUES (:item)").param("item", item).update(key, "id");
		long orderId = key.getKeyAs(Long.class);
		this.scheduler.schedule(new ShipmentReminder(orderId), shipBy);
		return orderId;
	}
	// end::place[]

}
