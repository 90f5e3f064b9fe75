/**
 * Whether a subscription's endpoint belongs to an allowed push service. The server sends requests to every
 * endpoint it keeps, so a person must not be able to point one at any host (an intranet address, a site to
 * flood): only these origins, `https://*.example.com` matching any subdomain.
 */
export function allowedEndpoint(endpoint: string, origins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return origins.some((allowed) => {
    const wildcard = /^(https?):\/\/\*\.(.+)$/.exec(allowed);
    if (!wildcard) return url.origin === allowed;
    const [, protocol, domain] = wildcard;
    return url.protocol === `${protocol}:` && url.hostname.endsWith(`.${domain}`) && url.port === '';
  });
}
