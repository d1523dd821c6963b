// Each shared-mode account's own SES configuration set, and tenant where the deployment uses them,
// on the shared SES account (docs/reputation.md, "How accounts are kept apart"): SES then keeps
// reputation metrics, and with tenants pauses sending, per account instead of for everyone.
// Provisioning is idempotent (whatever exists already counts as done); the names are stored on
// the account once SES knows them, and only then do the account's sends name them.
import {
  CreateConfigurationSetCommand,
  CreateConfigurationSetEventDestinationCommand,
  CreateTenantCommand,
  CreateTenantResourceAssociationCommand,
  EventType,
  GetConfigurationSetCommand,
  GetReputationEntityCommand,
  GetTenantCommand,
  type SESv2Client,
} from '@aws-sdk/client-sesv2';
import type { SesIsolationSettings } from '../platform/settings/table';
import type { Config } from '../platform/config';
import type { Db } from '../platform/db';

/** What a shared send of the account names (SendEmail's ConfigurationSetName and TenantName). */
export interface SesIsolation {
  configurationSetName: string;
  tenantName?: string;
}

/**
 * `postage-<account id>`, for both: an operator reading SES's console finds the account at once
 * (44 characters; SES allows 64 of letters, digits, `_` and `-`).
 */
export const sesNameOf = (accountId: string): string => `postage-${accountId}`;

/** The event destination's name in each account's configuration set. */
export const EVENT_DESTINATION_NAME = 'postage-events';

/** The events docs/deployment.md (section 4) has the deployment's own configuration set publish. */
export const PUBLISHED_EVENT_TYPES: EventType[] = [
  EventType.DELIVERY,
  EventType.BOUNCE,
  EventType.COMPLAINT,
  EventType.REJECT,
  EventType.RENDERING_FAILURE,
];

/** SES's answer to creating what exists: the earlier provisioning's work stands. */
function alreadyExists(err: unknown): boolean {
  return (err as { name?: string } | undefined)?.name === 'AlreadyExistsException';
}

async function unlessExists(call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
  } catch (err) {
    if (!alreadyExists(err)) throw err;
  }
}

/** `arn:aws:ses:<region>:<aws account>:` from any SES resource ARN (the tenant's). */
function arnPrefixOf(arn: string): string {
  const parts = arn.split(':');
  if (parts.length < 6 || parts[0] !== 'arn') throw new Error(`SES answered an ARN that is not one: ${arn}`);
  return `${parts.slice(0, 5).join(':')}:`;
}

async function tenantArnOf(ses: SESv2Client, tenantName: string, signal?: AbortSignal): Promise<string> {
  const { Tenant } = await ses.send(new GetTenantCommand({ TenantName: tenantName }), { abortSignal: signal });
  if (!Tenant?.TenantArn) throw new Error(`SES answered no ARN for tenant ${tenantName}`);
  return Tenant.TenantArn;
}

/** The configuration set with reputation metrics, sending on, and its events going to the deployment's topic. */
async function ensureConfigurationSet(
  ses: SESv2Client,
  name: string,
  topicArn: string,
  signal?: AbortSignal,
): Promise<void> {
  const opts = { abortSignal: signal };
  await unlessExists(() =>
    ses.send(
      new CreateConfigurationSetCommand({
        ConfigurationSetName: name,
        ReputationOptions: { ReputationMetricsEnabled: true },
        SendingOptions: { SendingEnabled: true },
      }),
      opts,
    ),
  );
  await unlessExists(() =>
    ses.send(
      new CreateConfigurationSetEventDestinationCommand({
        ConfigurationSetName: name,
        EventDestinationName: EVENT_DESTINATION_NAME,
        EventDestination: {
          Enabled: true,
          MatchingEventTypes: PUBLISHED_EVENT_TYPES,
          SnsDestination: { TopicArn: topicArn },
        },
      }),
      opts,
    ),
  );
}

/** The tenant, with the configuration set among its resources (it is in the same AWS account and region). */
async function ensureTenant(ses: SESv2Client, name: string, configurationSetName: string, signal?: AbortSignal) {
  const opts = { abortSignal: signal };
  await unlessExists(() => ses.send(new CreateTenantCommand({ TenantName: name }), opts));
  const configurationSetArn = `${arnPrefixOf(await tenantArnOf(ses, name, signal))}configuration-set/${configurationSetName}`;
  await unlessExists(() =>
    ses.send(new CreateTenantResourceAssociationCommand({ TenantName: name, ResourceArn: configurationSetArn }), opts),
  );
}

/**
 * Creates what the account's isolation needs in SES (each call succeeds when its resource exists
 * already) and then stores the names on the account. Every call ends at the client's deadline
 * (core/platform/awsClients.ts) or at `signal`.
 */
