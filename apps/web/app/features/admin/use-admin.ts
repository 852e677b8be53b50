import type { PublicAdmin } from '@shop/core';
import { useRouteLoaderData } from 'react-router';

/** The signed-in admin, from the admin layout's loader (undefined outside the layout). */
export const useAdmin = () => useRouteLoaderData<{ admin: PublicAdmin }>('routes/admin')?.admin;
