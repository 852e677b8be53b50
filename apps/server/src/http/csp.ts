/**
 * The Content-Security-Policy, built once as text: pages get a fresh nonce for the inline hydration script;
 * everything else (JSON, images, files) a fixed policy. Razorpay Checkout loads its script from
 * checkout.razorpay.com and opens frames on api.razorpay.com.
 */
export const RAZORPAY = {
  script: 'https://checkout.razorpay.com',
  frame: 'https://api.razorpay.com',
  connect: 'https://lumberjack.razorpay.com',
};

function policy(scriptSources: string[], production: boolean, imageSources: readonly string[]): string {
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", RAZORPAY.script, ...scriptSources]],
    ['script-src-attr', ["'none'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...imageSources]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", RAZORPAY.frame, RAZORPAY.connect]],
    ['frame-src', ["'self'", RAZORPAY.frame, RAZORPAY.script]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
  ];
  const text = directives.map(([name, values]) => `${name} ${values.join(' ')}`).join(';');
  return production ? `${text};upgrade-insecure-requests` : text;
}

/** `imageSources`: origins pages load photos from besides their own (MEDIA_PUBLIC_URL's). */
export function contentSecurityPolicy(production: boolean, imageSources: readonly string[] = []) {
  const fixed = policy([], production, imageSources);
  const [before, after] = policy(['NONCE'], production, imageSources).split('NONCE') as [string, string];
  return {
    /** For responses that are not pages: no inline script at all. */
    fixed,
    /** For JSON answers, which load nothing and may be framed by nobody. */
    api: "default-src 'none';frame-ancestors 'none'",
    /** For a page whose inline scripts carry this nonce. */
    withNonce: (nonce: string) => `${before}'nonce-${nonce}'${after}`,
  };
}
