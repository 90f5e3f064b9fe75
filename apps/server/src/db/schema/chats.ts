import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { belongsTo, identity } from './columns';
import { accounts } from './accounts';
import { users } from './users';

/** A conversation of two or more people, or of a person with a creator account (whose owners answer). */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: identity(),
    /** Set for a chat with a creator account. */
    account_id: integer().references(() => accounts.id, { onDelete: 'cascade' }),
    is_group: boolean().notNull().default(false),
    /**
     * The pair a 1:1 room is for (`u:<low>:<high>`, or `a:<account>:u:<user>` for an account chat), unique so
     * opening the same chat twice, even at once, finds one room. Null for groups: each is its own.
     */
    direct_key: varchar({ length: 64 }),
    created_by: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Kept with each message: the room's page count comes from it. */
    messages_count: integer().notNull().default(0),
    last_message_id: integer(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chat_rooms_direct_key_idx').on(t.direct_key)],
);

/** Who is in a room, what they have not read, and when the room last moved (their list's order). */
export const chatMembers = pgTable(
  'chat_members',
  {
    room_id: belongsTo(() => chatRooms.id),
    user_id: belongsTo(() => users.id),
    /** In the room for its account: one of the account's owners, answering as the account. */
    as_account: boolean().notNull().default(false),
    /** Messages from others since this member last read the room (kept with each message and each read). */
    unread_count: integer().notNull().default(0),
    last_read_message_id: integer().notNull().default(0),
    last_activity_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    joined_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.room_id, t.user_id] }),
    // My rooms, newest activity first; and the rooms with something unread (the badge's sum).
    index('chat_members_user_activity_idx').on(t.user_id, t.last_activity_at.desc(), t.room_id),
    index('chat_members_user_unread_idx')
      .on(t.user_id, t.unread_count)
      .where(sql`${t.unread_count} > 0`),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: identity(),
    room_id: belongsTo(() => chatRooms.id),
    /** The person who wrote it (kept as null if they are ever removed, so the room's count stays true). */
    user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Written by one of the account's owners, as the account. */
    is_account: boolean().notNull().default(false),
    body: text(),
    image_url: text(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_messages_room_idx').on(t.room_id, t.id)],
);
