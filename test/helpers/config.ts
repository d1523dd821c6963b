// A Config for tests: the run's infrastructure plus per-test overrides (environment names).
import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from '../../core/platform/config';
import { testInfra } from './env';

export const TEST_SECRET_KEY = randomBytes(32).toString('hex');

/** The environment `testConfig` reads, for tests that start a service process of their own. */
export function testEnv(overrides: Record<string, string> = {}): Record<string, string> {
  const infra = testInfra();
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    POSTAGE_SECRET_KEY: TEST_SECRET_KEY,
    REDIS_URL: infra.redisUrl,
    TEMPORAL_ADDRESS: infra.temporalAddress,
    TEMPORAL_TASK_QUEUE: `test-${randomBytes(6).toString('hex')}`,
    SES_ENDPOINT: infra.sesEndpoint,
    SES_ACCESS_KEY_ID: 'test',
    SES_SECRET_ACCESS_KEY: 'test',
    WEBHOOK_ALLOWED_PRIVATE_ADDRESSES: '127.0.0.1,::1',
    // Limit windows that are not per key are this stack's own in the run's shared Redis.
    REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}`,
    // Suites sign up, reset and verify many users from one loopback client; the anonymous limits
    // have their own tests (test/management/anonymousAbuse.test.ts), which set them low.
    SIGNUPS_PER_CLIENT_PER_HOUR: '10000',
    SIGNUPS_PER_HOUR: '10000',
    PASSWORD_RESETS_PER_CLIENT_PER_HOUR: '10000',
    PASSWORD_RESETS_PER_HOUR: '10000',
    TOKEN_CHECKS_PER_CLIENT_PER_HOUR: '10000',
    TOKEN_CHECKS_PER_HOUR: '10000',
    ...overrides,
  };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig(testEnv(overrides));
}
