import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { words } from '@inkwell/contracts';
import pg from 'pg';
import { creatorAccount, peopleWithTokens } from '../dataset';
import { root } from '../paths';
import { ADMIN_URL, dbUrl, sql, startServer, stopServer } from '../server';

/*
 * Search at scale (issue 30): 1M posts (or `search 100k`), a third each in English, Burmese and Thai, generated
 * from word lists — Burmese words are ICU's words of the Universal Declaration of Human Rights in Unicode (the
 * corpus myanmar-tools ships), Thai and English are lists of everyday words — written without spaces in Burmese
 * and Thai as people write them. Then, per language, known answers: posts written through the API (so the app
 * segments them) with a word from a reserved list that no generated post uses, hidden inside unspaced text.
 *
 * Reports p50/p99 of search (common words, rare words, two words) and of suggestions, one request at a time as a
 * reader types, and recall: the share of known answers found on the first page for their word, per language.
 * Goals: search p99 ≤ 150 ms, suggest p99 ≤ 100 ms, recall ≥ 0.95 in every language.
 */

const READY = 'bench:search:ready:2';
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const PLANTED_PER_WORD = 2;

const EN = `time year people way day man thing woman life child world school state family student group country
problem hand part place case week company system program question work government number night point home water
room mother area money story fact month lot right study book eye job word business issue side kind head house
service friend father power hour game line end member law car city community name president team minute idea kid
body information back parent face others level office door health person art war history party result change
morning reason research girl guy moment air teacher force education foot boy age policy process music market sense
nation plan college interest death experience effect use class control care field development role effort rate heart
drug show leader light voice wife police mind price report decision son view relationship town road arm difference
value building action model season society tax director position player record paper space ground form event
official matter center couple site project activity star table need court oil situation cost industry figure street
image phone data picture practice piece land product doctor wall patient worker news test movie north love support
technology step baby computer type attention film tree source organization hair window evidence population truth song
rain tea river market noodle bus train bridge temple garden festival coffee rice fish chicken mango beach mountain`
  .split(/\s+/)
  .filter(Boolean);
const EN_RARE = `xylophone quixotic zephyr obsidian marzipan kaleidoscope nebulous saffron tambourine juniper
quagmire velvetleaf wanderlust yarrow zucchini bergamot cormorant dandelion elderberry fennelseed galangal hibiscus
ironwood jackfruit kumquat lemongrass mangosteen nutmegtree oleander papyrus quince rambutan sandalwood tamarind
umbrella vermilion wisteria xanthic yuzupeel zinnia`
  .split(/\s+/)
  .filter(Boolean);

const TH = `ข้าว น้ำ บ้าน โรงเรียน ตลาด ถนน รถ เมือง ประเทศ คน เด็ก ผู้ใหญ่ แม่ พ่อ พี่ น้อง เพื่อน ครู หมอ งาน เงิน เวลา วัน
คืน เช้า เย็น ปี เดือน สัปดาห์ อาหาร กาแฟ ชา ผลไม้ ผัก ไก่ หมู ปลา กุ้ง ไข่ เส้น ก๋วยเตี๋ยว ส้มตำ แกง ผัด ทอด ต้ม หวาน
เผ็ด เค็ม เปรี้ยว อร่อย สวย ดี ใหม่ เก่า ใหญ่ เล็ก ร้อน เย็นสบาย ฝน แดด ลม ทะเล ภูเขา แม่น้ำ วัด สวน ห้าง โรงพยาบาล
สถานี รถไฟ เครื่องบิน เรือ จักรยาน หนังสือ ข่าว เพลง หนัง ภาพ รูป กีฬา ฟุตบอล เกม ความรัก ความสุข ครอบครัว ชีวิต
ทำงาน เรียน อ่าน เขียน ฟัง พูด กิน ดื่ม นอน ตื่น เดิน วิ่ง ขับ ซื้อ ขาย ให้ รับ ไป มา อยู่ เห็น รู้ คิด ชอบ รัก ช่วย
บริษัท รัฐบาล นักเรียน มหาวิทยาลัย ห้องสมุด ประชุม เทศกาล วันหยุด ท่องเที่ยว โรงแรม ร้านอาหาร ราคา สินค้า ตู้เย็น
โทรศัพท์ คอมพิวเตอร์ อินเทอร์เน็ต ไฟฟ้า ประตู หน้าต่าง ห้องน้ำ ห้องนอน ครัว เก้าอี้ โต๊ะ เสื้อ กางเกง รองเท้า หมวก`
  .split(/\s+/)
  .filter(Boolean);
const TH_RARE = `จระเข้ ยีราฟ นกแก้ว ผีเสื้อ แมงมุม ปลาวาฬ กระรอก นกฮูก หิ่งห้อย แรด ม้าลาย อูฐ เพนกวิน ตุ๊กแก ปลาหมึก
มะละกอ มังคุด ทุเรียน เงาะ ลำไย สับปะรด แตงโม มะพร้าว ฝรั่ง ชมพู่ กระท้อน ละมุด มะยม ตะไคร้ ข่า ขมิ้น กระชาย
โหระพา กะเพรา ผักชี สะระแหน่ เครื่องเทศ อบเชย กานพลู`
  .split(/\s+/)
  .filter(Boolean);

