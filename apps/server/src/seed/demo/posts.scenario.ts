import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { RoleName } from '@inkwell/contracts';
import { eq } from 'drizzle-orm';
import { accountUsers, mediaFiles } from '../../db/schema';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { createComment } from '../../modules/comments';
import { setFollow } from '../../modules/follows';
import { toggleLike } from '../../modules/likes';
import { newFileId, originalKey, tmpDir, transcode } from '../../modules/media';
import { createPost } from '../../modules/posts';
import { picture } from './pictures';
import type { Scenario } from './scenario';
import { DEMO_PEOPLE, demoUserId, type DemoHandle } from './users.scenario';

const run = promisify(execFile);

const actingAs = async (ctx: AppContext, handle: DemoHandle): Promise<AuthContext | undefined> => {
  const id = await demoUserId(ctx.db, handle);
  if (!id) return undefined;
  const person = DEMO_PEOPLE[handle];
  return {
    tokenId: 0,
    user: { id, name: person.name, username: person.username, email: '', role_id: 0, role_name: 'user' as RoleName },
    permissions: new Set(),
  };
};

/** Audio or video made with ffmpeg's generators, then transcoded by the real job. */
async function clip(ctx: AppContext, userId: number, kind: 'audio' | 'video'): Promise<string | undefined> {
  const id = newFileId();
  await fs.promises.mkdir(tmpDir(ctx), { recursive: true });
  const source = path.join(tmpDir(ctx), `demo-${id}.${kind === 'audio' ? 'mp3' : 'mp4'}`);
  const args =
    kind === 'audio'
      ? ['-f', 'lavfi', '-i', 'sine=frequency=392:duration=6', '-af', 'volume=0.4', '-c:a', 'libmp3lame', source]
      : [
          '-f',
          'lavfi',
          '-i',
          'testsrc2=size=1280x720:rate=25:duration=6',
          '-f',
          'lavfi',
          '-i',
          'sine=frequency=523:duration=6',
          '-af',
          'volume=0.3',
          '-c:v',
          'libx264',
          '-pix_fmt',
          'yuv420p',
          '-c:a',
          'aac',
          '-shortest',
          source,
        ];
  try {
    await run(ctx.config.media.ffmpeg, ['-v', 'error', '-y', ...args]);
  } catch (err) {
    ctx.log.warn({ err }, 'demo data: ffmpeg is not available, skipping the audio and video posts');
    return undefined;
  }
  const sourceKey = originalKey(kind, kind === 'audio' ? 'mp3' : 'mp4');
  await ctx.storage.putFile(sourceKey, source, kind === 'audio' ? 'audio/mpeg' : 'video/mp4');
  await ctx.db
    .insert(mediaFiles)
    .values({ id, user_id: userId, kind, status: 'processing', source_key: sourceKey, duration_seconds: 6 });
  await transcode(ctx, id, { retryCount: 0 });
  const [row] = await ctx.db.select().from(mediaFiles).where(eq(mediaFiles.id, id));
  return row?.status === 'processed' && row.output_key ? ctx.storage.url(row.output_key) : undefined;
}

async function accountOf(ctx: AppContext, userId: number): Promise<number | undefined> {
  const [row] = await ctx.db
    .select({ id: accountUsers.account_id })
    .from(accountUsers)
    .where(eq(accountUsers.user_id, userId));
  return row?.id;
}

