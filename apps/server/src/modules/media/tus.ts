import { Readable } from 'node:stream';
import { TUS_PATH } from '@inkwell/contracts';
import { ERRORS, Server, TUS_RESUMABLE } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticate, type AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { AppError, notFound, unauthenticated } from '../../platform/errors';
import type { MessageKey } from '../../platform/i18n';
import type { RateCheck } from '../../platform/rate-limit';
import { newFileId } from './media.service';
import { isGoneUpload, tusStore, type UploadStore } from './tus-store';
import { admitUpload, doneUpload, dropped, finishUpload, wroteTo, type Done } from './tus.service';

const BASE = `/api${TUS_PATH}`;
/** Upload ids are ours (`newFileId`): anything else is no upload of anybody's. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;
/** The request headers tus reads; the rest (cookies, a proxy's forwarding headers) it has no business with. */
const TUS_HEADERS = [
  'tus-resumable',
  'upload-length',
  'upload-defer-length',
  'upload-offset',
  'upload-metadata',
  'upload-concat',
  'content-type',
  'content-length',
];
/** One request as tus sees it, with what our side settled about it. */
interface Call {
  auth: AuthContext | null;
  id?: string;
  /** What tus failed with, for our error answer. */
  failure?: unknown;
  /** The upload this creation recorded as its person's, forgotten again if tus then fails to create it. */
  created?: string;
}

/** tus's refusals by status, in our words; the ones not listed are server errors. */
const REFUSALS: Record<number, MessageKey> = {
  400: 'errors.bad_request',
  // tus answers 403 for a PATCH without Upload-Offset or Content-Type: a malformed request, not a refusal of who.
  403: 'errors.bad_request',
  404: 'errors.not_found',
  409: 'media.upload_offset',
  410: 'media.upload_expired',
  412: 'media.tus_version',
  413: 'errors.payload_too_large',
  415: 'errors.unsupported_media_type',
};

/**
 * What a failed tus request answers, as our error: our own refusals (from the hooks) as they are, tus's
 * protocol refusals translated, anything else a server error for the error handler to log.
 */
export function tusRefusal(failure: unknown, status: number): Error {
  if (failure instanceof Error) return failure;
  if (failure === ERRORS.INVALID_LENGTH || failure === ERRORS.UNSUPPORTED_CREATION_DEFER_LENGTH_EXTENSION)
    return new AppError(400, 'media.length_required');
  const key = REFUSALS[status];
  if (key) return new AppError(status === 403 ? 400 : status, key);
  const body = (failure as { body?: unknown } | undefined)?.body;
  return new Error(`tus answered ${status}${typeof body === 'string' ? `: ${body.trim()}` : ''}`);
}

function tusServer(ctx: AppContext, store: UploadStore, calls: WeakMap<object, Call>): Server {
  const call = (req: object): Call => {
    const known = calls.get(req);
    if (!known) throw new Error('a tus request that did not come through the routes');
    return known;
  };
  return new Server({
    path: BASE,
    datastore: store,
    // Same origin: a relative Location holds behind any proxy, whatever host or scheme it was reached by.
    relativeLocation: true,
    namingFunction: () => newFileId(),
    getFileIdFromRequest: (req) => call(req).id,
    // The API answers no other origin; tus would otherwise allow every one.
    allowedOrigins: () => false,
    onUploadCreate: async (req, upload) => {
      const metadata = await admitUpload(ctx, call(req).auth!, upload);
      call(req).created = upload.id;
      return { metadata };
    },
    onUploadFinish: async (req, upload) => finishUpload(ctx, call(req).auth!, upload),
    onResponseError: (req, err) => {
      call(req).failure = err;
      return undefined;
    },
  });
}

