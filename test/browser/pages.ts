/// <reference lib="dom" />
// (page.evaluate callbacks run in the browser.)
// What every page of the dashboard is checked for: a screenshot at desktop and phone widths
// (into the ignored test-artifacts/screenshots/, to look at), and no serious or critical axe
// violations at either width.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import path from 'node:path';

export const SCREENSHOTS = path.resolve(__dirname, '..', '..', 'test-artifacts', 'screenshots');
export const WIDTHS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

export async function checkPage(page: Page, name: string): Promise<void> {
  for (const [label, size] of Object.entries(WIDTHS)) {
    await page.setViewportSize(size);
    // Nothing still loading, no layout wider than the screen.
    // (The text starts with the spinner's space.)
    await expect(page.getByRole('status').filter({ hasText: /^\s*Loading/ })).toHaveCount(0);
    // (Polled: the chart redraws for the new width on its next resize observation.)
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
        message: `${name} is wider than ${size.width} px`,
        timeout: 3000,
      })
      .toBeLessThanOrEqual(0);
    // From the top: a full-page capture of a scrolled page draws the sticky header part-way down.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${label}.png`), fullPage: true });
    // Not sandboxed frames (a template's preview): with scripts disallowed axe's run inside one never
    // settles, and what it shows is the customer's email, not the dashboard.
    const { violations } = await new AxeBuilder({ page }).exclude('iframe[sandbox]').analyze();
    const serious = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    expect(serious, `${name} at ${label} width`).toEqual([]);
  }
  await page.setViewportSize(WIDTHS.desktop);
}

/**
 * At each width the document is no wider than the window (nothing makes the page scroll sideways),
 * and no table whose rows are stacked into blocks (DataTable's `stacked`, on phones) scrolls either.
 */
export async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  for (const size of Object.values(WIDTHS)) {
    await page.setViewportSize(size);
    // Polled: a chart takes its new width a frame or two after the window's (its resize observer).
    await expect
      .poll(() => widths(page), {
        message: `${what}: the document, or a stacked table's rows, wider than the window at ${size.width} px`,
        timeout: 5_000,
      })
      .toEqual({ overflow: 0, stackedOverflow: [] });
  }
  await page.setViewportSize(WIDTHS.desktop);
}

/** How far the document runs past the window (0 when it fits), and each stacked table past its own box. */
async function widths(page: Page): Promise<{ overflow: number; stackedOverflow: number[] }> {
  return page.evaluate(() => ({
    overflow: Math.max(0, document.documentElement.scrollWidth - window.innerWidth),
    stackedOverflow: [...document.querySelectorAll('table.stacked')]
      .filter((table) => getComputedStyle(table).display === 'block')
      .map((table) => table.parentElement!)
      .map((wrap) => wrap.scrollWidth - wrap.clientWidth)
      .filter((px) => px > 0),
  }));
}
