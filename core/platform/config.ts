// One typed view of the environment. Every process (API, worker, CLI, tests) reads its settings
// here, so a variable means the same thing everywhere. Defaults fit the local dev stack.
import fs from 'node:fs';
import { isIP } from 'node:net';
import { decodeSecretKey } from './crypto';
import { DEFAULT_DB_TIMEOUTS, type DbTimeouts } from './db';
import { SEND_ATTEMPT_TIMEOUT_MS } from '../model/sendFailures';

export interface Config {
  env: 'development' | 'test' | 'production';
  api: {
    port: number;
    baseUrl: string;
    /** Requests per minute per API key on /api/send/ (spec: 60). */
    rateLimitPerMinute: number;
    /** Largest accepted JSON body, in bytes. */
    maxBodyBytes: number;
  };
  limits: {
    maxAttachments: number;
    /** Total decoded size of all attachments of one message, in bytes. */
    maxAttachmentBytes: number;
    idempotencyTtlHours: number;
    /** Deadline for staging a message's content before it is queued (502 attachment_upload_failed). */
    stagingTimeoutMs: number;
  };
  databaseUrl: string;
  db: DbTimeouts & {
    /** Connections per API process. */
    poolMax: number;
  };
  redisUrl: string;
  redis: {
    connectTimeoutMs: number;
    /** A command that takes longer fails (rate limits then fall back to memory). */
    commandTimeoutMs: number;
    /** Prefix of the limit windows that are not per key (per client, in total): deployments sharing one Redis keep their own. */
    keyPrefix: string;
  };
  temporal: {
    address: string;
    namespace: string;
    taskQueue: string;
    /** Deadline for starting a send workflow before the API answers 502 queue_error. */
    startTimeoutMs: number;
    /** The worker's outbox relay starts accepted messages whose start is unconfirmed after this long. */
    relayAfterSeconds: number;
    /** TLS to the frontend (a secured cluster or Temporal Cloud); undefined: plaintext. */
    tls: TemporalTls | undefined;
    /** Temporal Cloud API key (sent as a bearer token; implies TLS). */
    apiKey: string | undefined;
    /** A workflow bundle built ahead (`bundleWorkflowCode`); undefined: the worker bundles at start. */
    workflowBundlePath: string | undefined;
  };
  ses: {
    region: string;
    /** Endpoint override for the shared SES account (a local emulator in dev and tests). */
    endpoint: string | undefined;
    accessKeyId: string | undefined;
    secretAccessKey: string | undefined;
    /** Endpoint override for SES calls made with BYOC credentials (tests only). */
    byocEndpoint: string | undefined;
    /**
     * Where domain identities (DKIM tokens, MAIL FROM) of shared domains are registered: `ses`
     * (the shared SES account) or `local` (tokens made up locally, for an emulator without
     * identity support; `npm run dev` uses it).
     */
    domainIdentities: 'ses' | 'local';
    /** Deadline of one SendEmail call; below the send activity's 60 s start-to-close timeout. */
    sendTimeoutMs: number;
  };
  sts: {
    region: string;
    endpoint: string | undefined;
    /** The AWS account customers name as principal in their Service-BYOC-Role trust policy. */
    relayAccountId: string;
    /** The relay's own credentials for AssumeRole; unset uses the AWS default chain. */
    accessKeyId: string | undefined;
    secretAccessKey: string | undefined;
  };
  testDomain: string;
  simulatorDomain: string;
  /** 32-byte key (hex or base64) that encrypts webhook secrets and staged message content. */
  secretKey: string;
  outcomes: {
    /** How long a send workflow waits for a provider outcome before settling on `sent`. */
    timeoutSeconds: number;
    /** Expected SNS topic for SES event notifications; empty accepts none. */
    snsTopicArns: string[];
    /**
     * The one host (with port) SNS certificates and SubscribeURLs may be on instead of the topic's
     * `sns.<region>.amazonaws.com`: a local SNS stand-in. Refused in production.
     */
    snsCertHost: string | undefined;
    /** Deadline for downloading a signing certificate or confirming a subscription. */
    snsCertTimeoutMs: number;
    /** Signing certificates kept in memory. */
    snsCertCacheSize: number;
    /** Older notifications are refused (a replayed capture). */
    snsMaxMessageAgeSeconds: number;
  };
  webhooks: {
    timeoutMs: number;
    /** IPs or CIDRs that webhook URLs may resolve to despite being private (dev and tests). */
    allowedPrivateAddresses: string[];
  };
  reputation: {
    windowDays: number;
    minSends: number;
    /** Hard bounces (or complaints) in the window before that rate can suspend an account. */
    minEvents: number;
    bounceRateThreshold: number;
    complaintRateThreshold: number;
  };
  retention: {
    emailLogDays: number;
    contentDays: number;
  };
  dns: {
    /** Resolver addresses (`host` or `host:port`); empty uses the system resolver. */
    servers: string[];
  };
  domains: {
    /** An unverified domain claim is deleted this many days after it was added (issue 19). */
    claimExpiryDays: number;
    /** Unverified (pending) domains one account may hold at once. */
    pendingLimit: number;
  };
  ops: {
    /** Bearer token for GET /metrics; without one the endpoint is open in development and off in production. */
    metricsToken: string | undefined;
    /** How long SIGTERM waits for requests and activities in flight before the process exits. */
    shutdownTimeoutMs: number;
    /** The worker's /healthz, /readyz and /metrics. */
    workerHealthHost: string;
    workerHealthPort: number;
    /** Where the worker's Temporal SDK metrics are served for Prometheus (host:port); unset: not served. */
    workerSdkMetricsAddress: string | undefined;
  };
  /** The SMTP relay (smtp/main.ts): submission with STARTTLS and implicit TLS, onto the send use case. */
  smtp: {
    host: string;
    /** Submission: STARTTLS required before AUTH (587). */
    port: number;
    /** Implicit TLS (465). */
    smtpsPort: number;
    /** PEM files of the relay's certificate and key; the relay refuses to start without them. */
    tlsCertFile: string | undefined;
    tlsKeyFile: string | undefined;
    /** The name the relay greets with (EHLO answer and 220 banner). */
    hostname: string;
    /** Largest message (SIZE extension; 552 above it), in bytes. */
    maxMessageBytes: number;
    /** RCPT TO per transaction; more get 452 (send them in another transaction). */
    maxRecipients: number;
    /** Connections at once per port. */
    maxClients: number;
    /** Connections at once per client address, both ports together; more get 421 at connect. */
    maxClientsPerIp: number;
    /** Peers (a load balancer's addresses, or `*`) whose connections open with a PROXY v1 header naming the client; empty: the PROXY protocol is off. */
    proxyProtocolPeers: string[];
    /** Failed AUTH attempts per client IP in the window before AUTH answers 454 until it ends. */
    authFailuresPerIp: number;
    authFailureWindowMinutes: number;
    /** An idle connection (no command) is closed after this long. */
    socketTimeoutMs: number;
    /** The relay's /healthz, /readyz and /metrics. */
    healthHost: string;
    healthPort: number;
  };
  auth: {
    /** `Name <address>` Postage's own emails (verification, password reset) come from; a verified shared domain of the system account. Unset: those emails are not sent. */
    systemEmailFrom: string | undefined;
    /** A session unused this long ends. */
    sessionIdleMinutes: number;
    /** A session ends this long after sign-in, used or not. */
    sessionMaxHours: number;
    /** Failed sign-ins allowed per address from one client, per address from all clients together, and per client, within the window. */
    signinFailuresPerAddress: number;
    signinFailuresPerAddressAllClients: number;
    signinFailuresPerIp: number;
    signinWindowMinutes: number;
    /** Password hashes and checks running at once in one process; more wait their turn. */
    passwordHashesAtOnce: number;
    /** Requests an hour to the anonymous endpoints that send email or hash a password, per client and from everyone together. */
    anonymousLimits: Record<AnonymousOperation, { perClient: number; total: number }>;
    /** Express `trust proxy`: which proxies' X-Forwarded-For names the client IP (unset: none). */
    trustProxy: string | undefined;
  };
  /** Templates render in worker threads (core/templates/renderPool.ts), within these bounds. */
  templates: {
    /** Worker threads per API process; one account runs on at most all but one of them. */
    renderThreads: number;
    /** Wall-clock milliseconds one render (or one check of a saved template) may run before its thread is terminated. */
    renderBudgetMs: number;
    /** Old-generation heap of each render thread, in MiB. */
    renderMemoryMb: number;
    /** Renders one account may have running or waiting at once in one process; more are refused. */
    rendersPerAccount: number;
    /** Milliseconds one batch request may spend rendering, over all its emails. */
    batchRenderMs: number;
    /** Previews and test sends an account may make in a minute. */
    previewsPerMinute: number;
  };
  logLevel: string;
}

