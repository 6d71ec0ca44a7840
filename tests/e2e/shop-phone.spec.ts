/**
 * The shop on a long list (issue 20), on a 390 x 844 phone with touch and on a 1280 x 800 desk: the filters fold
 * into a panel that counts the active ones beside the plans found (folded on the phone), the first Add to Cart is
 * within a screen and a half, the step's actions stay on screen while the list scrolls (a bar at most 120 px high), Show More Plans reaches
 * every plan, the filters and the sort survive a reload and Back, and the plan put in the cart is the one whose
 * button was pressed (once, after a reload with HSA Eligible ticked, another went in and the HSA step was gone).
 * axe finds nothing with the panel open or folded.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectClean } from './axe.ts';
import { PORTLAND, fillMemberProfile, nextTo, openShopFilters, signedInMember } from './support.ts';

const SCREENS = [
  { label: 'a 390 x 844 phone with touch', name: 'Sasha', viewport: { width: 390, height: 844 }, phone: true },
  { label: 'a 1280 x 800 desk', name: 'Devon', viewport: { width: 1280, height: 800 }, phone: false },
] as const;

const plansFound = async (page: Page) => Number((await page.getByText(/Plans Found/).innerText()).match(/(\d+) Plans Found/)![1]);
const money = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

for (const screen of SCREENS) {
  test.describe(`the shop on ${screen.label}`, () => {
    test.use({ viewport: screen.viewport, hasTouch: screen.phone, isMobile: screen.phone });

    test('folds the filters, keeps the actions on screen, shows every plan, keeps filters and sort, and carts the plan pressed', async ({ page }) => {
      // A touch on the phone, a click on the desk.
      const press = (target: Locator) => (screen.phone ? target.tap() : target.click());

      await signedInMember(page, screen.name);
      await fillMemberProfile(page, PORTLAND);
      await nextTo(page, 'Select your Health Plan Option Below');
      await nextTo(page, 'ICHRA Acknowledgment');
      await page.getByRole('checkbox', { name: /I certify/ }).check();
      await nextTo(page, 'Shop Health Plans');
      await expect(page.getByText(/Plans Found/)).toBeVisible();
      const total = await plansFound(page);
      expect(total).toBeGreaterThan(24);

      // The filters: folded on the phone, open on the desk; the panel counts the plans found.
      const panel = page.getByRole('region', { name: 'Filters' });
      const toggle = panel.getByRole('button', { name: /^Filters/ });
      await expect(toggle).toHaveText('Filters');
      await expect(toggle).toHaveAttribute('aria-expanded', screen.phone ? 'false' : 'true');
      await expect(panel.getByText(`${total} plans`, { exact: true })).toBeVisible();
      await expect(panel.getByLabel('HSA Eligible')).toHaveCount(screen.phone ? 0 : 1);
      await expectClean(page, `Shop Health Plans with the filters ${screen.phone ? 'folded' : 'open'}`);
      await press(toggle);
      await expect(toggle).toHaveAttribute('aria-expanded', screen.phone ? 'true' : 'false');
      await expectClean(page, `Shop Health Plans with the filters ${screen.phone ? 'open' : 'folded'}`);
      await press(toggle);

      // The first Add to Cart within a screen and a half of the top; the step's actions on screen at once.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(page.getByRole('article')).toHaveCount(12);
      const firstAdd = await page.getByRole('button', { name: 'Add to Cart' }).first().boundingBox();
      expect(firstAdd!.y + firstAdd!.height).toBeLessThanOrEqual(1.5 * screen.viewport.height);
      const actions = page.getByRole('region', { name: 'Step actions' });
      const goOn = actions.getByRole('button', { name: screen.phone ? 'Proceed' : 'Next' });
      await expect(goOn).toBeInViewport();
      if (screen.phone) await expect(actions.getByRole('button', { name: 'Export Plans' })).toBeInViewport();
      // The sticky bar leaves the phone's list room: at most 120 px high.
      expect((await actions.boundingBox())!.height).toBeLessThanOrEqual(120);

      // Show More Plans until every plan shows; the actions stay on screen halfway down the list.
      const more = page.getByRole('button', { name: 'Show More Plans' });
      for (let shown = 12; shown < total; shown = Math.min(total, shown + 12)) {
        await expect(page.getByText(`Showing ${shown} of ${total} plans`)).toBeVisible();
        await press(more);
        await expect(page.getByRole('article')).toHaveCount(Math.min(total, shown + 12));
      }
      await expect(more).toHaveCount(0);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
      await expect(goOn).toBeInViewport();

      // HSA Eligible and the price sort: the address holds them.
      await openShopFilters(page);
      // check() fails if the box does not show ticked right after the click (the address changing after it).
      if (screen.phone) await panel.getByLabel('HSA Eligible').tap();
      else await panel.getByLabel('HSA Eligible').check();
      await expect(panel.getByLabel('HSA Eligible')).toBeChecked();
      await panel.getByLabel('Sort by Price').selectOption({ label: 'Price: Low to High' });
      await expect(page).toHaveURL(/[?&]hsa=1(&|$)/);
      await expect(page).toHaveURL(/[?&]sort=price-asc(&|$)/);
      await expect(panel.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
      const hsaCount = await plansFound(page);
      expect(hsaCount).toBeGreaterThan(2);
      expect(hsaCount).toBeLessThan(total);

      const cards = page.getByRole('article');
      const listed = async () => {
        const shown = await cards.all();
        return Promise.all(
          shown.map(async (card) => ({
            name: (await card.getAttribute('aria-label'))!,
            rate: money(await card.getByText(/^\$[\d,]+\.\d\d$/).first().innerText()),
            hsa: await card.getByText('HSA Eligible', { exact: true }).isVisible(),
          })),
        );
      };
      const before = await listed();
      expect(before.length).toBe(Math.min(12, hsaCount));
      expect(before.every((plan) => plan.hsa)).toBe(true);
      expect(before.map((plan) => plan.rate)).toEqual([...before.map((plan) => plan.rate)].sort((a, b) => a - b));

      // A reload: the same filters and sort shown, the list filtered and sorted as before.
      await page.reload();
      await expect(page.getByText(/Plans Found/)).toBeVisible();
      expect(await plansFound(page)).toBe(hsaCount);
      await expect(panel.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
      await openShopFilters(page);
      await expect(panel.getByLabel('HSA Eligible')).toBeChecked();
      await expect(panel.getByLabel('Sort by Price')).toHaveValue('price-asc');
      expect(await listed()).toEqual(before);

      // Add to Cart on a named plan (not the first): that plan is in the cart, and the HSA step follows.
      const chosen = before[1]!.name;
      const chosenCard = page.getByRole('article', { name: chosen, exact: true });
      await press(chosenCard.getByRole('button', { name: 'Add to Cart' }));
      await expect(chosenCard.getByText('In Cart')).toBeVisible();
      await expect(page.getByText('In Cart', { exact: true })).toHaveCount(1);
      await nextTo(page, 'Flexible Spending Options');

      // Back: the shop with its filters and sort, the chosen plan in the cart.
      await page.goBack();
      await expect(page.getByRole('heading', { name: 'Shop Health Plans' })).toBeVisible();
      await expect(page).toHaveURL(/[?&]hsa=1(&|$)/);
      await expect(page).toHaveURL(/[?&]sort=price-asc(&|$)/);
      expect(await plansFound(page)).toBe(hsaCount);
      await expect(panel.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
      await expect(chosenCard.getByRole('button', { name: 'Remove from cart' })).toBeVisible();

      // The cart holds the plan pressed.
      await nextTo(page, 'Flexible Spending Options');
      await nextTo(page, 'Additional Services');
      await nextTo(page, 'Plan and Benefits Summary');
      await expect(page.getByText(chosen, { exact: true }).first()).toBeVisible();
    });
  });
}
