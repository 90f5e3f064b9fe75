import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/connect';

/*
 * The reportable things as a report needs them: what decides who may see each (asked of its module's policy
 * in reports.targets.ts), the person answerable for it, and what the snapshot keeps.
 */

interface PersonCols {
  author_id: number | null;
  author_name: string | null;
  author_username: string | null;
}

export interface PostTarget extends PersonCols {
  id: number;
  slug: string;
  type: string;
  title: string | null;
  content: string | null;
  url: string | null;
  featured_photo_url: string | null;
  photos: { url: string }[];
  visible: boolean;
  member: boolean;
}

/** A post, its writer (or, for an imported post without one, its account's first owner). */
export async function postTarget(db: Db, id: number, viewer: number): Promise<PostTarget | undefined> {
  const [row] = await queryRows<PostTarget>(
    db,
    sql`select p.id, p.slug, p.type, p.title, p.content, p.url, p.featured_photo_url, p.photos, p.visible,
          exists(select 1 from account_users au where au.account_id = p.account_id and au.user_id = ${viewer}) as member,
          u.id as author_id, u.name as author_name, u.username as author_username
        from posts p
        left join lateral (
          select coalesce(p.author_id, (select au.user_id from account_users au
            where au.account_id = p.account_id and au.role = 'owner' order by au.created_at, au.user_id limit 1)) as id
        ) who on true
        left join users u on u.id = who.id
        where p.id = ${id}`,
  );
  return row;
}

export interface CommentTarget extends PersonCols {
  id: number;
  post_id: number;
  content: string;
  slug: string;
  visible: boolean;
  member: boolean;
}

/** A comment, with what decides who may see its post (a comment is seen by whoever sees its post). */
export async function commentTarget(db: Db, id: number, viewer: number): Promise<CommentTarget | undefined> {
  const [row] = await queryRows<CommentTarget>(
    db,
    sql`select c.id, c.post_id, c.content, p.slug, p.visible,
          exists(select 1 from account_users au where au.account_id = p.account_id and au.user_id = ${viewer}) as member,
          u.id as author_id, u.name as author_name, u.username as author_username
        from comments c
        join posts p on p.id = c.post_id
        join users u on u.id = c.user_id
        where c.id = ${id}`,
  );
  return row;
}

export interface AccountTarget extends PersonCols {
  id: number;
  name: string;
  username: string;
  description: string | null;
  profile_url: string | null;
  banner_url: string | null;
}

/** An account and its first owner. */
export async function accountTarget(db: Db, id: number): Promise<AccountTarget | undefined> {
  const [row] = await queryRows<AccountTarget>(
    db,
    sql`select a.id, a.name, a.username, a.description, a.profile_url, a.banner_url,
          u.id as author_id, u.name as author_name, u.username as author_username
        from accounts a
        left join lateral (select au.user_id from account_users au
          where au.account_id = a.id and au.role = 'owner' order by au.created_at, au.user_id limit 1) o on true
        left join users u on u.id = o.user_id
        where a.id = ${id}`,
  );
  return row;
}

export interface UserTarget {
  id: number;
  name: string;
  username: string;
  profile_url: string | null;
}

/** A person anyone signed in may see: activated and not suspended (their page answers 404 otherwise). */
export async function userTarget(db: Db, id: number): Promise<UserTarget | undefined> {
  const [row] = await queryRows<UserTarget>(
    db,
    sql`select u.id, u.name, u.username, u.profile_url from users u
        where u.id = ${id} and u.email_verified_at is not null and u.suspended_at is null`,
  );
  return row;
}

export interface MessageRow extends PersonCols {
  id: number;
  room_id: number;
  body: string | null;
  image_url: string | null;
  created_at: Date;
}

const messageCols = sql`m.id, m.room_id, m.body, m.image_url, m.created_at,
  u.id as author_id, u.name as author_name, u.username as author_username`;

export async function messageTarget(db: Db, id: number): Promise<MessageRow | undefined> {
  const [row] = await queryRows<MessageRow>(
    db,
    sql`select ${messageCols} from chat_messages m left join users u on u.id = m.user_id where m.id = ${id}`,
  );
  return row;
}

/** The room's last messages, oldest first: the evidence a chat report carries. */
export function lastMessages(db: Db, roomId: number, limit: number): Promise<MessageRow[]> {
  return queryRows<MessageRow>(
    db,
    sql`select * from (
          select ${messageCols} from chat_messages m left join users u on u.id = m.user_id
          where m.room_id = ${roomId}
          order by m.id desc limit ${limit}
        ) last order by id`,
  );
}