type Env = Record<string, string | undefined>;

/** The anonymous operations with limits of their own: sign-up (hashes, sends email), reset requests (send email), token checks (verify email, reset confirmation). */
export type AnonymousOperation = 'signup' | 'passwordReset' | 'tokenCheck';

export interface TemporalTls {
  /** PEM of the CA that signed the server's certificate; undefined: the system's CAs. */
  serverCa: Buffer | undefined;
  /** mTLS: the client certificate and key, PEM. */
  clientCert: { crt: Buffer; key: Buffer } | undefined;
  /** The name the server certificate must carry, when it differs from the address's host. */
  serverName: string | undefined;
}

/** A PEM given inline (`-----BEGIN ...`) or as a path; read at boot so a wrong path fails at once. */
function pem(env: Env, name: string): Buffer | undefined {
  const value = optional(env, name);
  if (value === undefined) return undefined;
  if (value.trimStart().startsWith('-----BEGIN')) return Buffer.from(value.replace(/\\n/g, '\n'));
  try {
    return fs.readFileSync(value);
  } catch (err) {
    throw new ConfigError(`${name} is neither inline PEM nor a readable file: ${(err as Error).message}`);
  }
}

function temporalTls(env: Env): TemporalTls | undefined {
  const serverCa = pem(env, 'TEMPORAL_TLS_CA');
  const crt = pem(env, 'TEMPORAL_TLS_CERT');
  const key = pem(env, 'TEMPORAL_TLS_KEY');
  const serverName = optional(env, 'TEMPORAL_TLS_SERVER_NAME');
  if ((crt === undefined) !== (key === undefined)) throw new ConfigError('TEMPORAL_TLS_CERT and TEMPORAL_TLS_KEY go together (mTLS)');
  const wanted = optional(env, 'TEMPORAL_TLS') === 'true' || serverCa !== undefined || crt !== undefined || serverName !== undefined || optional(env, 'TEMPORAL_API_KEY') !== undefined;
  if (!wanted) return undefined;
  return { serverCa, clientCert: crt && key ? { crt, key } : undefined, serverName };
}