/** Burmese words: ICU's words of the UDHR in Unicode, the most frequent ones common, some longer ones reserved. */
function burmeseWords(): { common: string[]; rare: string[] } {
  const resources = path.join(
    path.dirname(createRequire(path.join(root, 'apps', 'server', 'package.json')).resolve('myanmar-tools')),
    'resources',
  );
  const text = fs.readFileSync(path.join(resources, 'udhr_mya_unicode_src.txt'), 'utf8').replace(/\u1040/g, '\u101d');
  const counts = new Map<string, number>();
  for (const w of words(text)) if (/^[\u1000-\u109f]+$/.test(w.word)) counts.set(w.word, (counts.get(w.word) ?? 0) + 1);
  const byUse = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([w]) => w);
  // Reserved: longer words (several syllables) that ICU keeps whole, from the less used ones.
  const rare = byUse.filter((w) => w.length >= 6 && words(w).length === 1).slice(-40);
  const common = byUse.filter((w) => !rare.includes(w) && w.length >= 2).slice(0, 200);
  return { common, rare };
}

const LANGS = ['en', 'th', 'my'] as const;
type Lang = (typeof LANGS)[number];

function lists(): Record<Lang, { common: string[]; rare: string[]; sep: string }> {
  const my = burmeseWords();
  return {
    en: { common: EN, rare: EN_RARE, sep: ' ' },
    th: { common: TH, rare: TH_RARE, sep: '' },
    my: { ...my, sep: '' },
  };
}

/** Random words of a list, joined as the language writes them. */
const sentence = (list: string[], sep: string, n: number) =>
  Array.from({ length: n }, () => list[Math.floor(Math.random() * list.length)]!).join(sep);

