/// <reference lib="dom" />
// (page.evaluate callbacks run in the browser.)
// The API reference at /docs, in Debian's Chromium: it renders every operation of the served
// /openapi.json, each with its samples (curl, and the SDKs' where an API key may call it), its
// search finds an operation, nothing breaks the page's CSP or fails to load (nothing is fetched
// from elsewhere), and it fits a phone's width. Screenshots at both widths go to
// test-artifacts/screenshots/ to look at.
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { SCREENSHOTS, WIDTHS } from './pages';
import '../setup/quietTemporal';

test.describe.configure({ mode: 'serial' });

let stack: ServiceStack;
test.beforeAll(async () => {
  stack = await startServiceStack({ worker: false });
});
test.afterAll(async () => {
  await stack?.stop();
});

/** Console errors and warnings (a CSP refusal is one), uncaught errors and failed requests. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`failed: ${r.url()}`));
  page.on('request', (r) => {
    if (!r.url().startsWith(stack.baseUrl) && !r.url().startsWith('data:'))
      problems.push(`outside request: ${r.url()}`);
  });
  return problems;
}

type Operation = {
  summary?: string;
  operationId: string;
  tags?: string[];
  'x-postage-api-key'?: boolean;
  'x-codeSamples'?: { label: string; source: string }[];
};

/** A document's operations, in its order. */
function operationsOf(document: { paths: Record<string, Record<string, Operation>> }) {
  return Object.entries(document.paths).flatMap(([template, item]) =>
    Object.entries(item)
      .filter(([m]) => ['get', 'put', 'post', 'patch', 'delete'].includes(m))
      .map(([method, op]) => ({ method, template, op })),
  );
}

test('every operation is rendered with its samples, search finds one, and nothing breaks the CSP', async ({ page }) => {
  const problems = watch(page);
  // The reference's document: /openapi.json with examples and samples (the served one is checked equal below).
  const reference = (await (await fetch(`${stack.baseUrl}/docs/reference.json`)).json()) as {
    paths: Record<string, Record<string, Operation>>;
  };
  const served = (await (await fetch(`${stack.baseUrl}/openapi.json`)).json()) as {
    paths: Record<string, Record<string, Operation>>;
  };
  const operations = operationsOf(reference);
  expect(operations.map((o) => `${o.method} ${o.template}`)).toEqual(
    operationsOf(served).map((o) => `${o.method} ${o.template}`),
  );

  // Samples: curl for every operation, and the three SDKs' (from their own tested code) for every one an API key may call.
  for (const { method, template, op } of operations) {
    const keyed =
      !template.startsWith('/api/auth/') &&
      // The links inside emails (tracking, one-click unsubscribe) are not for API clients: curl only.
      !/^\/(t|u)\//.test(template) &&
      template !== '/provider/ses-events' &&
      op['x-postage-api-key'] !== false;
    expect({ operation: `${method} ${template}`, labels: (op['x-codeSamples'] ?? []).map((s) => s.label) }).toEqual({
      operation: `${method} ${template}`,
      labels: keyed ? ['curl', 'TypeScript', 'Python', 'Go'] : ['curl'],
    });
  }

  await page.setViewportSize(WIDTHS.desktop);
  await page.goto(`${stack.baseUrl}/docs`);
  await expect(page.getByRole('heading', { name: /Postage API/ }).first()).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'docs-desktop.png') });

  // Each operation's page (Redoc routes by tag and operation id): its heading and its samples' panel.
  for (const { method, template, op } of operations) {
    const tag = (op.tags?.[0] ?? 'other').toLowerCase().replace(/\s+/g, '-');
    await page.goto(`${stack.baseUrl}/docs#/${tag}/${op.operationId.toLowerCase()}`);
    // (Redoc names the heading "link to <summary> <summary>": its anchor, then its text.)
    const summary = op.summary!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect(
      page.getByRole('heading', { level: 2, name: new RegExp(`link to ${summary} ${summary}$`) }),
      `${method} ${template}`,
    ).toBeVisible();
    const curl = `curl -X ${method.toUpperCase()} "$POSTAGE_BASE_URL${template.replace(/\{.*$/, '')}`;
    await expect(
      page.getByTestId('right-panel').filter({ hasText: curl }).first(),
      `${method} ${template}`,
    ).toBeAttached();
  }

  // The send's samples in four languages, a choice away.
  await page.goto(`${stack.baseUrl}/docs#/other/send`);
  const panel = page.getByTestId('right-panel').filter({ hasText: 'curl -X POST "$POSTAGE_BASE_URL/api/send/"' });
  await panel.getByRole('button', { name: 'curl' }).click();
  await expect(page.getByRole('menuitem')).toContainText(['curl', 'TypeScript', 'Python', 'Go']);
  await page.getByRole('menuitem', { name: 'Python' }).click();
  await expect(page.getByTestId('right-panel').filter({ hasText: 'postage.emails.send(' }).first()).toBeVisible();

  // Search: an operation by a word of its summary.
  await page.getByTestId('search-trigger').click();
  await page.keyboard.type('suppress');
  await expect(page.getByText(/Suppress an address by hand/).first()).toBeVisible();
  await expect(page.getByText(/Whether an address is suppressed/).first()).toBeVisible();
  await page.keyboard.press('Escape');

  // A phone's width: nothing wider than the screen.
  await page.setViewportSize(WIDTHS.phone);
  await page.goto(`${stack.baseUrl}/docs`);
  await expect(page.getByRole('heading', { name: /Postage API/ }).first()).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
      message: '/docs is wider than a phone',
      timeout: 3000,
    })
    .toBeLessThanOrEqual(0);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'docs-phone.png') });

  // A guide, from the reference's list of them, at both widths.
  await page.setViewportSize(WIDTHS.desktop);
  await page.getByRole('link', { name: 'Quick start' }).click();
  await expect(page.getByText('# Quick start')).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'docs-guide-desktop.png') });
  await page.setViewportSize(WIDTHS.phone);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'docs-guide-phone.png') });

  expect(problems).toEqual([]);
});

test('the reference is served under a CSP that allows nothing from elsewhere and no inline script', async () => {
  const res = await fetch(`${stack.baseUrl}/docs`);
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(res.status).toBe(200);
  expect(csp).toMatch(/script-src 'self'(;|$)/);
  expect(csp).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/=]+'(;|$)/);
  // Inline style attributes only (Redoc's markup); no inline <style> without the nonce, no inline script.
  expect(csp.split(';').filter((d) => d.includes('unsafe'))).toEqual(["style-src-attr 'unsafe-inline'"]);
  expect(csp).not.toMatch(/https?:/);
  // The nonce is the page's, and a new one each time.
  const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
  expect(await res.text()).toContain(`<meta property="csp-nonce" content="${nonce}" />`);
  const again = (await fetch(`${stack.baseUrl}/docs`)).headers.get('content-security-policy');
  expect(again).not.toContain(nonce);
  // A guide the reference links to is served as text.
  const guide = await fetch(`${stack.baseUrl}/docs/guides/quick-start.md`);
  expect(guide.status).toBe(200);
  expect(guide.headers.get('content-type')).toMatch(/^text\/plain/);
});
