// Sign in / sign up by magic link, and the page the emailed link opens. The link lands here rather
// than on the API so mail scanners that follow links do not burn the single-use token: only this
// script, run by a browser, calls verify.
import { useEffect, useRef, useState } from 'preact/hooks';
import { client, errorText, sameSitePath } from '../api.js';
import { navigate } from '../router.js';
import { refreshSession } from '../session.js';

export function SignInPage(props: { mode: 'signin' | 'signup'; url: URL }) {
  const next = props.url.searchParams.get('next');
  const redirectTo = sameSitePath(next) ?? '/studio/create';
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [state, setState] = useState<
    { kind: 'idle' | 'sending' | 'sent' } | { kind: 'error'; message: string }
  >({
    kind: 'idle',
  });
  const signup = props.mode === 'signup';
  const other = `${signup ? '/studio/signin' : '/studio/signup'}${next ? `?next=${encodeURIComponent(next)}` : ''}`;

  if (state.kind === 'sent') {
    return (
      <section class="narrow">
        <h1>Check your email</h1>
        <p role="status">
          We sent a sign-in link to <strong>{email}</strong>. Open it in this browser to continue; it works
          once and expires after a while.
        </p>
        <button type="button" class="link" onClick={() => setState({ kind: 'idle' })}>
          Use another address
        </button>
      </section>
    );
  }
  return (
    <section class="narrow">
      <h1>{signup ? 'Create your account' : 'Sign in'}</h1>
      <p>
        {signup
          ? 'No password: we email you a link that signs you in.'
          : 'We email you a link that signs you in; no password needed.'}
      </p>
      <form
        class="stack"
        onSubmit={async (event) => {
          event.preventDefault();
          setState({ kind: 'sending' });
          try {
            if (signup) {
              await client.auth.signup({ email, ...(name ? { name } : {}), redirect_to: redirectTo });
            } else {
              await client.auth.magicLink({ email, redirect_to: redirectTo });
            }
            setState({ kind: 'sent' });
          } catch (error) {
            setState({ kind: 'error', message: errorText(error) });
          }
        }}
      >
        <label>
          Email
          <input
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onInput={(event) => setEmail(event.currentTarget.value)}
          />
        </label>
        {signup && (
          <label>
            Name <span class="hint">(optional)</span>
            <input
              type="text"
              name="name"
              autoComplete="name"
              maxLength={100}
              value={name}
              onInput={(event) => setName(event.currentTarget.value)}
            />
          </label>
        )}
        {state.kind === 'error' && (
          <p class="error" role="alert">
            {state.message}
          </p>
        )}
        <button type="submit" disabled={state.kind === 'sending'}>
          {state.kind === 'sending'
            ? 'Sending…'
            : signup
              ? 'Email me a sign-up link'
              : 'Email me a sign-in link'}
        </button>
      </form>
      <p>
        {signup ? 'Already have an account? ' : 'New here? '}
        <a href={other}>{signup ? 'Sign in' : 'Create an account'}</a>
      </p>
    </section>
  );
}

export function CallbackPage(props: { url: URL }) {
  const token = props.url.searchParams.get('token');
  const [message, setMessage] = useState(token ? 'Signing you in…' : '');
  const [failed, setFailed] = useState(!token);
  const started = useRef(false);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    client.auth.verify({ token }).then(
      async (result) => {
        await refreshSession();
        setMessage(`Signed in as ${result.user.email}.`);
        // Only paths on this site: a link that names another origin still lands in the studio.
        const target = sameSitePath(result.redirect_to) ?? '/studio/create';
        navigate(target, { replace: true });
      },
      (error) => {
        setFailed(true);
        setMessage(errorText(error));
      },
    );
  }, [token]);
  return (
    <section class="narrow">
      <h1>Signing in</h1>
      {failed ? (
        <>
          <p class="error" role="alert" data-state="failed">
            {message || 'This link has no token.'}
          </p>
          <p>
            <a href="/studio/signin">Ask for a new sign-in link</a>
          </p>
        </>
      ) : (
        <p role="status">{message}</p>
      )}
    </section>
  );
}
