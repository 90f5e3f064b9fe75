import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

/** axe-core's browser build, read once; put into a page once per document (client-side navigation keeps it). */
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Finding {
  rule: string;
  impact: string;
  targets: string[];
}

/**
 * Waits (at most `ms`) for every animation and transition that ends to end. axe blends an element's opacity into
 * its colour, so a toast caught fading in or out reads as faint text: a contrast finding that is not there.
 */
async function settle(page: Page, ms = 1500): Promise<void> {
  await page.evaluate(async (ms) => {
    const ending = document
      .getAnimations()
      .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
      .map((a) => a.finished.catch(() => undefined));
    await Promise.race([Promise.all(ending), new Promise((done) => setTimeout(done, ms))]);
  }, ms);
}

/** Everything axe finds serious or critical on the page as it stands. */
export async function seriousFindings(page: Page): Promise<Finding[]> {
  // Evaluated, not a script tag: the app's Content-Security-Policy allows no inline script (as AxeBuilder does,
  // without injecting the 500 KB source again for every check of a page that navigates client-side).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  await settle(page);
  const found = await runAxe(page);
  if (found.length === 0) return found;
  // A toast may have started to leave while axe ran: what is real is still there once it has gone.
  await settle(page);
  return runAxe(page);
}

async function runAxe(page: Page): Promise<Finding[]> {
  // Violations only: axe skips gathering every passing node, most of a run's time on a long page.
  const { violations } = await page.evaluate(() =>
    (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<AxeResults> } }).axe.run(document, {
      resultTypes: ['violations'],
    }),
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, impact: v.impact!, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/** What axe finds serious or critical on the page as it stands, one line per rule with its elements. */
export async function seriousViolations(page: Page): Promise<string[]> {
  return (await seriousFindings(page)).map((v) => `${v.rule}: ${v.targets.join(', ')}`);
}

/**
 * Interactive elements smaller than 44×44 CSS px (WCAG 2.5.5), measured as laid out. Exempt, as WCAG allows:
 * - links inside a sentence (the "inline" exception): an inline `<a>` whose block holds more text than the link;
 * - controls the browser draws and sizes itself (the "user agent" exception): native `<audio>`/`<video>`
 *   controls;
 * - a checkbox, radio or switch is measured with its label, which toggles it too, and a slider by its bar,
 *   which takes the tap as its thumb does;
 * - elements marked `data-target-exempt` (each says why in the code) and anything hidden or without size.
 */
export async function smallTargets(page: Page, min = 44): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type=hidden])',
      'select',
      'textarea',
      '[role=button]',
      '[role=tab]',
      '[role=link]',
      '[role=checkbox]',
      '[role=radio]',
      '[role=switch]',
      '[role=slider]',
      '[role=menuitem]',
      '[role=option]',
      'summary',
    ].join(',');
    const blockOf = (el: Element): Element => {
      let node: Element | null = el.parentElement;
      while (node && getComputedStyle(node).display.startsWith('inline')) node = node.parentElement;
      return node ?? el;
    };
    const describe = (el: Element) => {
      const name =
        el.getAttribute('aria-label') ?? el.getAttribute('title') ?? (el.textContent ?? '').trim().slice(0, 30) ?? '';
      const role = el.getAttribute('role');
      return `${el.tagName.toLowerCase()}${role ? `[role=${role}]` : ''} "${name}"`;
    };
    const found: string[] = [];
    const seen = new Set<Element>();
    for (const el of Array.from(document.querySelectorAll(selector))) {
      if (seen.has(el)) continue;
      seen.add(el);
      if (el.closest('[data-target-exempt]')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || style.pointerEvents === 'none') continue;
      if ((el as HTMLElement).closest('[inert]')) continue;
      let rect = el.getBoundingClientRect();
      if (rect.width < 2 || rect.height < 2) continue;
      // Visually hidden helpers (clip to 1 px) are not targets.
      if (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)') continue;
      if (el.tagName === 'A' && style.display === 'inline') {
        const block = blockOf(el);
        if ((block.textContent ?? '').trim().length > (el.textContent ?? '').trim().length + 1) continue;
      }
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
        const label = el.labels?.[0];
        if (label) {
          const l = label.getBoundingClientRect();
          const left = Math.min(rect.left, l.left);
          const top = Math.min(rect.top, l.top);
          rect = DOMRect.fromRect({
            x: left,
            y: top,
            width: Math.max(rect.right, l.right) - left,
            height: Math.max(rect.bottom, l.bottom) - top,
          });
        }
        // A Mantine switch draws its track inside a body that is itself the <label> toggling it.
        const body = el.closest('.mantine-Switch-body, .mantine-Checkbox-body, .mantine-Radio-body');
        if (body?.tagName === 'LABEL') rect = body.getBoundingClientRect();
      }
      // A slider takes a tap or a drag anywhere on its bar, not only on the thumb.
      const slider = el.getAttribute('role') === 'slider' && el.closest('.mantine-Slider-root');
      if (slider) rect = slider.getBoundingClientRect();
      if (Math.round(rect.width) < min || Math.round(rect.height) < min) {
        found.push(`${describe(el)} ${Math.round(rect.width)}×${Math.round(rect.height)}`);
      }
    }
    return found;
  }, min);
}

/** Every admin screen with a fixed path (the sweeps add the pages of one report, plan or user themselves). */
export const ADMIN_SCREENS = [
  '/admin',
  '/admin/users',
  '/admin/organizations',
  '/admin/accounts',
  '/admin/posts',
  '/admin/posts/import',
  '/admin/reports',
  '/admin/roles',
  '/admin/permissions',
  '/admin/plans',
  '/admin/plans/add',
  '/admin/subscriptions',
  '/admin/audit',
];
