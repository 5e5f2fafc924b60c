package dev.awty.example.jpa;

import org.springframework.data.jpa.repository.JpaRepository;

/** The service's own Spring Data repository: awty needs nothing of it. */
public interface Invoices extends JpaRepository<Invoice, Long> {

}
