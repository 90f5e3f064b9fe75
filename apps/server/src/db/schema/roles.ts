import { pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { belongsTo, identity, timestamps } from './columns';

/** The roles module's tables: roles, permissions and which role holds which. */

export const roles = pgTable('roles', {
  id: identity(),
  name: varchar({ length: 50 }).notNull().unique(),
  ...timestamps,
});

export const permissions = pgTable('permissions', {
  id: identity(),
  name: varchar({ length: 100 }).notNull().unique(),
  ...timestamps,
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    role_id: belongsTo(() => roles.id),
    permission_id: belongsTo(() => permissions.id),
  },
  (t) => [primaryKey({ columns: [t.role_id, t.permission_id] })],
);
