// Assuming a customer's Service-BYOC-Role (docs/byoc.md, "How it works"): only that exact role
// name, always with the configuration's ExternalId, for a 15-minute session. Used by BYOC
// validation (CLI) and by the relay (worker activities). Credentials stay in process memory: never
// returned from an activity, never stored.
import { AssumeRoleCommand, type STSClient } from '@aws-sdk/client-sts';
import { BYOC_ROLE_NAME } from './byocConfig';

export const BYOC_SESSION_SECONDS = 15 * 60;
/** Cached credentials are dropped this long before they expire. */
const REFRESH_MARGIN_MS = 2 * 60 * 1000;

const ROLE_ARN = /^arn:aws(?:-cn|-us-gov)?:iam::(\d{12}):role\/(.+)$/;

export function parseByocRoleArn(arn: string): { ok: true; awsAccountId: string } | { ok: false; reason: string } {
  const match = ROLE_ARN.exec(arn.trim());
  if (!match)
    return { ok: false, reason: 'not an IAM role ARN (arn:aws:iam::<12-digit account>:role/Service-BYOC-Role)' };
  if (match[2] !== BYOC_ROLE_NAME) return { ok: false, reason: `the role must be named exactly ${BYOC_ROLE_NAME}` };
  return { ok: true, awsAccountId: match[1]! };
}

export interface ByocCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string;
  expiration: Date;
}

/** Session name customers see in their CloudTrail: which Postage account used their role. */
export function byocSessionName(accountId: string): string {
  return `postage-${accountId}`.slice(0, 64);
}

/**
 * Throws the STS error as is (AccessDenied when the trust policy or ExternalId is wrong).
 * `abortSignal` ends the call earlier than the client's own deadline (an activity's attempt).
 */
export async function assumeByocRole(
  sts: STSClient,
  input: { roleArn: string; externalId: string; sessionName: string },
  opts: { abortSignal?: AbortSignal } = {},
): Promise<ByocCredentials> {
  const parsed = parseByocRoleArn(input.roleArn);
  if (!parsed.ok) throw new Error(`refusing to assume ${input.roleArn}: ${parsed.reason}`);
  const result = await sts.send(
    new AssumeRoleCommand({
      RoleArn: input.roleArn,
      ExternalId: input.externalId,
      RoleSessionName: input.sessionName.slice(0, 64),
      DurationSeconds: BYOC_SESSION_SECONDS,
    }),
    opts.abortSignal ? { abortSignal: opts.abortSignal } : {},
  );
  const c = result.Credentials;
  if (!c?.AccessKeyId || !c.SecretAccessKey || !c.SessionToken || !c.Expiration)
    throw new Error('STS returned no credentials');
  return {
    accessKeyId: c.AccessKeyId,
    secretAccessKey: c.SecretAccessKey,
    sessionToken: c.SessionToken,
    expiration: c.Expiration,
  };
}

/**
 * Whether STS lets the relay assume the role with `externalId` (undefined: with none at all).
 * Validation uses it to prove that the trust policy requires the configuration's ExternalId
 * (docs/byoc.md, "Validation"): true when STS grants a session (it is dropped at once), false when
 * it refuses with AccessDenied. Any other failure (unreachable, throttled) is thrown: it proves
 * nothing.
 */
export async function roleAssumableWith(
  sts: STSClient,
  input: { roleArn: string; externalId: string | undefined; sessionName: string },
): Promise<boolean> {
  const parsed = parseByocRoleArn(input.roleArn);
  if (!parsed.ok) throw new Error(`refusing to assume ${input.roleArn}: ${parsed.reason}`);
  try {
    const result = await sts.send(
      new AssumeRoleCommand({
        RoleArn: input.roleArn,
        ...(input.externalId !== undefined ? { ExternalId: input.externalId } : {}),
        RoleSessionName: input.sessionName.slice(0, 64),
        // The shortest session STS grants: the credentials are never used.
        DurationSeconds: 900,
      }),
    );
    return result.Credentials !== undefined;
  } catch (err) {
    if (/^AccessDenied/.test((err as { name?: string }).name ?? '')) return false;
    throw err;
  }
}

/** Cache key: a new role or ExternalId (revalidated configuration) never reuses an old session. */
export function byocCacheKey(input: { accountId: string; roleArn: string; externalId: string }): string {
  return `${input.accountId}|${input.roleArn}|${input.externalId}`;
}

/** Per-process cache of assumed-role sessions, keyed by account, role and ExternalId. */
export class ByocCredentialCache {
  private readonly entries = new Map<string, ByocCredentials>();

  async get(key: string, load: () => Promise<ByocCredentials>, now = Date.now()): Promise<ByocCredentials> {
    const cached = this.entries.get(key);
    if (cached && cached.expiration.getTime() - REFRESH_MARGIN_MS > now) return cached;
    const fresh = await load();
    this.entries.set(key, fresh);
    return fresh;
  }

  forget(key: string): void {
    this.entries.delete(key);
  }
}
