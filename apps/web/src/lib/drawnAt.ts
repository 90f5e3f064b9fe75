/**
 * When the server drew the page being hydrated (its clock, in ms), or null for a page the app draws itself.
 * Set on the server for each render (prerender.tsx) and in the browser from the page (renderedAnswers.ts):
 * what depends on "now" is first drawn from this on both sides, so hydration meets the same text.
 */
let drawnAt: number | null = null;

export function setDrawnAt(ms: number | null): void {
  drawnAt = ms;
}

export function getDrawnAt(): number | null {
  return drawnAt;
}
