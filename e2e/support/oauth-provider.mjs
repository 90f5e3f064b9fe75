// A loopback OAuth 2.0 provider for the journeys (Playwright starts it beside the server, see
// playwright.config.ts). It speaks the four providers' token and profile shapes under /<provider>/…, and its
// authorize endpoint signs in at once, without a consent screen, the identity the test put in the
// `e2e_oauth_identity` cookie (base64url JSON: id, name, email, verified, login), then redirects back with a code.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';

const port = Number(process.env.OAUTH_E2E_PORT ?? 3299);
const providers = new Set(['google', 'github', 'facebook', 'x']);
const codes = new Map();
const tokens = new Map();

const json = (res, status, body) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const cookie = (req, name) =>
  (req.headers.cookie ?? '')
    .split(';')
    .map((p) => p.trim().split('='))
    .find(([k]) => k === name)?.[1];

function identityOf(req) {
  const raw = cookie(req, 'e2e_oauth_identity');
  if (!raw) return { id: '1001', name: 'Journey Person', login: 'journey_person' };
  return JSON.parse(Buffer.from(decodeURIComponent(raw), 'base64url').toString('utf8'));
}

function profile(provider, who, path) {
  // No picture: the app shows a provider's picture only from the providers' own image hosts.
  const avatar = null;
  switch (provider) {
    case 'google':
      return { sub: who.id, name: who.name, email: who.email, email_verified: Boolean(who.verified), picture: avatar };
    case 'github':
      if (path.endsWith('/emails'))
        return who.email ? [{ email: who.email, primary: true, verified: Boolean(who.verified) }] : [];
      return { id: Number(who.id), login: who.login, name: who.name, email: null, avatar_url: avatar };
    case 'facebook':
      return { id: who.id, name: who.name, email: who.email, picture: { data: { url: avatar } } };
    default:
      return { data: { id: who.id, name: who.name, username: who.login, profile_image_url: avatar } };
  }
}

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
  if (url.pathname === '/health') return json(res, 200, { ok: true });
  const [, provider, step] = url.pathname.split('/');
  if (!providers.has(provider)) return json(res, 404, { error: 'not_found' });

  if (step === 'authorize') {
    const back = new URL(url.searchParams.get('redirect_uri'));
    back.searchParams.set('state', url.searchParams.get('state') ?? '');
    const code = randomBytes(16).toString('hex');
    codes.set(code, {
      provider,
      who: identityOf(req),
      challenge: url.searchParams.get('code_challenge'),
      redirectUri: url.searchParams.get('redirect_uri'),
    });
    back.searchParams.set('code', code);
    res.writeHead(302, { location: back.toString() });
    return res.end();
  }

  if (step === 'token' && req.method === 'POST') {
    let body = '';
    for await (const chunk of req) body += chunk;
    const form = new URLSearchParams(body);
    const issued = codes.get(form.get('code'));
    codes.delete(form.get('code'));
    if (!issued || issued.provider !== provider || issued.redirectUri !== form.get('redirect_uri'))
      return json(res, 400, { error: 'invalid_grant' });
    if (issued.challenge) {
      const digest = createHash('sha256')
        .update(form.get('code_verifier') ?? '')
        .digest('base64url');
      if (digest !== issued.challenge) return json(res, 400, { error: 'invalid_grant' });
    }
    const accessToken = randomBytes(16).toString('hex');
    tokens.set(accessToken, issued);
    return json(res, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3600 });
  }

  const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  const session = bearer && tokens.get(bearer);
  if (!session || session.provider !== provider) return json(res, 401, { error: 'invalid_token' });
  return json(res, 200, profile(provider, session.who, url.pathname));
});

server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
