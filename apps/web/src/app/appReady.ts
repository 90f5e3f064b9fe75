/*
 * The moment the app has rendered (or hydrated) its first screen. Until then a prerendered screen is only
 * HTML: index.html holds back its forms' submits, and main.tsx hands over what was typed and asked once the
 * app is ready (hydration resets inputs to the app's state). e2e journeys wait for `html[data-app="ready"]`.
 */
let ready = false;
const waiting: (() => void)[] = [];

export function markAppReady(): void {
  if (ready) return;
  ready = true;
  document.documentElement.setAttribute('data-app', 'ready');
  waiting.splice(0).forEach((run) => run());
}

export function whenAppReady(run: () => void): void {
  if (ready) run();
  else waiting.push(run);
}
