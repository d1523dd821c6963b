// Temporal's worker logs at INFO by default; tests only want warnings and errors.
import { DefaultLogger, Runtime } from '@temporalio/worker';

try {
  Runtime.install({ logger: new DefaultLogger('WARN') });
} catch {
  // Already installed in this worker process by an earlier test file.
}
