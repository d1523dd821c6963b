// A HAND-WRITTEN FAKE for one STS rule moto gets wrong, in front of moto's server: the trust
// policy's `sts:ExternalId` condition on AssumeRole. Everything else passes through to moto
// unchanged (IAM, SES, the moto API, and every AssumeRole this stand-in lets by, whose principal
// and signature moto still checks).
//
// Why it exists (tried against the moto server tools/ensure-moto.sh installs): moto compares
// a given ExternalId with a `StringEquals` condition, but an AssumeRole that carries no ExternalId
// at all is granted even when the trust policy requires one (moto only compares the values it was
// sent), and `...IfExists` operators are ignored. AWS refuses the first and honours the second.
// BYOC validation tries the customer's role with a wrong ExternalId and with none (docs/byoc.md,
// "Validation"), so without this stand-in every correctly protected test role would look
// unprotected.
//
// The rule implemented, as AWS evaluates it for the operators our trust policies use: an Allow
// statement for sts:AssumeRole applies only if each of its `sts:ExternalId` conditions holds:
// `StringEquals`: the request has an ExternalId equal to one of the values; `StringEqualsIfExists`:
// the request has none, or an equal one. Any other operator on that key is refused loudly (a test
// that needs it must extend this). Requests no statement allows get STS's AccessDenied.
import { GetRoleCommand, IAMClient } from '@aws-sdk/client-iam';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface Statement {
  Effect?: string;
  Action?: string | string[];
  Condition?: Record<string, Record<string, string | string[]>>;
}

function allowsAssumeRole(statement: Statement): boolean {
  if (statement.Effect !== 'Allow') return false;
  const actions = Array.isArray(statement.Action) ? statement.Action : [statement.Action ?? ''];
  return actions.some((a) => ['*', 'sts:*', 'sts:assumerole'].includes(a.toLowerCase()));
}

/** Whether the statement's `sts:ExternalId` conditions hold for a request with `externalId` (undefined: none sent). */
function externalIdConditionsHold(statement: Statement, externalId: string | undefined): boolean {
  for (const [operator, keys] of Object.entries(statement.Condition ?? {})) {
    for (const [key, expected] of Object.entries(keys)) {
      if (key.toLowerCase() !== 'sts:externalid') continue;
      const values = Array.isArray(expected) ? expected : [expected];
      if (operator === 'StringEquals') {
        if (externalId === undefined || !values.includes(externalId)) return false;
      } else if (operator === 'StringEqualsIfExists') {
        if (externalId !== undefined && !values.includes(externalId)) return false;
      } else {
        throw new Error(`stsExternalId stand-in: condition operator ${operator} on sts:ExternalId is not implemented`);
      }
    }
  }
  return true;
}

/** IAM returns the policy document URL-encoded (AWS does; moto may not). */
function parsePolicy(document: string): { Statement?: Statement | Statement[] } {
  try {
    return JSON.parse(document) as { Statement?: Statement | Statement[] };
  } catch {
    return JSON.parse(decodeURIComponent(document)) as { Statement?: Statement | Statement[] };
  }
}

function accessDenied(res: http.ServerResponse, roleArn: string): void {
  const message = `User is not authorized to perform: sts:AssumeRole on resource: ${roleArn}`;
  res
    .writeHead(403, { 'Content-Type': 'text/xml' })
    .end(
      `<ErrorResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><Error><Type>Sender</Type><Code>AccessDenied</Code><Message>${message}</Message></Error><RequestId>sts-external-id-stand-in</RequestId></ErrorResponse>`,
    );
}

export interface StsExternalIdStandIn {
  endpoint: string;
  /** AssumeRole requests this stand-in refused for their ExternalId (moto never saw them). */
  refused(): number;
  close(): Promise<void>;
}

/** `target` is moto's own endpoint; `admin` keys read the roles' trust policies from moto's IAM. */
export async function startStsExternalIdStandIn(
  target: string,
  admin: { accessKeyId: string; secretAccessKey: string },
): Promise<StsExternalIdStandIn> {
  const iam = new IAMClient({ region: 'us-east-1', endpoint: target, credentials: admin });
  const upstream = new URL(target);
  let refused = 0;

  async function decide(body: Buffer): Promise<{ refuse: false } | { refuse: true; roleArn: string }> {
    const form = new URLSearchParams(body.toString());
    if (form.get('Action') !== 'AssumeRole') return { refuse: false };
    const roleArn = form.get('RoleArn') ?? '';
    const roleName = roleArn.split(':role/')[1]?.split('/').pop();
    if (!roleName) return { refuse: false }; // moto answers malformed requests itself
    const externalId = form.get('ExternalId') ?? undefined;
    let document: string | undefined;
    try {
      document = (await iam.send(new GetRoleCommand({ RoleName: roleName }))).Role?.AssumeRolePolicyDocument;
    } catch {
      return { refuse: false }; // no such role: moto's own answer
    }
    if (!document) return { refuse: false };
    const policy = parsePolicy(document);
    const statements = Array.isArray(policy.Statement) ? policy.Statement : policy.Statement ? [policy.Statement] : [];
    const allowed = statements.some((s) => allowsAssumeRole(s) && externalIdConditionsHold(s, externalId));
    return allowed ? { refuse: false } : { refuse: true, roleArn };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      void decide(body).then(
        (decision) => {
          if (decision.refuse) {
            refused += 1;
            accessDenied(res, decision.roleArn);
            return;
          }
          // Passed on byte for byte, Host header included, so moto's signature check still holds.
          const forward = http.request(
            { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
            (answer) => {
              res.writeHead(answer.statusCode ?? 502, answer.headers);
              answer.pipe(res);
            },
          );
          forward.on('error', () => res.destroy());
          forward.end(body);
        },
        (err: unknown) => void res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(err)),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    refused: () => refused,
    close: () =>
      new Promise((resolve) => {
        iam.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
