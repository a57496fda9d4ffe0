import type { Page } from '@playwright/test';
import { BOTH_WIDTHS, test, expect } from './fixtures.ts';
import { BEST_SELLER_TILES, COLLECTION_POSTERS } from '../src/shared/home.ts';
import { BREAKPOINT_COLLECTIONS_SLIDER, BREAKPOINT_DESKTOP, COLLECTIONS_INTERVAL_MS, HERO_INTERVAL_MS } from '../src/shared/ui.ts';

/** The hero and its controls, found the way a screen reader user meets them. */
function hero(page: Page) {
  const region = page.getByRole('region', { name: 'Featured' });
  return {
    region,
    dot: (n: number) => region.getByRole('button', { name: `Show slide ${n}` }),
    slide: (n: number) => region.getByRole('group', { name: `${n} of 2` }),
    picture: region.locator('img').first(),
    /** 1-based number of the slide whose dot is marked current, 0 if none. */
    current: () => region.getByRole('button', { name: /^Show slide / }).evaluateAll((dots) => dots.findIndex((d) => d.getAttribute('aria-current') === 'true') + 1),
  };
}

/** Takes the pointer and keyboard focus out of a carousel, which hold it still while inside. */
async function letGo(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.mouse.move(1, page.viewportSize()!.height - 1);
}

const isDesktopWidth = (page: Page) => page.viewportSize()!.width >= BREAKPOINT_DESKTOP;

test.describe('hero carousel', () => {
  test('shows slide 1, then moves to slide 2 by itself after 5 s', async ({ page }) => {
    const { dot, slide } = hero(page);
    // The page's clock, so the wait is jumped, not sat through; it runs on by itself otherwise.
    await page.clock.install();
    // Not waiting for every picture to load: the clock starts as soon as the hero is on screen.
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect(dot(1)).toHaveAttribute('aria-current', 'true');
    await expect(slide(1)).toBeInViewport();
    await expect(slide(1).getByRole('heading', { name: 'Silks for every celebration' })).toBeVisible();
    await letGo(page);
    // A moment short of the interval, it still shows slide 1.
    await page.clock.fastForward(HERO_INTERVAL_MS - 1000);
    await expect(dot(1)).toHaveAttribute('aria-current', 'true');

    // Nobody touches it: after HERO_INTERVAL_MS it moves on by itself.
    await page.clock.fastForward(1500);
    await expect(dot(2)).toHaveAttribute('aria-current', 'true');
    await expect(dot(1)).not.toHaveAttribute('aria-current');
    await expect(slide(2)).toBeInViewport();
    await expect(slide(2).getByRole('heading', { name: 'Woven by hand, chosen with care' })).toBeVisible();
  });

  test('the dots jump to a slide', async ({ page }) => {
    const { dot, slide } = hero(page);
    await page.goto('/');
    await dot(2).click();
    await expect(dot(2)).toHaveAttribute('aria-current', 'true');
    await expect(slide(2)).toBeInViewport();
    await dot(1).click();
    await expect(dot(1)).toHaveAttribute('aria-current', 'true');
    await expect(slide(1)).toBeInViewport();
  });

  test('arrows show on desktop only, and step through the slides', BOTH_WIDTHS, async ({ page }) => {
    const { region, dot } = hero(page);
    await page.goto('/');
    const next = region.getByRole('button', { name: 'Next slide' });
    const previous = region.getByRole('button', { name: 'Previous slide' });
    if (!isDesktopWidth(page)) {
      await expect(dot(1)).toBeVisible();
      await expect(next).toBeHidden();
      await expect(previous).toBeHidden();
      return;
    }
    await dot(1).click(); // a known start, whatever the clock did meanwhile
    await expect(dot(1)).toHaveAttribute('aria-current', 'true');
    await next.click();
    await expect(dot(2)).toHaveAttribute('aria-current', 'true');
    await next.click(); // from the last slide, round to the first
    await expect(dot(1)).toHaveAttribute('aria-current', 'true');
    await previous.click();
    await expect(dot(2)).toHaveAttribute('aria-current', 'true');
    await previous.click();
    await expect(dot(1)).toHaveAttribute('aria-current', 'true');
  });

  test('the pause button stops it, and play starts it again', async ({ page }) => {
    const { region, current } = hero(page);
    // Time is the feature here: the page's clock jumps the interval twice rather than waiting it out.
    await page.clock.install();
    await page.goto('/');
    await region.getByRole('button', { name: 'Pause slides' }).click();
    await expect(region.getByRole('button', { name: 'Play slides' })).toBeVisible();
    // Focus and pointer also hold it; take both away so only the pause button holds it.
    await letGo(page);
    const shown = await current();
    expect(shown).toBeGreaterThan(0);
    await page.clock.fastForward(HERO_INTERVAL_MS + 1500);
    // Long enough for a slide's smooth scroll to have shown, had one begun.
    await page.waitForTimeout(700);
    expect(await current()).toBe(shown);

    await region.getByRole('button', { name: 'Play slides' }).click();
    await expect(region.getByRole('button', { name: 'Pause slides' })).toBeVisible();
    await letGo(page);
    await page.clock.fastForward(HERO_INTERVAL_MS + 500);
    await expect.poll(current).toBe((shown % 2) + 1);
  });

  test('the picture is the phone banner below 1024 px and the wide one on desktop', BOTH_WIDTHS, async ({ page }) => {
    const { picture } = hero(page);
    await page.goto('/');
    const currentSrc = () => picture.evaluate((img: HTMLImageElement) => img.currentSrc);
    if (isDesktopWidth(page)) {
      await expect.poll(currentSrc).toContain('/images/banners/hero-1-desktop-');
      // Narrow the window below the breakpoint: the phone banner takes over.
      await page.setViewportSize({ width: BREAKPOINT_DESKTOP - 24, height: 800 });
      await expect.poll(currentSrc).toContain('/images/banners/hero-1-mobile-');
    } else {
      await expect.poll(currentSrc).toContain('/images/banners/hero-1-mobile-');
    }
    await expect(picture).toHaveJSProperty('complete', true);
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });
});

