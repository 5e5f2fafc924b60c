package dev.awty.example.flyway;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * An order service whose schema Flyway keeps ({@code db/migration/<database>/V1__orders.sql}): each order placed
 * gets a check, due some hours later, that alerts if the order has not shipped by then.
 */
@SpringBootApplication
public class OrderCheckApplication {

	public static void main(String[] args) {
		SpringApplication.run(OrderCheckApplication.class, args);
	}

}
