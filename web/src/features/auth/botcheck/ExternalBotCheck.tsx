// reCAPTCHA or Turnstile: the provider's script is loaded only when the tenant uses it.
import { useEffect, useRef, useState } from 'react';
import { Box, Typography } from '@mui/material';

interface WidgetApi {
  render: (element: HTMLElement, options: Record<string, unknown>) => unknown;
}

declare global {
  interface Window {
    grecaptcha?: WidgetApi & { ready?: (callback: () => void) => void };
    turnstile?: WidgetApi;
  }
}

const SCRIPTS = {
  recaptcha: 'https://www.google.com/recaptcha/api.js?render=explicit',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
} as const;

const loading = new Map<string, Promise<void>>();

function loadScript(src: string): Promise<void> {
  let promise = loading.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.defer = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(src);
        reject(new Error(`Could not load ${src}`));
      };
      document.head.appendChild(script);
    });
    loading.set(src, promise);
  }
  return promise;
}

async function widgetApi(provider: 'recaptcha' | 'turnstile'): Promise<WidgetApi> {
  await loadScript(SCRIPTS[provider]);
  // Both scripts finish setting themselves up shortly after loading.
  for (let i = 0; i < 100; i += 1) {
    const found = provider === 'recaptcha' ? window.grecaptcha : window.turnstile;
    if (found?.render) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${provider} did not start`);
}

interface Props {
  provider: 'recaptcha' | 'turnstile';
  siteKey: string;
  onChange: (answer: string | null) => void;
}

export default function ExternalBotCheck({ provider, siteKey, onChange }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const report = useRef(onChange);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    report.current = onChange;
  });

  useEffect(() => {
    let cancelled = false;
    widgetApi(provider)
      .then((widgets) => {
        if (cancelled || !container.current) return;
        container.current.replaceChildren();
        widgets.render(container.current, {
          sitekey: siteKey,
          callback: (token: string) => report.current(token),
          'expired-callback': () => report.current(null),
          'error-callback': () => report.current(null),
        });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [provider, siteKey]);

  return (
    <Box>
      <div ref={container} />
      {failed && (
        <Typography variant="body2" color="error">
          The check that you are human could not load. Please reload the page.
        </Typography>
      )}
    </Box>
  );
}
