import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { admins } from '../admin/tables.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Every change made through the back-office: who, what, when, and the record before and after. Written in the
 * same transaction as the change, so the log and the data never disagree.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    // A running number: entries of one instant keep the order they happened in.
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null for changes made from the command line (admin:create). */
    actorId: uuid('actor_id').references(() => admins.id, { onDelete: 'set null' }),
    /** The actor's name and e-mail as they were, so the entry still reads right after a rename. */
    actorLabel: text('actor_label').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_log_created_idx').on(table.createdAt),
    index('audit_log_actor_idx').on(table.actorId, table.createdAt),
    index('audit_log_entity_idx').on(table.entity, table.entityId, table.createdAt),
  ],
);
