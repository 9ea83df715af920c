// `admin`: operator commands on the configured database.
//   admin grant <email> [--plan free|studio|enterprise] [--credits N]
//   admin create-key <email> [--name NAME]
// grant creates the account when the email has none yet, so an operator can set up a customer first.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { composeServices, type Services } from '../compose.js';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import type { Plan } from '../platform/http/auth-context.js';
import { type OperatorAnswer, runOnDatabaseOwner } from './operator-channel.js';

export const ADMIN_USAGE = `usage: trackforge admin <command>
  grant <email> [--plan free|studio|enterprise] [--credits N]
      set the plan of the email's workspace and/or add N credits (creates the account if needed)
  create-key <email> [--name NAME]
      make an API key for the email's workspace (Studio or Enterprise plan) and print it once
  help    this text`;

const PLANS: readonly Plan[] = ['free', 'studio', 'enterprise'];

export class AdminUsageError extends Error {}

/** The services an admin command uses (from the composition root). */
export type AdminServices = Pick<Services, 'auth' | 'credits'>;

/** Runs one admin command; returns what to print. Throws AdminUsageError on bad arguments. */
export async function runAdminCommand(args: string[], services: AdminServices): Promise<string> {
  const parsed = parseAdminArgs(args);
  if (parsed === 'help') return ADMIN_USAGE;
  if (parsed.command === 'create-key') return createKey(parsed, services);
  const { email, plan, credits: amount } = parsed;
  const { accounts } = services.auth;
  const { user, workspace, created } = await accounts.findOrCreateUser(email);
  const lines = [`${created ? 'created' : 'found'} ${user.email} (${user.id}), workspace ${workspace.id}`];
  if (plan) {
    await accounts.setWorkspacePlan(workspace.id, plan);
    lines.push(`plan: ${workspace.plan} → ${plan}`);
  }
  if (amount !== undefined) {
    const entry = await services.credits.grantCredits({
      workspaceId: workspace.id,
      amount,
      kind: 'grant',
      sourceKey: `admin:${randomUUID()}`,
      description: 'granted by an operator',
    });
    lines.push(`credits: +${amount} (balance ${entry.balance_after})`);
  }
  return lines.join('\n');
}

/** An API key for an existing account's workspace; the secret is shown here and never again. */
async function createKey(parsed: { email: string; name: string }, services: AdminServices): Promise<string> {
  const { accounts } = services.auth;
  const user = await accounts.findUserByEmail(parsed.email);
  if (!user)
    throw new AdminUsageError(
      `no account for ${parsed.email}; make one with: admin grant ${parsed.email} --plan studio`,
    );
  const workspace = await accounts.getDefaultWorkspace(user.id);
  try {
    const { secret } = await services.auth.apiKeys.createApiKey(
      { workspaceId: workspace.id, plan: workspace.plan, userId: user.id },
      { name: parsed.name },
    );
    return [
      `API key "${parsed.name}" for ${user.email} (workspace ${workspace.id}; shown once):`,
      secret,
    ].join('\n');
  } catch (error) {
    if (error instanceof AppError && error.code === 'plan_required')
      throw new AdminUsageError(
        `${user.email} is on the ${workspace.plan} plan; API keys need studio or enterprise: admin grant ${user.email} --plan studio`,
      );
    throw error;
  }
}

/** The command to run, or 'help'; throws AdminUsageError before anything touches the database. */
export function parseAdminArgs(args: string[]): ParsedAdminCommand | 'help' {
  const [command, ...rest] = args;
  if (command === undefined || command === 'help' || command === '--help') return 'help';
  if (command !== 'grant' && command !== 'create-key')
    throw new AdminUsageError(`unknown admin command "${command}"`);
  try {
    return command === 'grant' ? { command, ...parseGrant(rest) } : { command, ...parseCreateKey(rest) };
  } catch (error) {
    throw new AdminUsageError((error as Error).message);
  }
}

type ParsedAdminCommand =
  | ({ command: 'grant' } & ReturnType<typeof parseGrant>)
  | ({ command: 'create-key' } & ReturnType<typeof parseCreateKey>);

function parseCreateKey(args: string[]): { email: string; name: string } {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { name: { type: 'string' } },
  });
  const [email, ...extra] = positionals;
  if (!email || extra.length > 0 || !email.includes('@'))
    throw new Error('create-key needs exactly one email');
  const name = values.name?.trim() || 'admin key';
  if (name.length > 100) throw new Error('--name must be at most 100 characters');
  return { email, name };
}

function parseGrant(args: string[]): { email: string; plan?: Plan; credits?: number } {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { plan: { type: 'string' }, credits: { type: 'string' } },
  });
  const [email, ...extra] = positionals;
  if (!email || extra.length > 0 || !email.includes('@')) throw new Error('grant needs exactly one email');
  if (values.plan !== undefined && !PLANS.includes(values.plan as Plan)) {
    throw new Error(`--plan must be one of ${PLANS.join(', ')}`);
  }
  let credits: number | undefined;
  if (values.credits !== undefined) {
    credits = Number(values.credits);
    if (!Number.isInteger(credits) || credits <= 0)
      throw new Error('--credits must be a positive whole number');
  }
  if (values.plan === undefined && credits === undefined)
    throw new Error('grant needs --plan and/or --credits');
  return { email, plan: values.plan as Plan | undefined, credits };
}

/** The CLI's answer to `admin …` on this database: what to print and the exit code. */
export async function adminAnswer(args: string[], services: AdminServices): Promise<OperatorAnswer> {
  try {
    if (parseAdminArgs(args) === 'help') return { exitCode: 0, stdout: `${ADMIN_USAGE}\n`, stderr: '' };
    return { exitCode: 0, stdout: `${await runAdminCommand(args, services)}\n`, stderr: '' };
  } catch (error) {
    if (!(error instanceof AdminUsageError)) throw error;
    return { exitCode: 2, stdout: '', stderr: `trackforge admin: ${error.message}\n${ADMIN_USAGE}\n` };
  }
}

/**
 * Process entry for `admin …`: exit 0 on success, 2 on bad usage. With the embedded database
 * owned by a running server, the command runs inside that server (cli/operator-channel.ts).
 */
export async function admin(config: Config, args: string[]): Promise<void> {
  try {
    if (parseAdminArgs(args) === 'help') {
      process.stdout.write(`${ADMIN_USAGE}\n`);
      return;
    }
  } catch (error) {
    if (!(error instanceof AdminUsageError)) throw error;
    process.stderr.write(`trackforge admin: ${error.message}\n${ADMIN_USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  await runOnDatabaseOwner(config, { command: 'admin', args }, async (runtime) => {
    const services = await composeServices(config, { db: runtime.database });
    try {
      return await adminAnswer(args, services);
    } finally {
      await services.stop();
    }
  });
}
