// `postage mcp` as a user runs it: the SDK and the CLI packed and installed into an empty project,
// the server spawned by the official MCP TypeScript SDK's client over stdio, against the real stack.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createApiKey } from '../../core/accounts/apiKeys';
import { createSender } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { eventually } from '../helpers/wait';

const ROOT = path.resolve(__dirname, '..', '..');
let stack: ServiceStack;
let work: string;
let bin: string;
let sender: Awaited<ReturnType<typeof createSender>>;
let fullKey: string;
const clients: Client[] = [];

/** The SDK and the CLI packed and installed into an empty project (postage-cli/scripts/install.sh); the bin's path. */
function packAndInstall(): string {
  return execFileSync('bash', [path.join(ROOT, 'postage-cli', 'scripts', 'install.sh'), work], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
    .toString()
    .trim();
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'postage-mcp-'));
  bin = packAndInstall();
  stack = await startServiceStack();
  sender = await createSender(stack.db);
  fullKey = (
    await createApiKey(
      stack.db,
      { accountId: sender.account.id, name: 'mcp full access', permission: 'full_access' },
      'test',
    )
  ).secret;
}, 240_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await stack?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

/** `postage mcp` with this key, connected to the official client. */
async function connect(apiKey: string): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, 'mcp'],
    env: {
      PATH: process.env.PATH ?? '',
      POSTAGE_API_KEY: apiKey,
      POSTAGE_BASE_URL: stack.baseUrl,
      XDG_CONFIG_HOME: path.join(work, 'config'),
    },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'postage-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

const names = async (client: Client) => (await client.listTools()).tools.map((t) => t.name).sort();

function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  const [content] = result.content as { type: string; text: string }[];
  return content!.text;
}

test('a full_access key is offered the sends and the management tools (domains, templates, the email log...)', async () => {
  const client = await connect(fullKey);
  expect(await names(client)).toEqual(
    expect.arrayContaining(['send', 'me_key', 'get_api_domains', 'post_api_templates', 'get_api_emails_message_id']),
  );
  expect(client.getInstructions()).toContain('full_access');
});

test('the send tool sends an email, which the email log then shows delivered', async () => {
  const client = await connect(fullKey);
  const result = await client.callTool({
    name: 'send',
    arguments: {
      from_email: `hello@${sender.domain}`,
      to: `delivered@${stack.config.testDomain}`,
      subject: 'Through MCP',
      message: 'Hello from an assistant.',
    },
  });
  expect(result.isError).toBeFalsy();
  const { message_id: id } = JSON.parse(textOf(result)) as { message_id: string };
  // The email log, as any client of the API reads it, until the message is delivered.
  const email = await eventually(`${id} delivered`, async () => {
    const answer = await fetch(`${stack.baseUrl}/api/emails/${id}`, { headers: { 'X-API-Key': fullKey } });
    if (answer.status !== 200) return undefined;
    const { email } = (await answer.json()) as { email: { subject: string; status: string } };
    return email.status === 'delivered' ? email : undefined;
  });
  expect(email.subject).toBe('Through MCP');
});

test('a sending key is offered the sends and its own reads, and no management tool', async () => {
  const client = await connect(sender.apiKey);
  expect(await names(client)).toEqual(['me', 'me_key', 'send', 'send_batch']);
  const refused = await client.callTool({ name: 'get_api_domains', arguments: {} });
  expect(refused.isError).toBe(true);
});

test("an API refusal comes back as an error result with the API's code", async () => {
  const client = await connect(fullKey);
  const result = await client.callTool({ name: 'get_api_domains_name', arguments: { name: 'nothing.example.com' } });
  expect(result.isError).toBe(true);
  expect(JSON.parse(textOf(result))).toMatchObject({ status: 404, error: 'not_found' });
});
