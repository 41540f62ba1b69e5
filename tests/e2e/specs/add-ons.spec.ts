/* Add-on passes (issue 11), with JavaScript off and on: an add-on is sold only with its regular
   pass or after it, and says so; bought with the pass, both are the fan's in one payment. */
import { ORDER_MSG } from '../../../contract/orders.ts';
import { usd } from '../../support/money.ts';
import { createVerifiedUser, signIn } from '../support/accounts.ts';
import { CARDS, ordersOf, packages, payOnSandbox } from '../support/commerce.ts';
import { expect, test } from '../support/fixtures.ts';
import { WEB_URL } from '../support/urls.ts';

async function addOnAndPass() {
  const all = await packages();
  const addOn = all.find((p) => p.kind === 'additional');
  const pass = addOn && all.find((p) => p.id === addOn.parent_pass_id);
  if (!addOn || !pass) throw new Error('the demo channel sells no add-on with its regular pass');
  return { addOn, pass };
}

test('an add-on is refused without its regular pass, and says where to get it', async ({ page, context, checkA11y }) => {
  await signIn(context, await createVerifiedUser());
  const { addOn, pass } = await addOnAndPass();
  await page.goto('/packages');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: addOn.name }) });
  await expect(card.getByText(`Comes with the ${pass.name}: buy it with the pass, or after it.`)).toBeVisible();

  await page.goto(`/select-package/${addOn.id}`);
  await expect(page.getByText(ORDER_MSG.needsRegularPass)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue to checkout' })).toHaveCount(0);
  await checkA11y();
  await page.getByRole('link', { name: 'See the regular pass' }).click();
  await expect(page).toHaveURL(`${WEB_URL}/select-package/${pass.id}`);

  // Its checkout, asked for directly, is refused in the same words.
  await page.goto(`/buy?package=${addOn.id}&category=${addOn.event_categories[0]}`);
  await expect(page.getByText(ORDER_MSG.needsRegularPass)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
});

test('an add-on bought with its regular pass: one payment, both are the fan’s', async ({ page, context, checkA11y }) => {
  const { apiKey } = await signIn(context, await createVerifiedUser());
  const { addOn, pass } = await addOnAndPass();
  await page.goto(`/select-package/${pass.id}`);
  const choice = page.getByRole('group', { name: 'Choose the categories you want' }).getByRole('checkbox').first();
  const name = (await choice.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? '')).trim();
  await choice.check();
  await page
    .getByRole('group', { name: 'Add-ons' })
    .getByRole('checkbox', { name: `Add the ${addOn.name}: ${usd(addOn.base_price)} for each of your categories it covers` })
    .check();
  await checkA11y();
  await page.getByRole('button', { name: 'Continue to checkout' }).click();

  await expect(page).toHaveURL(new RegExp(`/buy\\?package=${pass.id}&category=\\d+&addon=${addOn.id}$`));
  await expect(page.getByRole('heading', { level: 2, name: `${pass.name} with ${addOn.name}` })).toBeVisible();
  await expect(page.getByRole('row', { name: `${pass.name}: ${name} ${usd(pass.base_price)}` })).toBeVisible();
  await expect(page.getByRole('row', { name: `${addOn.name}: ${name} ${usd(addOn.base_price)}` })).toBeVisible();
  const total = usd(pass.base_price + addOn.base_price + pass.service_fee);
  await expect(page.getByRole('row', { name: `Total (USD) ${total}` })).toBeVisible();
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await payOnSandbox(page, CARDS.success);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();

  const orders = await ordersOf(apiKey);
  expect(orders.map((o) => [o.product.id, o.status]).sort()).toEqual(
    [
      [addOn.id, 'paid'],
      [pass.id, 'paid'],
    ].sort(),
  );
  // Now that the fan has the pass, the add-on's own page sells the rest of it (after the pass).
  await page.goto(`/select-package/${addOn.id}`);
  await expect(page.getByText(ORDER_MSG.needsRegularPass)).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: `${name} (you have it)` })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Continue to checkout' })).toBeVisible();
});
