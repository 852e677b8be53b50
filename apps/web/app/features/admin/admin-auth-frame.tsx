import type { ReactNode } from 'react';
import { useRouteLoaderData } from 'react-router';
import { Logo } from '../../components/logo';
import type { RootLoaderData } from '../../root';

/** The admin login and signup card (children) under the shop's logo and name, so the owner knows where she is. */
export function AdminAuthFrame({ children }: { children: ReactNode }) {
  const settings = useRouteLoaderData<RootLoaderData>('root')?.settings;
  return (
    <div className="min-h-dvh bg-gradient-to-b from-wine-800 from-[14rem] to-ivory to-[14rem] pt-10">
      <div className="flex flex-col items-center text-center">
        <Logo src={settings?.logoUrl ?? '/logo.svg'} className="h-14 w-14 bg-white" />
        <p className="mt-2 font-display text-xl text-white">{settings?.name}</p>
        <p className="text-xs uppercase tracking-[0.16em] text-gold-400">Admin panel</p>
      </div>
      <div className="-mt-6">{children}</div>
    </div>
  );
}
