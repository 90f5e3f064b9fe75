import { integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/** The roles module's tables: roles, permissions and which role holds which. */

export const roles = pgTable('roles', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: varchar({ length: 50 }).notNull().unique(),
  ...timestamps,
});

export const permissions = pgTable('permissions', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: varchar({ length: 100 }).notNull().unique(),
  ...timestamps,
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    role_id: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission_id: integer()
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.role_id, t.permission_id] })],
);