/** The request tus reads: the tus headers, and the body of a PATCH only (an upload's bytes come in PATCHes). */
function tusRequest(request: FastifyRequest, id: string | undefined): Request {
  const headers = new Headers();
  for (const name of TUS_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  const patch = request.method === 'PATCH';
  return new Request(`http://tus${BASE}${id ? `/${id}` : ''}`, {
    method: request.method,
    headers,
    body: patch ? (Readable.toWeb(request.raw) as ReadableStream<Uint8Array>) : null,
    ...(patch ? { duplex: 'half' } : {}),
  } as RequestInit);
}

/**
 * Resumable uploads (tus 1.0: creation, termination, expiration) at `/api/uploads/tus`, in a scope of their own
 * whose bodies no parser touches: tus reads an upload's bytes from the request as they arrive. Who asks is
 * settled first, as on every route (401, the creation's rate limit, 404 for an upload that is not theirs);
 * what tus answers then goes out through Fastify, its refusals as our translated errors. The database keeps
 * which uploads are open (for the limits at creation) and, for a day, what finished ones answered (`GET`).
 */
export function tusRoutes(app: FastifyInstance, ctx: AppContext, creationLimits: RateCheck[]): void {
  const store = tusStore(ctx);
  const calls = new WeakMap<object, Call>();
  const tus = tusServer(ctx, store, calls);

  const signedIn = async (request: FastifyRequest) => {
    const auth = await authenticate(ctx, request);
    if (!auth) throw unauthenticated();
    request.auth = auth;
  };
  const limited = async (request: FastifyRequest) => {
    for (const check of creationLimits) await check(request);
  };
  /** A resumed upload's expiry, for the answer to its HEAD (tus names it only when creating and writing). */
  const expiresOf = new WeakMap<FastifyRequest, Date>();
  /** A finished upload the store no longer holds, for the answer to its HEAD. */
  const finishedOf = new WeakMap<FastifyRequest, Exclude<Done, 'accepting' | null>>();
  /**
   * Someone else's upload and an unknown one are alike 404, so ids reveal nothing. One the store no longer holds
   * may have just finished: its HEAD answers it whole (the client whose last answer was lost then asks for it with
   * GET), and while its bytes are being accepted the client is told to ask again (423).
   */
  const owned = async (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    if (!UPLOAD_ID.test(id)) throw notFound();
    const upload = await store.getUpload(id).catch((err: unknown) => {
      if (isGoneUpload(err)) return null;
      throw err;
    });
    if (!upload) {
      const done = await doneUpload(ctx, id, request.auth!.user.id);
      if (done === 'accepting') throw new AppError(423, 'media.upload_finishing');
      if (!done || request.method !== 'HEAD') throw notFound();
      finishedOf.set(request, done);
      return;
    }
    if (upload.metadata?.owner !== String(request.auth!.user.id)) throw notFound();
    if (request.method === 'HEAD' && upload.creation_date)
      expiresOf.set(request, new Date(Date.parse(upload.creation_date) + store.getExpiration()));
  };

  /** A finished upload's answer again, for a client whose last PATCH's answer was lost. */
  const answerOf = async (request: FastifyRequest, reply: FastifyReply) => {
    const { id } = request.params as { id: string };
    if (!UPLOAD_ID.test(id)) throw notFound();
    const done = await doneUpload(ctx, id, request.auth!.user.id);
    if (done === 'accepting') throw new AppError(423, 'media.upload_finishing');
    if (!done) throw notFound();
    return reply.header('cache-control', 'no-store').send(done.finished);
  };

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const finished = finishedOf.get(request);
    if (finished) {
      const length = String(finished.length);
      return reply.headers({ 'cache-control': 'no-store', 'upload-offset': length, 'upload-length': length }).send();
    }
    const id = (request.params as { id?: string }).id;
    const sent = tusRequest(request, id);
    const call: Call = { auth: request.auth, id };
    calls.set(sent, call);
    const answer = await tus.handleWeb(sent);
    const patched = request.method === 'PATCH' && id !== undefined;
    if (answer.status >= 400) {
      if (call.created) await dropped(ctx, call.created);
      // A client that went away mid-upload is nobody's error: what arrived is kept, and it resumes from there.
      if (request.raw.readableAborted) {
        if (patched) await wroteTo(ctx, id);
        throw new AppError(400, 'errors.bad_request');
      }
      throw tusRefusal(call.failure, answer.status);
    }
    if (patched && answer.status === 204) await wroteTo(ctx, id);
    if (request.method === 'DELETE' && id) await dropped(ctx, id);
    reply.code(answer.status);
    answer.headers.forEach((value, name) => {
      if (name === 'content-length' || name.startsWith('access-control-')) return;
      reply.header(name, value);
    });
    // tus dates a PATCH's expiry from the upload's previous write; this one has just written.
    if (request.method === 'PATCH' && answer.headers.has('upload-expires'))
      reply.header('upload-expires', new Date(Date.now() + store.getExpiration()).toUTCString());
    const expires = expiresOf.get(request);
    if (expires) reply.header('upload-expires', expires.toUTCString());
    const body = await answer.text();
    return reply.send(body || undefined);
  };

  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    // The protocol asks for it on every answer, our own refusals included.
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('tus-resumable', TUS_RESUMABLE);
    });
    // Not in the OpenAPI document (the contract's TUS_PATH describes them), and never compressed: the answers
    // are headers, and a chunk's answer must go out as soon as it is written.
    const config = { schema: { hide: true }, compress: false as const };
    scope.route({ method: 'OPTIONS', url: BASE, ...config, handler: handle });
    scope.route({ method: 'OPTIONS', url: `${BASE}/:id`, ...config, handler: handle });
    scope.route({ method: 'POST', url: BASE, ...config, onRequest: signedIn, preHandler: limited, handler: handle });
    // Its HEAD is the protocol's, below.
    scope.route({
      method: 'GET',
      url: `${BASE}/:id`,
      ...config,
      exposeHeadRoute: false,
      onRequest: signedIn,
      handler: answerOf,
    });
    scope.route({
      method: ['HEAD', 'PATCH', 'DELETE'],
      url: `${BASE}/:id`,
      ...config,
      onRequest: signedIn,
      preHandler: owned,
      handler: handle,
    });
  });
}
