import { expect } from '@playwright/test';
import { test } from './support/test.js';

test('the contact page shows how to reach the shop', async ({ page }) => {
  await page.goto('/contact');
  await expect(page).toHaveTitle(/Contact us \| Saanjh Boutique/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: '+91 80 4123 5678' })).toHaveAttribute('href', 'tel:+918041235678');
  await expect(main.getByRole('link', { name: 'hello@saanjh.example' })).toHaveAttribute('href', 'mailto:hello@saanjh.example');
  await expect(main.getByText('Mon–Sat, 10 am – 7 pm IST')).toBeVisible();
});

test('a shopper sends a message: empty fields are explained, then it is sent', async ({ page }) => {
  await page.goto('/contact');
  const name = page.getByLabel('Name');
  const email = page.getByLabel('E-mail');
  const phone = page.getByLabel('Mobile number');
  const message = page.getByLabel('Message');
  const send = page.getByRole('button', { name: 'Send message' });

  await send.click();
  await expect(page.getByText('Please enter your name.')).toBeVisible();
  await expect(page.getByText('Please enter your email.')).toBeVisible();
  await expect(page.getByText('Please write your message.')).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('Please enter your name.');
  await expect(name).toBeFocused();
  await expect(phone).not.toHaveAttribute('aria-invalid');

  await name.fill('Ananya Rao');
  await email.fill('ananya@example');
  await phone.fill('98450 12345');
  await message.fill('Is the wine Kanjivaram saree available with a stitched blouse in size M?');
  await send.click();
  await expect(page.getByText('Please enter a valid email.')).toBeVisible();
  await expect(email).toBeFocused();
  await expect(name).toHaveValue('Ananya Rao');

  await email.fill('ananya@example.in');
  await send.click();
  await expect(page.getByRole('heading', { name: 'Message sent' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you, Ananya Rao!' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Thank you! We will reply within one working day.' })).toBeVisible();
});

test('the contact form works without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/contact');
  await page.getByLabel('Name').fill('Meera');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Please enter your email.')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('Meera');
  await expect(page.getByLabel('Name')).not.toHaveAttribute('aria-invalid');
  await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
  await context.close();
});

test('the offers page lists the announcements, newest first, with links to shop', async ({ page }) => {
  await page.goto('/notifications');
  await expect(page).toHaveTitle(/Offers & announcements/);
  await expect(page.getByRole('heading', { level: 1, name: 'Offers & announcements' })).toBeVisible();
  await expect(page.getByRole('article').first().getByRole('heading', { level: 2 })).toHaveText('Festive Edit is here');
  await expect(page.getByRole('heading', { name: 'Free shipping from ₹999' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dispatch and delivery times' })).toBeVisible();
  const offer = page.getByRole('link', { name: /^Shop now.*Sarees at 30% off and more$/ });
  await expect(offer).toHaveAttribute('href', '/filter?category=sarees&minDiscount=30');
  await offer.click();
  await expect(page).toHaveURL(/\/filter\?category=sarees&minDiscount=30$/);
});
