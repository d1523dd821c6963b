import type { Knex } from 'knex';

// Webhook deliveries kept the raw network error text (resolved addresses, the network's own
// messages) and the measured time of failures without an answer: test events made that a probe of
// any host (docs/decisions.md, "Test events are not a probe"). New rows hold a category only
// (core/webhooks/webhookDelivery.ts); this rewrites the history the same way. A non-2xx answer has
// no error: its status code says it.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    UPDATE webhook_deliveries SET
      error = CASE
        WHEN status_code IS NOT NULL THEN NULL
        WHEN error LIKE 'no response within %' OR error LIKE '%ETIMEDOUT%' THEN 'timeout'
        WHEN error = 'the delivery was cancelled' THEN 'cancelled'
        WHEN error ~ '(ENOTFOUND|EAI_AGAIN|EAI_FAIL|EAI_NODATA)' THEN 'dns_failure'
        WHEN error LIKE '%ECONNREFUSED%' THEN 'connection_refused'
        WHEN error LIKE '%is not allowed%' THEN 'address_not_allowed'
        WHEN error ~* '(certificate|ssl|tls|self.signed|altnames|does not match)' THEN 'tls_error'
        ELSE 'network_error'
      END,
      latency_ms = CASE WHEN status_code IS NOT NULL OR error LIKE 'no response within %' THEN latency_ms ELSE 0 END
    WHERE error IS NOT NULL
      AND error NOT IN ('timeout', 'dns_failure', 'connection_refused', 'tls_error', 'address_not_allowed', 'cancelled', 'network_error')
  `);
}

export async function down(): Promise<void> {
  // The raw text is gone on purpose; nothing to restore.
}