export async function provisionSesIsolation(
  db: Db,
  ses: SESv2Client,
  isolation: SesIsolationSettings,
  accountId: string,
  signal?: AbortSignal,
): Promise<SesIsolation> {
  const name = sesNameOf(accountId);
  await ensureConfigurationSet(ses, name, isolation.eventsTopicArn, signal);
  if (isolation.tenants) await ensureTenant(ses, name, name, signal);
  const names: SesIsolation = { configurationSetName: name, ...(isolation.tenants ? { tenantName: name } : {}) };
  await db('accounts')
    .where({ id: accountId })
    .update({
      ses_configuration_set: names.configurationSetName,
      ses_tenant: names.tenantName ?? null,
      ses_provisioned_at: db.fn.now(),
    });
  return names;
}

/**
 * What a shared send of the account names: its provisioned configuration set (and tenant, while
 * the deployment uses tenants), or nothing (the setting is off, or the account is not provisioned
 * yet: it sends under the deployment's default configuration set, as before).
 */
export async function sesIsolationOf(db: Db, config: Config, accountId: string): Promise<SesIsolation | undefined> {
  const isolation = config.ses.isolation;
  if (!isolation) return undefined;
  const row = await db('accounts')
    .where({ id: accountId })
    .first<{ ses_configuration_set: string | null; ses_tenant: string | null } | undefined>(
      'ses_configuration_set',
      'ses_tenant',
    );
  if (!row?.ses_configuration_set) return undefined;
  return {
    configurationSetName: row.ses_configuration_set,
    ...(isolation.tenants && row.ses_tenant ? { tenantName: row.ses_tenant } : {}),
  };
}

export async function isSesProvisioned(db: Db, accountId: string): Promise<boolean> {
  return !!(await db('accounts').where({ id: accountId }).whereNotNull('ses_provisioned_at').first('id'));
}

/** Accounts with a shared domain (a claim counts) and no configuration set yet: what enabling on an existing deployment provisions. */
export async function sharedAccountsToProvision(db: Db): Promise<string[]> {
  const rows = await db('accounts')
    .whereNull('ses_provisioned_at')
    .whereExists(
      db('domains')
        .whereRaw('domains.account_id = accounts.id')
        .where({ sending_mode: 'shared' })
        .whereNull('released_at'),
    )
    .orderBy('created_at')
    .select<{ id: string }[]>('id');
  return rows.map((r) => r.id);
}

/** An account's isolation as SES reports it, for the operator (`postage-admin ses show`). */
export interface SesAccountState {
  accountId: string;
  configurationSet: string | null;
  tenant: string | null;
  provisionedAt: Date | null;
  /** The configuration set's SendingOptions.SendingEnabled; null: SES has no such set. */
  configurationSetSending: boolean | null;
  /** From GetTenant and GetReputationEntity; null without a tenant. */
  tenantState: {
    sendingStatus: string | null;
    /** SES's aggregate of its own and the operator's status (ENABLED, DISABLED, REINSTATED). */
    aggregateStatus: string | null;
    /** The highest-impact reputation finding active (LOW, HIGH), or null when there is none. */
    reputationImpact: string | null;
    /** Why SES set its own status, when it said. */
    cause: string | null;
  } | null;
}

function notFound(err: unknown): boolean {
  return (err as { name?: string } | undefined)?.name === 'NotFoundException';
}

async function configurationSetSending(ses: SESv2Client, name: string): Promise<boolean | null> {
  try {
    const set = await ses.send(new GetConfigurationSetCommand({ ConfigurationSetName: name }));
    return set.SendingOptions?.SendingEnabled ?? true;
  } catch (err) {
    if (notFound(err)) return null;
    throw err;
  }
}

async function tenantState(ses: SESv2Client, name: string): Promise<NonNullable<SesAccountState['tenantState']>> {
  const { Tenant } = await ses.send(new GetTenantCommand({ TenantName: name }));
  const { ReputationEntity: entity } = await ses.send(
    new GetReputationEntityCommand({ ReputationEntityType: 'RESOURCE', ReputationEntityReference: Tenant?.TenantArn }),
  );
  return {
    sendingStatus: Tenant?.SendingStatus ?? null,
    aggregateStatus: entity?.SendingStatusAggregate ?? null,
    reputationImpact: entity?.ReputationImpact ?? null,
    cause: entity?.AwsSesManagedStatus?.Cause ?? null,
  };
}

/** The stored names and, for the provisioned, what SES says of them now (one call each, at the client's deadline). */
export async function sesAccountState(db: Db, ses: SESv2Client, accountId: string): Promise<SesAccountState> {
  const row = await db('accounts')
    .where({ id: accountId })
    .first<{ ses_configuration_set: string | null; ses_tenant: string | null; ses_provisioned_at: Date | null }>(
      'ses_configuration_set',
      'ses_tenant',
      'ses_provisioned_at',
    );
  const configurationSet = row?.ses_configuration_set ?? null;
  const tenant = row?.ses_tenant ?? null;
  return {
    accountId,
    configurationSet,
    tenant,
    provisionedAt: row?.ses_provisioned_at ?? null,
    configurationSetSending: configurationSet ? await configurationSetSending(ses, configurationSet) : null,
    tenantState: tenant ? await tenantState(ses, tenant) : null,
  };
}
