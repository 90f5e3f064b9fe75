import { eq } from 'drizzle-orm';
import { accountUsers, accounts, organizations, plans, subscriptions } from '../../db/schema';
import { addCycle } from '../../modules/billing';
import { avatarPicture, picture } from './pictures';
import type { Scenario } from './scenario';
import { demoUserId, type DemoHandle } from './users.scenario';

/** Creators with a paid plan, an organization and a creator account each, in their own languages. */
export const DEMO_CREATORS: {
  handle: DemoHandle;
  plan: 'creator' | 'studio';
  organization: { name: string; username: string; description: string };
  account: { name: string; username: string; description: string };
  /** The hue of the account's drawn picture and banner. */
  hue: number;
}[] = [
  {
    handle: 'aye',
    plan: 'creator',
    organization: { name: 'Yangon Stories', username: 'yangon_stories', description: 'ရန်ကုန်မြို့၏ နေ့စဉ်ဘဝ ဇာတ်လမ်းများ' },
    account: {
      name: 'ရန်ကုန် ဇာတ်လမ်းများ',
      username: 'yangon.stories',
      description: 'ရန်ကုန်မြို့ရှိ လူများ၊ အစားအစာနှင့် လမ်းများအကြောင်း နေ့စဉ် မှတ်စုများ',
    },
    hue: 280,
  },
  {
    handle: 'somchai',
    plan: 'studio',
    organization: { name: 'Chiang Mai Kitchen', username: 'cm_kitchen', description: 'อาหารเหนือและเรื่องเล่าจากเชียงใหม่' },
    account: { name: 'เชียงใหม่ กินเที่ยว', username: 'cm.eats', description: 'สูตรอาหาร ร้านเด็ด และเรื่องเล่าจากเชียงใหม่' },
    hue: 25,
  },
  {
    handle: 'maya',
    plan: 'creator',
    organization: {
      name: 'Maya Chen Studio',
      username: 'maya_studio',
      description: 'Sketches, field recordings and short films.',
    },
    account: {
      name: 'Maya Sketches',
      username: 'maya.sketches',
      description: 'Drawing my way around Southeast Asia, one street at a time.',
    },
    hue: 190,
  },
];

export const creatorsScenario: Scenario = {
  name: 'creators',
  after: ['users'],
  async run(ctx) {
    for (const demo of DEMO_CREATORS) {
      const userId = await demoUserId(ctx.db, demo.handle);
      const [plan] = await ctx.db.select().from(plans).where(eq(plans.slug, demo.plan));
      if (!userId || !plan) continue;
      await ctx.db.insert(subscriptions).values({
        user_id: userId,
        plan_id: plan.id,
        status: 'active',
        billing_cycle: 'yearly',
        provider: 'kbzpay',
        expires_at: addCycle(new Date(), 'yearly'),
      });
      const [org] = await ctx.db
        .insert(organizations)
        .values({ ...demo.organization, user_id: userId, approved_status: 'approved' })
        .onConflictDoNothing()
        .returning({ id: organizations.id });
      if (!org) continue;
      const [account] = await ctx.db
        .insert(accounts)
        .values({ ...demo.account, organization_id: org.id, approved_status: 'approved' })
        .onConflictDoNothing()
        .returning({ id: accounts.id });
      if (!account) continue;
      await ctx.db.insert(accountUsers).values({ account_id: account.id, user_id: userId, role: 'owner' });
      // Uploaded by the owner through the image pipeline, as the account editor would.
      const initials = demo.organization.name
        .split(' ')
        .slice(0, 2)
        .map((word) => word[0])
        .join('');
      const [profile_url, banner_url] = await Promise.all([
        avatarPicture(ctx, userId, initials, demo.hue),
        // No caption: the account's picture covers the banner's lower corner.
        picture(ctx, userId, 'covers', '', demo.hue),
      ]);
      await ctx.db.update(accounts).set({ profile_url, banner_url }).where(eq(accounts.id, account.id));
    }
  },
};
