import { REPORT_CHAT_EVIDENCE_MESSAGES, type ReportSnapshot, type ReportTargetType } from '@inkwell/contracts';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { plainText } from '../../platform/sanitize';
import { accountAccess, findAccount } from '../accounts';
import { mayJoinRoom } from '../chats';
import { postAccess } from '../posts';
import * as repo from './reports.targets.repo';

/** What a report keeps of its target: who answers for it, and the content as it is now. */
export interface Reported {
  author_id: number | null;
  snapshot: ReportSnapshot;
}

const person = (row: { author_id: number | null; author_name: string | null; author_username: string | null }) =>
  row.author_id === null
    ? null
    : { id: row.author_id, name: row.author_name ?? '', username: row.author_username ?? '' };

const postPath = (slug: string) => `/posts/${encodeURIComponent(slug)}`;

async function post(ctx: AppContext, auth: AuthContext, id: number): Promise<Reported | undefined> {
  const row = await repo.postTarget(ctx.db, id, auth.user.id);
  if (!row || !postAccess(auth, row).visible) return undefined;
  const media = [row.url, row.featured_photo_url, ...row.photos.map((p) => p.url)].filter((u): u is string => !!u);
  return {
    author_id: row.author_id,
    snapshot: {
      title: row.title,
      text: row.content === null ? null : row.type === 'post' ? plainText(row.content) : row.content,
      media,
      author: person(row),
      url: postPath(row.slug),
    },
  };
}

async function comment(ctx: AppContext, auth: AuthContext, id: number): Promise<Reported | undefined> {
  const row = await repo.commentTarget(ctx.db, id, auth.user.id);
  if (!row || !postAccess(auth, row).visible) return undefined;
  return {
    author_id: row.author_id,
    snapshot: { title: null, text: row.content, media: [], author: person(row), url: postPath(row.slug) },
  };
}

async function account(ctx: AppContext, auth: AuthContext, id: number): Promise<Reported | undefined> {
  const facts = await findAccount(ctx.db, id, auth.user.id);
  if (!facts || !accountAccess(auth, facts).visible) return undefined;
  const row = await repo.accountTarget(ctx.db, id);
  if (!row) return undefined;
  return {
    author_id: row.author_id,
    snapshot: {
      title: row.name,
      text: row.description,
      media: [row.profile_url, row.banner_url].filter((u): u is string => !!u),
      author: person(row),
      url: `/a/${row.username}`,
    },
  };
}

async function user(ctx: AppContext, id: number): Promise<Reported | undefined> {
  const row = await repo.userTarget(ctx.db, id);
  if (!row) return undefined;
  return {
    author_id: row.id,
    snapshot: {
      title: row.name,
      text: null,
      media: row.profile_url ? [row.profile_url] : [],
      author: { id: row.id, name: row.name, username: row.username },
      url: `/u/${row.id}`,
    },
  };
}

/** A message of a room the reporter is in, with the room's last messages as they are now. */
async function chatMessage(ctx: AppContext, auth: AuthContext, id: number): Promise<Reported | undefined> {
  const row = await repo.messageTarget(ctx.db, id);
  if (!row || !(await mayJoinRoom(ctx, auth.user.id, row.room_id))) return undefined;
  const evidence = await repo.lastMessages(ctx.db, row.room_id, REPORT_CHAT_EVIDENCE_MESSAGES);
  return {
    author_id: row.author_id,
    snapshot: {
      title: null,
      text: row.body,
      media: row.image_url ? [row.image_url] : [],
      author: person(row),
      url: null,
      messages: evidence.map((m) => ({
        id: m.id,
        sender: person(m),
        body: m.body ?? '',
        created_at: new Date(m.created_at).toISOString(),
      })),
    },
  };
}

/**
 * The target as the reporter may see it, or a 404 exactly like a missing one: only what the reporter can see
 * can be reported (an id is no oracle). Each kind asks its own module's rule.
 */
export async function reportable(
  ctx: AppContext,
  auth: AuthContext,
  type: ReportTargetType,
  id: number,
): Promise<Reported> {
  const found = await {
    post: () => post(ctx, auth, id),
    comment: () => comment(ctx, auth, id),
    account: () => account(ctx, auth, id),
    user: () => user(ctx, id),
    chat_message: () => chatMessage(ctx, auth, id),
  }[type]();
  if (!found) throw notFound();
  return found;
}
