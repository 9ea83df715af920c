// Workspace: plan and billing, credits and their ledger, API keys, webhook endpoints and the
// event signing secret. Secrets are shown once, as the API returns them, with a copy button.
import type { CheckoutParams, CreditEntry, Page } from '@trackforge/sdk';
import { useEffect, useState } from 'preact/hooks';
import { client, errorText } from '../api.js';
import { ErrorNote } from '../components/error-note.js';
import { refetch, useQuery } from '../data.js';
import { refreshSession, useSession } from '../session.js';

function CopyButton(props: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      class="secondary"
      onClick={async () => {
        await navigator.clipboard?.writeText(props.value).catch(() => undefined);
        setCopied(true);
      }}
    >
      {copied ? 'Copied' : props.label}
    </button>
  );
}

function Secret(props: { value: string; label: string; note: string }) {
  return (
    <div class="secret" role="status">
      <p>{props.note}</p>
      <div class="row">
        <code>
          <span class="visually-hidden">{props.label}: </span>
          {props.value}
        </code>
        <CopyButton value={props.value} label="Copy" />
      </div>
    </div>
  );
}

function Billing() {
  const session = useSession();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (session.status !== 'signed-in') return null;
  const workspace = session.me.workspace;
  const back = `${location.origin}/studio/workspace`;
  const go = async (action: () => Promise<{ url: string }>) => {
    setBusy(true);
    setMessage(null);
    try {
      const { url } = await action();
      location.assign(url);
    } catch (failure) {
      // billing_not_configured and the like: the API's own sentence says what is missing.
      setMessage(errorText(failure));
      setBusy(false);
    }
  };
  const checkout = (price: CheckoutParams['price']) => () =>
    go(() =>
      client.billing.checkout({
        price,
        success_url: `${back}?checkout=done`,
        cancel_url: `${back}?checkout=cancelled`,
      }),
    );
  return (
    <section aria-labelledby="plan">
      <h2 id="plan">Plan and credits</h2>
      <dl class="facts">
        <div>
          <dt>Plan</dt>
          <dd class="capitalize">{workspace.plan}</dd>
        </div>
        <div>
          <dt>Credits</dt>
          <dd>{workspace.credits.balance}</dd>
        </div>
        <div>
          <dt>Held by tracks rendering</dt>
          <dd>{workspace.credits.held}</dd>
        </div>
        {workspace.subscription.status && (
          <div>
            <dt>Subscription</dt>
            <dd>
              {workspace.subscription.price ?? ''} {workspace.subscription.status}
              {workspace.subscription.current_period_end &&
                `, renews ${new Date(workspace.subscription.current_period_end).toLocaleDateString()}`}
            </dd>
          </div>
        )}
      </dl>
      <div class="row wrap">
        {workspace.plan === 'free' && (
          <button type="button" disabled={busy} onClick={checkout('studio_monthly')}>
            Upgrade to Studio
          </button>
        )}
        {workspace.plan !== 'enterprise' && (
          <button type="button" class="secondary" disabled={busy} onClick={checkout('enterprise_monthly')}>
            Upgrade to Enterprise
          </button>
        )}
        <button type="button" class="secondary" disabled={busy} onClick={checkout('credits_100')}>
          Buy 100 credits
        </button>
        <button type="button" class="secondary" disabled={busy} onClick={checkout('credits_500')}>
          Buy 500 credits
        </button>
        <button
          type="button"
          class="secondary"
          disabled={busy}
          onClick={() => go(() => client.billing.portal({ return_url: back }))}
        >
          Manage billing
        </button>
      </div>
      <ErrorNote message={message} />
    </section>
  );
}