/** Posts of every type with real media, and readers who follow, like and comment. */
export const postsScenario: Scenario = {
  name: 'posts',
  after: ['creators'],
  async run(ctx) {
    const aye = await actingAs(ctx, 'aye');
    const somchai = await actingAs(ctx, 'somchai');
    const maya = await actingAs(ctx, 'maya');
    if (!aye || !somchai || !maya) return;
    const [ayeAccount, somchaiAccount, mayaAccount] = await Promise.all([
      accountOf(ctx, aye.user.id),
      accountOf(ctx, somchai.user.id),
      accountOf(ctx, maya.user.id),
    ]);
    if (!ayeAccount || !somchaiAccount || !mayaAccount) return;
    const made: { id: number }[] = [];
    const publish = async (
      auth: AuthContext,
      account_id: number,
      body: Omit<Parameters<typeof createPost>[2], 'account_id' | 'status'>,
    ) =>
      made.push(
        await createPost(ctx, auth, { account_id, status: 'published', ...body } as Parameters<typeof createPost>[2]),
      );

    await publish(maya, mayaAccount, {
      type: 'video',
      title: 'Test pattern at dusk',
      content: 'Six seconds of colour, transcoded for phones.',
      url: (await clip(ctx, maya.user.id, 'video')) ?? null,
    }).catch(() => undefined);
    await publish(maya, mayaAccount, {
      type: 'photo',
      title: 'Harbour in the afternoon',
      content: 'Boats, nets and a lot of patience.',
      url: await picture(ctx, maya.user.id, 'covers', 'Harbour', 200),
    });
    await publish(maya, mayaAccount, { type: 'status', content: 'Sketchbook filled up today. Time for a new one ✏️' });

    const audio = await clip(ctx, somchai.user.id, 'audio');
    if (audio) {
      await publish(somchai, somchaiAccount, {
        type: 'audio',
        title: 'เสียงตลาดเช้า',
        url: audio,
        featured_photo_url: await picture(ctx, somchai.user.id, 'squares', 'Morning market', 30),
      });
    }
    await publish(somchai, somchaiAccount, {
      type: 'post',
      title: 'ข้าวซอยที่ดีที่สุดในเชียงใหม่',
      content:
        '<h2>ร้านโปรดของเรา</h2><p>ข้าวซอยไก่น้ำข้นหอมเครื่องแกง เส้นนุ่มกรอบครบในชามเดียว</p><ul><li>มาเช้าก่อนแปดโมง</li><li>สั่งหมูกรอบเพิ่ม</li></ul>',
      url: await picture(ctx, somchai.user.id, 'covers', 'Khao soi', 20),
    });
    await publish(somchai, somchaiAccount, { type: 'status', content: 'วันนี้อากาศดี เหมาะกับการไปตลาดวโรรส 🌤️' });

    await publish(aye, ayeAccount, {
      type: 'gallery',
      title: 'ရန်ကုန် မနက်ခင်း',
      content: 'မြို့လယ် လမ်းများ မနက်ခင်းတွင်',
      photos: [
        {
          url: await picture(ctx, aye.user.id, 'photos', 'Sule', 280),
          caption: 'ဆူးလေ',
          alt: 'ဆူးလေဘုရား ရွှေရောင်စေတီ မနက်ခင်း ကောင်းကင်အောက်တွင်',
        },
        {
          url: await picture(ctx, aye.user.id, 'photos', 'Tea shop', 320),
          caption: 'လက်ဖက်ရည်ဆိုင်',
          alt: 'လမ်းဘေး လက်ဖက်ရည်ဆိုင်ရှိ ခုံပုလေးများနှင့် လက်ဖက်ရည်ခွက်များ',
        },
        {
          url: await picture(ctx, aye.user.id, 'photos', 'Circle line', 160),
          caption: 'မြို့ပတ်ရထား',
          alt: 'ဘူတာရုံတွင် ရပ်နေသော မြို့ပတ်ရထား',
        },
      ],
    });
    await publish(aye, ayeAccount, {
      type: 'post',
      title: 'ရန်ကုန်မြို့ရဲ့ လက်ဖက်ရည်ဆိုင်များ',
      content: '<p>လက်ဖက်ရည်ဆိုင်တွေဟာ ရန်ကုန်သားတွေရဲ့ ဧည့်ခန်းပါပဲ။ မနက်စာ၊ သတင်း၊ စကားဝိုင်း အားလုံး ဒီမှာပါ။</p>',
    });
    await publish(aye, ayeAccount, { type: 'status', content: 'မင်္ဂလာနံနက်ခင်းပါ ရန်ကုန်! ဒီနေ့ မိုးရွာမယ်ထင်တယ် ☔' });

    // Readers follow, like and talk.
    for (const handle of ['kyaw', 'su', 'nok'] as DemoHandle[]) {
      const reader = await actingAs(ctx, handle);
      if (!reader) continue;
      for (const account of [ayeAccount, somchaiAccount, mayaAccount]) await setFollow(ctx, reader, account, true);
      for (const post of made.slice(0, 5)) await toggleLike(ctx, reader, 'post', post.id);
    }
    const kyaw = await actingAs(ctx, 'kyaw');
    const su = await actingAs(ctx, 'su');
    const target = made.at(-1);
    if (kyaw && su && target) {
      const first = await createComment(ctx, kyaw, { post_id: target.id, content: 'ဟုတ်တယ်၊ ထီးယူသွားဦး!' });
      const reply = await createComment(ctx, aye, {
        post_id: target.id,
        content: 'ကျေးဇူးပါ 😊',
        parent_comment_id: first.id,
        account_id: ayeAccount,
      });
      await createComment(ctx, su, { post_id: target.id, content: 'လက်ဖက်ရည် သောက်ရအောင်', parent_comment_id: reply.id });
    }
  },
};
