package dev.awty.jpa.shop;

import java.util.List;

import org.springframework.data.jpa.domain.Specification;
import org.springframework.data.jpa.repository.JpaRepository;

import dev.awty.jpa.ScheduledEvents;

public interface CustomerCalls extends JpaRepository<ScheduledCustomerCall, Long>, ScheduledEvents<ScheduledCustomerCall> {

	List<ScheduledCustomerCall> findByCustomerId(Long customerId);

	static Specification<ScheduledCustomerCall> ofCustomer(long customerId) {
		return (call, query, cb) -> cb.equal(call.get("customerId"), customerId);
	}

}
