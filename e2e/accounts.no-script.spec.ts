import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { ownNetworkTest as test } from './support/test.js';
import { said, field, button } from './support/no-script.js';
import { codeFromDevMailbox, PASSWORD } from './support/shopper.js';

// The shopper's account with the page's scripts blocked (ADR 026): sign-up, log in by password and by code, the
// account menu, forgot password, profile, addresses and notifications, each a plain HTML form post whose action
// answers the next step or redirects back with its message (a status line instead of a toast).

const NEW_PASSWORD = 'kanjeevaram-gold-31';

test('a shopper without scripts signs up, logs in by password and by code, and logs out from the phone menu', async ({ page }) => {
  const email = `noscript.asha.${randomUUID().slice(0, 8)}@example.in`;
  await page.goto('/signup');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0);

  // Step 1: the code is mailed, the OTP field appears, the code verifies the address.
  await button(page, 'Send OTP').click();
  await expect(page.getByText('Please enter a valid email.')).toBeVisible();
  await field(page, 'Email').fill(email);
  await button(page, 'Send OTP').click();
  await expect(said(page, 'OTP sent to your email.')).toBeVisible();
  await expect(field(page, 'Email')).toHaveValue(email);
  await button(page, 'Verify OTP').click();
  await expect(page.getByText('Enter the OTP sent to your email.')).toBeVisible();
  await field(page, 'OTP').fill(await codeFromDevMailbox(page.request, email));
  await button(page, 'Verify OTP').click();
  await expect(said(page, 'Email verified!')).toBeVisible();

  // Step 2: a refusal keeps the names typed; the account is made and the shopper goes to /login.
  await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
  await field(page, 'First name').fill('Asha');
  await field(page, 'Last name').fill('Rao');
  await field(page, 'Password').fill(PASSWORD);
  await field(page, 'Confirm password').fill('something else');
  await button(page, 'Sign Up').click();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await expect(field(page, 'First name')).toHaveValue('Asha');
  await field(page, 'Password').fill(PASSWORD);
  await field(page, 'Confirm password').fill(PASSWORD);
  await button(page, 'Sign Up').click();
  await expect(page).toHaveURL('/login');
  await expect(said(page, 'Signup successful!')).toBeVisible();

  // Log in by password.
  await button(page, 'Login').click();
  await expect(page.getByText('Email is required.')).toBeVisible();
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill('not the password');
  await button(page, 'Login').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password.' })).toBeVisible();
  await expect(field(page, 'Email')).toHaveValue(email);
  await field(page, 'Password').fill(PASSWORD);
  await button(page, 'Login').click();
  await expect(page).toHaveURL('/');
  await expect(said(page, 'Login successful!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'My account, Asha' })).toBeVisible();

  // The account menu on a phone is a native disclosure: it opens without scripts, Logout included.
  await page.getByRole('link', { name: 'My account, Asha' }).click();
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
  const menu = page.locator('details').filter({ has: page.getByText('Account menu: My Orders') });
  await expect(page.getByRole('navigation', { name: 'My account' })).toBeHidden();
  await menu.locator('summary').click();
  await expect(menu).toHaveAttribute('open', '');
  await page.getByRole('navigation', { name: 'My account' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' })).toBeVisible();

  // Log in by a mailed code: the mode switch and each step are posts; Enter in the code field logs in.
  await field(page, 'Email').fill(email);
  await button(page, 'Login using OTP?').click();
  await expect(field(page, 'Password')).toHaveCount(0);
  await expect(field(page, 'OTP')).toHaveCount(0);
  await expect(field(page, 'Email')).toHaveValue(email);
  await expect(button(page, 'Login')).toBeDisabled();
  await field(page, 'Email').fill('');
  await button(page, 'Send OTP to email').click();
  await expect(page.getByText('Please enter your email.')).toBeVisible();
  await field(page, 'Email').fill(email);
  await button(page, 'Send OTP to email').click();
  await expect(said(page, 'OTP sent to your email.')).toBeVisible();
  await expect(button(page, 'Login')).toBeEnabled();
  await field(page, 'OTP').fill(await codeFromDevMailbox(page.request, email));
  await field(page, 'OTP').press('Enter');
  await expect(page).toHaveURL('/');
  await expect(said(page, 'Login successful!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'My account, Asha' })).toBeVisible();
});

/** A new shopper, signed up through the API with the mailed code and logged in through the login form. */
async function signedIn(page: Page, label: string): Promise<string> {
  const email = `noscript.${label}.${randomUUID().slice(0, 8)}@example.in`;
  expect((await page.request.post('/api/user/auth/sendAccountVerificationOtp', { data: { email } })).ok()).toBe(true);
  const otp = await codeFromDevMailbox(page.request, email);
  expect((await page.request.post('/api/user/auth/verifyAccountOtp', { data: { email, otp } })).ok()).toBe(true);
  const details = { email, firstName: 'Nila', lastName: 'Menon', password: PASSWORD, confirmPassword: PASSWORD };
  expect((await page.request.post('/api/user/auth/register', { data: details })).ok()).toBe(true);
  await page.goto('/login');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(PASSWORD);
  await field(page, 'Password').press('Enter');
  await expect(page).toHaveURL('/');
  return email;
}

test('without scripts: forgot password mails a code, the code sets a new password, and only that one logs in', async ({ page }) => {
  const email = await signedIn(page, 'reset');
  await page.goto('/user/logout');
  await page.getByRole('region', { name: 'Logout' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/forgotPassword');
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await field(page, 'Email').fill(email);
  await button(page, 'Send code').click();
  await expect(said(page, 'If an account uses this email, we have sent it a code.')).toBeVisible();
  await expect(page.getByText(`We sent a code to ${email}.`)).toBeVisible();

  await field(page, 'OTP').fill(await codeFromDevMailbox(page.request, email));
  await field(page, 'New password').fill(NEW_PASSWORD);
  await field(page, 'Confirm new password').fill('something else');
  await button(page, 'Reset password').click();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  // The code is used only by a reset that succeeds: the same one still works.
  await field(page, 'OTP').fill(await codeFromDevMailbox(page.request, email));
  await field(page, 'New password').fill(NEW_PASSWORD);
  await field(page, 'Confirm new password').fill(NEW_PASSWORD);
  await button(page, 'Reset password').click();
  await expect(page).toHaveURL('/login');
  await expect(said(page, 'Your password has been reset. Please log in with your new password.')).toBeVisible();

  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(PASSWORD);
  await button(page, 'Login').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password.' })).toBeVisible();
  await field(page, 'Password').fill(NEW_PASSWORD);
  await button(page, 'Login').click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: 'My account, Nila' })).toBeVisible();
});

test('without scripts: the profile, an address added, edited and deleted, and notifications marked read', async ({ page }) => {
  await signedIn(page, 'account');

  // Profile: a refusal keeps what was typed; saving comes back with the message and the header follows.
  await page.goto('/user/profile');
  await field(page, 'First name').fill('Nilanjana');
  await field(page, 'Phone').fill('12345');
  await button(page, 'Save changes').click();
  await expect(page.getByText('Please enter a valid 10-digit mobile number.')).toBeVisible();
  await expect(field(page, 'First name')).toHaveValue('Nilanjana');
  await field(page, 'Phone').fill('9123456780');
  await field(page, 'Gender').selectOption('Female');
  await button(page, 'Save changes').click();
  await expect(page).toHaveURL('/user/profile');
  await expect(said(page, 'Profile updated.')).toBeVisible();
  await expect(field(page, 'Phone')).toHaveValue('9123456780');
  await expect(field(page, 'Gender')).toHaveValue('female');
  await expect(page.getByRole('link', { name: 'My account, Nilanjana' })).toBeVisible();

  // Addresses: the form opens from a link; save, edit, delete are posts.
  await page.goto('/user/addresses');
  await expect(page.getByText('You have no saved addresses.')).toBeVisible();
  await page.getByRole('link', { name: 'Add a new address' }).click();
  await field(page, 'Name').fill('Nila Menon');
  await field(page, 'Phone').fill('98765');
  await field(page, 'Street').fill('7, Marine Drive');
  await field(page, 'City').fill('Kochi');
  await field(page, 'District').fill('Ernakulam');
  await field(page, 'State').selectOption('Kerala');
  await field(page, 'Pincode').fill('682031');
  await button(page, 'Save address').click();
  await expect(page.getByText('Please enter a valid 10-digit mobile number.')).toBeVisible();
  await expect(field(page, 'Street')).toHaveValue('7, Marine Drive');
  await field(page, 'Phone').fill('9123456780');
  await button(page, 'Save address').click();
  await expect(page).toHaveURL('/user/addresses');
  await expect(said(page, 'Address saved.')).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: 'Nila Menon' });
  await expect(card).toContainText('Kerala – 682031');
  await expect(card).toContainText('Default');

  await card.getByRole('link', { name: 'Edit Nila Menon' }).click();
  await expect(page.getByRole('heading', { name: 'Edit address' })).toBeVisible();
  await expect(field(page, 'City')).toHaveValue('Kochi');
  await field(page, 'City').fill('Ernakulam');
  await button(page, 'Save address').click();
  await expect(said(page, 'Address updated.')).toBeVisible();
  // The district names the city: shown once (issue 40), the state from the pincode.
  await expect(card).toContainText('Ernakulam');
  await expect(card).not.toContainText('Ernakulam, Ernakulam');
  await expect(card).toContainText('Kerala – 682031');

  await card.getByRole('button', { name: 'Delete Nila Menon' }).click();
  await expect(page).toHaveURL('/user/addresses');
  await expect(said(page, 'Address deleted.')).toBeVisible();
  await expect(page.getByText('You have no saved addresses.')).toBeVisible();

  // Notifications: the welcome is unread until marked read, and the header's count follows.
  await page.goto('/user/notifications');
  await expect(page.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
  await page.getByRole('button', { name: /^Mark as read\W+Welcome to / }).click();
  await expect(page).toHaveURL('/user/notifications');
  await expect(page.getByRole('button', { name: /^Mark as read/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
});
