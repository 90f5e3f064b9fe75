import fs from 'node:fs';
import { creatorAccount } from '../dataset';
import { serverEntry } from '../paths';
import { ADMIN_URL, dbUrl, sql, startServer, stopServer } from '../server';

/**
 * The post import through its HTTP route on PostgreSQL: a fresh database, the built server, a root
 * administrator, one creator account, then `POST /api/posts/import` with 10,000 statuses and with 10,000
 * articles (English, Burmese and Thai), each timed from the first byte sent to the answer. Goal: < 30 s each.
 */

const DATABASE = 'inkwell_bench_import';
const PORT = 3871;
const ROWS = 10_000;
const GOAL_SECONDS = 30;
const ADMIN_EMAIL = 'bench-root@bench.test';
const ADMIN_PASSWORD = 'bench-root-password-1';

const STATUSES = [
  'Morning market in Yangon: the first mangoes of the season are here.',
  'မင်္ဂလာပါ။ ဒီနေ့ ရန်ကုန်မှာ မိုးစရွာပါပြီ၊ ထီးယူသွားဖို့ မမေ့ပါနဲ့။',
  'สวัสดีตอนเช้าจากเชียงใหม่ อากาศเย็นสบาย เหมาะกับการเดินเล่นรอบคูเมือง',
];
const ARTICLES = [
  {
    title: 'A week of tea shops in Yangon',
    content:
      '<p>Every neighbourhood has its own tea shop, and every tea shop has its regulars.</p><h2>Where to start</h2><ul><li>Order <strong>laphet yay</strong>.</li><li>Share a plate of samosas.</li></ul>',
  },
  {
    title: 'ရန်ကုန် မြို့လယ်ခေါင် လမ်းလျှောက်ခရီး',
    content:
      '<p>ဆူးလေဘုရားမှ စတင်ပြီး <em>ကိုလိုနီခေတ် အဆောက်အအုံများ</em>ကို ဖြတ်ကျော်ကာ မြစ်ကမ်းအထိ လမ်းလျှောက်ကြည့်ပါ။</p><p>နံနက်ပိုင်း စောစောထွက်ရင် နေပူမှ ရှောင်နိုင်ပါတယ်။</p>',
  },
  {
    title: 'ตลาดวันอาทิตย์ที่เชียงใหม่',
    content:
      '<p>ถนนคนเดินวันอาทิตย์เริ่มตั้งแต่ประตูท่าแพ มีทั้งงานฝีมือ อาหารพื้นเมือง และดนตรีสด</p><blockquote>มาก่อนหกโมงเย็นจะเดินสบายกว่า</blockquote><script>alert(1)</script>',
  },
];

const day = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString();

function rows(type: 'status' | 'post'): unknown[] {
  return Array.from({ length: ROWS }, (_, i) =>
    type === 'status'
      ? { content: `${STATUSES[i % 3]} #${i}`, created_at: day(i) }
      : { ...ARTICLES[i % 3], title: `${ARTICLES[i % 3]!.title} ${i}`, created_at: day(i) },
  );
}

export async function importBench(): Promise<void> {
  if (!fs.existsSync(serverEntry)) throw new Error('Build first: npm run build');
  await sql(ADMIN_URL, `drop database if exists ${DATABASE} with (force)`);
  await sql(ADMIN_URL, `create database ${DATABASE}`);
  const url = dbUrl(DATABASE);
  const server = await startServer(url, PORT, { ADMIN_EMAIL, ADMIN_PASSWORD });
  try {
    const base = `http://127.0.0.1:${PORT}/api`;
    const login = (await (
      await fetch(`${base}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, device_name: 'bench' }),
      })
    ).json()) as { token: string };
    if (!login.token) throw new Error('root login failed');
    // The creator and the account the posts go to.
    const user = (
      await sql(
        url,
        `insert into users (name, username, email, password_hash, role_id, email_verified_at)
         values ('Bench Creator', 'bench_creator', 'creator@bench.test', 'x', (select id from roles where name = 'user'), now())
         returning id`,
      )
    ).rows[0].id as number;
    const account = await creatorAccount((text, values) => sql(url, text, values), user, 'bench');

    console.log(
      `\n${ROWS.toLocaleString()} rows per file, one HTTP request each, PostgreSQL (goal < ${GOAL_SECONDS} s)`,
    );
    console.log('  type      file MB   imported   seconds   rows/s');
    let failed = false;
    for (const type of ['status', 'post'] as const) {
      const file = JSON.stringify(rows(type));
      const form = new FormData();
      form.append('type', type);
      form.append('user_id', String(user));
      form.append('account_id', String(account));
      form.append('file', new Blob([file], { type: 'application/json' }), `${type}.json`);
      const started = performance.now();
      const res = await fetch(`${base}/posts/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${login.token}`, accept: 'application/json' },
        body: form,
      });
      const seconds = (performance.now() - started) / 1000;
      const body = (await res.json()) as { imported?: number; errors_count?: number; message?: string };
      if (res.status !== 200 || body.imported !== ROWS)
        throw new Error(`${type}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      failed ||= seconds >= GOAL_SECONDS;
      console.log(
        `  ${type.padEnd(8)} ${(Buffer.byteLength(file) / 1024 / 1024).toFixed(1).padStart(8)} ${String(body.imported).padStart(10)} ${seconds.toFixed(2).padStart(9)} ${Math.round(
          ROWS / seconds,
        )
          .toString()
          .padStart(8)}`,
      );
    }
    const [{ n }] = (await sql(url, `select count(*)::int as n from posts where account_id = $1`, [account])).rows as [
      { n: number },
    ];
    const [{ value }] = (await sql(url, `select value from counters where key = 'posts.visible'`)).rows as [
      { value: number },
    ];
    console.log(`  stored: ${n} posts; public total (posts.visible): ${value}`);
    if (failed) process.exitCode = 1;
  } finally {
    await stopServer(server);
    await sql(ADMIN_URL, `drop database if exists ${DATABASE} with (force)`);
  }
}
