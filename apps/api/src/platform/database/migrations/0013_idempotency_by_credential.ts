// Idempotent answers belong to the credential that made the request and are stored encrypted
// (issue 29: an API key replayed a user's Idempotency-Key and got a new API key's secret; the
// table kept `tf_live_` and `whsec_` secrets in plain text for 24 h). `principal` is the API key
// or user that made the request; `response_sealed` is the answer, AES-256-GCM under a key derived
// from the server's secret (shared/secret-sealing.ts). The plain `response_body` goes: migrations
// do not hold the server's secret, so older answers cannot be sealed here. Their rows stay, with
// no principal, until they expire (24 h): a retry with one of those keys is refused with 422
// idempotency_key_reused rather than run twice, so nothing paid is created again.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('idempotency_record')
    .addColumn('principal', 'text')
    .addColumn('response_sealed', 'text')
    .dropColumn('response_body')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Sealed answers cannot be read back here: their keys become free again.
  await sql`delete from idempotency_record where principal is not null`.execute(db);
  await db.schema
    .alterTable('idempotency_record')
    .dropColumn('principal')
    .dropColumn('response_sealed')
    .addColumn('response_body', 'jsonb')
    .execute();
}
