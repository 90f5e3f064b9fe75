const RELOADED_AT = 'inkwell.staleBuildReload';

interface Deps {
  target: Pick<Window, 'addEventListener'>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  status: (url: string) => Promise<number>;
  reload: () => void;
  now: () => number;
}

const browser = (): Deps => ({
  target: window,
  storage: sessionStorage,
  status: async (url) => (await fetch(url, { method: 'HEAD', cache: 'no-store' })).status,
  reload: () => location.reload(),
  now: Date.now,
});

/**
 * A page left open across a deploy still names the old build's chunks, which the server no longer has (it
 * answers 404): the next screen's code fails to load. The page then reloads once, which fetches the new build,
 * instead of leaving the reader on an error. Only for a file the server says is gone: a phone that lost its
 * connection keeps its page (and the screen's own error). A second miss soon after is a real fault, so it shows.
 */
export function reloadOnStaleBuild(deps: Deps = browser()): void {
  deps.target.addEventListener('vite:preloadError', (event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    const url = /https?:\/\/\S+?\/assets\/[^\s'"]+/.exec(
      String(payload instanceof Error ? payload.message : payload),
    )?.[0];
    if (!url || new URL(url).origin !== location.origin) return;
    void deps.status(url).then(
      (status) => {
        const last = Number(deps.storage.getItem(RELOADED_AT) ?? 0);
        if (status !== 404 || deps.now() - last < 30_000) return;
        deps.storage.setItem(RELOADED_AT, String(deps.now()));
        deps.reload();
      },
      () => undefined,
    );
  });
}