test.describe('Our Collections', () => {
  test('three posters open Festive, Summer and every collection', async ({ page }) => {
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Our Collections' });
    const posters = section.getByRole('link');
    await expect(posters).toHaveCount(3);
    const expected = [
      ['Festive', '/products?search=Festive'],
      ['Summer', '/products?search=Summer'],
      ['All Collections', '/collections'],
    ];
    expect(COLLECTION_POSTERS.map((p) => [p.title, p.to])).toEqual(expected);
    for (const [i, [title, to]] of expected.entries()) {
      await expect(posters.nth(i)).toContainText(title!);
      await expect(posters.nth(i)).toHaveAttribute('href', to!);
    }

    await section.getByRole('link', { name: /^Festive/ }).click();
    await expect(page).toHaveURL(/\/products\?search=Festive$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search Results for “Festive”');

    await page.goBack();
    await section.getByRole('link', { name: /^All Collections/ }).click();
    await expect(page).toHaveURL(/\/collections$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Collections' })).toBeVisible();
  });

  test('a slider that moves by itself on phones; three side by side from 1200 px', BOTH_WIDTHS, async ({ page }) => {
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Our Collections' });
    const posters = section.getByRole('link');
    await expect(posters).toHaveCount(3);

    if (page.viewportSize()!.width < BREAKPOINT_COLLECTIONS_SLIDER) {
      const dots = section.getByRole('button', { name: /^Show / });
      await expect(dots).toHaveCount(3);
      const dot = (title: string) => section.getByRole('button', { name: `Show ${title}` });
      const current = () => dots.evaluateAll((ds) => ds.findIndex((d) => d.getAttribute('aria-current') === 'true'));
      await section.scrollIntoViewIfNeeded();
      // Whichever poster shows now, the next one follows within the interval (and after the last, the first).
      const start = await current();
      expect(start).toBeGreaterThanOrEqual(0);
      const next = (start + 1) % 3;
      await expect.poll(current, { timeout: COLLECTIONS_INTERVAL_MS + 2000 }).toBe(next);
      await expect(posters.nth(next)).toBeInViewport({ ratio: 0.9 });
      // The dots jump too.
      await dot('All Collections').click();
      await expect(dot('All Collections')).toHaveAttribute('aria-current', 'true');
      await expect(posters.nth(2)).toBeInViewport({ ratio: 0.9 });
      return;
    }

    await section.scrollIntoViewIfNeeded();
    // Nothing to slide, so no dots either (they are display: none, out of the accessibility tree).
    await expect(section.getByRole('button', { name: /^Show / })).toHaveCount(0);
    await expect(section.getByRole('button', { name: 'Show Festive', includeHidden: true })).toBeHidden();
    // All three measured in one frame: the grids above may still settle while images arrive,
    // so measuring poster by poster could see the section move in between.
    const measure = () =>
      posters.evaluateAll((links) =>
        links.map((a) => {
          const r = a.getBoundingClientRect();
          return { x: r.left, y: r.top, width: r.width, height: r.height, inView: r.top >= 0 && r.bottom <= innerHeight };
        }),
      );
    await expect
      .poll(async () => {
        // Centred: 'if needed' may stop with the posters' bottom a fraction of a pixel below the fold.
        await section.evaluate((el) => el.scrollIntoView({ block: 'center' }));
        return (await measure()).map((box) => box.inView);
      })
      .toEqual([true, true, true]);
    const boxes = await measure();
    // All three whole across the width: nothing cut off at either side.
    expect(boxes[0]!.x).toBeGreaterThanOrEqual(0);
    expect(boxes[2]!.x + boxes[2]!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    // One row, left to right.
    expect(boxes[1]!.y).toBeCloseTo(boxes[0]!.y, 0);
    expect(boxes[2]!.y).toBeCloseTo(boxes[0]!.y, 0);
    expect(boxes[0]!.x + boxes[0]!.width).toBeLessThanOrEqual(boxes[1]!.x);
    expect(boxes[1]!.x + boxes[1]!.width).toBeLessThanOrEqual(boxes[2]!.x);
  });
});

test('the five Best Sellers tiles open their searches', BOTH_WIDTHS, async ({ page }) => {
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Best Sellers' });
  const tiles = section.getByRole('link');
  await expect(tiles).toHaveText(['Silk Sarees', 'Cotton Sarees', 'Bridal', 'Party Wear', 'Daily Wear']);
  const hrefs = await tiles.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs).toEqual([
    '/products?search=Silk%20Saree',
    '/products?search=Cotton%20Saree',
    '/products?search=Bridal',
    '/products?search=Party%20Wear',
    '/products?search=Daily%20Wear',
  ]);
  expect(BEST_SELLER_TILES).toHaveLength(5);

  await section.getByRole('link', { name: 'Cotton Sarees' }).click();
  await expect(page).toHaveURL(/\/products\?search=Cotton(%20|\+)Saree$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search Results for “Cotton Saree”');
});

test('Our Bestsellers loads 8 cards as the shopper nears it, pages with Load More, and View All opens the store', async ({ page }) => {
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Our Bestsellers' });
  const cards = section.getByRole('listitem');
  await section.scrollIntoViewIfNeeded();
  await expect(cards).toHaveCount(8);
  await expect(cards.first().getByRole('heading', { level: 3 })).not.toBeEmpty();
  await expect(cards.first().getByRole('button', { name: /^Buy Now: / })).toBeVisible();

  await section.getByRole('button', { name: 'Load More' }).click();
  await expect(cards).toHaveCount(16);

  await section.getByRole('link', { name: 'View All' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Featured Collections' })).toBeVisible();
});

test("when the network drops the best sellers, the grid says so in the spec's words and offers a retry", async ({ page, consoleErrors }) => {
  // The network edge fails, not our code: the request never reaches the server.
  consoleErrors.allow('/api/products/best-sellers');
  let failing = true;
  await page.route('**/api/products/best-sellers*', (route) => (failing ? route.abort('internetdisconnected') : route.continue()));
  // Home drawn on the server carries the grid's first page; reached in the app, it asks for it.
  await page.goto('/products');
  await expect(page.locator('html[data-live]')).toHaveCount(1);
  await page.getByRole('link', { name: 'Vastra home' }).click();
  const section = page.getByRole('region', { name: 'Our Bestsellers' });
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('heading', { name: 'Failed to load featured products' })).toBeVisible({ timeout: 15_000 });
  failing = false;
  await section.getByRole('button', { name: 'Try again' }).click();
  await expect(section.getByRole('listitem')).toHaveCount(8);
});
