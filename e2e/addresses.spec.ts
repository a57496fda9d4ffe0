/**
 * The address book on /profile, walked as a shopper does: the spec's messages first (§5 Address),
 * then add, edit, a placeholder flagged, delete with its question, and the add button's three
 * labels (§4 Checkout); the profile's own address offered (§5).
 */
import type { Locator } from '@playwright/test';
import { PLACEHOLDER_NOTICE } from '../src/shared/addresses.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { test, expect } from './fixtures.ts';
import { signedIn } from './shoppers.ts';

async function fillAddress(form: Locator, a: { name: string; phone: string; house: string; street: string; city: string; state: string; pincode: string }) {
  await form.getByLabel('Full name').fill(a.name);
  await form.getByLabel('Phone').fill(a.phone);
  await form.getByLabel('House/Flat').fill(a.house);
  await form.getByLabel('Street/Address').fill(a.street);
  await form.getByLabel('City').fill(a.city);
  await form.getByLabel('State').selectOption(a.state);
  await form.getByLabel('Pincode').fill(a.pincode);
}

test('the address book: errors first, then add, edit, a placeholder flagged, and delete', async ({ page }) => {
  test.setTimeout(45_000);
  await signedIn(page, 'meera');
  await page.goto('/profile');
  const book = page.getByRole('region', { name: 'Saved addresses' });
  await expect(book.getByText('No saved addresses yet')).toBeVisible();
  await book.getByRole('button', { name: 'Add Delivery Address' }).click();

  const form = book.getByRole('form', { name: 'New address' });
  await expect(form.getByRole('heading', { name: 'New address' })).toBeFocused();
  await expect(book.getByRole('button', { name: 'Cancel', expanded: true })).toBeVisible();
  await expect(form.getByLabel('Country')).toHaveValue('India');
  await form.getByLabel('Full name').focus();
  await form.getByLabel('Full name').blur();
  await expect(form.getByText('Name must be at least 2 characters.')).toBeVisible();
  await form.getByLabel('Phone').fill('12345');
  await form.getByLabel('Phone').blur();
  await expect(form.getByText('Phone must be 10 digits.')).toBeVisible();
  await form.getByLabel('Pincode').fill('1234');
  await form.getByLabel('Pincode').blur();
  await expect(form.getByText('Pincode must be 6 digits.')).toBeVisible();
  // India Post's directory, asked on blur: the PIN against the chosen state, and again when the state changes.
  await form.getByLabel('State').selectOption('Kerala');
  await form.getByLabel('Pincode').fill('600004');
  await form.getByLabel('Pincode').blur();
  await expect(form.getByText('Pincode 600004 is in Tamil Nadu, not Kerala.')).toBeVisible();
  await expectNoSeriousViolations(page);
  await form.getByLabel('State').selectOption('Tamil Nadu');
  await expect(form.getByText('Pincode 600004 is in Tamil Nadu, not Kerala.')).toHaveCount(0);

  await fillAddress(form, {
    name: 'Meera Krishnan',
    phone: '9876543210',
    house: '12, Lotus Apartments',
    street: 'Temple Street, Mylapore',
    city: 'Chennai',
    state: 'Tamil Nadu',
    pincode: '600004',
  });
  await expect(form.getByText('Name must be at least 2 characters.')).toHaveCount(0); // re-checked on change
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('Address saved.')).toBeVisible();
  await expect(book.getByRole('button', { name: 'Add New Address' })).toBeFocused();
  const cards = book.getByRole('listitem');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Chennai, Tamil Nadu 600004, India');

  await book.getByRole('button', { name: /^Edit address: Meera Krishnan/ }).click();
  const edit = book.getByRole('form', { name: 'Edit address' });
  await expect(edit.getByLabel('Full name')).toHaveValue('Meera Krishnan');
  await edit.getByLabel('City').fill('Kanchipuram');
  await edit.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('Address updated.')).toBeVisible();
  await expect(cards.first()).toContainText('Kanchipuram, Tamil Nadu 600004, India');

  await book.getByRole('button', { name: 'Add New Address' }).click();
  await fillAddress(form, { name: 'Your Name', phone: '9123456780', house: 'Flat 4B', street: 'MG Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' });
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(cards).toHaveCount(2);
  // Newest first, and flagged: 'Your Name' is a placeholder.
  await expect(cards.first()).toContainText('Your Name');
  await expect(cards.first()).toContainText(PLACEHOLDER_NOTICE);
  await expect(cards.last()).not.toContainText(PLACEHOLDER_NOTICE);

  await book.getByRole('button', { name: /^Delete address: Your Name/ }).click();
  const question = page.getByRole('alertdialog', { name: 'Delete this address?' });
  await expect(question).toContainText('Flat 4B, MG Road');
  await question.getByRole('button', { name: 'Delete address' }).click();
  await expect(page.getByText('Address deleted.')).toBeVisible();
  await expect(question).toBeHidden();
  await expect(cards).toHaveCount(1);
  await expect(book.getByText(PLACEHOLDER_NOTICE)).toHaveCount(0);
});

test('the profile’s own address is offered and fills the form', async ({ page }) => {
  await signedIn(page, 'divya');
  const profile = {
    firstName: 'Divya',
    lastName: 'Raman',
    phone: '9876501234',
    gender: 'female',
    addressHouse: '7 Lake View',
    addressLine: 'Anna Salai',
    addressCity: 'Chennai',
    addressState: 'tamil nadu',
    addressPin: '600002',
  };
  expect((await page.request.put('/api/profile', { data: profile })).ok()).toBe(true);
  await page.goto('/profile');
  const book = page.getByRole('region', { name: 'Saved addresses' });
  await expect(book.getByRole('heading', { name: 'From your profile' })).toBeVisible();
  await book.getByRole('button', { name: 'Use this address' }).click();

  const form = book.getByRole('form', { name: 'New address' });
  await expect(form.getByLabel('Full name')).toHaveValue('Divya Raman');
  await expect(form.getByLabel('Phone')).toHaveValue('9876501234');
  await expect(form.getByLabel('House/Flat')).toHaveValue('7 Lake View');
  await expect(form.getByLabel('Street/Address')).toHaveValue('Anna Salai');
  await expect(form.getByLabel('State')).toHaveValue('Tamil Nadu');
  await expect(form.getByLabel('Pincode')).toHaveValue('600002');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(book.getByRole('listitem')).toContainText('Divya Raman');
  // Saved, so no longer offered.
  await expect(book.getByRole('heading', { name: 'From your profile' })).toHaveCount(0);
});
