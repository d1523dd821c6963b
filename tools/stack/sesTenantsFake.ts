// A hand-written FAKE of the SES v2 calls no local emulator implements (neither moto 5.x nor
// aws-ses-v2-local): tenants (CreateTenant, GetTenant, CreateTenantResourceAssociation),
// configuration-set event destinations (CreateConfigurationSetEventDestination) and
// GetReputationEntity. It answers in the shapes and with the errors SES documents
// (AlreadyExistsException, NotFoundException), keeps everything in memory, and knows nothing of
// SES's rules beyond that: every tenant is ENABLED with no reputation finding. The recorder
// (sesRecorder.ts) routes those calls here; configuration sets themselves go to moto.
import type http from 'node:http';
import { answerSesError } from './sesErrors';

/** The AWS account the fake's ARNs name (moto's default account). */
const FAKE_AWS_ACCOUNT = '123456789012';

interface FakeTenant {
  TenantName: string;
  TenantId: string;
  TenantArn: string;
  CreatedTimestamp: number;
  SendingStatus: 'ENABLED' | 'DISABLED' | 'REINSTATED';
}

export interface SesTenantsFake {
  /** Answers the request when it is one of the fake's calls; false: not one of them. */
  answer(req: http.IncomingMessage, url: URL, body: Buffer, res: http.ServerResponse): boolean;
}

const EVENT_DESTINATIONS = /^\/v2\/email\/configuration-sets\/([^/]+)\/event-destinations$/;
const REPUTATION_ENTITY = /^\/v2\/email\/reputation\/entities\/([^/]+)\/(.+)$/;

/** The region of the request's SigV4 credential scope (`Credential=<key>/<date>/<region>/ses/...`). */
function regionOf(req: http.IncomingMessage): string {
  return /Credential=[^/]+\/[^/]+\/([^/]+)\//.exec(req.headers.authorization ?? '')?.[1] ?? 'us-east-1';
}

function json(res: http.ServerResponse, value: unknown): void {
  res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
}

const exists = (res: http.ServerResponse, what: string) =>
  answerSesError(res, { status: 400, type: 'AlreadyExistsException', message: `${what} already exists` });
const missing = (res: http.ServerResponse, what: string) =>
  answerSesError(res, { status: 404, type: 'NotFoundException', message: `${what} does not exist` });

function parsed(body: Buffer): Record<string, unknown> {
  try {
    return JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
  } catch {
    return {};
  }
}

export function createSesTenantsFake(): SesTenantsFake {
  const tenants = new Map<string, FakeTenant>();
  const associations = new Set<string>();
  const destinations = new Set<string>();
  let nextId = 1;

  const createTenant = (req: http.IncomingMessage, input: Record<string, unknown>, res: http.ServerResponse) => {
    const name = String(input.TenantName ?? '');
    if (tenants.has(name)) return exists(res, `Tenant ${name}`);
    const id = `tn-${String(nextId++).padStart(12, '0')}`;
    const tenant: FakeTenant = {
      TenantName: name,
      TenantId: id,
      TenantArn: `arn:aws:ses:${regionOf(req)}:${FAKE_AWS_ACCOUNT}:tenant/${name}/${id}`,
      CreatedTimestamp: Date.now() / 1000,
      SendingStatus: 'ENABLED',
    };
    tenants.set(name, tenant);
    json(res, tenant);
  };

  const associate = (input: Record<string, unknown>, res: http.ServerResponse) => {
    const name = String(input.TenantName ?? '');
    if (!tenants.has(name)) return missing(res, `Tenant ${name}`);
    const key = `${name} ${String(input.ResourceArn ?? '')}`;
    if (associations.has(key)) return exists(res, 'The resource association');
    associations.add(key);
    json(res, {});
  };

  const reputationEntity = (reference: string, res: http.ServerResponse) => {
    const tenant = [...tenants.values()].find((t) => t.TenantArn === reference);
    if (!tenant) return missing(res, `Reputation entity ${reference}`);
    const enabled = { Status: tenant.SendingStatus, LastUpdatedTimestamp: tenant.CreatedTimestamp };
    json(res, {
      ReputationEntity: {
        ReputationEntityReference: reference,
        ReputationEntityType: 'RESOURCE',
        ReputationManagementPolicy: 'arn:aws:ses:::reputation-policy/standard',
        CustomerManagedStatus: enabled,
        AwsSesManagedStatus: enabled,
        SendingStatusAggregate: tenant.SendingStatus,
      },
    });
  };

  return {
    answer(req, url, body, res) {
      const path = url.pathname;
      const post = req.method === 'POST';
      if (post && path === '/v2/email/tenants') createTenant(req, parsed(body), res);
      else if (post && path === '/v2/email/tenants/get') {
        const tenant = tenants.get(String(parsed(body).TenantName ?? ''));
        if (tenant) json(res, { Tenant: tenant });
        else missing(res, 'Tenant');
      } else if (post && path === '/v2/email/tenants/resources') associate(parsed(body), res);
      else if (post && EVENT_DESTINATIONS.test(path)) {
        const key = `${EVENT_DESTINATIONS.exec(path)![1]} ${String(parsed(body).EventDestinationName ?? '')}`;
        if (destinations.has(key)) exists(res, 'The event destination');
        else {
          destinations.add(key);
          json(res, {});
        }
      } else if (req.method === 'GET' && REPUTATION_ENTITY.test(path)) {
        let reference: string;
        try {
          reference = decodeURIComponent(REPUTATION_ENTITY.exec(path)?.[2] ?? '');
        } catch {
          reference = ''; // a malformed escape names no entity
        }
        reputationEntity(reference, res);
      } else return false;
      return true;
    },
  };
}
