import fs from 'node:fs';
import { mediaApi, notificationsChannel, realtimeApi, type RealtimeEvent } from '@inkwell/contracts';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCreatorAccount, subscribeToPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { fixturesDir, makeVideo } from '../../../test/media-fixtures';
import { collect, connectSocket, quietFor, subscribe } from '../../../test/sockets';
import { settle, uploadFile } from '../../../test/uploads';

let s: TestServer;
const dir = fixturesDir();
const sockets: Socket[] = [];

beforeAll(async () => {
  s = await startTestServer();
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(async () => {
  await s?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Someone who may upload video (an approved creator account, room in their plan). */
async function creator() {
  const person = await signedIn(s);
  await createCreatorAccount(s.ctx.db, person.user.id);
  await subscribeToPlan(s.ctx.db, person.user.id, 'studio');
  return person;
}

/** A socket of `who`'s, joined to their own private channel, and every media event it hears. */
async function listening(who: { token: string; user: { id: number } }) {
  const socket = await connectSocket(s.url);
  sockets.push(socket);
  expect(await subscribe(s, socket, who.token, notificationsChannel(who.user.id))).toEqual({ ok: true });
  return { socket, heard: collect(socket, 'MediaStatusChanged') };
}

/** Resolves once `heard` holds an event that ends the transcode (failed, or processed to its last rendition). */
async function untilSettled(heard: RealtimeEvent<'MediaStatusChanged'>[], timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!heard.some((e) => e.status === 'failed' || e.progress === 100)) {
    if (Date.now() > deadline) throw new Error(`no end of the transcode heard: ${JSON.stringify(heard)}`);
    await quietFor(50);
  }
}

describe('transcode progress over the realtime channel', () => {
  it('reaches the uploader as it grows and when it ends; a stranger hears nothing and cannot join', async () => {
    const [uploader, stranger] = await Promise.all([creator(), creator()]);
    const [mine, theirs] = await Promise.all([listening(uploader), listening(stranger)]);
    // Long enough for ffmpeg to report progress along the way, not only at its end.
    const clip = makeVideo(dir, 'progress.mp4', { size: '1280x720', seconds: 8 });

    const res = await uploadFile(s, uploader.token, mediaApi.uploadVideo, clip);
    expect(res.status).toBe(202);
    const file: string = res.body.file;
    await untilSettled(mine.heard);

    const channel = notificationsChannel(uploader.user.id);
    const ours = mine.heard.filter((e) => e.file === file);
    expect(ours.length).toBe(mine.heard.length);
    const progress = ours.filter((e) => e.status === 'processing');
    expect(progress.length).toBeGreaterThan(0);
    for (const e of progress) {
      expect(e).toMatchObject({ channel, file });
      expect(e.progress).toBeGreaterThanOrEqual(0);
      expect(e.progress).toBeLessThan(100);
    }
    // Progress only grows; the video is playable (processed) below 100, while its 720p is made; the end comes last.
    const values = progress.map((e) => e.progress);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    const playable = ours.findIndex((e) => e.status === 'processed');
    expect(ours[playable]!.progress).toBeLessThan(100);
    expect(ours.at(-1)).toEqual({ channel, file, status: 'processed', progress: 100 });

    // The poll that stays as the fallback agrees with what was pushed.
    expect(await settle(s, uploader.token, file)).toMatchObject({ status: 'processed', progress: 100 });

    // The stranger, on their own channel all along, heard nothing of it…
    await quietFor(200);
    expect(theirs.heard).toEqual([]);
    // …and is refused a signature for the uploader's channel, and cannot subscribe to it without one.
    const signed = await s.call(realtimeApi.auth, {
      body: { socket_id: theirs.socket.id!, channel_name: channel },
      token: stranger.token,
    });
    expect(signed.status).toBe(403);
    const forged = await theirs.socket.timeout(5000).emitWithAck('subscribe', { channel, auth: 'f'.repeat(64) });
    expect(forged).toMatchObject({ ok: false });
  });

  it('tells the uploader when a transcode fails', async () => {
    const uploader = await creator();
    const { heard } = await listening(uploader);
    // A video that probes fine but whose data is cut off half-way: the transcode refuses it.
    const whole = fs.readFileSync(makeVideo(dir, 'whole.mp4', { seconds: 4, size: '1280x720' }));
    const cut = `${dir}/cut.mp4`;
    fs.writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.4)));

    const res = await uploadFile(s, uploader.token, mediaApi.uploadVideo, cut);
    expect(res.status).toBe(202);
    await untilSettled(heard);
    expect(heard.at(-1)).toMatchObject({ file: res.body.file, status: 'failed' });
    expect(await settle(s, uploader.token, res.body.file)).toMatchObject({ status: 'failed' });
  });
});