function str(env: Env, name: string, fallback: string): string {
  return optional(env, name) ?? fallback;
}

function optional(env: Env, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v === '' ? undefined : v;
}

function num(env: Env, name: string, fallback: number): number {
  const v = env[name];
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isFinite(n)) throw new ConfigError(`${name} must be a number, got ${JSON.stringify(v)}`);
  return n;
}

function list(env: Env, name: string, fallback: string[]): string[] {
  const v = env[name];
  if (v === undefined) return fallback;
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const v = env[name];
  if (v === undefined || v === '') return fallback;
  if (!(allowed as readonly string[]).includes(v)) throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got ${JSON.stringify(v)}`);
  return v as T;
}

// A fixed, public development key: fine for a laptop, refused everywhere else (see below).
const DEV_SECRET_KEY = '706f73746167652d6465762d6b65792d6e6f742d666f722d70726f64756374'.padEnd(64, '0');
/** AWS's documentation example account: a trust policy naming it can never work. */
const PLACEHOLDER_AWS_ACCOUNT_ID = '123456789012';

/** A setting that makes the process unable to run safely; the message says what to set. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Only NODE_ENV=development or test may run on the public development key; any other value,
 * unset included (a container with no NODE_ENV), is production and must bring its own.
 */
function secretKeyFor(env: Env, appEnv: Config['env']): string {
  const given = optional(env, 'POSTAGE_SECRET_KEY');
  const key = given ?? (appEnv === 'production' ? undefined : DEV_SECRET_KEY);
  const howTo = 'set POSTAGE_SECRET_KEY to 32 random bytes, as 64 hex characters or base64 (openssl rand -hex 32)';
  if (key === undefined) throw new ConfigError(`POSTAGE_SECRET_KEY is required outside development (NODE_ENV=development or test): ${howTo}`);
  const bytes = decodeSecretKey(key);
  if (!bytes) throw new ConfigError(`POSTAGE_SECRET_KEY is malformed: ${howTo}`);
  if (appEnv === 'production' && bytes.equals(Buffer.from(DEV_SECRET_KEY, 'hex'))) {
    throw new ConfigError(`POSTAGE_SECRET_KEY is the public development key, which is refused outside development: ${howTo}`);
  }
  return key;
}

/** The SES call must give up before its activity does, or a retry could overlap a call still in flight. */
function sesSendTimeout(env: Env): number {
  const ms = num(env, 'SES_SEND_TIMEOUT_MS', 30_000);
  if (ms <= 0 || ms > SEND_ATTEMPT_TIMEOUT_MS - 5_000)
    throw new ConfigError(`SES_SEND_TIMEOUT_MS must be between 1 and ${SEND_ATTEMPT_TIMEOUT_MS - 5_000} (the send activity times out after ${SEND_ATTEMPT_TIMEOUT_MS} ms)`);
  return ms;
}

function snsCertHostFor(env: Env, appEnv: Config['env']): string | undefined {
  const host = optional(env, 'SNS_CERT_HOST');
  if (host !== undefined && appEnv === 'production') throw new ConfigError("SNS_CERT_HOST is for local SNS stand-ins only: in production certificates come from the topic region's SNS host");
  return host;
}

/** smtp-server compares peers by exact address: a range or a name would silently never match. */
function proxyProtocolPeers(env: Env): string[] {
  const peers = list(env, 'SMTP_PROXY_PROTOCOL_PEERS', []);
  const bad = peers.find((p) => p !== '*' && isIP(p) === 0);
  if (bad !== undefined) throw new ConfigError(`SMTP_PROXY_PROTOCOL_PEERS lists IP addresses (no ranges) or *, got ${JSON.stringify(bad)}`);
  return peers;
}

function relayAccountIdFor(env: Env, appEnv: Config['env']): string {
  const given = optional(env, 'RELAY_AWS_ACCOUNT_ID');
  if (appEnv !== 'production') return given ?? PLACEHOLDER_AWS_ACCOUNT_ID;
  if (given === undefined || given === PLACEHOLDER_AWS_ACCOUNT_ID || !/^\d{12}$/.test(given)) {
    throw new ConfigError('RELAY_AWS_ACCOUNT_ID must be the 12-digit AWS account that BYOC trust policies name as principal (the account of the STS credentials)');
  }
  return given;
}

export function loadConfig(env: Env = process.env): Config {
  const mode = optional(env, 'NODE_ENV');
  const appEnv: Config['env'] = mode === 'development' ? 'development' : mode === 'test' ? 'test' : 'production';
  const port = num(env, 'API_PORT', 3000);
  const secretKey = secretKeyFor(env, appEnv);

  return {
    env: appEnv,
    api: {
      port,
      baseUrl: str(env, 'BASE_URL', `http://localhost:${port}`),
      rateLimitPerMinute: num(env, 'RATE_LIMIT_PER_MINUTE', 60),
      maxBodyBytes: num(env, 'MAX_BODY_BYTES', 15 * 1024 * 1024),
    },
    limits: {
      maxAttachments: num(env, 'MAX_ATTACHMENTS', 10),
      maxAttachmentBytes: num(env, 'MAX_ATTACHMENT_BYTES', 10 * 1024 * 1024),
      idempotencyTtlHours: num(env, 'IDEMPOTENCY_TTL_HOURS', 24),
      stagingTimeoutMs: num(env, 'STAGING_TIMEOUT_MS', 5000),
    },
    databaseUrl: str(env, 'DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/postage'),
    db: {
      connectMs: num(env, 'DB_CONNECT_TIMEOUT_MS', DEFAULT_DB_TIMEOUTS.connectMs),
      acquireMs: num(env, 'DB_ACQUIRE_TIMEOUT_MS', DEFAULT_DB_TIMEOUTS.acquireMs),
      statementMs: num(env, 'DB_STATEMENT_TIMEOUT_MS', DEFAULT_DB_TIMEOUTS.statementMs),
      lockMs: num(env, 'DB_LOCK_TIMEOUT_MS', DEFAULT_DB_TIMEOUTS.lockMs),
      idleInTransactionMs: num(env, 'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', DEFAULT_DB_TIMEOUTS.idleInTransactionMs),
      poolMax: num(env, 'DB_POOL_MAX', 20),
    },
    redisUrl: str(env, 'REDIS_URL', 'redis://127.0.0.1:6379'),
    redis: {
      connectTimeoutMs: num(env, 'REDIS_CONNECT_TIMEOUT_MS', 2_000),
      commandTimeoutMs: num(env, 'REDIS_COMMAND_TIMEOUT_MS', 500),
      keyPrefix: str(env, 'REDIS_KEY_PREFIX', 'postage'),
    },
    temporal: {
      address: str(env, 'TEMPORAL_ADDRESS', '127.0.0.1:7233'),
      namespace: str(env, 'TEMPORAL_NAMESPACE', 'default'),
      taskQueue: str(env, 'TEMPORAL_TASK_QUEUE', 'postage-send'),
      startTimeoutMs: num(env, 'TEMPORAL_START_TIMEOUT_MS', 5000),
      relayAfterSeconds: num(env, 'ACCEPT_RELAY_AFTER_SECONDS', 30),
      tls: temporalTls(env),
      apiKey: optional(env, 'TEMPORAL_API_KEY'),
      workflowBundlePath: optional(env, 'WORKFLOW_BUNDLE_PATH'),
    },
    ses: {
      region: str(env, 'SES_REGION', 'us-east-1'),
      endpoint: optional(env, 'SES_ENDPOINT'),
      accessKeyId: optional(env, 'SES_ACCESS_KEY_ID'),
      secretAccessKey: optional(env, 'SES_SECRET_ACCESS_KEY'),
      byocEndpoint: optional(env, 'BYOC_SES_ENDPOINT'),
      domainIdentities: oneOf(env, 'SES_DOMAIN_IDENTITIES', ['ses', 'local'] as const, 'ses'),
      sendTimeoutMs: sesSendTimeout(env),
    },
    sts: {
      region: str(env, 'STS_REGION', 'us-east-1'),
      endpoint: optional(env, 'STS_ENDPOINT'),
      relayAccountId: relayAccountIdFor(env, appEnv),
      accessKeyId: optional(env, 'STS_ACCESS_KEY_ID'),
      secretAccessKey: optional(env, 'STS_SECRET_ACCESS_KEY'),
    },
    testDomain: str(env, 'TEST_DOMAIN', 'test.postage.dev').toLowerCase(),
    simulatorDomain: str(env, 'SIMULATOR_DOMAIN', 'simulator.amazonses.com').toLowerCase(),
    secretKey,
    outcomes: {
      timeoutSeconds: num(env, 'OUTCOME_TIMEOUT_SECONDS', 72 * 3600),
      snsTopicArns: list(env, 'SNS_TOPIC_ARNS', []),
      snsCertHost: snsCertHostFor(env, appEnv),
      snsCertTimeoutMs: num(env, 'SNS_CERT_TIMEOUT_MS', 5_000),
      snsCertCacheSize: num(env, 'SNS_CERT_CACHE_SIZE', 50),
      snsMaxMessageAgeSeconds: num(env, 'SNS_MAX_MESSAGE_AGE_SECONDS', 3600),
    },
    webhooks: {
      timeoutMs: num(env, 'WEBHOOK_TIMEOUT_MS', 5000),
      allowedPrivateAddresses: list(env, 'WEBHOOK_ALLOWED_PRIVATE_ADDRESSES', []),
    },
    reputation: {
      windowDays: num(env, 'REPUTATION_WINDOW_DAYS', 7),
      minSends: num(env, 'REPUTATION_MIN_SENDS', 100),
      minEvents: num(env, 'REPUTATION_MIN_EVENTS', 3),
      bounceRateThreshold: num(env, 'BOUNCE_RATE_THRESHOLD', 0.05),
      complaintRateThreshold: num(env, 'COMPLAINT_RATE_THRESHOLD', 0.001),
    },
    retention: {
      emailLogDays: num(env, 'EMAIL_LOG_RETENTION_DAYS', 14),
      contentDays: num(env, 'CONTENT_RETENTION_DAYS', 90),
    },
    dns: {
      servers: list(env, 'DNS_SERVERS', []),
    },
    domains: {
      claimExpiryDays: num(env, 'DOMAIN_CLAIM_EXPIRY_DAYS', 7),
      pendingLimit: num(env, 'DOMAIN_PENDING_LIMIT', 10),
    },
    ops: {
      metricsToken: optional(env, 'METRICS_TOKEN'),
      shutdownTimeoutMs: num(env, 'SHUTDOWN_TIMEOUT_MS', 25_000),
      workerHealthHost: str(env, 'WORKER_HEALTH_HOST', '127.0.0.1'),
      workerHealthPort: num(env, 'WORKER_HEALTH_PORT', 9091),
      workerSdkMetricsAddress: optional(env, 'WORKER_SDK_METRICS_ADDRESS'),
    },
    smtp: {
      host: str(env, 'SMTP_HOST', '0.0.0.0'),
      port: num(env, 'SMTP_PORT', 587),
      smtpsPort: num(env, 'SMTPS_PORT', 465),
      tlsCertFile: optional(env, 'SMTP_TLS_CERT_FILE'),
      tlsKeyFile: optional(env, 'SMTP_TLS_KEY_FILE'),
      hostname: str(env, 'SMTP_HOSTNAME', 'localhost'),
      maxMessageBytes: num(env, 'SMTP_MAX_MESSAGE_BYTES', 15 * 1024 * 1024),
      maxRecipients: num(env, 'SMTP_MAX_RECIPIENTS', 50),
      maxClients: num(env, 'SMTP_MAX_CLIENTS', 500),
      maxClientsPerIp: num(env, 'SMTP_MAX_CLIENTS_PER_IP', 20),
      proxyProtocolPeers: proxyProtocolPeers(env),
      authFailuresPerIp: num(env, 'SMTP_AUTH_FAILURES_PER_IP', 10),
      authFailureWindowMinutes: num(env, 'SMTP_AUTH_FAILURE_WINDOW_MINUTES', 15),
      socketTimeoutMs: num(env, 'SMTP_SOCKET_TIMEOUT_MS', 60_000),
      healthHost: str(env, 'SMTP_HEALTH_HOST', '127.0.0.1'),
      healthPort: num(env, 'SMTP_HEALTH_PORT', 9092),
    },
    auth: {
      systemEmailFrom: optional(env, 'SYSTEM_EMAIL_FROM'),
      sessionIdleMinutes: num(env, 'SESSION_IDLE_MINUTES', 12 * 60),
      sessionMaxHours: num(env, 'SESSION_MAX_HOURS', 7 * 24),
      signinFailuresPerAddress: num(env, 'SIGNIN_FAILURES_PER_ADDRESS', 5),
      signinFailuresPerAddressAllClients: num(env, 'SIGNIN_FAILURES_PER_ADDRESS_ALL_CLIENTS', 50),
      signinFailuresPerIp: num(env, 'SIGNIN_FAILURES_PER_IP', 30),
      signinWindowMinutes: num(env, 'SIGNIN_WINDOW_MINUTES', 15),
      passwordHashesAtOnce: num(env, 'PASSWORD_HASHES_AT_ONCE', 2),
      anonymousLimits: {
        signup: { perClient: num(env, 'SIGNUPS_PER_CLIENT_PER_HOUR', 10), total: num(env, 'SIGNUPS_PER_HOUR', 300) },
        passwordReset: { perClient: num(env, 'PASSWORD_RESETS_PER_CLIENT_PER_HOUR', 10), total: num(env, 'PASSWORD_RESETS_PER_HOUR', 300) },
        tokenCheck: { perClient: num(env, 'TOKEN_CHECKS_PER_CLIENT_PER_HOUR', 60), total: num(env, 'TOKEN_CHECKS_PER_HOUR', 3000) },
      },
      trustProxy: optional(env, 'TRUST_PROXY'),
    },
    templates: {
      renderThreads: num(env, 'TEMPLATE_RENDER_THREADS', 2),
      renderBudgetMs: num(env, 'TEMPLATE_RENDER_BUDGET_MS', 2_000),
      renderMemoryMb: num(env, 'TEMPLATE_RENDER_MEMORY_MB', 256),
      rendersPerAccount: num(env, 'TEMPLATE_RENDERS_PER_ACCOUNT', 32),
      batchRenderMs: num(env, 'TEMPLATE_BATCH_RENDER_MS', 10_000),
      previewsPerMinute: num(env, 'TEMPLATE_PREVIEWS_PER_MINUTE', 60),
    },
    logLevel: str(env, 'LOG_LEVEL', appEnv === 'test' ? 'silent' : 'info'),
  };
}
