// The studio's entry: the shell (skip link, header, navigation) and the route table.
import { render } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { CallbackPage, SignInPage } from './pages/auth.js';
import { CreatePage } from './pages/create.js';
import { LandingPage } from './pages/landing.js';
import { LibraryPage } from './pages/library.js';
import { TrackPage } from './pages/track.js';
import { VoicesPage } from './pages/voices.js';
import { WorkspacePage } from './pages/workspace.js';
import { interceptLinks, navigate, useLocation } from './router.js';
import { refreshSession, signOut, useSession } from './session.js';
import './styles.css';

const NAV = [
  ['/studio/create', 'Create'],
  ['/studio/library', 'Library'],
  ['/studio/voices', 'Voices'],
  ['/studio/workspace', 'Workspace'],
] as const;

/** Pages that need a signed-in person send others to sign in, and back here afterwards. */
function RequireSignIn(props: { path: string; children: preact.ComponentChildren }) {
  const session = useSession();
  useEffect(() => {
    if (session.status === 'signed-out') {
      navigate(`/studio/signin?next=${encodeURIComponent(props.path)}`, { replace: true });
    }
  }, [session.status, props.path]);
  if (session.status !== 'signed-in') return <p aria-live="polite">Loading…</p>;
  return <>{props.children}</>;
}

function route(url: URL) {
  const path = url.pathname.replace(/\/+$/, '') || '/';
  const here = `${url.pathname}${url.search}`;
  if (path === '/') return { title: 'Make music from a sentence', page: <LandingPage /> };
  if (path === '/studio') return { title: 'Studio', page: <StudioHome /> };
  if (path === '/studio/signin') return { title: 'Sign in', page: <SignInPage mode="signin" url={url} /> };
  if (path === '/studio/signup')
    return { title: 'Create an account', page: <SignInPage mode="signup" url={url} /> };
  if (path === '/studio/auth/callback') return { title: 'Signing in', page: <CallbackPage url={url} /> };
  const signedIn = (title: string, page: preact.ComponentChildren) => ({
    title,
    page: <RequireSignIn path={here}>{page}</RequireSignIn>,
  });
  if (path === '/studio/create') return signedIn('Create', <CreatePage url={url} />);
  if (path === '/studio/library') return signedIn('Library', <LibraryPage />);
  if (path === '/studio/voices') return signedIn('Voices', <VoicesPage />);
  if (path === '/studio/workspace') return signedIn('Workspace', <WorkspacePage url={url} />);
  const track = /^\/studio\/tracks\/([A-Za-z0-9_]+)$/.exec(path);
  if (track?.[1]) return { title: 'Track', page: <TrackPage id={track[1]} /> };
  return {
    title: 'Not found',
    page: (
      <section>
        <h1>Page not found</h1>
        <p>
          Nothing lives at {url.pathname}. <a href="/studio">Go to the studio</a>.
        </p>
      </section>
    ),
  };
}

function StudioHome() {
  const session = useSession();
  useEffect(() => {
    if (session.status === 'signed-in') navigate('/studio/create', { replace: true });
    if (session.status === 'signed-out')
      navigate('/studio/signin?next=%2Fstudio%2Fcreate', { replace: true });
  }, [session.status]);
  return <p aria-live="polite">Loading…</p>;
}

function App() {
  const url = useLocation();
  const session = useSession();
  const { title, page } = route(url);
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  useEffect(() => {
    document.title = `${title} — Trackforge`;
    // After an in-app navigation, focus moves to the new page so screen readers announce it.
    if (first.current) first.current = false;
    else main.current?.focus();
  }, [url.pathname]);
  const current = url.pathname;
  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <a class="brand" href="/">
          Trackforge
        </a>
        <nav aria-label="Studio">
          <ul>
            {NAV.map(([href, label]) => (
              <li key={href}>
                <a href={href} aria-current={current.startsWith(href) ? 'page' : undefined}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div class="account">
          {session.status === 'signed-in' ? (
            <>
              <span class="credits" title="Credits you can spend">
                {session.me.workspace.credits.balance} credits
              </span>
              <button
                type="button"
                class="link"
                onClick={async () => {
                  await signOut();
                  navigate('/');
                }}
              >
                Sign out
              </button>
            </>
          ) : session.status === 'signed-out' ? (
            <>
              <a href="/studio/signin">Sign in</a>
              <a class="button small" href="/studio/signup">
                Sign up
              </a>
            </>
          ) : null}
        </div>
      </header>
      <main id="main" ref={main} tabIndex={-1}>
        {page}
      </main>
      <footer class="bottom">
        <a href="/docs/guides">Guides</a> · <a href="/docs">API reference</a> · Trackforge renders every track
        on this server; nothing is fetched from anywhere else.
      </footer>
    </>
  );
}

const root = document.getElementById('app');
if (root) {
  interceptLinks(document.body);
  void refreshSession();
  render(<App />, root);
}
