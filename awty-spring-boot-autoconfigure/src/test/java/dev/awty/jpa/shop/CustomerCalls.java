package dev.awty.jpa.shop;

import java.util.List;

import org.springframework.data.jpa.repository.JpaRepository;

public interface CustomerCalls extends JpaRepository<ScheduledCustomerCall, Long> {

	List<ScheduledCustomerCall> findByCustomerId(Long customerId);

}
