import type { Db } from '../../db/connect';
import { plans, type PlanTranslation } from '../../db/schema';

const features = (groups: { icon: string; head: string; items: [string, string][] }[]) =>
  JSON.stringify(
    groups.map((g) => ({
      icon: g.icon,
      sub_feature_head: g.head,
      items: g.items.map(([icon, text]) => ({ icon, text })),
    })),
  );

interface SeedPlan {
  slug: string;
  name: string;
  description: string;
  monthly_price: number;
  yearly_price: number;
  trial_period_days: number;
  creates_accounts: boolean;
  /** Audio and video storage per subscriber, in MiB. */
  storage_quota_mb: number;
  /** Videos also stream in 1080p. */
  video_1080p: boolean;
  sort_order: number;
  features: string;
  translations: Partial<Record<'my' | 'th', PlanTranslation>>;
}

/** The plans Inkwell starts with; administrators change them later (existing rows are never overwritten). */
export const SEED_PLANS: SeedPlan[] = [
  {
    slug: 'free',
    name: 'Free',
    description: 'Read, follow, comment and chat.',
    monthly_price: 0,
    yearly_price: 0,
    trial_period_days: 0,
    creates_accounts: false,
    storage_quota_mb: 0,
    video_1080p: false,
    sort_order: 0,
    features: features([
      {
        icon: 'book',
        head: 'Reading',
        items: [
          ['check', 'Followed and public feeds'],
          ['check', 'Likes and comments'],
          ['check', 'Friends and chat'],
        ],
      },
    ]),
    translations: {
      my: {
        name: 'အခမဲ့',
        description: 'ဖတ်ရှုခြင်း၊ ဖောလိုလုပ်ခြင်း၊ မှတ်ချက်ပေးခြင်းနှင့် စကားပြောခြင်း။',
        features: features([
          {
            icon: 'book',
            head: 'ဖတ်ရှုခြင်း',
            items: [
              ['check', 'ဖောလိုလုပ်ထားသော နှင့် အများပြည်သူ ဖိဒ်များ'],
              ['check', 'လိုက်ခ်နှင့် မှတ်ချက်များ'],
              ['check', 'သူငယ်ချင်းများနှင့် စကားပြောခြင်း'],
            ],
          },
        ]),
      },
      th: {
        name: 'ฟรี',
        description: 'อ่าน ติดตาม แสดงความคิดเห็น และแชต',
        features: features([
          {
            icon: 'book',
            head: 'การอ่าน',
            items: [
              ['check', 'ฟีดที่ติดตามและฟีดสาธารณะ'],
              ['check', 'ถูกใจและแสดงความคิดเห็น'],
              ['check', 'เพื่อนและแชต'],
            ],
          },
        ]),
      },
    },
  },
  {
    slug: 'creator',
    name: 'Creator',
    description: 'Publish under your own creator account.',
    monthly_price: 5000,
    yearly_price: 50000,
    trial_period_days: 14,
    creates_accounts: true,
    storage_quota_mb: 10240,
    video_1080p: false,
    sort_order: 1,
    features: features([
      {
        icon: 'pencil',
        head: 'Publishing',
        items: [
          ['check', 'Organizations and creator accounts'],
          ['check', 'Statuses, articles, photos and galleries'],
          ['check', 'Audio and video, transcoded for phones'],
        ],
      },
      { icon: 'chart', head: 'Insights', items: [['check', 'Daily likes and followers']] },
    ]),
    translations: {
      my: {
        name: 'ဖန်တီးသူ',
        description: 'သင့်ကိုယ်ပိုင် ဖန်တီးသူအကောင့်ဖြင့် ထုတ်ဝေပါ။',
        features: features([
          {
            icon: 'pencil',
            head: 'ထုတ်ဝေခြင်း',
            items: [
              ['check', 'အဖွဲ့အစည်းများနှင့် ဖန်တီးသူအကောင့်များ'],
              ['check', 'စတေးတပ်၊ ဆောင်းပါး၊ ဓာတ်ပုံနှင့် ဓာတ်ပုံအစုံများ'],
              ['check', 'ဖုန်းအတွက် ပြောင်းလဲထားသော အသံနှင့် ဗီဒီယို'],
            ],
          },
          { icon: 'chart', head: 'ထိုးထွင်းသိမြင်မှု', items: [['check', 'နေ့စဉ် လိုက်ခ်များနှင့် ဖောလိုဝါများ']] },
        ]),
      },
      th: {
        name: 'ครีเอเตอร์',
        description: 'เผยแพร่ผลงานด้วยบัญชีครีเอเตอร์ของคุณเอง',
        features: features([
          {
            icon: 'pencil',
            head: 'การเผยแพร่',
            items: [
              ['check', 'องค์กรและบัญชีครีเอเตอร์'],
              ['check', 'สถานะ บทความ ภาพถ่าย และแกลเลอรี'],
              ['check', 'เสียงและวิดีโอที่แปลงให้เหมาะกับมือถือ'],
            ],
          },
          { icon: 'chart', head: 'ข้อมูลเชิงลึก', items: [['check', 'ยอดถูกใจและผู้ติดตามรายวัน']] },
        ]),
      },
    },
  },
  {
    slug: 'studio',
    name: 'Studio',
    description: 'For teams and publishers with several accounts.',
    monthly_price: 15000,
    yearly_price: 150000,
    trial_period_days: 7,
    creates_accounts: true,
    storage_quota_mb: 51200,
    video_1080p: true,
    sort_order: 2,
    features: features([
      {
        icon: 'building',
        head: 'Everything in Creator, plus',
        items: [
          ['check', 'Several organizations and accounts'],
          ['check', 'Bulk import of posts'],
          ['check', 'Priority transcoding'],
          ['check', 'Video streamed in up to 1080p'],
        ],
      },
      { icon: 'headset', head: 'Support', items: [['check', 'Help in Burmese, Thai and English']] },
    ]),
    translations: {
      my: {
        name: 'စတူဒီယို',
        description: 'အကောင့်များစွာရှိသော အဖွဲ့များနှင့် ထုတ်ဝေသူများအတွက်။',
        features: features([
          {
            icon: 'building',
            head: 'ဖန်တီးသူ အစီအစဉ်ရှိ အရာအားလုံးအပြင်',
            items: [
              ['check', 'အဖွဲ့အစည်းနှင့် အကောင့်များစွာ'],
              ['check', 'ပို့စ်များကို အစုလိုက် တင်သွင်းခြင်း'],
              ['check', 'ဦးစားပေး ပြောင်းလဲခြင်း'],
              ['check', '1080p အထိ ဗီဒီယို ထုတ်လွှင့်ခြင်း'],
            ],
          },
          { icon: 'headset', head: 'အကူအညီ', items: [['check', 'မြန်မာ၊ ထိုင်းနှင့် အင်္ဂလိပ် ဘာသာဖြင့် အကူအညီ']] },
        ]),
      },
      th: {
        name: 'สตูดิโอ',
        description: 'สำหรับทีมและสำนักพิมพ์ที่มีหลายบัญชี',
        features: features([
          {
            icon: 'building',
            head: 'ทุกอย่างในแพ็กเกจครีเอเตอร์ และ',
            items: [
              ['check', 'หลายองค์กรและหลายบัญชี'],
              ['check', 'นำเข้าโพสต์ครั้งละมากๆ'],
              ['check', 'แปลงไฟล์แบบเร่งด่วน'],
              ['check', 'สตรีมวิดีโอได้สูงสุด 1080p'],
            ],
          },
          { icon: 'headset', head: 'การสนับสนุน', items: [['check', 'ช่วยเหลือเป็นภาษาพม่า ไทย และอังกฤษ']] },
        ]),
      },
    },
  },
];

/** Only into an empty table: plans an administrator removed stay removed. */
export async function seedPlans(db: Db): Promise<void> {
  const [any] = await db.select({ id: plans.id }).from(plans).limit(1);
  if (!any) await db.insert(plans).values(SEED_PLANS).onConflictDoNothing({ target: plans.slug });
}
