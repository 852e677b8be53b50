import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

// React Router's default browser entry. The page's scripts are fetched and run only after the server's HTML has
// been painted (lib/scripts-after-paint.tsx, ADR 017), so hydrating at once no longer keeps the page off the screen.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
