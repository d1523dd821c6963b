// `postage mcp`: the account's operations as Model Context Protocol tools, over stdio (docs/cli.md,
// "MCP server"). The tools are generated from the contract (generated/tools.ts); each call is one
// API request through the SDK with the user's key, so its retries, timeouts and errors are the
// SDK's, and the API enforces the key's permission and domain scope on every call. Stdout carries
// the protocol alone: anything else goes to stderr.
import { randomUUID } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { PostageApiError, VERSION, type ApiKey, type Postage, type RawRequest } from '@postage/sdk';
import type { CliContext } from '../context.js';
import { describeFailure } from '../output.js';
import { TOOLS } from './generated/tools.js';
import type { ToolSpec } from './tool.js';

/** The tools a key may use: a sending key gets the sends and the key's own reads, nothing else. */
export function toolsFor(permission: ApiKey['permission']): readonly ToolSpec[] {
  return TOOLS.filter((tool) => tool.permission === 'sending' || permission === 'full_access');
}

/** What the client is told about the key the server acts with. */
function instructions(key: ApiKey): string {
  const scope = key.domains.length ? `limited to the domains ${key.domains.join(', ')}` : 'for the whole account';
  const reach =
    key.permission === 'full_access'
      ? 'It may send and manage domains, templates, the email log, suppressions, webhooks and inbound mail.'
      : 'It is a sending key: it may send email and read its own account and key, nothing else.';
  return `Postage, the transactional email API, with the API key ${key.prefix} (${key.permission}, ${scope}). ${reach}`;
}

/** The request a call makes: each argument where the tool says it goes. */
export function requestOf(tool: ToolSpec, args: Record<string, unknown>): RawRequest {
  const params: Record<string, string> = {};
  const query: Record<string, unknown> = {};
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    const where = tool.location[name];
    if (!where) throw new TypeError(`${tool.name} takes no argument ${name}`);
    if (where === 'path') params[name] = String(value);
    else if (where === 'query') query[name] = value;
    else body[name] = value;
  }
  const takesBody = Object.values(tool.location).includes('body');
  const headers: Record<string, string> = {};
  // One key per call, so the SDK may retry the call and the API never sends it twice.
  if (tool.idempotent)
    headers['Idempotency-Key'] = typeof args.idempotency_key === 'string' ? args.idempotency_key : randomUUID();
  return {
    method: tool.method,
    path: tool.path,
    params,
    query,
    body: takesBody ? body : undefined,
    headers,
    answer: tool.answer,
  };
}

function text(value: string, isError = false): CallToolResult {
  return { content: [{ type: 'text', text: value }], ...(isError ? { isError: true } : {}) };
}

/** The API's answer as text; a refusal (or no answer) as an error result the model can read. */
export async function callTool(
  client: Postage,
  tool: ToolSpec,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  try {
    const answer = await client.request<unknown>(requestOf(tool, args));
    if (tool.answer === 'none') return text('Done.');
    if (answer instanceof Uint8Array) return text(new TextDecoder().decode(answer));
    return text(JSON.stringify(answer, null, 2));
  } catch (err) {
    if (err instanceof PostageApiError)
      return text(
        JSON.stringify({ status: err.status, error: err.code, detail: err.detail, errors: err.errors }, null, 2),
        true,
      );
    return text(describeFailure(err).message, true);
  }
}

export function createServer(client: Postage, key: ApiKey): Server {
  const tools = toolsFor(key.permission);
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const server = new Server(
    { name: 'postage', version: VERSION },
    { capabilities: { tools: {} }, instructions: instructions(key) },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map(({ name, description, inputSchema }): Tool => ({ name, description, inputSchema })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name);
    if (!tool) return text(`No tool ${request.params.name} for this key: tools/list names the ones it may use.`, true);
    return callTool(client, tool, request.params.arguments ?? {});
  });
  return server;
}

/** Reads the key (so the tools match it), then serves until the client closes stdin. */
export async function serveMcp(ctx: CliContext): Promise<void> {
  const client = ctx.client();
  const key = await client.me.key();
  const server = createServer(client, key);
  const closed = new Promise<void>((resolve) => (server.onclose = resolve));
  await server.connect(new StdioServerTransport());
  process.stdin.once('end', () => void server.close());
  process.stderr.write(
    `postage mcp: ${toolsFor(key.permission).length} tools for the ${key.permission} key ${key.prefix} at ${client.baseUrl}\n`,
  );
  await closed;
}
