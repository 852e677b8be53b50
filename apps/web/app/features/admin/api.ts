import { adminLoginSchema, adminSignupFormSchema, type AdminLoginInput, type AdminRegisterInput, type PublicAdmin } from '@shop/core';
import { api } from '../../lib/api-client';

export { adminLoginSchema, adminSignupFormSchema };

/** Spec §7: POST /api/admin/login; the API sets the admin session cookie. Called from the browser, so the throttles see the visitor's IP. */
export const adminLogin = (input: AdminLoginInput) => api.post<{ admin: PublicAdmin }>('/api/admin/login', input, 'Login failed.');

/** Spec §7: POST /api/admin/register with the owner's invite token; log in afterwards. */
export const adminRegister = (input: AdminRegisterInput) =>
  api.post<{ admin: PublicAdmin }>('/api/admin/register', input, 'Signup failed.');

/** Whether this browser already has an admin session (after a link from another site, the strict cookie arrives only now). */
export const adminMe = () => api.get<{ admin: PublicAdmin }>('/api/admin/me');
