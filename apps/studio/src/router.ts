// A small history router: links are plain <a href>, intercepted for same-origin studio paths so a
// page change keeps the app (and the session) loaded; deep links work because the API answers
// every /studio/* path with index.html.
import { useEffect, useState } from 'preact/hooks';

const listeners = new Set<() => void>();

export function navigate(path: string, options: { replace?: boolean } = {}): void {
  if (options.replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  for (const listener of listeners) listener();
  window.scrollTo(0, 0);
}

export function currentPath(): string {
  return `${location.pathname}${location.search}`;
}

/** The current location; re-renders on every navigation. */
export function useLocation(): URL {
  const [href, setHref] = useState(location.href);
  useEffect(() => {
    const update = () => setHref(location.href);
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return new URL(href);
}

/** Routes clicks on in-app links through history; everything else (downloads, /t/, /docs) loads normally. */
export function interceptLinks(root: HTMLElement): void {
  root.addEventListener('click', (event) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    ) {
      return;
    }
    const anchor = (event.target as Element).closest('a');
    if (!anchor || anchor.target || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href, location.href);
    if (url.origin !== location.origin) return;
    if (url.pathname !== '/' && url.pathname !== '/studio' && !url.pathname.startsWith('/studio/')) return;
    event.preventDefault();
    navigate(`${url.pathname}${url.search}${url.hash}`);
  });
}
