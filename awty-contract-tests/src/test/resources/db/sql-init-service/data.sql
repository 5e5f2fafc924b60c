-- A data script may fill awty's tables: they exist by the time Boot's SQL scripts run. A paused schedule to begin with.
INSERT INTO awty_schedule (id, expression, time_zone, misfire_policy, enabled, version, attempts, created_at, updated_at)
VALUES ('seeded-daily', '@daily', 'UTC', 'FIRE_ONCE', FALSE, 1, 0, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP);
