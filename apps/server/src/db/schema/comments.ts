import type { Mention } from '@inkwell/contracts';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { belongsTo, identity, timestamps } from './columns';
import { posts } from './posts';
import { users } from './users';

/** The comments module's table: threads of up to three levels under a post. */

export const comments = pgTable(
  'comments',
  {
    id: identity(),
    post_id: belongsTo(() => posts.id),
    parent_id: integer().references((): any => comments.id, { onDelete: 'cascade' }),
    depth: integer().notNull().default(1),
    user_id: belongsTo(() => users.id),
    /** Set when the person commented as one of their approved accounts. */
    account_id: integer().references(() => accounts.id, { onDelete: 'cascade' }),
    content: text().notNull(),
    /** Its @mentions, resolved when written. */
    mentions: jsonb().$type<Mention[]>().notNull().default([]),
    likes_count: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [index('comments_post_idx').on(t.post_id, t.created_at), index('comments_parent_idx').on(t.parent_id)],
);
