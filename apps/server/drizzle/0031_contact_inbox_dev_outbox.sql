-- The dev outbox makes its own table when it is turned on (dev/mailbox/outbox.ts, ADR 024): production databases keep none.
DROP TABLE IF EXISTS "dev_outbox";
