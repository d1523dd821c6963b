// A local SES with a maximum sending rate: the emulator, whose GetAccount says that rate, behind
// the recorder, which enforces it per access key. `npm run dev`, the test stack and any test that
// wants an SES of its own (a pacer's test at 10/s) start it the same way.
import path from 'node:path';
import { toolsDir } from '../../core/platform/devEnvironment';
import { freePort, type ManagedProcess } from './processes';
import { startSesEmulator, type SesAccountDocument } from './sesEmulator';
import { startSesRecorder, type SesRecorder } from './sesRecorder';

export interface ThrottledSes {
  /** Where clients send: the recorder. */
  endpoint: string;
  recorder: SesRecorder;
  /** The emulator's process (its address is `recorder.upstream`). */
  emulator: ManagedProcess;
  /** Closes the recorder and stops the emulator. */
  stop(): Promise<void>;
}

/** Defaults: free ports, and the log in the test run's directory (removed with it) or .tools/logs. */
export async function startThrottledSes(opts: {
  /** Messages per second per access key, and GetAccount's MaxSendRate. */
  rate: number;
  account?: Omit<SesAccountDocument, 'maxSendRate'>;
  emulatorPort?: number;
  recorderPort?: number;
  logFile?: string;
  /** Where configuration-set calls go (moto's endpoint: sesRecorder.ts); unset: the emulator. */
  configurationSets?: string;
}): Promise<ThrottledSes> {
  const emulatorPort = opts.emulatorPort ?? (await freePort());
  const logFile =
    opts.logFile ??
    path.join(
      process.env.POSTAGE_TEST_RUN_DIR ?? toolsDir(),
      'logs',
      `ses-emulator-${process.pid}-${emulatorPort}.log`,
    );
  const ses = await startSesEmulator({
    port: emulatorPort,
    logFile,
    account: { ...opts.account, maxSendRate: opts.rate },
  });
  let recorder: SesRecorder;
  try {
    recorder = await startSesRecorder({
      upstream: ses.endpoint,
      port: opts.recorderPort,
      sendRate: opts.rate,
      configurationSets: opts.configurationSets,
    });
  } catch (err) {
    await ses.process.stop();
    throw err;
  }
  return {
    endpoint: recorder.endpoint,
    recorder,
    emulator: ses.process,
    stop: async () => {
      await recorder.close();
      await ses.process.stop();
    },
  };
}