async function dataset(posts: number): Promise<{ url: string; token: string }> {
  const name = `inkwell_bench_search_${posts}`;
  const url = dbUrl(name);
  const token = 'bench-search-reader-token';
  const exists = (await sql(ADMIN_URL, 'select 1 from pg_database where datname = $1', [name])).rowCount;
  if (exists) {
    const ready = await sql(url, 'select 1 from app_state where key = $1', [READY]).catch(() => ({ rowCount: 0 }));
    if (ready.rowCount) return { url, token };
    await sql(ADMIN_URL, `drop database ${name} with (force)`);
  }
  await sql(ADMIN_URL, `create database ${name}`);
  await stopServer(await startServer(url, 3950));
  console.log(`  generating ${posts.toLocaleString()} posts…`);
  const started = Date.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const run = (text: string, values?: unknown[]) => client.query(text, values);
  const [reader] = await peopleWithTokens(run, 1, 'search', () => token);
  // Accounts named with words of each language, for suggestions and account hits.
  const words = lists();
  const owner = reader!;
  await creatorAccount(run, owner, 'searchbench');
  for (const lang of LANGS) {
    await run(
      `insert into organizations (user_id, name, username, description, approved_status)
       values ($1, $2, $3, $2, 'approved')`,
      [owner, `Org ${lang}`, `org_${lang}`],
    );
    await run(
      `insert into accounts (organization_id, name, username, description, approved_status)
       select (select id from organizations where username = $1), w, $2 || '_' || n, w || ' ' || w, 'approved'
       from unnest($3::text[]) with ordinality as x(w, n)`,
      [`org_${lang}`, lang, words[lang].common],
    );
    const third = Math.floor(posts / 3);
    const { common, sep } = words[lang];
    // Each post: 12 to 30 words of the language, its words as the app stores them (weight B), over a year, in
    // the order they were written (as a real table grows).
    await run(
      `insert into posts (account_id, author_id, type, slug, content, search_text, search_vector, language, tags,
                          text_version, created_at, updated_at, likes_count, comments_count)
       select (select min(id) from accounts), $1, 'status', $2 || '-' || i, t.text, t.text,
              setweight(to_tsvector('simple', t.spaced), 'B'), $2, '{}', 1,
              now() - make_interval(secs => ($3::int - i) * ${Math.max(1, Math.floor(31536000 / (posts / 3)))}), now(),
              (random() * 20)::int, (random() * 5)::int
       from generate_series(1, $3::int) i
       cross join lateral (
         select string_agg(w, $4) as text, string_agg(w, ' ') as spaced
         from (select ($5::text[])[1 + floor(random() * array_length($5::text[], 1))::int] as w
               from generate_series(1, 12 + (i % 19))) x
       ) t`,
      [owner, lang, third, sep, common],
    );
    // Tags of the language, used by many posts, for suggestions.
    await run(
      `insert into tags (name, posts_count) select lower(w), 1 + (random() * 1000)::int
       from unnest($1::text[]) w on conflict do nothing`,
      [common],
    );
    console.log(`  ${lang} done at ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  await run(`update counters set value = (select count(*) from posts) where key = 'posts.visible'`);
  await run(`insert into app_state (key, value) values ('${READY}', '{}'::jsonb)`);
  await run('vacuum analyze');
  await client.end();
  console.log(`  generated in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return { url, token };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

async function timed(base: string, token: string, paths: string[]) {
  const times: number[] = [];
  for (const p of paths) {
    const started = performance.now();
    const res = await fetch(`${base}${p}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

export async function searchBench(args: string[]): Promise<void> {
  const posts = args[0] === '100k' ? 100_000 : args[0] === '10k' ? 10_000 : 1_000_000;
  const { url, token } = await dataset(posts);
  const port = 3951;
  const server = await startServer(url, port);
  const base = `http://127.0.0.1:${port}/api`;
  try {
    const words = lists();
    // Known answers, written through the API so the app finds their words: each reserved word hidden in two
    // posts of unspaced everyday words (Thai and Burmese), or among spaced words (English).
    const { rows } = await sql(url, `select id from accounts where username = 'searchbench_account'`);
    const accountId = rows[0]!.id as number;
    const planted: Record<Lang, { word: string; ids: number[] }[]> = { en: [], th: [], my: [] };
    for (const lang of LANGS) {
      const { common, rare, sep } = words[lang];
      for (const word of rare) {
        const ids: number[] = [];
        for (let i = 0; i < PLANTED_PER_WORD; i++) {
          const content = [sentence(common, sep, 6), word, sentence(common, sep, 6)].join(sep);
          const res = await fetch(`${base}/posts`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ account_id: accountId, type: 'status', content }),
          });
          if (res.status !== 201) throw new Error(`planting: ${res.status} ${await res.text()}`);
          ids.push(((await res.json()) as { data: { id: number } }).data.id);
        }
        planted[lang].push({ word, ids });
      }
    }

    console.log(`\nSearch on ${posts.toLocaleString()} posts (${SAMPLES} requests each, one at a time)\n`);
    const q = (text: string, extra = '') => `/search?type=posts&q=${encodeURIComponent(text)}${extra}`;
    const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
    const rowsOut: string[][] = [];
    let worstSearch = 0;
    for (const lang of LANGS) {
      const { common, rare } = words[lang];
      const sets: [string, string[]][] = [
        ['one common word', Array.from({ length: SAMPLES }, () => q(pick(common)))],
        ['two common words', Array.from({ length: SAMPLES }, () => q(`${pick(common)} ${pick(common)}`))],
        ['a rare word', Array.from({ length: SAMPLES }, () => q(pick(rare)))],
        [
          'all kinds (type=all)',
          Array.from({ length: SAMPLES }, () => `/search?q=${encodeURIComponent(pick(common))}`),
        ],
      ];
      for (const [label, paths] of sets) {
        const r = await timed(base, token, paths);
        worstSearch = Math.max(worstSearch, r.p99);
        rowsOut.push([lang, `search: ${label}`, r.p50.toFixed(1), r.p99.toFixed(1)]);
        console.log(`  ${rowsOut.at(-1)!.join('  ')}`);
      }
      const prefixes = Array.from({ length: SAMPLES }, () => {
        const w = pick(common);
        return `/search/suggest?q=${encodeURIComponent([...w].slice(0, Math.max(1, Math.ceil([...w].length / 2))).join(''))}`;
      });
      const s = await timed(base, token, prefixes);
      rowsOut.push([lang, 'suggest: half a word', s.p50.toFixed(1), s.p99.toFixed(1)]);
      console.log(`  ${rowsOut.at(-1)!.join('  ')}`);
    }
    console.log('| language | request | p50 ms | p99 ms |\n|---|---|---|---|');
    for (const r of rowsOut) console.log(`| ${r.join(' | ')} |`);

    console.log('\n| language | known answers | found on the first page | recall |\n|---|---|---|---|');
    for (const lang of LANGS) {
      let expected = 0;
      let found = 0;
      for (const { word, ids } of planted[lang]) {
        const res = await fetch(`${base}${q(word)}`, { headers: { authorization: `Bearer ${token}` } });
        const got = new Set(((await res.json()) as { data: { posts: { id: number }[] } }).data.posts.map((p) => p.id));
        expected += ids.length;
        found += ids.filter((id) => got.has(id)).length;
      }
      console.log(`| ${lang} | ${expected} | ${found} | ${(found / expected).toFixed(3)} |`);
    }
    const suggestWorst = Math.max(...rowsOut.filter((r) => r[1]!.startsWith('suggest')).map((r) => Number(r[3])));
    console.log(
      `\nsearch p99 (worst kind): ${worstSearch.toFixed(1)} ms (goal ≤ 150); suggest p99: ${suggestWorst.toFixed(1)} ms (goal ≤ 100)`,
    );
  } finally {
    await stopServer(server);
  }
}
