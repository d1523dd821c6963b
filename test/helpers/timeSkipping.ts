// The Java time-skipping test server (fetched by tools/ensure-test-server.sh), with Postage's
// search attributes registered as the dev server registers them.
import { temporal } from '@temporalio/proto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { SEARCH_ATTRIBUTE_DEFINITIONS } from '../../core/model/searchAttributes';
import { requireToolPath } from '../../tools/stack/processes';

/**
 * The SDK waits 5 s for the server's JVM to listen, which a busy 2-core machine can exceed (seen in
 * a loaded full run): a start that timed out is tried again, up to three times.
 */
async function startTimeSkipping(): Promise<TestWorkflowEnvironment> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await TestWorkflowEnvironment.createTimeSkipping({
        server: { executable: { type: 'existing-path', path: requireToolPath('POSTAGE_TEMPORAL_TEST_SERVER') } },
      });
    } catch (err) {
      if (attempt >= 3 || !/did not start within/.test(String(err))) throw err;
    }
  }
}

export async function createTimeSkippingEnv(): Promise<TestWorkflowEnvironment> {
  const env = await startTimeSkipping();
  const searchAttributes: Record<string, temporal.api.enums.v1.IndexedValueType> = {};
  for (const [name] of SEARCH_ATTRIBUTE_DEFINITIONS)
    searchAttributes[name] = temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD;
  await env.connection.operatorService.addSearchAttributes({ namespace: env.namespace ?? 'default', searchAttributes });
  return env;
}
