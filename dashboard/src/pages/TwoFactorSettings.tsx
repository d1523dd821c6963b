// The signed-in person's two-factor sign-in: turning it on (a QR code and the key for an
// authenticator app, confirmed with a code from it), the ten recovery codes shown once, and, once
// on, new recovery codes or turning it off, each with a current code. While their account requires
// it and they have not turned it on, this is the only page the app shows them (App.tsx).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ok, postage, type TwoFactorSetup, type TwoFactorStatus } from '../api';
import { keys, useTwoFactorStatus } from '../queries';
import { Badge, PageHeader } from '../components/page';
import { CopyButton, Field, FormActions, FormError } from '../components/forms';
import { CodeField, SecondFactorField, useSecondFactor } from '../components/secondFactor';
import { ErrorState, Loading } from '../components/states';
import { Time } from '../components/time';
import { useSession } from '../session';

/** Below this many unused recovery codes, the page suggests new ones. */
const FEW_CODES_LEFT = 3;

/** Re-reads what turning two-factor on or off changes: the status, and the session's `two_factor_*` fields. */
function useTwoFactorChanged() {
  const client = useQueryClient();
  return () => Promise.all([keys.twoFactor, keys.session].map((queryKey) => client.invalidateQueries({ queryKey })));
}

/**
 * The QR code as the image it is: the API's SVG document in an <img> (a data: URL, which the
 * dashboard's CSP allows for images), never inserted into the page, so nothing in it can run.
 */
function QrCode({ svg }: { svg: string }) {
  return (
    <img
      className="qr-code"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      width={184}
      height={184}
      alt="QR code holding your two-factor key, for your authenticator app to scan"
    />
  );
}

