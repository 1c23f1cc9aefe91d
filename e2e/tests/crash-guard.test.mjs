// The crash-loop guard: a page that died with a model running (its running marker left in
// the tab's session storage, as a crash or an out-of-memory kill leaves it) reopens paused with a notice;
// Play runs it again. A model always opens paused at its start, so a reload on purpose while
// running, or a second tab, opens paused too, but without the notice: nothing went wrong.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, closeApp, shownTick, frames } from '../harness.mjs';

let app;
before(async () => {
  app = await openApp({
    // Only the first load finds the marker, as if the page before it had died running.
    init: () => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        sessionStorage.setItem('stepwise-running', '1');
      }
    },
  });
});
after(() => closeApp(app));

test('a model that was running when the page died opens paused, saying why', async () => {
  const { page } = app;
  await page.waitForSelector('[data-testid="crash-notice"]');
  assert.match(await page.textContent('[data-testid="crash-notice"]'), /opened paused/);
  await page.waitForFunction(() => !document.querySelector('[data-testid="play"]').disabled);
  assert.equal(await page.isDisabled('[data-testid="pause"]'), true);
  await frames(page, 10);
  assert.equal(await shownTick(page), 0, 'nothing ran');
});

test('Play runs it, marks it running, and the notice goes', async () => {
  const { page } = app;
  await page.click('[data-testid="play"]');
  await page.waitForFunction(() => !document.querySelector('[data-testid="crash-notice"]'));
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="tick"]').textContent) > 3);
  await page.waitForFunction(() => sessionStorage.getItem('stepwise-running') === '1');
});

/** Whether `page` opened its model paused at its start, with no crash notice. */
async function openedPausedWithoutNotice(page) {
  await page.waitForSelector('[data-testid="project-label"]');
  await page.waitForFunction(() => !document.querySelector('[data-testid="play"]').disabled);
  assert.equal(await page.isDisabled('[data-testid="pause"]'), true);
  await frames(page, 10);
  assert.equal(await shownTick(page), 0, 'nothing ran');
  assert.equal(await page.locator('[data-testid="crash-notice"]').count(), 0);
}

test('another tab opened beside a running one opens paused, without the notice', async () => {
  const other = await app.page.context().newPage();
  await other.goto(app.page.url());
  await other.waitForSelector('[data-testid="stage"]');
  await openedPausedWithoutNotice(other);
  await other.click('[data-testid="play"]');
  await other.waitForFunction(() => Number(document.querySelector('[data-testid="tick"]')?.textContent) > 3);
  await other.close();
});

test('a reload on purpose while running opens paused, without the notice', async () => {
  const { page } = app;
  await page.reload();
  await page.waitForSelector('[data-testid="stage"]');
  await openedPausedWithoutNotice(page);
});
