import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.js';
import { builtGraph } from '../helpers/context.js';
import { makeRepo } from '../helpers/repo.js';
import { makeReportFixture, ORCHESTRATOR_RUN } from '../report/fixture.js';
import { launchChromium } from './chromium.js';

describe('the HTML report in headless Chromium', () => {
  let browser: BrowserContext;
  let close: () => Promise<void>;
  let page: Page;
  let files: string[];
  const problems: string[] = [];
  const requests: string[] = [];

  beforeAll(async () => {
    const root = await makeReportFixture();
    const result = await runCliInProcess(['report', root]);
    expect(result.code).toBe(0);
    const file = join(root, '.agent-context/report.html');
    files = (await builtGraph(root)).files;
    ({ browser, close } = await launchChromium());
    page = await browser.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('request', (request) => {
      if (!request.url().startsWith('file:')) requests.push(request.url());
    });
    await page.goto(`file://${file}`);
    await page.waitForSelector('[data-node]');
  });

  afterAll(async () => {
    await close?.();
  });

  it('renders with no console error and asks the network for nothing', () => {
    expect(problems).toEqual([]);
    expect(requests).toEqual([]);
  });

  it('draws a [data-node] per file of the graph', async () => {
    const nodes = await page.$$eval('[data-node]', (elements) =>
      elements.map((element) => element.getAttribute('data-node')),
    );
    expect(nodes.sort()).toEqual([...files].sort());
  });

  it('marks the cycle and the layer violation', async () => {
    expect(await page.getAttribute('[data-node="src/db/store.ts"]', 'class')).toContain('in-cycle');
    expect(await page.getAttribute('[data-node="src/ui/view.ts"]', 'class')).toContain('violation');
    expect(await page.locator('#map-canvas line.violation').count()).toBe(1);
  });

  it('zooms in and out with the buttons and the wheel', async () => {
    const scale = async () => Number(await page.getAttribute('#map-canvas', 'data-scale'));
    const before = await scale();
    await page.click('[data-zoom="in"]');
    expect(await scale()).toBeGreaterThan(before);
    await page.click('[data-zoom="out"]');
    await page.click('[data-zoom="out"]');
    expect(await scale()).toBeLessThan(before);
    await page.click('[data-zoom="fit"]');
    const box = (await page.locator('#map-canvas').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -400);
    expect(await scale()).toBeGreaterThan(before);
  });

  it('finds a file by path and shows its facts', async () => {
    await page.fill('#map-search', 'total.ts');
    expect(await page.locator('[data-node].match').count()).toBe(1);
    await page.press('#map-search', 'Enter');
    expect(await page.getAttribute('#map-facts', 'data-facts')).toBe('src/checkout/total.ts');
    expect(await page.textContent('[data-fact="summary"]')).toContain('Adds up a basket');
    expect(await page.textContent('[data-fact="tests"]')).toContain('test/total.test.ts');
    await page.fill('#map-search', '');
    await page.click('[data-zoom="fit"]');
  });

  it('shows the facts of a clicked node: summary, imports, importers, rank and why', async () => {
    await page.click('[data-node="src/db/store.ts"]');
    expect(await page.getAttribute('#map-facts', 'data-facts')).toBe('src/db/store.ts');
    expect(await page.textContent('[data-fact="imports"]')).toContain('src/db/format.ts');
    expect(await page.textContent('[data-fact="importers"]')).toContain('src/ui/view.ts');
    expect(await page.textContent('[data-fact="rank"]')).toMatch(/rank #\d+ of \d+/);
    expect(await page.locator('[data-fact="why"] li').count()).toBeGreaterThan(0);
    await page.click('#map-facts [data-goto="src/ui/view.ts"]');
    expect(await page.textContent('[data-fact="violations"]')).toContain('layer "ui"');
  });

  it('closes and opens a folder', async () => {
    await page.click('[data-folder="src/db"] text');
    expect(await page.locator('[data-node^="src/db/"]').count()).toBe(0);
    await page.click('[data-folder="src/db"]');
    expect(await page.locator('[data-node^="src/db/"]').count()).toBe(2);
  });

  it('opens a run and its iteration timeline on click', async () => {
    const detail = page.locator(`[data-run-detail="orchestrator:${ORCHESTRATOR_RUN}"]`);
    expect(await detail.isVisible()).toBe(false);
    await page.click(`[data-run="orchestrator:${ORCHESTRATOR_RUN}"]`);
    expect(await detail.isVisible()).toBe(true);
    expect(await detail.locator('[data-iteration]').count()).toBe(2);
    expect(await detail.textContent()).toContain('repair');
    expect(problems).toEqual([]);
  });
});

describe('a large repository in headless Chromium', () => {
  let close: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await close?.();
  });

  it('opens with folders collapsed, shows a folder when clicked, and finds a file inside a closed one', async () => {
    const files: Record<string, string> = {};
    for (let folder = 0; folder < 24; folder++)
      for (let file = 0; file < 15; file++)
        files[`src/area${folder}/part${file % 3}/f${file}.ts`] =
          `import '../../area${(folder + 1) % 24}/part0/f0.js';\nexport const x = ${file};\n`;
    // Folder names that are Object.prototype keys (babel's fixtures have them): folders like any other.
    files['src/constructor/__proto__/toString.ts'] = "import '../../area0/part0/f0.js';\n";
    const root = makeRepo(files);
    expect((await runCliInProcess(['report', root])).code).toBe(0);
    const launched = await launchChromium();
    close = launched.close;
    const page = await launched.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`file://${join(root, '.agent-context/report.html')}`);
    await page.waitForSelector('[data-folder]');
    const visible = await page.locator('[data-node]').count();
    expect(visible).toBeLessThan(360);
    expect(await page.locator('[data-folder="src/area5/part1"]').getAttribute('class')).toContain('closed');
    await page.click('[data-folder="src/area5/part1"]');
    expect(await page.locator('[data-node^="src/area5/part1/"]').count()).toBe(5);
    await page.fill('#map-search', 'area17/part2/f14');
    await page.press('#map-search', 'Enter');
    expect(await page.getAttribute('#map-facts', 'data-facts')).toBe('src/area17/part2/f14.ts');
    expect(await page.locator('[data-node="src/area17/part2/f14.ts"]').count()).toBe(1);
    expect(await page.locator('[data-folder="src/constructor"]').count()).toBe(1);
    await page.fill('#map-search', 'constructor/__proto__/toString');
    await page.press('#map-search', 'Enter');
    expect(await page.getAttribute('#map-facts', 'data-facts')).toBe('src/constructor/__proto__/toString.ts');
    expect(await page.locator('[data-node="src/constructor/__proto__/toString.ts"]').count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
