import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

// React Router's default browser entry, started once the server's HTML has been painted. On a fast network the
// scripts arrive before the first frame, and hydrating at once (a long task on a slow phone) would keep the
// finished page off the screen until it is done. After the next frame, the shopper sees the page while React
// takes it over (ADR 017). A page opened in a background tab has no frames to wait for: it hydrates at once.
function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(hydrate, 0));
else hydrate();