function Ledger() {
  const first = useQuery('credit-entries', async () => await client.credits.listEntries({ limit: 10 }));
  // Older pages, fetched on request after the first.
  const [older, setOlder] = useState<Page<CreditEntry>[]>([]);
  const page = older.at(-1) ?? first.data ?? null;
  const entries = [...(first.data?.data ?? []), ...older.flatMap((next) => next.data)];
  const error = first.error?.message ?? null;
  return (
    <section aria-labelledby="ledger">
      <h2 id="ledger">Credit ledger</h2>
      {error && <p class="error">{error}</p>}
      {page && entries.length === 0 && <p>No credit movements yet.</p>}
      {entries.length > 0 && (
        <div class="table-wrap">
          <table>
            <caption class="visually-hidden">Credit movements, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">What</th>
                <th scope="col">Change</th>
                <th scope="col">Balance</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{new Date(entry.created_at).toLocaleString()}</td>
                  <td>
                    {entry.kind}
                    {entry.description ? ` — ${entry.description}` : ''}
                    {entry.track_id && (
                      <>
                        {' '}
                        (<a href={`/studio/tracks/${entry.track_id}`}>track</a>)
                      </>
                    )}
                  </td>
                  <td>{entry.amount > 0 ? `+${entry.amount}` : entry.amount}</td>
                  <td>{entry.balance_after}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page?.hasNextPage() && (
        <button
          type="button"
          class="secondary"
          onClick={async () => {
            const next = await page.getNextPage();
            setOlder((current) => [...current, next]);
          }}
        >
          Older entries
        </button>
      )}
    </section>
  );
}

function ApiKeys(props: { plan: string }) {
  const [name, setName] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const allowed = props.plan === 'studio' || props.plan === 'enterprise';
  const keysQuery = useQuery(
    allowed ? 'api-keys' : null,
    async () => (await client.apiKeys.list({ limit: 100 })).data,
  );
  const keys = keysQuery.data ?? null;
  const load = () => refetch('api-keys');
  return (
    <section aria-labelledby="keys">
      <h2 id="keys">API keys</h2>
      {!allowed ? (
        <p>
          API keys come with the Studio and Enterprise plans. Your workspace is on the {props.plan} plan:
          upgrade above to call the API from your own code.
        </p>
      ) : (
        <>
          <form
            class="row wrap"
            onSubmit={async (event) => {
              event.preventDefault();
              setError(null);
              try {
                const created = await client.apiKeys.create({ name: name.trim() || 'Studio key' });
                setSecret(created.secret);
                setName('');
                await load();
              } catch (failure) {
                setError(errorText(failure));
              }
            }}
          >
            <label>
              Key name
              <input
                name="key-name"
                value={name}
                maxLength={100}
                onInput={(event) => setName(event.currentTarget.value)}
              />
            </label>
            <button type="submit">Create key</button>
          </form>
          {secret && (
            <Secret
              value={secret}
              label="New API key"
              note="Your new key. It is shown only this once: copy it now and keep it somewhere safe."
            />
          )}
          <ErrorNote message={error ?? keysQuery.error?.message ?? null} />
          {keys?.length === 0 && <p>No keys yet.</p>}
          <ul class="plain">
            {keys?.map((key) => (
              <li key={key.id} class="row wrap" data-key-id={key.id}>
                <span>
                  <strong>{key.name}</strong> <code>…{key.last_four}</code>{' '}
                  <span class="muted">
                    {key.last_used_at ? `used ${new Date(key.last_used_at).toLocaleString()}` : 'never used'}
                  </span>
                </span>
                <button
                  type="button"
                  class="danger"
                  onClick={async () => {
                    if (
                      !window.confirm(`Revoke the key “${key.name}”? Programs using it stop working at once.`)
                    )
                      return;
                    try {
                      await client.apiKeys.delete(key.id);
                      await load();
                    } catch (failure) {
                      setError(errorText(failure));
                    }
                  }}
                >
                  Revoke<span class="visually-hidden"> {key.name}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function Webhooks() {
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const endpointsQuery = useQuery(
    'webhook-endpoints',
    async () => (await client.webhookEndpoints.list({ limit: 100 })).data,
  );
  const endpoints = endpointsQuery.data ?? null;
  const load = () => refetch('webhook-endpoints');
  return (
    <section aria-labelledby="webhooks">
      <h2 id="webhooks">Webhook endpoints</h2>
      <p>Trackforge POSTs signed events (track.ready, track.failed…) to these URLs.</p>
      <form
        class="row wrap"
        onSubmit={async (event) => {
          event.preventDefault();
          setError(null);
          try {
            const created = await client.webhookEndpoints.create({ url });
            setSecret(created.secret);
            setUrl('');
            await load();
          } catch (failure) {
            setError(errorText(failure));
          }
        }}
      >
        <label>
          Endpoint URL
          <input
            type="url"
            name="webhook-url"
            required
            placeholder="https://example.com/hooks/trackforge"
            value={url}
            onInput={(event) => setUrl(event.currentTarget.value)}
          />
        </label>
        <button type="submit">Add endpoint</button>
      </form>
      {secret && (
        <Secret
          value={secret}
          label="Endpoint signing secret"
          note="This endpoint's signing secret, shown once:"
        />
      )}
      <ErrorNote message={error ?? endpointsQuery.error?.message ?? null} />
      {endpoints?.length === 0 && <p>No endpoints.</p>}
      <ul class="plain">
        {endpoints?.map((endpoint) => (
          <li key={endpoint.id} class="row wrap">
            <span>
              <code>{endpoint.url}</code> <span class="muted">{endpoint.status}</span>
              {endpoint.disabled_reason && <span class="muted"> — {endpoint.disabled_reason}</span>}
            </span>
            <button
              type="button"
              class="danger"
              onClick={async () => {
                if (!window.confirm(`Delete the endpoint ${endpoint.url}?`)) return;
                await client.webhookEndpoints
                  .delete(endpoint.id)
                  .catch((failure) => setError(errorText(failure)));
                await load();
              }}
            >
              Delete<span class="visually-hidden"> {endpoint.url}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SigningSecret() {
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <section aria-labelledby="signing">
      <h2 id="signing">Event signing secret</h2>
      <p>Verifies the events of the job WebSocket and of each track's webhook_url (Standard Webhooks).</p>
      {secret && (
        <Secret value={secret} label="Event signing secret" note="The workspace's signing secret:" />
      )}
      <div class="row wrap">
        <button
          type="button"
          class="secondary"
          onClick={async () => {
            if (secret) return setSecret(null);
            await client.workspace.retrieve().then(
              (workspace) => setSecret(workspace.signing_secret),
              (failure) => setError(errorText(failure)),
            );
          }}
        >
          {secret ? 'Hide' : 'Reveal'}
        </button>
        <button
          type="button"
          class="danger"
          onClick={async () => {
            if (!window.confirm('Rotate the signing secret? Verifiers using the old one start failing.'))
              return;
            await client.workspace.rotateSigningSecret().then(
              (workspace) => setSecret(workspace.signing_secret),
              (failure) => setError(errorText(failure)),
            );
          }}
        >
          Rotate
        </button>
      </div>
      <ErrorNote message={error} />
    </section>
  );
}

export function WorkspacePage(props: { url: URL }) {
  const session = useSession();
  const checkout = props.url.searchParams.get('checkout');
  useEffect(() => {
    void refreshSession();
  }, []);
  if (session.status !== 'signed-in') return null;
  return (
    <section class="workspace">
      <h1>Workspace: {session.me.workspace.name}</h1>
      {checkout === 'done' && <p role="status">Thanks! Your purchase shows here once Stripe confirms it.</p>}
      {checkout === 'cancelled' && <p role="status">Checkout cancelled; nothing was charged.</p>}
      <Billing />
      <Ledger />
      <ApiKeys plan={session.me.workspace.plan} />
      <Webhooks />
      <SigningSecret />
    </section>
  );
}
