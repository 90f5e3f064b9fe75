import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { frameworkErrorHandler, installErrorHandler } from './error-handler';
import { decorateRequests } from './request';
import { MAX_INPUT_DEPTH, nulIssues, rejectUnsafeInput } from './validation';

describe('nulIssues', () => {
  it('finds NUL in values at any depth, and in keys at the object holding them', () => {
    const issues = nulIssues({
      name: 'Aye\u0000',
      ok: 'fine',
      photos: [{ url: '/uploads/a.webp', caption: '\u0000' }],
      ['k\u0000']: 1,
    });
    expect(issues.map((i) => i.path)).toEqual(expect.arrayContaining([['name'], ['photos', 0, 'caption'], []]));
    expect(issues).toHaveLength(3);
    expect(new Set(issues.map((i) => i.message))).toEqual(new Set(['validation.nul']));
  });

  it('passes clean input of every shape', () => {
    for (const value of [undefined, null, 1, true, '', 'ရန်ကုန် ไทย 🙂', [], {}, { a: [1, 'b', { c: null }] }])
      expect(nulIssues(value)).toEqual([]);
  });

  it('refuses nesting past the limit as unreadable (400) without recursing', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(() => nulIssues(deep)).toThrow(AppError);
    let fine: unknown = 'x';
    for (let i = 0; i < MAX_INPUT_DEPTH; i++) fine = { a: fine };
    expect(nulIssues(fine)).toEqual([]);
  });

  it('reports at most a handful of places for a body full of NULs', () => {
    expect(nulIssues(Array.from({ length: 1000 }, () => '\u0000')).length).toBeLessThanOrEqual(20);
  });
});

describe('the error handler', () => {
  async function app() {
    const a = Fastify({ logger: false, frameworkErrors: frameworkErrorHandler });
    decorateRequests(a);
    installErrorHandler(a);
    const dbError = (code: string) => Object.assign(new Error('Failed query'), { cause: { code, severity: 'ERROR' } });
    a.get('/db/:code', async (request) => {
      throw dbError((request.params as { code: string }).code);
    });
    a.post('/echo/:x', { preValidation: async (request) => rejectUnsafeInput(request) }, async () => ({ ok: true }));
    await a.ready();
    return a;
  }

  it('answers database errors caused by input with 4xx and a translated message', async () => {
    const a = await app();
    for (const [code, status] of [
      ['22003', 422],
      ['22P02', 422],
      ['22021', 422],
      ['23505', 409],
    ] as const) {
      const res = await a.inject({ method: 'GET', url: `/db/${code}`, headers: { 'accept-language': 'th' } });
      expect(res.statusCode, code).toBe(status);
      expect(Object.keys(res.json()).sort()).toEqual(['code', 'message']);
    }
    const overflow = await a.inject({ method: 'GET', url: '/db/22003' });
    expect(overflow.json()).toEqual({
      code: 'invalid_input',
      message: 'Some of the values sent are not valid. Check them and try again.',
    });
    // Anything else from the database is still ours: 500, no details.
    const other = await a.inject({ method: 'GET', url: '/db/XX000' });
    expect(other.statusCode).toBe(500);
    await a.close();
  });

  it('refuses NUL in path, query and body with 422 per field', async () => {
    const a = await app();
    const res = await a.inject({
      method: 'POST',
      url: '/echo/a%00?q=%00',
      payload: { name: 'x' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      x: ['This contains a character that is not allowed (NUL). Remove it and try again.'],
    });
    const query = await a.inject({ method: 'POST', url: '/echo/a?q=%00', payload: { name: 'x' } });
    expect(query.json().errors).toEqual({ q: [expect.any(String)] });
    const body = await a.inject({ method: 'POST', url: '/echo/a', payload: { name: 'x\u0000' } });
    expect(body.json().errors).toEqual({ name: [expect.any(String)] });
    expect((await a.inject({ method: 'POST', url: '/echo/a', payload: { name: 'x' } })).statusCode).toBe(200);
    await a.close();
  });

  it('gives framework errors (a malformed URL) the contract shape', async () => {
    const a = await app();
    const res = await a.inject({ method: 'GET', url: '/db/%E0%A4%A', headers: { 'accept-language': 'my' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'bad_request', message: 'တောင်းဆိုချက်ကို ဖတ်၍မရပါ။' });
    await a.close();
  });
});