/** The key in groups of four, as apps ask for it typed by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

function recoveryCodesText(codes: string[], email: string): string {
  return [
    `Postage recovery codes for ${email}`,
    'Each code signs you in once instead of a code from your authenticator app.',
    `Made ${new Date().toISOString().slice(0, 10)}; making new codes stops these from working.`,
    '',
    ...codes,
    '',
  ].join('\n');
}

function downloadText(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  // (After the click has handed the file over.)
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The ten codes, shown once: copy or download them, say they are stored, and they are gone from the page. */
function RecoveryCodesOnce({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const [stored, setStored] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const text = recoveryCodesText(codes, email);
  return (
    <div className="secret" role="region" aria-label="Your recovery codes" tabIndex={-1} ref={ref}>
      <p className="secret-warning">
        <strong>Save these recovery codes now.</strong> They are shown only this once. Without your phone, each code
        signs you in once instead of a code from the app.
      </p>
      <ul className="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="form-actions">
        <CopyButton value={codes.join('\n')} label="Copy codes" />
        <button
          type="button"
          className="button button-small"
          onClick={() => downloadText('postage-recovery-codes.txt', text)}
        >
          Download .txt
        </button>
      </div>
      <label className="choice">
        <input type="checkbox" checked={stored} onChange={(e) => setStored(e.target.checked)} />
        <span>I have stored these codes somewhere safe</span>
      </label>
      <button type="button" className="button button-primary" disabled={!stored} onClick={onDone}>
        Done
      </button>
    </div>
  );
}

/** The setup: the app scans the QR code (or takes the key typed in), and a code from it turns two-factor on. */
function ConfirmSetup({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const changed = useTwoFactorChanged();
  const enable = useMutation({
    mutationFn: () => ok(postage.POST('/api/auth/two-factor/enable', { body: { code } })),
    onSuccess: async ({ recovery_codes }) => {
      onEnabled(recovery_codes);
      await changed();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    enable.mutate();
  };
  return (
    <ol className="setup-steps">
      <li>
        <h3>Add Postage to your authenticator app</h3>
        <p>Scan this QR code with an app such as Google Authenticator, Microsoft Authenticator, 1Password or Authy.</p>
        <QrCode svg={setup.qr_code_svg} />
        <p className="hint">
          On this phone? <a href={setup.otpauth_uri}>Open it in your authenticator app</a>. Cannot scan? Enter this key
          by hand, as a time-based key:
        </p>
        <div className="secret-value">
          <code data-testid="two-factor-key">{grouped(setup.secret)}</code>
          <CopyButton value={setup.secret} label="Copy key" />
        </div>
      </li>
      <li>
        <h3>Enter the code the app shows</h3>
        <form onSubmit={submit} noValidate className="form">
          <CodeField value={code} onChange={setCode} error={enable.error} />
          <FormError error={enable.error} />
          <FormActions onCancel={onCancel} pending={enable.isPending} label="Turn on" pendingLabel="Turning on…" />
        </form>
      </li>
    </ol>
  );
}

function TurnOn({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const setup = useMutation({ mutationFn: () => ok(postage.POST('/api/auth/two-factor/setup')) });
  if (setup.data) return <ConfirmSetup setup={setup.data} onEnabled={onEnabled} onCancel={() => setup.reset()} />;
  return (
    <>
      <p>
        <Badge tone="neutral">Off</Badge> Your password alone signs you in. With two-factor sign-in, signing in also
        asks for a code from an authenticator app on your phone, so a stolen password is not enough.
      </p>
      <FormError error={setup.error} />
      <button type="button" className="button button-primary" onClick={() => setup.mutate()} disabled={setup.isPending}>
        {setup.isPending ? 'Starting…' : 'Turn on'}
      </button>
    </>
  );
}

type Proof = 'new-codes' | 'turn-off';

const PROOF = {
  'new-codes': {
    title: 'New recovery codes',
    text: 'Ten new codes replace your current ones, which stop working.',
    label: 'Make new codes',
    pendingLabel: 'Making…',
  },
  'turn-off': {
    title: 'Turn off two-factor sign-in',
    text: 'Your password alone will sign you in again. Your key and recovery codes are deleted.',
    label: 'Turn off',
    pendingLabel: 'Turning off…',
  },
} as const;

/** New recovery codes or turning off: each needs a current code (or a recovery code). */
function ProveAndAct({
  proof,
  onNewCodes,
  onDone,
}: {
  proof: Proof;
  onNewCodes: (codes: string[]) => void;
  onDone: () => void;
}) {
  const factor = useSecondFactor();
  const changed = useTwoFactorChanged();
  const act = useMutation({
    mutationFn: async (): Promise<string[] | null> =>
      proof === 'turn-off'
        ? ok(postage.POST('/api/auth/two-factor/disable', { body: factor.body })).then(() => null)
        : ok(postage.POST('/api/auth/two-factor/recovery-codes', { body: factor.body })).then((a) => a.recovery_codes),
    onSuccess: async (codes) => {
      if (codes) onNewCodes(codes);
      else onDone();
      await changed();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    act.mutate();
  };
  const { title, text, label, pendingLabel } = PROOF[proof];
  return (
    <form className="form prove-factor" onSubmit={submit} noValidate aria-labelledby="prove-title">
      <h3 id="prove-title">{title}</h3>
      <p>{text}</p>
      <SecondFactorField factor={factor} error={act.error} />
      <FormError error={act.error} />
      <FormActions onCancel={onDone} pending={act.isPending} label={label} pendingLabel={pendingLabel} />
    </form>
  );
}

function IsOn({ status, onNewCodes }: { status: TwoFactorStatus; onNewCodes: (codes: string[]) => void }) {
  const account = useSession().data?.account;
  const [proof, setProof] = useState<Proof | null>(null);
  const left = status.recovery_codes_left;
  return (
    <>
      <p>
        <Badge tone="good">On</Badge> Turned on <Time iso={status.enabled_at} />. Signing in asks for a code from your
        authenticator app after your password.
      </p>
      <p className={left <= FEW_CODES_LEFT ? 'form-error' : undefined}>
        {left === 1 ? '1 recovery code left' : `${left} recovery codes left`}
        {left <= FEW_CODES_LEFT && ': make new ones before you run out.'}
      </p>
      {account?.require_two_factor && (
        <p className="hint">
          {account.name || 'This account'} requires two-factor sign-in of every member: it stays on while you are a
          member.
        </p>
      )}
      {proof ? (
        <ProveAndAct proof={proof} onNewCodes={onNewCodes} onDone={() => setProof(null)} />
      ) : (
        <div className="form-actions">
          <button type="button" className="button" onClick={() => setProof('new-codes')}>
            New recovery codes
          </button>
          {!account?.require_two_factor && (
            <button type="button" className="button button-danger" onClick={() => setProof('turn-off')}>
              Turn off
            </button>
          )}
        </div>
      )}
    </>
  );
}

/** The section, for whichever page holds the person's sign-in settings. */
export function TwoFactorSection() {
  const email = useSession().data?.user.email ?? '';
  const status = useTwoFactorStatus();
  const [codes, setCodes] = useState<string[] | null>(null);
  let content;
  if (codes) content = <RecoveryCodesOnce codes={codes} email={email} onDone={() => setCodes(null)} />;
  else if (status.isPending) content = <Loading what="your two-factor sign-in" />;
  else if (status.isError) content = <ErrorState error={status.error} retry={() => void status.refetch()} />;
  else if (status.data.enabled) content = <IsOn status={status.data} onNewCodes={setCodes} />;
  else content = <TurnOn onEnabled={setCodes} />;
  return (
    <section className="card" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">Two-factor sign-in</h2>
      {content}
    </section>
  );
}

/** Until the account's security page holds it: the section on a page of its own. */
export default function TwoFactorPage() {
  return (
    <>
      <PageHeader
        title="Sign-in security"
        description="How you sign in to Postage, in every account you are a member of."
      />
      <TwoFactorSection />
    </>
  );
}
